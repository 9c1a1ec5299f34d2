/**
 * The bot ladder's measured figures (`arena --ladder --json`, written to ladder.json by `npm run ladder:doc`):
 * the schema of that run, the markdown table docs/ai.md shows, and the one line per level the solo setup shows.
 */
import { z } from 'zod'
import { BOT_LEVELS, type BotLevel } from './types'
import measured from './ladder.json'

const level = z.enum(BOT_LEVELS as unknown as ['easy', 'medium', 'hard', 'expert'])
export const ladderRowSchema = z.object({
  candidate: level,
  field: level,
  games: z.number().int().positive(),
  wins: z.number().int().nonnegative(),
  winRate: z.number(),
  ciLow: z.number(),
  ciHigh: z.number(),
  handsPerGame: z.number(),
  turnsPerHand: z.number(),
  seconds: z.number(),
})
export const ladderFileSchema = z.object({
  ladder: z.literal(true),
  seed: z.string(),
  /** Games per pair (the run's `--games`). */
  games: z.number().int().positive(),
  players: z.number().int(),
  rules: z.record(z.string(), z.unknown()),
  rows: z.array(ladderRowSchema),
  seconds: z.number(),
})
export type LadderFile = z.infer<typeof ladderFileSchema>
export type LadderRow = z.infer<typeof ladderRowSchema>

const pct = (x: number) => `${(x * 100).toFixed(1)}%`

/** docs/ai.md's table: one row per pair, the win rate with its Wilson 95% interval, fair share 1 in 4. */
export function ladderTable(l: LadderFile): string {
  const lines = [
    `| candidate vs field | games | win rate (Wilson 95%) | hands/game | s |`,
    `|---|---|---|---|---|`,
    ...l.rows.map((r) => `| ${r.candidate} vs 3×${r.field} | ${r.games} | ${pct(r.winRate)} (${pct(r.ciLow)}–${pct(r.ciHigh)}) | ${r.handsPerGame.toFixed(2)} | ${r.seconds.toFixed(0)} |`),
    '',
    `${l.players} players, seed \`${l.seed}\`, rules ${JSON.stringify(l.rules)}; fair share ${pct(1 / l.players)}. ` +
      `\`npm run --silent arena -- --ladder --games ${l.games} --seed ${l.seed} --json\`, then \`npm run ladder:doc\`.`,
  ]
  return lines.join('\n')
}

/** The ladder the app ships with (src/shared/ai/ladder.json). */
export const LADDER: LadderFile = ladderFileSchema.parse(measured)

/**
 * What the solo setup says of a level: how it fares against three of the level just below it (the one pair a
 * player choosing between neighbours cares about), or `null` when the ladder has no such row.
 */
export function strengthOf(levelName: BotLevel, l: LadderFile = LADDER): string | null {
  const i = BOT_LEVELS.indexOf(levelName)
  if (i <= 0) return null
  const below = BOT_LEVELS[i - 1]
  const row = l.rows.find((r) => r.candidate === levelName && r.field === below)
  if (!row) return null
  return `wins ${pct(row.winRate)} against three ${below[0].toUpperCase()}${below.slice(1)} bots (fair share ${pct(1 / l.players)}; ${row.games} games)`
}
