/**
 * The table as this client sees it: the latest `TableSnapshot` (with the engine's GameView for my seat),
 * the log in plain words, chat, and friendly toasts. Everything arrives through the GameApi events
 * `table.snapshot` / `table.events` / `table.chat`; moves go out as `table.act` with the snapshot's version.
 */
import type {
  ApiError,
  ApiResult,
  ChatMessage,
  GameApi,
  ParamsOf,
  RequestName,
  ResultOf,
  TableGameEvent,
  TableSnapshot,
} from '@shared/api'
import type { Action } from '@shared/engine/actions'
import type { GameView } from '@shared/engine/views'
import { playSound, type SoundName } from '../lib/sound'
import { alertTurn, becameMyTurn } from '../lib/turn-alert'
import { describeEvent, friendlyError } from '../lib/words'
import { dealChecks } from './deal-check.svelte'
import { prefs } from './prefs.svelte'

export interface Toast {
  id: number
  text: string
  kind: 'error' | 'info'
}
export interface SeatStats {
  laid: number
  wentOut: number
  hits: number
  skips: number
}
export interface LogEntry {
  id: number
  text: string
}

const SOUND_OF: Partial<Record<TableGameEvent['type'], SoundName>> = {
  drew: 'draw',
  discarded: 'discard',
  laidDown: 'layDown',
  hit: 'hit',
  skipPlayed: 'skip',
  handEnded: 'handOver',
  gameEnded: 'win',
}

export class TableStore {
  snapshot = $state<TableSnapshot | null>(null)
  log = $state<LogEntry[]>([])
  chat = $state<ChatMessage[]>([])
  toasts = $state<Toast[]>([])
  /** A request is on its way (buttons show it; a second click is not sent). */
  busy = $state(false)
  /** The events of the last `table.events`, for animations. */
  lastEvents = $state<TableGameEvent[]>([])
  lastVersion = $state(-1)
  /** Per seat, counted from the events seen for this table (the game-over statistics). */
  stats = $state<SeatStats[]>([])
  /** The host's clock minus this one (ms), from the last snapshot's `hostNow`: countdowns to host deadlines use it. */
  clockOffset = $state(0)
  /** The table the log belongs to: a new table starts a new log from its snapshot's recent events. */
  private loggedTable: string | null = null
  /** Events that arrived before the first snapshot (the seats' names come with the snapshot). */
  private early: TableGameEvent[] = []
  /** The newest version whose events are in the log (a batch is never logged twice). */
  private maxLogged = -1
  private nextId = 1
  private api: GameApi | null = null
  /** Resolves once the first `table.get` after `connect` has answered (App waits for it after a reload). */
  synced: Promise<void> = Promise.resolve()
  /**
   * This client asked to leave or close its table: the end of that table is no news to tell (App says "The
   * table was closed." only when someone else closed it). Cleared by the next table, or when the leave failed.
   */
  leaving = false
  /** Why the host removed this client's seat (`table.removed`), said instead of "The table was closed." */
  goneReason = $state<string | null>(null)

  /** The engine's view for my seat (the contract's schema is the engine's GameView). */
  get view(): GameView | null {
    return (this.snapshot?.view as GameView | null | undefined) ?? null
  }

  /** Subscribes to the table events and fetches the current snapshot; returns the unsubscribe function. */
  connect(api: GameApi): () => void {
    this.api = api
    const offs = [
      api.on('table.events', (batch) => this.receiveEvents(batch.version, batch.events)),
      api.on('table.snapshot', (snap) => this.receiveSnapshot(snap)),
      api.on('table.chat', (line) => {
        if (!this.chat.some((c) => c.id === line.id)) this.chat = [...this.chat, line].slice(-50)
      }),
      api.on('table.removed', ({ reason }) => (this.goneReason = reason)),
    ]
    this.synced = this.refresh()
    return () => offs.forEach((off) => off())
  }

  async refresh(): Promise<void> {
    if (!this.api) return
    const r = await this.api.invoke('table.get', {})
    if (r.ok) this.receiveSnapshot(r.value)
  }

  receiveSnapshot(snap: TableSnapshot | null): void {
    const before = this.view
    const prevStatus = this.snapshot?.status
    this.snapshot = snap
    if (!snap) return
    this.leaving = false
    this.goneReason = null
    if (snap.hostNow !== undefined) this.clockOffset = snap.hostNow - Date.now()
    this.chat = snap.chat.slice()
    // A new table (or a reload, or joining mid-game) starts a new log; a rematch restarts the versions. (Not
    // the lobby's start: the first deal's batch may already be logged from table.events.)
    if (snap.tableId !== this.loggedTable) {
      this.loggedTable = snap.tableId
      this.log = []
      this.stats = []
      this.maxLogged = -1
    } else if (prevStatus === 'over' && snap.status === 'playing') this.maxLogged = -1 // a rematch: versions restart
    // Whatever the log has not seen yet (e.g. the deal that started the game) comes from the recent events.
    for (const batch of snap.recentEvents) {
      if (batch.version <= this.maxLogged) continue
      this.maxLogged = batch.version
      this.logEvents(batch.events, false)
    }
    if (this.early.length && this.log.length === 0) this.logEvents(this.early, false)
    this.early = []
    // The first deal of a game is no engine event (newGame deals it): say it from the view.
    const fresh = this.view
    if (this.log.length === 0 && fresh && fresh.handNumber === 1 && snap.status === 'playing')
      this.logEvents(
        [
          {
            type: 'handDealt',
            handNumber: 1,
            dealer: fresh.dealer,
            upcard: fresh.discard[0] ?? null,
            seats: fresh.players.filter((p) => p.inHand).map((p) => p.seat),
            commitment: fresh.commitments[0] ?? '',
          },
        ],
        false,
      )
    // Hands only the whole game can re-deal (Masters' secret Save Piles) are settled from the host's record.
    dealChecks.observe(this.view, async () => {
      const r = await this.api?.invoke('table.record', {})
      return r?.ok ? r.value : null
    })
    if (becameMyTurn(before, this.view)) {
      playSound('yourTurn', prefs.current.sound)
      if (prefs.current.turnAlerts) alertTurn(this.api, { title: 'Your turn in Phase 10', body: `${snap.name}: it is your turn.` })
    }
  }

  receiveEvents(version: number, events: TableGameEvent[]): void {
    this.lastEvents = events
    this.lastVersion = version
    if (!this.snapshot) this.early.push(...events)
    else if (version > this.maxLogged) {
      this.maxLogged = version
      this.logEvents(events, true)
    }
  }

  private logEvents(events: TableGameEvent[], withSound: boolean): void {
    const names = this.snapshot?.seats.map((s) => s.name) ?? []
    const me = this.snapshot?.mySeat ?? null
    const lines: LogEntry[] = []
    let stats = this.stats.slice()
    const bump = (seat: number, key: keyof SeatStats) => {
      const cur = stats[seat] ?? { laid: 0, wentOut: 0, hits: 0, skips: 0 }
      stats[seat] = { ...cur, [key]: cur[key] + 1 }
    }
    for (const e of events) {
      if (e.type === 'handDealt' && e.handNumber === 1) stats = [] // a new game (rematch)
      else if (e.type === 'laidDown') bump(e.seat, 'laid')
      else if (e.type === 'wentOut') bump(e.seat, 'wentOut')
      else if (e.type === 'hit') bump(e.seat, 'hits')
      else if (e.type === 'skipPlayed') bump(e.seat, 'skips')
      const text = describeEvent(e, names, me)
      if (text) lines.push({ id: this.nextId++, text })
      const sound = SOUND_OF[e.type]
      if (withSound && sound) playSound(sound, prefs.current.sound)
    }
    this.stats = stats
    if (lines.length) this.log = [...this.log, ...lines].slice(-200)
  }

  /** Plays one action for my seat against the current version. */
  async act(action: Action): Promise<boolean> {
    const snap = this.snapshot
    if (!snap || this.busy) return false
    const r = await this.request('table.act', { version: snap.version, action })
    if (!r) {
      void this.refresh() // e.g. STALE_VERSION: show the table as it is now
      return false
    }
    return true
  }

  /**
   * Any request, with failures shown as a friendly toast (never a raw code); answers the value or null.
   * A snapshot answer becomes the current snapshot at once.
   */
  async request<N extends RequestName>(name: N, params: ParamsOf<N>): Promise<ResultOf<N> | null> {
    if (!this.api) return null
    this.busy = true
    const leaving = name === 'table.leave' || name === 'host.close'
    if (leaving) this.leaving = true
    try {
      const r = await this.api.invoke(name, params)
      if (!r.ok) {
        if (leaving) this.leaving = false
        this.fail(r.error)
        return null
      }
      const value = r.value as unknown
      if (value && typeof value === 'object' && 'tableId' in value && 'seats' in value) this.receiveSnapshot(value as TableSnapshot)
      return r.value
    } finally {
      this.busy = false
    }
  }

  /** A request whose answer the caller shows itself: no toast, and `busy` stays as it is (the network check). */
  ask<N extends RequestName>(name: N, params: ParamsOf<N>): Promise<ApiResult<ResultOf<N>>> {
    if (!this.api) return Promise.resolve({ ok: false, error: { code: 'DISCONNECTED', message: 'not connected yet' } })
    return this.api.invoke(name, params)
  }

    fail(error: ApiError | { code: string; message: string }): void {
    this.toast(friendlyError(error), 'error')
    playSound('error', prefs.current.sound)
  }

  toast(text: string, kind: Toast['kind'] = 'info'): void {
    const id = this.nextId++
    this.toasts = [...this.toasts.slice(-2), { id, text, kind }]
    setTimeout(() => this.dismiss(id), kind === 'error' ? 5000 : 3000)
  }

  dismiss(id: number): void {
    this.toasts = this.toasts.filter((t) => t.id !== id)
  }

  /** Forget the table (after leaving), and what was said about it: no toast of that table follows to the next screen. */
  reset(): void {
    this.snapshot = null
    this.toasts = []
    this.log = []
    this.chat = []
    this.lastEvents = []
    this.stats = []
    this.loggedTable = null
  }
}

export const table = new TableStore()
