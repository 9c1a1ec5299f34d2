/**
 * Arena: one candidate bot against copies of a field bot, the candidate's seat rotating every game,
 * deterministic for a seed. Prints the candidate's win rate with its Wilson 95% interval, mean hands per
 * game and turns per hand. Every action goes through `apply`; a rejected bot action fails the run.
 *
 *     npm run --silent arena -- --candidate hard --field medium --players 4 --games 4000 --seed S [--json]
 *         [--rules '{"edition":"masters"}'] [--workers 2]
 *     npm run --silent arena -- --soak --games 100000 --seed S [--workers 2] [--from 0] [--json]
 *
 *     npm run --silent arena -- --ladder --games 4000 --seed S [--candidates hard,expert] [--workers 2] [--json]
 *
 * `--ladder` plays every level against three copies of each weaker level (4 players; `--candidates` limits
 * which levels are the candidate), one arena per pair with the same seed; `--json` prints one object whose
 * `rows` `npm run ladder:doc` turns into docs/ai.md's table and the solo setup's strength notes.
 *
 * `--soak` plays bot-only games with mixed levels, 2 to 6 players and random rule options, and reports
 * deadlocks (a bot with no legal answer, or a rejected action) and games that hit the turn cap.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { partialRuleOptionsSchema, type PartialRuleOptions } from '@shared/engine/rules'
import { mergeArena, runArena, wilson, type ArenaOptions, type ArenaResult } from '@shared/ai/arena'
import { runSoak, mergeSoak, type SoakResult } from '@shared/ai/soak'
import { BOT_LEVELS, type BotLevel } from '@shared/ai/types'

interface Job {
  kind: 'arena' | 'soak'
  arena?: ArenaOptions
  soak?: { seed: string; from: number; to: number }
}

function runJob(job: Job): ArenaResult | SoakResult {
  if (job.kind === 'arena') return runArena(job.arena!)
  return runSoak(job.soak!.seed, job.soak!.from, job.soak!.to)
}

if (!isMainThread) {
  parentPort!.postMessage(runJob(workerData as Job))
} else {
  await main()
}

function usage(msg: string): never {
  process.stderr.write(`arena: ${msg}\n`)
  process.exit(2)
}

function parseArgs(argv: string[]): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {}
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (!a.startsWith('--')) usage(`unexpected argument ${a}`)
    const key = a.slice(2)
    if (key === 'json' || key === 'soak' || key === 'ladder') out[key] = true
    else {
      const v = argv[++i]
      if (v === undefined) usage(`--${key} needs a value`)
      out[key] = v
    }
  }
  return out
}

function level(x: unknown, name: string): BotLevel {
  if (typeof x !== 'string' || !(BOT_LEVELS as readonly string[]).includes(x)) usage(`--${name} must be one of ${BOT_LEVELS.join(', ')}`)
  return x as BotLevel
}

function int(x: unknown, name: string, dflt: number): number {
  if (x === undefined) return dflt
  const n = Number(x)
  if (!Number.isInteger(n) || n < 1) usage(`--${name} must be a positive integer`)
  return n
}

async function inWorkers<T>(jobs: Job[]): Promise<T[]> {
  if (jobs.length === 1) return [runJob(jobs[0]) as T]
  const file = fileURLToPath(import.meta.url)
  return Promise.all(
    jobs.map(
      (job) =>
        new Promise<T>((resolve, reject) => {
          // Workers load this same file through tsx's loader (a worker does not inherit it).
          const boot = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(pathToFileURL(file).href)}, ${JSON.stringify(import.meta.url)}))`
          const w = new Worker(boot, { eval: true, workerData: job })
          w.once('message', (m) => resolve(m as T))
          w.once('error', reject)
          w.once('exit', (code) => code !== 0 && reject(new Error(`worker exited with ${code}`)))
        }),
    ),
  )
}

function split(games: number, workers: number): [number, number][] {
  const out: [number, number][] = []
  for (let w = 0; w < workers; w++) out.push([Math.floor((games * w) / workers), Math.floor((games * (w + 1)) / workers)])
  return out.filter(([a, b]) => b > a)
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2))
  const games = int(args.games, 'games', 1000)
  const workers = int(args.workers, 'workers', 1)
  const seed = typeof args.seed === 'string' ? args.seed : 'arena'
  const t0 = performance.now()
  if (args.soak) {
    // --from N: play games N .. N+games-1 of the series (to run a long soak in chunks).
    const first = args.from === undefined || args.from === '0' ? 0 : int(args.from, 'from', 0)
    const parts = await inWorkers<SoakResult>(
      split(games, workers).map(([from, to]) => ({ kind: 'soak', soak: { seed, from: first + from, to: first + to } })),
    )
    const r = mergeSoak(parts)
    const seconds = (performance.now() - t0) / 1000
    if (args.json) process.stdout.write(JSON.stringify({ ...r, failures: r.failures.slice(0, 20), seconds }) + '\n')
    else {
      process.stdout.write(
        `soak: ${r.games} games (seed ${seed}), ${r.deadlocks} deadlocks, ${r.capped} turn-cap hits by bots, ` +
          `${r.stalemates} rules stalemates (turn cap with no possible hit for anyone), ` +
          `${r.hands} hands, ${r.actions} actions, ${seconds.toFixed(1)} s` +
          (r.longest ? `; longest game ${r.longest.game}: ${r.longest.actions} actions, ${r.longest.hands} hands` : '') +
          '\n',
      )
      for (const f of r.failures.slice(0, 20)) process.stdout.write(`  ${JSON.stringify(f)}\n`)
    }
    if (r.deadlocks > 0 || r.capped > 0) process.exit(1)
    return
  }
  if (args.ladder) return ladder(args, games, workers, seed, t0)
  const candidate = level(args.candidate, 'candidate')
  const field = level(args.field, 'field')
  const players = int(args.players, 'players', 4)
  if (players < 2 || players > 6) usage('--players must be 2 to 6')
  const rules = rulesArg(args)
  const base: ArenaOptions = { candidate, field, players, games, seed, rules }
  const parts = await inWorkers<ArenaResult>(split(games, workers).map(([from, to]) => ({ kind: 'arena', arena: { ...base, from, to } })))
  const r = mergeArena(parts)
  const ci = wilson(r.wins, r.games)
  const winRate = r.wins / r.games
  const handsPerGame = r.hands / r.games
  const turnsPerHand = r.turns / r.hands
  if (args.json) {
    process.stdout.write(JSON.stringify({ games: r.games, winRate, ciLow: ci.low, ciHigh: ci.high, handsPerGame, turnsPerHand }) + '\n')
  } else {
    const pct = (x: number) => `${(x * 100).toFixed(2)}%`
    process.stdout.write(
      `${candidate} vs ${players - 1}×${field}, ${r.games} games (seed ${seed}${rules ? `, rules ${JSON.stringify(rules)}` : ''})\n` +
        `win rate ${pct(winRate)} (Wilson 95% ${pct(ci.low)} – ${pct(ci.high)}); fair share ${pct(1 / players)}\n` +
        `hands/game ${handsPerGame.toFixed(2)}, turns/hand ${turnsPerHand.toFixed(2)}` +
        `${r.capped ? `, ${r.capped} games hit the turn cap` : ''}; ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    )
  }
  if (r.rejected.length || r.capped) {
    process.stderr.write(`arena: ${r.rejected.length} rejected bot actions, ${r.capped} turn-cap hits\n`)
    for (const x of r.rejected.slice(0, 10)) process.stderr.write(`  ${JSON.stringify(x)}\n`)
    process.exit(1)
  }
}

function rulesArg(args: Record<string, string | boolean>): PartialRuleOptions | undefined {
  if (typeof args.rules !== 'string') return undefined
  const parsed = partialRuleOptionsSchema.safeParse(JSON.parse(args.rules))
  if (!parsed.success) usage(`bad --rules: ${parsed.error.message}`)
  return parsed.data
}

/** One row of the ladder: a candidate level against three copies of a weaker one. */
export interface LadderRow {
  candidate: BotLevel
  field: BotLevel
  games: number
  wins: number
  winRate: number
  ciLow: number
  ciHigh: number
  handsPerGame: number
  turnsPerHand: number
  seconds: number
}

async function ladder(args: Record<string, string | boolean>, games: number, workers: number, seed: string, t0: number): Promise<void> {
  const rules = rulesArg(args)
  const players = 4
  const only = typeof args.candidates === 'string' ? args.candidates.split(',').map((x) => level(x, 'candidates')) : BOT_LEVELS
  const rows: LadderRow[] = []
  let failed = false
  for (const candidate of BOT_LEVELS) {
    if (!only.includes(candidate)) continue
    for (const field of BOT_LEVELS.slice(0, BOT_LEVELS.indexOf(candidate))) {
      const t = performance.now()
      const base: ArenaOptions = { candidate, field, players, games, seed, rules }
      const r = mergeArena(await inWorkers<ArenaResult>(split(games, workers).map(([from, to]) => ({ kind: 'arena', arena: { ...base, from, to } }))))
      const ci = wilson(r.wins, r.games)
      const row: LadderRow = {
        candidate,
        field,
        games: r.games,
        wins: r.wins,
        winRate: r.wins / r.games,
        ciLow: ci.low,
        ciHigh: ci.high,
        handsPerGame: r.hands / r.games,
        turnsPerHand: r.turns / r.hands,
        seconds: (performance.now() - t) / 1000,
      }
      rows.push(row)
      if (r.rejected.length || r.capped) {
        failed = true
        process.stderr.write(`arena: ${candidate} vs ${field}: ${r.rejected.length} rejected bot actions, ${r.capped} turn-cap hits\n`)
        for (const x of r.rejected.slice(0, 10)) process.stderr.write(`  ${JSON.stringify(x)}\n`)
      }
      // Each row as it finishes (on stderr with --json, whose stdout is the one object): a long run shows progress.
      const pct = (x: number) => `${(x * 100).toFixed(2)}%`
      const line = `${candidate} vs 3×${field}: ${pct(row.winRate)} (Wilson 95% ${pct(row.ciLow)} – ${pct(row.ciHigh)}), ${row.games} games, ${row.seconds.toFixed(1)} s\n`
      if (args.json) process.stderr.write(line)
      else process.stdout.write(line)
    }
  }
  const seconds = (performance.now() - t0) / 1000
  if (args.json) process.stdout.write(JSON.stringify({ ladder: true, seed, games, players, rules: rules ?? {}, rows, seconds }) + '\n')
  if (failed) process.exit(1)
}
