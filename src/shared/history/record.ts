/**
 * A finished game as the history keeps it (issue #19): who played with which rules, the scores of every hand,
 * and everything a replay needs — the game key, the first dealer and the accepted action log. Revealed seeds
 * and commitments ride along so a History entry can show its fairness check without replaying.
 *
 * Plain data with one zod schema: the history file, an imported JSON file and a host's `table.record` answer
 * are all untrusted and checked against it. `summarizeGame` derives the per-hand figures by replaying the log
 * through the engine (the one rules implementation), so a record's numbers can never disagree with its replay.
 */
import { z } from 'zod'
import { actionSchema, type GameEvent } from '../engine/actions'
import { ruleOptionsSchema } from '../engine/rules'
import { replay, setupOf } from '../engine/replay'
import { actionLog, type GameState, type LogEntry } from '../engine/state'
import { BOT_LEVELS } from '../ai/types'

export const RECORD_FORMAT = 1
/** The most actions a record may hold (a 10-hand game of six has ~1,500; tie-breaks and long games more). */
export const MAX_RECORD_ACTIONS = 20_000

const seat = z.number().int().min(0).max(5)
const hex = (len: number) => z.string().regex(new RegExp(`^[0-9a-f]{${len}}$`))

export const recordPlayerSchema = z
  .object({
    name: z.string().min(1).max(40),
    kind: z.enum(['human', 'bot']),
    botLevel: z.enum(BOT_LEVELS as unknown as ['easy', 'medium', 'hard', 'expert']).nullable(),
    /** This machine's own player (the solo player, or the host's / this desktop's seat). */
    you: z.boolean(),
  })
  .strict()
export type RecordPlayer = z.infer<typeof recordPlayerSchema>

export const recordHandSchema = z
  .object({
    handNumber: z.number().int().min(1),
    points: z.array(z.number().int()).min(2).max(6),
    /** Totals after the hand. */
    totals: z.array(z.number().int()).min(2).max(6),
    wentOut: seat.nullable(),
    /** Seats that made (laid down) their phase this hand. */
    madePhase: z.array(seat).max(6),
    /** The hand's deal seed, revealed when it ended. */
    seed: z.string().min(1).max(64),
  })
  .strict()
export type RecordHand = z.infer<typeof recordHandSchema>

export const gameRecordSchema = z
  .object({
    format: z.literal(RECORD_FORMAT),
    /** Unique per game: the table id and the game's start time (a rematch is a new game at the same table). */
    id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
    tableId: z.string().max(64),
    tableName: z.string().min(1).max(40),
    mode: z.enum(['solo', 'lan']),
    /** This machine hosted the game, or joined it (`guest`, from the host's `table.record`). */
    source: z.enum(['host', 'guest']),
    startedAt: z.number().int().min(0),
    finishedAt: z.number().int().min(0),
    rules: ruleOptionsSchema,
    players: z.array(recordPlayerSchema).min(2).max(6),
    /** The first hand's dealer. */
    dealer: seat,
    /** The game key every deal seed was keyed from (RULES.md section 11). */
    gameKey: z.string().min(1).max(64),
    hands: z.array(recordHandSchema).max(200),
    /** Deal commitments as published at each deal (index = hand number - 1); empty for games before them. */
    commitments: z.array(hex(64)).max(200),
    /** The commitment to the game key published with the first deal. */
    gameCommitment: hex(64),
    finalScores: z.array(z.number().int()).min(2).max(6),
    winner: seat.nullable(),
    log: z.array(z.object({ seat, action: actionSchema }).strict()).max(MAX_RECORD_ACTIONS),
  })
  .strict()
export type GameRecord = z.infer<typeof gameRecordSchema>

/** What the host knows of a game besides its state. */
export interface RecordMeta {
  tableId: string
  tableName: string
  mode: 'solo' | 'lan'
  source: 'host' | 'guest'
  startedAt: number
  finishedAt: number
  players: RecordPlayer[]
}

/** The hands of a game, from its events (the engine's `handEnded`). */
export function handsFromEvents(events: readonly GameEvent[]): RecordHand[] {
  const hands: RecordHand[] = []
  for (const e of events) {
    if (e.type !== 'handEnded') continue
    hands.push({ handNumber: e.handNumber, points: e.points.slice(), totals: e.totals.slice(), wentOut: e.wentOut, madePhase: e.madePhase.slice(), seed: e.seed })
  }
  return hands
}

/**
 * The record of a finished game (a state that keeps its action log). Replays the log to collect the hands,
 * so a state whose log does not explain it throws instead of writing a record that would not replay.
 */
export function gameRecordOf(state: GameState, meta: RecordMeta): GameRecord {
  if (state.stage !== 'gameOver') throw new Error('the game is not over')
  const setup = setupOf(state)
  const log: LogEntry[] = actionLog(state)
  const r = replay(setup, log)
  if (!r.ok) throw new Error(`the game's log does not replay: ${r.error.message}`)
  return {
    format: RECORD_FORMAT,
    id: `${meta.tableId}-${meta.startedAt}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100),
    tableId: meta.tableId,
    tableName: meta.tableName,
    mode: meta.mode,
    source: meta.source,
    startedAt: meta.startedAt,
    finishedAt: meta.finishedAt,
    rules: state.rules,
    players: meta.players,
    dealer: setup.dealer,
    gameKey: state.seed,
    hands: handsFromEvents(r.events),
    commitments: state.commitments.slice(),
    gameCommitment: state.gameCommitment,
    finalScores: state.players.map((p) => p.score),
    winner: state.winner,
    log: log.map((e) => ({ seat: e.seat, action: e.action })),
  }
}

/** Replays a record from its key and log: the final state and every event, or the engine's refusal. */
export function replayRecord(record: GameRecord) {
  return replay({ rules: record.rules, players: record.players.map((p) => p.name), seed: record.gameKey, dealer: record.dealer, tableId: record.tableId }, record.log)
}
