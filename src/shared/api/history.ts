/**
 * The history part of the GameApi (issue #19): finished games kept on this machine (main's HistoryStore,
 * `<dataDir>/history.json`). Every request here is local-only (LOCAL_ONLY_REQUESTS): a phone at the table
 * never reads the host's history. `table.record` (a table's finished game, for any member) is in ./table.ts.
 */
import { z } from 'zod'
import { gameRecordSchema } from '../history/record'
import { historyStatsSchema, historySummarySchema } from '../history/stats'

export { historyStatsSchema, historySummarySchema, type HistoryStats, type HistorySummary } from '../history/stats'

const noParams = z.object({}).strict()
const recordId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/)
/** An import's text: the whole history file at its bound (8 MB) and some room. */
export const MAX_IMPORT_CHARS = 16 * 1024 * 1024

export const historyListSchema = z.object({
  /** Newest first. */
  games: z.array(historySummarySchema),
  /** What went wrong reading the history (a corrupt file set aside, records dropped), each told once. */
  notices: z.array(z.string().max(500)),
})
export type HistoryList = z.infer<typeof historyListSchema>

export const historyImportResultSchema = z.object({
  added: z.number().int().min(0),
  /** Already in the history (same id). */
  skipped: z.number().int().min(0),
  /** Not a valid game record. */
  invalid: z.number().int().min(0),
  /** The oldest games dropped to stay within the history's bounds (300 games, ~8 MB). */
  dropped: z.number().int().min(0),
})
export type HistoryImportResult = z.infer<typeof historyImportResultSchema>

export const requestsHistory = {
  /** Local only. The finished games kept here, newest first, as summaries (no logs), and unread notices. */
  'history.list': { params: noParams, result: historyListSchema },
  /** Local only. One whole record (a replay needs its log); NO_TABLE when there is no such game. */
  'history.get': { params: z.object({ id: recordId }).strict(), result: gameRecordSchema },
  /** Local only. Deletes one game; NO_TABLE when there is no such game. */
  'history.remove': { params: z.object({ id: recordId }).strict(), result: z.null() },
  /** Local only. Every record as the JSON text of a history file (`{ format: 1, games }`), to save as a file. */
  'history.export': { params: noParams, result: z.object({ json: z.string(), games: z.number().int().min(0) }) },
  /** Local only. Merges an exported file's games (or one record, or an array of them) by id. */
  'history.import': { params: z.object({ json: z.string().min(1).max(MAX_IMPORT_CHARS) }).strict(), result: historyImportResultSchema },
  /** Local only. The statistics over every game kept (src/shared/history/stats.ts defines them). */
  'history.stats': { params: noParams, result: historyStatsSchema },
} as const

export const HISTORY_REQUESTS = Object.keys(requestsHistory) as (keyof typeof requestsHistory)[]
