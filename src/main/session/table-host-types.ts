/**
 * The shapes a TableHost is made of (table-host.ts): its options, a seat, a connected client and an event batch.
 */
import type { ApiEvent, DropPolicy, TableGameEvent } from '@shared/api'
import type { GameEvent } from '@shared/engine/actions'
import type { PartialRuleOptions } from '@shared/engine/rules'
import type { BotLevel } from '@shared/ai/types'
import type { BotRunner } from './bot-runner'
import type { SaveStore } from './saves'

export interface TableHostOptions {
  /** Stable id (save file name, discovery key); random when omitted. */
  tableId?: string
  name: string
  mode: 'solo' | 'lan'
  rules?: PartialRuleOptions
  bots: BotRunner
  /** Sends one client one event (the services' EventHub.emitTo). */
  deliver: (clientId: string, event: ApiEvent) => void
  /** Read before every bot action (settings.botDelayMs may change during a game). Default 0. */
  botDelayMs?: () => number
  /** How long a dropped seat is kept for its player (default 60 s). */
  graceMs?: number
  /** The same in the lobby, for seats other than the host's (default LOBBY_GRACE_MS, never above graceMs). */
  lobbyGraceMs?: number
  dropPolicy?: DropPolicy
  /** Autosave after every accepted action; `null`/omitted: none. */
  saves?: SaveStore | null
  /** Watchers per table (default MAX_SPECTATORS). */
  maxSpectators?: number
  /** How often a failed save is retried (default 5 s). */
  storageRetryMs?: number
  /** The addresses to show the host (join URLs); default none. */
  joinUrls?: () => string[]
  now?: () => number
  warn?: (message: string) => void
  /**
   * Where each game's key comes from when `start`/`rematch` name none (RULES.md section 11): by default 32
   * random bytes. The headless host's `--deal-seed` passes a counter on a fixed seed (the same deals every run).
   */
  gameKey?: () => string
  /** Chat lines per client per window (default 5 per 10 s). */
  chatLimit?: { count: number; windowMs: number }
}

export interface Seat {
  name: string
  kind: 'human' | 'bot'
  botLevel: BotLevel | null
  /** Secret that reclaims a human seat (after a drop or a host restart); `null` for bots and kicked seats. */
  token: string | null
  clientId: string | null
  ready: boolean
  isHost: boolean
  /** A human seat the host plays (dropPolicy `bot`/`remove`, or kicked). */
  autoPlayed: boolean
  /** Grace period end for a dropped human (epoch ms); `null` when not dropped or the grace is over. */
  graceEndsAt: number | null
  graceTimer: NodeJS.Timeout | null
}

export interface Client {
  id: string
  seat: number | null
  /** The local app or the headless host's operator. */
  host: boolean
  spectator: boolean
  name: string
  chatTimes: number[]
  wantsRematch: boolean
}

/** A batch as one client may see it: what `table.events` carries and a snapshot's `recentEvents` lists. */
export interface BatchView {
  version: number
  events: TableGameEvent[]
}

/** A deck or Save Pile draw's card in a batch (event `index`): for its drawer's copy only. */
export interface BatchSecret {
  index: number
  seat: number
  card: string
}

/** One accepted action's (or deal's) events; made by table-batches.ts `makeBatch`. */
export interface Batch {
  version: number
  events: GameEvent[]
  /** The batch as every client without a secret in it sees it: one object for all of them. */
  shared: BatchView
  /** …and as each seat with a secret in it sees it (at most a seat or two). */
  own: { seat: number; view: BatchView }[]
}
