/**
 * One process of `npm run bench:engine` (tools/bench-engine.ts bundles this file, runs it in plain Node a
 * few times and combines the JSON lines it prints). Rates are per CPU second of this single-threaded
 * process: one core.
 *   --part games   full 4-player Classic games per second with the trivial `quickAction` policy, timed in
 *                  `--rounds` rounds of `--seconds` CPU seconds after `--warmup` untimed CPU seconds, and
 *                  the same games' logs replayed through `apply` alone;
 *   --part checks  solver phase checks per second (`--seconds` each for canMakePhase and solvePhase).
 */
import { parseArgs } from 'node:util'
import { benchGames } from './games'
import { benchPhaseChecks } from './phase-checks'

export const USAGE =
  'usage: npm run --silent bench:engine -- [--seconds 2 (per round, ≤ 60)] [--rounds 4 (1..50)] [--warmup 3] [--processes 3 (1..20)] [--json] [--unbundled]'

export interface EngineCliOptions {
  part: 'games' | 'checks'
  seconds: number
  rounds: number
  warmupSeconds: number
}

const OPTIONS = {
  part: { type: 'string', default: 'games' },
  seconds: { type: 'string', default: '2' },
  rounds: { type: 'string', default: '4' },
  warmup: { type: 'string', default: '3' },
  processes: { type: 'string', default: '3' },
  json: { type: 'boolean', default: false },
  unbundled: { type: 'boolean', default: false },
} as const

/** Reads and checks the options both the launcher and a child take; `null` when one is unknown or out of range. */
export function readOptions(argv: string[]): (EngineCliOptions & { processes: number; json: boolean; unbundled: boolean }) | null {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>['values']
  try {
    values = parseArgs({ args: argv, options: OPTIONS }).values
  } catch {
    return null // an unknown option, or one without its value
  }
  const o = {
    part: values.part as EngineCliOptions['part'],
    seconds: Number(values.seconds),
    rounds: Number(values.rounds),
    warmupSeconds: Number(values.warmup),
    processes: Number(values.processes),
    json: values.json,
    unbundled: values.unbundled,
  }
  const int = (x: number, lo: number, hi: number) => Number.isInteger(x) && x >= lo && x <= hi
  const ok =
    (o.part === 'games' || o.part === 'checks') && o.seconds > 0 && o.seconds <= 60 && int(o.rounds, 1, 50) && o.warmupSeconds >= 0 && o.warmupSeconds <= 60 && int(o.processes, 1, 20)
  return ok ? o : null
}

/** Runs one part and returns its JSON-ready result. */
export function runPart(o: EngineCliOptions): object {
  if (o.part === 'checks') return benchPhaseChecks({ seconds: o.seconds })
  return benchGames({ seconds: o.seconds, rounds: o.rounds, warmupSeconds: o.warmupSeconds })
}

// Run as a child (the bundle's entry): print one JSON line.
if (process.env.PHASE10_BENCH_CHILD === '1') {
  const o = readOptions(process.argv.slice(2))
  if (!o) {
    console.error(USAGE)
    process.exit(2)
  }
  console.log(JSON.stringify(runPart(o)))
}
