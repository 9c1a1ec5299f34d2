/**
 * `npm run bench:engine`: issue #3's two throughput figures, on one core (rates per CPU second of a
 * single-threaded process):
 *   - full 4-player Classic games per second with the trivial `quickAction` policy (target ≥ 2,000);
 *   - solver phase checks per second (target ≥ 1,000,000).
 * It bundles tools/bench/engine-cli.ts with esbuild and runs it in plain Node — the engine as the app runs
 * it, bundled (electron-vite bundles the main process) — in `--processes` separate processes, because on
 * this shared VM a whole process is sometimes uniformly slower than the next (one 3-process run: 896 vs
 * ~1,350 games/s). The figure is the median of every timed round of every process; the per-process medians
 * are printed too. `--unbundled` runs the same code in this tsx process instead, once.
 *
 *   npm run --silent bench:engine -- [--seconds 2] [--rounds 4] [--warmup 3] [--processes 3] [--json] [--unbundled]
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { readOptions, runPart, USAGE, type EngineCliOptions } from './bench/engine-cli'
import { median, type GamesBench } from './bench/games'
import type { PhaseCheckBench } from './bench/phase-checks'

const args = process.argv.slice(2)
const o = readOptions(args) // `--part` is the children's: the launcher runs both parts
if (!o) {
  console.error(USAGE)
  process.exit(2)
}

let runChild: (part: EngineCliOptions['part']) => object
let cleanup = () => {}
if (o.unbundled) {
  o.processes = 1
  runChild = (part) => runPart({ ...o, part })
} else {
  const dir = mkdtempSync(join(tmpdir(), 'phase10-bench-'))
  cleanup = () => rmSync(dir, { recursive: true, force: true })
  const outfile = join(dir, 'bench-engine.mjs')
  const cli = fileURLToPath(new URL('./bench/engine-cli.ts', import.meta.url))
  await build({ entryPoints: [cli], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, logLevel: 'warning' })
  runChild = (part) => {
    const childArgs = ['--part', part, '--seconds', String(o.seconds), '--rounds', String(o.rounds), '--warmup', String(o.warmupSeconds)]
    const run = spawnSync(process.execPath, [outfile, ...childArgs], { encoding: 'utf8', env: { ...process.env, PHASE10_BENCH_CHILD: '1' }, stdio: ['ignore', 'pipe', 'inherit'] })
    if (run.status !== 0) throw new Error(`bench child failed (${run.status ?? run.signal})`)
    return JSON.parse(run.stdout.trim().split('\n').pop()!)
  }
}

try {
  const runs: GamesBench[] = []
  for (let p = 0; p < o.processes; p++) runs.push(runChild('games') as GamesBench)
  const checks = runChild('checks') as PhaseCheckBench
  const all = (pick: (r: GamesBench) => number[]) => runs.flatMap(pick)
  const perProcess = (pick: (r: GamesBench) => number[]) => runs.map((r) => Math.round(median(pick(r))))
  const result = {
    gamesPerSecond: Math.round(median(all((r) => r.gamesPerSecond))),
    gamesPerSecondByProcess: perProcess((r) => r.gamesPerSecond),
    applyOnlyGamesPerSecond: Math.round(median(all((r) => r.applyOnlyGamesPerSecond))),
    applyOnlyGamesPerSecondByProcess: perProcess((r) => r.applyOnlyGamesPerSecond),
    pureApplyGamesPerSecond: Math.round(median(all((r) => r.pureApplyGamesPerSecond))),
    handsPerGame: Number(median(runs.map((r) => r.handsPerGame)).toFixed(2)),
    actionsPerGame: Math.round(median(runs.map((r) => r.actionsPerGame))),
    games: runs.reduce((n, r) => n + r.games, 0),
    phaseChecksPerSecond: checks.canMakePhase.checksPerSecond,
    phaseSolvesPerSecond: checks.solvePhase.checksPerSecond,
    makeableShare: checks.makeable,
    bundled: !o.unbundled,
  }
  if (o.json) {
    console.log(JSON.stringify(result))
  } else {
    const ok = (v: number, target: number) => (v >= target ? 'meets' : 'BELOW')
    const procs = (xs: number[]) => `per process ${xs.join(', ')}`
    console.log(`games/s (quick policy, 4 players, classic):  ${result.gamesPerSecond}  [${ok(result.gamesPerSecond, 2000)} target 2,000]  (median round; ${procs(result.gamesPerSecondByProcess)})`)
    console.log(`  engine only (replaying the same logs):     ${result.applyOnlyGamesPerSecond}  (${procs(result.applyOnlyGamesPerSecondByProcess)})`)
    console.log(`  the same through the pure apply (host):    ${result.pureApplyGamesPerSecond}`)
    console.log(`  hands per game:                            ${result.handsPerGame}`)
    console.log(`  actions per game:                          ${result.actionsPerGame}`)
    console.log(`phase checks/s (canMakePhase, 11 cards):     ${result.phaseChecksPerSecond}  [${ok(result.phaseChecksPerSecond, 1_000_000)} target 1,000,000]`)
    console.log(`phase solves/s (solvePhase with lay-down):   ${result.phaseSolvesPerSecond}`)
  }
} finally {
  cleanup()
}
