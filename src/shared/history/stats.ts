/**
 * What the History screen shows of finished games (issue #19): one summary line per game and the player's
 * statistics over all of them. Pure functions of `GameRecord`s (no replay: every figure comes from the
 * record's own hands and scores, so 300 games summarise in a few milliseconds).
 *
 * Definitions (also on the screen):
 * - "you" is the record's player with `you: true`; a game without one (an imported record of somebody else's
 *   table) counts in `games` but in none of the personal figures.
 * - A game counts once, against its **strongest** bot opponent (easy < medium < hard < expert); a game with
 *   no bot opponent counts under `people`.
 * - Phases made per hand: of the hands you were dealt into, the share in which you laid down your phase
 *   (a player makes at most one phase a hand, so the average count per hand and the share are one number).
 * - Best game: your win with the lowest final score (ties: the fewer hands, then the earlier game).
 */
import { z } from 'zod'
import { BOT_LEVELS, type BotLevel } from '../ai/types'
import type { GameRecord } from './record'

const seat = z.number().int().min(0).max(5)
const level = z.enum(BOT_LEVELS as unknown as ['easy', 'medium', 'hard', 'expert'])

export const historySummarySchema = z.object({
  id: z.string().max(100),
  tableName: z.string().max(40),
  mode: z.enum(['solo', 'lan']),
  source: z.enum(['host', 'guest']),
  startedAt: z.number().int(),
  finishedAt: z.number().int(),
  edition: z.enum(['classic', 'masters']),
  /** Hands played. */
  hands: z.number().int().min(0),
  players: z
    .array(
      z.object({
        name: z.string().max(40),
        kind: z.enum(['human', 'bot']),
        botLevel: level.nullable(),
        you: z.boolean(),
        /** Final score. */
        score: z.number().int(),
        /** Phases made in the game (hands in which the player laid down). */
        phases: z.number().int().min(0),
        /** 1 = the winner; equal standing shares a place. */
        place: z.number().int().min(1),
      }),
    )
    .min(2)
    .max(6),
  winner: seat.nullable(),
  yourSeat: seat.nullable(),
  yourPlace: z.number().int().min(1).nullable(),
})
export type HistorySummary = z.infer<typeof historySummarySchema>

export const OPPONENT_KINDS = [...BOT_LEVELS, 'people'] as const
export type OpponentKind = BotLevel | 'people'

export const historyStatsSchema = z.object({
  /** Every game in the history. */
  games: z.number().int().min(0),
  /** Games with a seat of yours. */
  played: z.number().int().min(0),
  wins: z.number().int().min(0),
  losses: z.number().int().min(0),
  /** Per strongest bot opponent (see the header), only kinds you played against. */
  byOpponent: z.array(
    z.object({
      opponent: z.enum(['easy', 'medium', 'hard', 'expert', 'people']),
      games: z.number().int().min(0),
      wins: z.number().int().min(0),
      losses: z.number().int().min(0),
    }),
  ),
  /** Your mean final score; null before any game. */
  averageScore: z.number().nullable(),
  /** Hands you were dealt into, and those in which you made your phase. */
  hands: z.number().int().min(0),
  phaseHands: z.number().int().min(0),
  /** phaseHands / hands (0..1); null before any hand. */
  phaseRate: z.number().min(0).max(1).nullable(),
  best: z
    .object({ id: z.string().max(100), finishedAt: z.number().int(), score: z.number().int(), hands: z.number().int(), tableName: z.string().max(40) })
    .nullable(),
})
export type HistoryStats = z.infer<typeof historyStatsSchema>

/** Your seat in a record, or null. */
export function yourSeat(record: GameRecord): number | null {
  const i = record.players.findIndex((p) => p.you)
  return i < 0 ? null : i
}

/** Phases made per seat: the hands in which each seat laid down. */
export function phasesMade(record: GameRecord): number[] {
  const made = record.players.map(() => 0)
  for (const hand of record.hands) for (const s of hand.madePhase) if (s < made.length) made[s]++
  return made
}

/**
 * Places, 1 = the winner. The others by phases made (more is better), then score (lower is better); in a
 * fixed-hands game the score alone decides. Equal standing shares a place (1, 2, 2, 4).
 */
export function placesOf(record: GameRecord): number[] {
  const made = phasesMade(record)
  const scores = record.finalScores
  const byScoreOnly = record.rules.fixedHands !== null
  const key = (s: number): [number, number, number] => [s === record.winner ? 0 : 1, byScoreOnly ? 0 : -made[s], scores[s] ?? 0]
  const cmp = (a: number, b: number) => {
    const ka = key(a)
    const kb = key(b)
    for (let i = 0; i < 3; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i]
    return 0
  }
  const order = record.players.map((_, i) => i).sort(cmp)
  const places = record.players.map(() => 0)
  order.forEach((s, i) => {
    places[s] = i > 0 && cmp(order[i - 1], s) === 0 ? places[order[i - 1]] : i + 1
  })
  return places
}

export function summarize(record: GameRecord): HistorySummary {
  const made = phasesMade(record)
  const places = placesOf(record)
  const you = yourSeat(record)
  return {
    id: record.id,
    tableName: record.tableName,
    mode: record.mode,
    source: record.source,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
    edition: record.rules.edition,
    hands: record.hands.length,
    players: record.players.map((p, i) => ({
      name: p.name,
      kind: p.kind,
      botLevel: p.kind === 'bot' ? p.botLevel : null,
      you: p.you,
      score: record.finalScores[i] ?? 0,
      phases: made[i],
      place: places[i],
    })),
    winner: record.winner,
    yourSeat: you,
    yourPlace: you === null ? null : places[you],
  }
}

/** The strongest bot level among your opponents, or `people` when none is a bot. */
export function strongestOpponent(record: GameRecord, you: number): OpponentKind {
  let best = -1
  record.players.forEach((p, i) => {
    if (i !== you && p.kind === 'bot' && p.botLevel) best = Math.max(best, BOT_LEVELS.indexOf(p.botLevel))
  })
  return best < 0 ? 'people' : BOT_LEVELS[best]
}

export function statsOf(records: readonly GameRecord[]): HistoryStats {
  const perKind = new Map<OpponentKind, { games: number; wins: number; losses: number }>()
  let played = 0
  let wins = 0
  let scoreSum = 0
  let hands = 0
  let phaseHands = 0
  let best: HistoryStats['best'] = null
  let bestHands = 0
  for (const r of records) {
    const you = yourSeat(r)
    if (you === null) continue
    played++
    const won = r.winner === you
    if (won) wins++
    const kind = strongestOpponent(r, you)
    const row = perKind.get(kind) ?? { games: 0, wins: 0, losses: 0 }
    row.games++
    if (won) row.wins++
    else row.losses++
    perKind.set(kind, row)
    const score = r.finalScores[you] ?? 0
    scoreSum += score
    // Every hand counts (the record does not say who left the game: a host's kick is rare).
    hands += r.hands.length
    phaseHands += r.hands.filter((h) => h.madePhase.includes(you)).length
    if (won) {
      const better =
        !best || score < best.score || (score === best.score && (r.hands.length < bestHands || (r.hands.length === bestHands && r.finishedAt < best.finishedAt)))
      if (better) {
        best = { id: r.id, finishedAt: r.finishedAt, score, hands: r.hands.length, tableName: r.tableName }
        bestHands = r.hands.length
      }
    }
  }
  return {
    games: records.length,
    played,
    wins,
    losses: played - wins,
    byOpponent: OPPONENT_KINDS.filter((k) => perKind.has(k)).map((k) => ({ opponent: k, ...perKind.get(k)! })),
    averageScore: played ? scoreSum / played : null,
    hands,
    phaseHands,
    phaseRate: hands ? phaseHands / hands : null,
    best,
  }
}
