/**
 * Arena: one candidate bot against copies of a field bot, the candidate's seat rotating every game,
 * deterministic for a seed. Prints the candidate's win rate with its Wilson 95% interval, mean hands per
 * game and turns per hand. Every action goes through `apply`; a rejected bot action fails the run.
 *
 *     npm run --silent arena -- --candidate hard --field medium --players 4 --games 4000 --seed S [--json]
 *         [--rules '{"edition":"masters"}'] [--workers 2]
 *         [--candidate-style '{"skipLeaderUnlessCards":2}'] [--candidate-budget '{"discards":1}']
 *         [--control hard [--control-style '{…}'] [--control-budget '{…}']]
 *     npm run --silent arena -- --soak --games 100000 --seed S [--workers 2] [--from 0] [--json]
 *
 *     npm run --silent arena -- --ladder --games 4000 --seed S [--candidates hard,expert] [--workers 2] [--json]
 *
 * `--ladder` plays every level against three copies of each weaker level (4 players; `--candidates` limits
 * which levels are the candidate), one arena per pair with the same seed; `--json` prints one object whose
 * `rows` `npm run ladder:doc` turns into docs/ai.md's table and the solo setup's strength notes.
 *
 * `--candidate-style` merges a partial `Style` (policy.ts) over the candidate level's own style, `--candidate-budget`
 * a partial `SearchBudget` (expert.ts) over Expert's (`{"discards":1}` switches Expert's search off: its policy
 * alone, as cheap as Hard); unknown keys or wrong types are a usage error. `--control LEVEL` plays the same games
 * (same seeds, seats and salts) again with LEVEL in the candidate's seat (styled by `--control-style` /
 * `--control-budget` when given) and reports both win counts and the games paired: won by both, only by the
 * candidate, only by the control, and McNemar's z = (onlyCandidate − onlyControl) / √(onlyCandidate + onlyControl)
 * (`--json`: `control: {level, wins, winRate}`, `paired: {both, onlyCandidate, onlyControl, z}`). A variant
 * screen is one command:
 *
 *     npm run --silent arena -- --candidate expert --candidate-style '{"skipLeaderUnlessCards":2}' --control expert
 *         --field hard --players 4 --games 2000 --seed i21s1 --workers 1 --json
 *
 * (with `--candidate-budget '{"discards":1}' --control-budget '{"discards":1}'` both seats play Expert's policy
 * without its search: a 2,000-game screen takes minutes instead of most of an hour). `--control-file F` pairs the
 * run with an earlier `--json` run of the same games instead (F; its `won` string, one 0/1 per game in game order):
 * a change the knobs cannot switch, e.g. a refitted model, against the commit before it.
 *
 * `--soak` plays bot-only games with mixed levels, 2 to 6 players and random rule options, and reports
 * deadlocks (a bot with no legal answer, or a rejected action) and games that hit the turn cap.
 */
import { readFileSync } from 'node:fs'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { partialRuleOptionsSchema, type PartialRuleOptions } from '@shared/engine/rules'
import { budgetOverride, mergeArena, pairArena, runArena, styleOverride, wilson, type ArenaOptions, type ArenaResult } from '@shared/ai/arena'
import { STYLES } from '@shared/ai/bot'
import { EXPERT_BUDGET, type SearchBudget } from '@shared/ai/expert'
import type { Style } from '@shared/ai/policy'
import { runSoak, mergeSoak, type SoakResult } from '@shared/ai/soak'
import { BOT_LEVELS, type BotLevel } from '@shared/ai/types'
import { z } from 'zod'

/** What `--control-file` reads of an earlier `--json` run (it may hold more). */
const earlierRunSchema = z.object({
  seed: z.string(),
  field: z.string(),
  players: z.number(),
  games: z.number(),
  rules: z.unknown(),
  wins: z.number(),
  won: z.string().regex(/^[01]*$/),
})

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
  const candidateStyle = styleArg(args, 'candidate-style', candidate)
  const candidateBudget = budgetArg(args, 'candidate-budget')
  const control = args.control === undefined ? undefined : level(args.control, 'control')
  if (control === undefined && (args['control-style'] !== undefined || args['control-budget'] !== undefined))
    usage('--control-style and --control-budget need --control')
  if (control !== undefined && args['control-file'] !== undefined) usage('--control and --control-file are two controls: give one')
  const sameGames = { seed, field, players, games, rules: rules ?? null }
  const earlier = args['control-file'] === undefined ? undefined : controlFile(args['control-file'], sameGames)
  const base: ArenaOptions = { candidate, field, players, games, seed, rules, candidateStyle, candidateBudget }
  const run = async (o: ArenaOptions) =>
    mergeArena(await inWorkers<ArenaResult>(split(games, workers).map(([from, to]) => ({ kind: 'arena', arena: { ...o, from, to } }))))
  const r = await run(base)
  const c = control
    ? await run({ ...base, candidate: control, candidateStyle: styleArg(args, 'control-style', control), candidateBudget: budgetArg(args, 'control-budget') })
    : earlier
  const ci = wilson(r.wins, r.games)
  const winRate = r.wins / r.games
  const handsPerGame = r.hands / r.games
  const turnsPerHand = r.turns / r.hands
  const paired = c ? pairArena(r, c) : undefined
  if (args.json) {
    const out: Record<string, unknown> = { ...sameGames, candidate, games: r.games, wins: r.wins, winRate, ciLow: ci.low, ciHigh: ci.high, handsPerGame, turnsPerHand, won: r.won }
    if (c && paired) {
      out.control = { level: control ?? `file ${args['control-file']}`, wins: c.wins, winRate: c.wins / c.games }
      out.paired = paired
    }
    process.stdout.write(JSON.stringify(out) + '\n')
  } else {
    const pct = (x: number) => `${(x * 100).toFixed(2)}%`
    const styled = `${args['candidate-style'] !== undefined ? ` (style ${args['candidate-style']})` : ''}${args['candidate-budget'] !== undefined ? ` (budget ${args['candidate-budget']})` : ''}`
    process.stdout.write(
      `${candidate}${styled} vs ${players - 1}×${field}, ${r.games} games (seed ${seed}${rules ? `, rules ${JSON.stringify(rules)}` : ''})\n` +
        `win rate ${pct(winRate)} (Wilson 95% ${pct(ci.low)} – ${pct(ci.high)}); fair share ${pct(1 / players)}\n` +
        `hands/game ${handsPerGame.toFixed(2)}, turns/hand ${turnsPerHand.toFixed(2)}` +
        `${r.capped ? `, ${r.capped} games hit the turn cap` : ''}; ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    )
    if (c && paired) {
      const cci = wilson(c.wins, c.games)
      process.stdout.write(
        `control ${control ?? `from ${args['control-file']}`}, same games: ${c.wins} wins = ${pct(c.wins / c.games)} (Wilson 95% ${pct(cci.low)} – ${pct(cci.high)}); candidate ${r.wins}\n` +
          `paired: both won ${paired.both}, only the candidate ${paired.onlyCandidate}, only the control ${paired.onlyControl}, ` +
          `McNemar z = ${paired.z >= 0 ? '+' : ''}${paired.z.toFixed(2)}\n`,
      )
    }
  }
  const failures = [r, ...(c ? [c] : [])]
  for (const x of failures) {
    if (!x.rejected.length && !x.capped) continue
    process.stderr.write(`arena: ${x.rejected.length} rejected bot actions, ${x.capped} turn-cap hits\n`)
    for (const y of x.rejected.slice(0, 10)) process.stderr.write(`  ${JSON.stringify(y)}\n`)
  }
  if (failures.some((x) => x.rejected.length || x.capped)) process.exit(1)
}

/**
 * `--control-file`: an earlier `--json` run of the same games (seed, field, players, games and rules), e.g. of
 * another commit, as the control: its games are paired with this run's by their `won` string.
 */
function controlFile(path: unknown, same: Record<string, unknown>): ArenaResult {
  if (typeof path !== 'string') usage('--control-file needs a file')
  let json: unknown
  try {
    json = JSON.parse(readFileSync(path, 'utf8'))
  } catch (e) {
    usage(`--control-file ${path}: ${(e as Error).message}`)
  }
  const got = earlierRunSchema.safeParse(json)
  if (!got.success) usage(`--control-file ${path} is not an arena --json run: ${got.error.issues[0]?.message}`)
  const run = got.data
  for (const [key, value] of Object.entries(same))
    if (JSON.stringify(run[key as keyof typeof run] ?? null) !== JSON.stringify(value)) usage(`--control-file ${path} played other games: its ${key} is ${JSON.stringify(run[key as keyof typeof run])}, not ${JSON.stringify(value)}`)
  if (run.won.length !== run.games) usage(`--control-file ${path}: won has ${run.won.length} games, not ${run.games}`)
  return { from: 0, games: run.games, wins: run.wins, won: run.won, hands: 0, turns: 0, capped: 0, rejected: [] }
}

/** `--candidate-style` / `--control-style`: a partial Style over the level's own, or undefined (the level's). */
function styleArg(args: Record<string, string | boolean>, name: string, lvl: BotLevel): Style | undefined {
  const json = args[name]
  if (json === undefined) return undefined
  try {
    return styleOverride(STYLES[lvl], json as string, `--${name}`)
  } catch (e) {
    usage((e as Error).message)
  }
}

function budgetArg(args: Record<string, string | boolean>, name: string): SearchBudget | undefined {
  const json = args[name]
  if (json === undefined) return undefined
  try {
    return budgetOverride(EXPERT_BUDGET, json as string, `--${name}`)
  } catch (e) {
    usage((e as Error).message)
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
