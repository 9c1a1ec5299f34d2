/**
 * Bot decision latency: plays real 4-player games with every level at the table (seats rotating) and
 * reports, per level, the p50 / p99 / max time of one decision in ms: wall time, and the process's CPU
 * time (robust on a busy machine, where wall time also counts waiting for a core). Expert's budget is fixed
 * work, not time (expert.ts): its p99 and max are what the bot worker's 50 ms / 100 ms targets are about.
 *
 *     npm run --silent bench:ai -- [--games 300] [--seed bench] [--rules '{"edition":"masters"}'] [--json]
 *         [--expert-budget '{"searchSkip":true}']
 *
 * `--expert-budget` merges a partial `SearchBudget` over Expert's (as the arena's `--candidate-budget` does): the
 * latency of a search knob before it is screened or shipped.
 */
import { partialRuleOptionsSchema, type PartialRuleOptions } from '@shared/engine/rules'
import { budgetOverride, playGame } from '@shared/ai/arena'
import { EXPERT_BUDGET } from '@shared/ai/expert'
import { BOT_LEVELS, type BotLevel } from '@shared/ai/types'

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}

const games = Number(arg('games') ?? 300)
const seed = arg('seed') ?? 'bench'
const json = process.argv.includes('--json')
let rules: PartialRuleOptions | undefined
if (arg('rules')) rules = partialRuleOptionsSchema.parse(JSON.parse(arg('rules')!))

const budget = arg('expert-budget') === undefined ? EXPERT_BUDGET : budgetOverride(EXPERT_BUDGET, arg('expert-budget')!, '--expert-budget')
const budgets = [budget, budget, budget, budget]

const times = Object.fromEntries(BOT_LEVELS.map((l) => [l, [] as number[]])) as Record<BotLevel, number[]>
const cpuTimes = Object.fromEntries(BOT_LEVELS.map((l) => [l, [] as number[]])) as Record<BotLevel, number[]>
let cpuStart = process.cpuUsage()
// Every level at one table, seats rotating (Expert's searched decisions are the slow ones to watch).
const table: BotLevel[] = ['easy', 'medium', 'hard', 'expert']
// Warm up the JIT (and the phase-difficulty cache) outside the measurement.
for (let g = 0; g < 5; g++) playGame({ levels: table, seed: `${seed}:warm:${g}`, rules, budgets })
for (let g = 0; g < games; g++) {
  const levels = table.map((_, s) => table[(s + g) % table.length])
  const r = playGame({
    levels,
    seed: `${seed}:${g}`,
    rules,
    budgets,
    inspect: () => {
      cpuStart = process.cpuUsage()
    },
    timing: (_seat, level, ms) => {
      const c = process.cpuUsage(cpuStart)
      cpuTimes[level].push((c.user + c.system) / 1000)
      times[level].push(ms)
    },
  })
  if (r.rejected) throw new Error(`game ${g}: rejected bot action ${JSON.stringify(r.rejected)}`)
}

const q = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]
interface Stats {
  decisions: number
  p50: number
  p99: number
  max: number
  mean: number
}
function stats(xs: number[]): Stats {
  const t = xs.slice().sort((a, b) => a - b)
  return { decisions: t.length, p50: q(t, 0.5), p99: q(t, 0.99), max: t[t.length - 1], mean: t.reduce((a, b) => a + b, 0) / t.length }
}
const out: Record<string, { wall: Stats; cpu: Stats }> = {}
for (const level of BOT_LEVELS) out[level] = { wall: stats(times[level]), cpu: stats(cpuTimes[level]) }
if (json) process.stdout.write(JSON.stringify({ games, rules: rules ?? {}, expertBudget: budget, levels: out }) + '\n')
else {
  process.stdout.write(`bot decision latency over ${games} games${rules ? ` (rules ${JSON.stringify(rules)})` : ''}, ms\n`)
  for (const [level, s] of Object.entries(out))
    for (const kind of ['wall', 'cpu'] as const) {
      const x = s[kind]
      process.stdout.write(
        `${level.padEnd(7)} ${kind.padEnd(4)} decisions ${String(x.decisions).padStart(7)}  p50 ${x.p50.toFixed(3)}  p99 ${x.p99.toFixed(3)}  max ${x.max.toFixed(2)}  mean ${x.mean.toFixed(3)}\n`,
      )
    }
}
