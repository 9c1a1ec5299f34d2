/**
 * Everything a table hands out, composed from the table as it stands and never changing it: each client's
 * snapshot, discovery's info, the join screen's preview, the save file and the finished game's record.
 *
 * TableHost (table-host.ts) is the authority: requests, the engine and timers change the table there, and only
 * there. This file is the other half of the one-way flow: it reads the table through `TableFacts` (read-only)
 * and decides what of it goes out — a seat's snapshot holds its own view (`viewFor` by way of the round's
 * SnapshotShare), never the state.
 */
import { PROTOCOL_VERSION, type ChatMessage, type DropPolicy, type TableInfo, type TablePreview, type TableSnapshot } from '@shared/api'
import type { RuleOptions } from '@shared/engine/rules'
import { actionLog, type GameState } from '@shared/engine/state'
import { gameRecordOf, type GameRecord } from '@shared/history/record'
import type { HostKey } from './host-key'
import { SAVE_FORMAT, type SaveFile } from './saves'
import { composeSnapshot } from './snapshot-parts'
import type { SnapshotShare } from './snapshot-share'
import { RecentLists } from './table-batches'
import type { Batch, Client, Seat } from './table-host-types'
import { sameSeatInfos, savedSeatsOf, seatInfosOf } from './table-seats'

export const MAX_SEATS = 6

/** A guest's `joinUrls` and a public snapshot's `recentEvents`: one object, so a patch skips them by reference. */
const NO_URLS: string[] = Object.freeze([]) as unknown as string[]
const NO_EVENTS: TableSnapshot['recentEvents'] = Object.freeze([]) as unknown as TableSnapshot['recentEvents']

type Status = TableSnapshot['status']

/** The table as its outputs read it (TableHost's `facts`: getters over its own fields). */
export interface TableFacts {
  readonly tableId: string
  readonly mode: 'solo' | 'lan'
  readonly name: string
  readonly status: Status
  readonly state: GameState | null
  readonly seats: readonly Seat[]
  readonly clients: ReadonlyMap<string, Client>
  /** The last batches of events, newest last (each client's `recentEvents`). */
  readonly recent: readonly Batch[]
  readonly rules: RuleOptions
  readonly hostKey: HostKey
  readonly dropPolicy: DropPolicy
  readonly graceMs: number
  /** Between hands: the seats ready for the next one. */
  readonly handReady: ReadonlySet<number>
  readonly autoDealSeconds: number | null
  readonly hintsOn: boolean
  /** The first dropped seat play waits for, or null. */
  readonly pausedSeat: number | null
  /** The bots' delay in effect (ms). */
  readonly botDelayMs: number
  /** The table's own bot delay (`null`: the host's setting): what the save keeps. */
  readonly botDelayOverride: number | null
  readonly turnDeadline: number | null
  /** Why the save cannot be written, or null. */
  readonly storageProblem: string | null
  /** The game's key (the save's `seed`). */
  readonly seed: string
  readonly startedAt: number
  chat(): ChatMessage[]
  joinUrls(): string[]
  now(): number
}

/** `clientId`'s snapshot of this change: the round's public snapshot (built once) and the client's own fields. */
export function snapshotOf(t: TableFacts, share: SnapshotShare, client: Client): TableSnapshot {
  const state = t.state
  const seat = client.seat
  return composeSnapshot(
    share.round('snapshot', () => publicSnapshot(t, share)),
    {
      role: client.host ? (t.mode === 'solo' ? 'solo' : 'host') : client.spectator ? 'spectator' : 'guest',
      mySeat: seat,
      view: state ? share.view(state, seat) : null,
      recentEvents: share.round('recentEvents', () => new RecentLists(t.recent)).for(seat),
      joinUrls: client.host ? t.joinUrls() : NO_URLS,
    },
  )
}

/** What every client's snapshot of this change holds, whoever it is (snapshot-parts.ts); the view is the spectator's. */
function publicSnapshot(t: TableFacts, share: SnapshotShare): TableSnapshot {
  const state = t.state
  const paused = t.pausedSeat
  const problem = t.storageProblem
  return {
    protocol: PROTOCOL_VERSION,
    tableId: t.tableId,
    name: t.name,
    role: 'spectator',
    status: t.status,
    mySeat: null,
    seats: share.once('seats', () => seatInfosOf(t.seats), sameSeatInfos),
    rules: share.once('rules', () => t.rules),
    version: state ? state.version : 0,
    view: state ? share.view(state, null) : null,
    recentEvents: NO_EVENTS,
    paused: paused === null ? null : share.once('paused', () => ({ seat: paused, name: t.seats[paused].name, graceDeadline: t.seats[paused].graceEndsAt })),
    turnDeadline: t.turnDeadline,
    dropPolicy: t.dropPolicy,
    joinUrls: NO_URLS,
    connection: 'connected',
    chat: share.once('chat', () => t.chat()),
    botDelayMs: t.botDelayMs,
    hostNow: t.now(),
    graceSeconds: Math.round(t.graceMs / 1000),
    rematchVotes: share.once('rematchVotes', () => rematchVotes(t)),
    handReady: share.once('handReady', () => (state?.stage === 'handOver' ? [...t.handReady].sort((a, b) => a - b) : [])),
    autoDealSeconds: t.autoDealSeconds,
    hostKey: t.hostKey.publicKey,
    hostProblem: problem && `The host cannot save the game (${problem}). Play waits until it can.`,
    hints: t.hintsOn,
  }
}

/** Seats whose players voted for a rematch (after the game; empty otherwise), ascending. */
function rematchVotes(t: TableFacts): number[] {
  if (t.status !== 'over') return []
  const seats = new Set<number>()
  for (const c of t.clients.values()) if (c.wantsRematch && c.seat !== null) seats.add(c.seat)
  return [...seats].sort((a, b) => a - b)
}

/** What discovery advertises (the ws host's TXT record; it hears again only when a field changed). */
export function tableInfo(t: TableFacts): TableInfo {
  return {
    tableId: t.tableId,
    name: t.name,
    protocol: PROTOCOL_VERSION,
    seatsTaken: t.seats.length,
    seatsTotal: MAX_SEATS,
    inProgress: t.status !== 'lobby',
    edition: t.rules.edition,
    fingerprint: t.hostKey.fingerprint,
  }
}

/** TableInfo is flat (scalars only): compared field by field after every change, not as JSON. */
export function sameInfo(a: TableInfo, b: TableInfo): boolean {
  for (const k in a) if (a[k as keyof TableInfo] !== b[k as keyof TableInfo]) return false
  for (const k in b) if (!(k in a)) return false
  return true
}

/** `table.preview`: what a join screen shows before joining (the names are no secret: anyone may watch). */
export function tablePreview(t: TableFacts): TablePreview {
  return {
    name: t.name,
    status: t.status,
    edition: t.rules.edition,
    seats: seatInfosOf(t.seats).map((s) => ({ name: s.name, kind: s.kind, connected: s.connected, isHost: s.isHost })),
  }
}

/** The whole table as saves.ts writes it (a game must be in play or over). */
export function saveFileOf(t: TableFacts): SaveFile {
  const state = t.state!
  return {
    format: SAVE_FORMAT,
    tableId: t.tableId,
    name: t.name,
    mode: t.mode,
    savedAt: t.now(),
    seed: t.seed,
    rules: state.rules,
    seats: savedSeatsOf(t.seats),
    dropPolicy: t.dropPolicy,
    botDelayMs: t.botDelayOverride,
    autoDealSeconds: t.autoDealSeconds,
    startedAt: t.startedAt,
    hostKey: t.hostKey.toStored(),
    log: actionLog(state).map((e) => ({ seat: e.seat, action: e.action })),
  }
}

/** The finished game's record (history), or null before its end; throws when its log does not replay. */
export function gameRecordFrom(t: TableFacts): GameRecord | null {
  const state = t.state
  if (!state || state.stage !== 'gameOver') return null
  return gameRecordOf(state, {
    tableId: t.tableId,
    tableName: t.name,
    mode: t.mode,
    source: 'host',
    startedAt: t.startedAt,
    finishedAt: t.now(),
    players: t.seats.map((s) => ({ name: s.name, kind: s.kind, botLevel: s.kind === 'bot' ? s.botLevel : null, you: s.isHost })),
  })
}
