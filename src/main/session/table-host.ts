/**
 * TableHost: the authority of one table (docs/lan-design.md "Sessions"). Solo and LAN tables are the same
 * thing; solo just has no network listener. Plain Node, no electron.
 *
 * One way only: action (from a seat) → version check → `engine.apply` → events + new state → autosave →
 * each client its own snapshot (`viewFor` its seat, or the spectator view; never the state) → bots and
 * timers. A bot seat answers its views through the same path. Nothing else changes the game.
 *
 * Clients are ids (`local`, `ws:3`…) given by the services; `deliver(clientId, event)` sends one of them an
 * event. Every method that a request reaches answers an `ApiResult` (expected refusals are values). What the
 * table hands out — snapshots, discovery's info, the preview, the save file, the game's record — is composed in
 * table-outputs.ts from `facts`, a read-only view of this class's fields.
 */
import { randomBytes } from 'node:crypto'
import { EventEmitter } from 'node:events'
import {
  PROTOCOL_VERSION,
  fail,
  ok,
  type ApiEvent,
  type ApiResult,
  type ChatMessage,
  type DropPolicy,
  type TableInfo,
  type TablePreview,
  type TableSnapshot,
} from '@shared/api'
import type { Action, GameEvent } from '@shared/engine/actions'
import { apply } from '@shared/engine/apply'
import { playableRuleOptionsSchema, resolveRules, type PartialRuleOptions, type RuleOptions } from '@shared/engine/rules'
import { newGame, nextSeat, seatsInHand, type GameState } from '@shared/engine/state'
import { viewFor } from '@shared/engine/views'
import type { Hint } from '@shared/ai/explain'
import { publicEventFor } from '@shared/ai/memory'
import type { BotLevel } from '@shared/ai/types'
import { othersAtTable } from '@shared/host-words'
import { cleanName, cleanText, uniqueName } from '@shared/names'
import { RECENT_BATCHES, appendBatches } from '@shared/api/deltas'
import { HostKey } from './host-key'
import type { LoadedGame, SaveFile } from './saves'
import { SnapshotRounds } from './snapshot-rounds'
import { ChatRoom } from './chat-room'
import {
  botNameFor,
  clearGrace,
  firstDroppedSeat,
  isHumanControlled,
  newBotSeat,
  newHumanSeat,
  restoredSeats,
  seatInfosOf,
  startGrace,
} from './table-seats'
import { TableStorage } from './table-storage'
import { TurnScheduler, type TurnTable } from './turn-scheduler'
import type { GameRecord } from '@shared/history/record'
import { batchFor, makeBatch } from './table-batches'
import type { Batch, BatchSecret, Client, Seat, TableHostOptions } from './table-host-types'
import { MAX_SEATS, gameRecordFrom, sameInfo, saveFileOf, snapshotOf, tableInfo, tablePreview, type TableFacts } from './table-outputs'

export type { TableHostOptions } from './table-host-types'

export { MAX_SEATS }
/** Watchers per table: a living room's worth and more; beyond it a join to watch answers TABLE_FULL. */
export const MAX_SPECTATORS = 50
export const DEFAULT_GRACE_MS = 60_000
/**
 * A lobby seat whose player's connection dropped is freed after this, whatever the drop policy (which is
 * about games): otherwise sockets that join and close would hold seats for good (ghost seats).
 */
export const LOBBY_GRACE_MS = 10_000

type Status = TableSnapshot['status']

export interface TableHostEvents {
  /** What discovery advertises changed (or may have): name, seats, status, edition. */
  changed: [TableInfo]
  /** The table was closed. */
  closed: []
  /** A game played here just ended: its record, for the history (once per game; not for a save resumed over). */
  gameRecorded: [GameRecord]
}

const newTableId = () => randomBytes(9).toString('base64url')
/** What the host is called where it has no seat (chat); no guest or bot may take this name. */
const HOST_LABEL = 'Host'
const newSeed = () => randomBytes(32).toString('base64url') // the game key: RULES.md section 11, docs/engine.md "Keyed deals"

export class TableHost extends EventEmitter<TableHostEvents> {
  readonly tableId: string
  readonly mode: 'solo' | 'lan'
  private name: string
  private rulesPatch: PartialRuleOptions
  private seats: Seat[] = []
  private readonly clients = new Map<string, Client>()
  private status: Status = 'lobby'
  private state: GameState | null = null
  private seed = ''
  /** This table's identity (host-key.ts): in its save, its snapshots and its advert. */
  private hostKey = HostKey.generate()
  /** The journal and the whole-table writes; pauses play while the disk refuses (table-storage.ts). */
  private readonly storage: TableStorage
  /** Who gets a snapshot when, and the parts every snapshot of a round shares (snapshot-rounds.ts). */
  private readonly rounds: SnapshotRounds
  /** Every event of this game, oldest first (bots' public history). */
  private history: GameEvent[] = []
  /** Where the current hand's events start in `history` (a bot needs only those: ai/types.ts). */
  private handStart = 0
  private recent: Batch[] = []
  private readonly chatRoom: ChatRoom
  private dropPolicy: DropPolicy
  private graceMs: number
  private closed = false
  /** Bots, the turn timer and the deal between hands (turn-scheduler.ts). */
  private readonly turns: TurnScheduler
  /** The info discovery last heard (it hears again only when a field changed). */
  private lastInfo: TableInfo | null = null
  private botDelayOverride: number | null = null
  /** Between hands: the human seats whose players have read the scores and want the next hand (ready-up). */
  private handReady = new Set<number>()
  /** Between hands: deal on by itself after this many seconds (`null`: wait for everyone, or the turn timer). */
  private autoDealSeconds: number | null = null
  /** The coach's Hint is offered (`table.hint`): on in solo games, the host's choice in LAN games (not saved). */
  private hintsOn: boolean
  /** Seats the operator removed "at the next hand": they leave the game when the hand in play ends. */
  private leaving = new Set<number>()
  /** When the game in play started (epoch ms; in its save): a record's id and date. */
  private startedAt = 0
  /** The finished game's record (`table.record`), built once at its end. */
  private record: GameRecord | null = null

  /** This table, read-only, as table-outputs.ts composes what it hands out. */
  private readonly facts: TableFacts

  private readonly opts: Required<Pick<TableHostOptions, 'deliver' | 'bots'>> & TableHostOptions
  private readonly now: () => number
  private readonly warn: (m: string) => void

  constructor(options: TableHostOptions) {
    super()
    this.facts = new TableHost.Facts(this)
    this.opts = options
    this.tableId = options.tableId ?? newTableId()
    this.mode = options.mode
    this.hintsOn = options.mode === 'solo'
    this.name = options.name
    this.rulesPatch = { ...(options.rules ?? {}) }
    this.dropPolicy = options.dropPolicy ?? 'wait'
    this.graceMs = options.graceMs ?? DEFAULT_GRACE_MS
    this.now = options.now ?? Date.now
    this.warn = options.warn ?? ((m) => console.warn(m))
    this.turns = new TurnScheduler(this.turnTable(), options.bots)
    this.chatRoom = new ChatRoom(options.chatLimit ?? { count: 5, windowMs: 10_000 }, this.now)
    this.rounds = new SnapshotRounds({
      clients: this.clients,
      isLobby: () => this.status === 'lobby',
      isClosed: () => this.closed,
      snapshotFor: (id) => this.snapshotFor(id),
      deliver: (id, event) => this.deliver(id, event),
    })
    this.storage = new TableStorage(
      options.saves ?? null,
      this.tableId,
      {
        save: () => (this.state ? this.toSave() : null),
        paused: (first) => {
          this.turns.stop()
          if (first) this.changed()
        },
        resumed: () => {
          if (this.closed) return
          this.schedule()
          this.changed()
        },
        warn: (m) => this.warn(m),
      },
      options.storageRetryMs,
    )
  }

  /** Rebuilds a table from its save: every human is disconnected (paused, grace running) until they rejoin. */
  static fromSave(loaded: LoadedGame, options: Omit<TableHostOptions, 'tableId' | 'name' | 'mode' | 'rules'>): TableHost {
    const { save, state, events, batches } = loaded
    const host = new TableHost({ ...options, tableId: save.tableId, name: save.name, mode: save.mode, rules: save.rules, dropPolicy: save.dropPolicy })
    host.seed = save.seed
    host.hostKey = HostKey.restore(save.hostKey)
    host.storage.resumeFrom(save.log.length)
    host.botDelayOverride = save.botDelayMs ?? null
    host.autoDealSeconds = save.autoDealSeconds ?? null
    // Saves from before the history have no start time: the save's own is the best known.
    host.startedAt = save.startedAt ?? save.savedAt
    host.state = state
    host.history = events.slice()
    host.handStart = Math.max(0, host.history.findLastIndex((e) => e.type === 'handDealt'))
    host.status = state.stage === 'gameOver' ? 'over' : 'playing'
    host.seats = restoredSeats(save.seats)
    for (let i = 0; i < host.seats.length; i++) if (isHumanControlled(host.seats[i])) host.startGrace(i)
    // The last moves as they were sent (a deck draw's card is no longer known: everyone gets the public copy).
    host.recent = (batches ?? []).slice(-RECENT_BATCHES).map((b) => makeBatch(b.version, b.events, []))
    // A table of bots (or bots to move) goes on at once; humans' seats wait for them (grace, above).
    host.schedule()
    return host
  }

  // ------------------------------------------------------------------------------------------------
  // Clients

  /**
   * The host machine's own client (the local app, or the headless operator): watches the table and, with
   * `playerName`, takes the host's seat (or reclaims it after a resume).
   */
  attachHost(clientId: string, playerName: string | null): ApiResult<TableSnapshot> {
    const existing = this.clients.get(clientId)
    if (playerName !== null) playerName = cleanName(playerName)
    const client: Client = existing ?? { id: clientId, seat: null, host: true, spectator: false, name: playerName ?? HOST_LABEL, chatTimes: [], wantsRematch: false }
    client.host = true
    client.spectator = false
    this.clients.set(clientId, client)
    if (client.seat === null) {
      const hostSeat = this.seats.findIndex((s) => s.isHost)
      if (hostSeat >= 0) this.bindSeat(hostSeat, client)
      else if (playerName !== null) {
        if (this.status !== 'lobby') return fail('WRONG_STATUS', 'the game has started')
        if (this.seats.length >= MAX_SEATS) return fail('TABLE_FULL', 'six seats are taken')
        this.seats.push(newHumanSeat(uniqueName(playerName, this.seats.map((s) => s.name)), true))
        this.bindSeat(this.seats.length - 1, client)
      }
    }
    this.changed()
    return ok(this.snapshotFor(clientId)!)
  }

  /** `table.join`: a new seat (lobby), a reclaimed seat (`token`), or a spectator place. */
  join(
    clientId: string,
    params: { protocol: number; name: string; token?: string; spectate?: boolean },
    asHost = false,
  ): ApiResult<{ token: string | null; snapshot: TableSnapshot }> {
    if (params.protocol !== PROTOCOL_VERSION)
      return fail('PROTOCOL_VERSION', `this host speaks protocol ${PROTOCOL_VERSION}, not ${params.protocol}`, { protocol: PROTOCOL_VERSION })
    if (this.closed) return fail('NO_TABLE', 'the table is closed')
    const name = cleanName(params.name)
    let client = this.clients.get(clientId)
    if (params.token !== undefined) {
      const seat = this.seats.findIndex((s) => s.token !== null && s.token === params.token)
      if (seat < 0) return fail('BAD_TOKEN', 'that seat token belongs to no seat of this table')
      if (client && client.seat !== null && client.seat !== seat) this.unbindClient(client)
      client = client ?? this.newClient(clientId, name, asHost)
      client.spectator = false
      client.host = client.host || asHost
      this.bindSeat(seat, client)
      this.changed()
      return ok({ token: this.seats[seat].token, snapshot: this.snapshotFor(clientId)! })
    }
    if (params.spectate) {
      if (client?.seat !== null && client?.seat !== undefined) return fail('WRONG_STATUS', 'you have a seat: leave it first')
      const watching = [...this.clients.values()].filter((c) => c.spectator && c.id !== clientId).length
      const places = this.opts.maxSpectators ?? MAX_SPECTATORS
      if (!asHost && !client?.host && watching >= places) return fail('TABLE_FULL', `all ${places} places to watch are taken`)
      client = client ?? this.newClient(clientId, name, asHost)
      client.spectator = !client.host
      this.clients.set(clientId, client)
      this.changed()
      return ok({ token: null, snapshot: this.snapshotFor(clientId)! })
    }
    if (client && client.seat !== null) return ok({ token: this.seats[client.seat].token, snapshot: this.snapshotFor(clientId)! })
    if (this.status !== 'lobby') return fail('WRONG_STATUS', 'the game has started: watch as a spectator, or reclaim your seat with its token')
    if (this.seats.length >= MAX_SEATS) return fail('TABLE_FULL', 'six seats are taken')
    // One name per person at a table (a suffix), and no guest may pass for the host.
    const seatName = uniqueName(name, this.seats.map((s) => s.name), asHost ? [] : [HOST_LABEL])
    client = client ?? this.newClient(clientId, seatName, asHost)
    client.spectator = false
    client.name = seatName
    const isHost = asHost && !this.seats.some((s) => s.isHost)
    this.seats.push(newHumanSeat(seatName, isHost))
    this.bindSeat(this.seats.length - 1, client)
    this.changed()
    return ok({ token: this.seats[this.seats.length - 1].token, snapshot: this.snapshotFor(clientId)! })
  }

  /** `table.leave`: lobby → the seat goes; in play → a drop (pause, grace, dropPolicy); spectators go. */
  leave(clientId: string): ApiResult<null> {
    const client = this.clients.get(clientId)
    if (!client) return fail('NO_TABLE', 'you are not at this table')
    const seat = client.seat
    this.clients.delete(clientId)
    this.deliver(clientId, { event: 'table.snapshot', payload: null })
    if (seat !== null) {
      this.seats[seat].clientId = null
      if (this.status === 'lobby' && !this.seats[seat].isHost) this.removeLobbySeat(seat)
      else this.dropped(seat)
    }
    this.changed()
    return ok(null)
  }

  /** A client's connection is gone (socket closed, heartbeat lost): its seat drops. */
  disconnect(clientId: string): void {
    const client = this.clients.get(clientId)
    if (!client) return
    this.clients.delete(clientId)
    if (client.seat !== null && this.seats[client.seat]?.clientId === clientId) {
      this.seats[client.seat].clientId = null
      this.dropped(client.seat)
    }
    this.changed()
  }

  hasClient(clientId: string): boolean {
    return this.clients.has(clientId)
  }

  /** Other people at this table right now: connected human seats besides the host machine's own player. */
  othersSeated(): number {
    return othersAtTable(seatInfosOf(this.seats))
  }

  /** The host machine's own player has a seat here (solo, or a host who plays): `attachHost` gives it back. */
  hasHostSeat(): boolean {
    return this.seats.some((s) => s.isHost)
  }

  // ------------------------------------------------------------------------------------------------
  // Lobby (host only: the services check who may call these)

  /** The bots' delay for this table (`null`: settings.botDelayMs). May change during play. */
  setBotDelay(ms: number | null): void {
    this.botDelayOverride = ms
    this.changed()
  }

  /** Between hands, deal on by itself after `seconds` (`null`: wait until every player is ready). Any time. */
  setAutoDeal(seconds: number | null): void {
    this.autoDealSeconds = seconds
    if (this.state?.stage === 'handOver') this.schedule() // a countdown already running restarts with the new length
    this.changed()
  }

  /** The operator deals the next hand now, whoever is still reading the scores. */
  dealNext(): ApiResult<null> {
    if (this.status !== 'playing' || this.state?.stage !== 'handOver') return fail('WRONG_STATUS', 'the next hand is dealt only between hands')
    const r = this.accept(0, { type: 'nextHand' })
    return r.ok ? ok(null) : r
  }

  setRules(patch: PartialRuleOptions | undefined, tableName: string | undefined): ApiResult<null> {
    if (this.status !== 'lobby' && (patch || tableName)) return fail('WRONG_STATUS', 'rules are set in the lobby')
    if (patch) {
      const merged = { ...this.rulesPatch, ...patch }
      // Switching edition resets an edition-dependent default the host never set explicitly. Checked merged:
      // fewer Wilds may make the list already chosen impossible, as may a list for the Wilds already set.
      const check = playableRuleOptionsSchema.safeParse(resolveRules(merged))
      if (!check.success) return fail('BAD_REQUEST', `rules: ${check.error.issues[0]?.message}`)
      this.rulesPatch = merged
    }
    if (tableName) this.name = cleanText(tableName, 40) || this.name
    this.changed()
    return ok(null)
  }

  addBot(level: BotLevel, name?: string): ApiResult<null> {
    if (this.status !== 'lobby') return fail('WRONG_STATUS', 'bots join in the lobby')
    if (this.seats.length >= MAX_SEATS) return fail('TABLE_FULL', 'six seats are taken')
    const auto = botNameFor(this.seats, level)
    this.seats.push(newBotSeat(name ? uniqueName(cleanName(name, auto), this.seats.map((s) => s.name), [HOST_LABEL]) : auto, level))
    this.changed()
    return ok(null)
  }

  /**
   * Lobby: the seat goes. In play (a kick): a bot of `botLevel` (default Medium) plays the seat from now on, and
   * with `atNextHand` the seat leaves the game when the hand ends (the engine's `leave`). A kicked player's
   * token is revoked and their client is told why before its table closes.
   */
  removeSeat(seat: number, opts: { botLevel?: BotLevel; atNextHand?: boolean } = {}): ApiResult<null> {
    const s = this.seats[seat]
    if (!s) return fail('BAD_REQUEST', `there is no seat ${seat}`)
    if (s.isHost) return fail('BAD_REQUEST', "the host's own seat cannot be removed (close the table instead)")
    const playing = this.status !== 'lobby'
    if (playing && this.state?.players[seat].left) return fail('BAD_REQUEST', `${s.name} has already left the game`)
    if (playing && opts.atNextHand && this.state && this.state.players.filter((p, i) => !p.left && i !== seat && !this.leaving.has(i)).length < 2)
      return fail('BAD_REQUEST', 'a game needs at least 2 players: close the table instead')
    const client = s.clientId ? this.clients.get(s.clientId) : undefined
    if (client) {
      this.clients.delete(client.id)
      const reason = playing
        ? opts.atNextHand
          ? 'The host removed you from the game.'
          : 'The host gave your seat to a bot.'
        : 'The host removed you from the table.'
      this.deliver(client.id, { event: 'table.removed', payload: { reason } })
      this.deliver(client.id, { event: 'table.snapshot', payload: null })
    }
    s.clientId = null
    if (!playing) this.removeLobbySeat(seat)
    else {
      clearGrace(s)
      s.token = null
      if (s.kind === 'human') s.autoPlayed = true
      s.botLevel = opts.botLevel ?? (s.kind === 'bot' ? s.botLevel : 'medium') ?? 'medium'
      this.handReady.delete(seat)
      if (opts.atNextHand) this.leaving.add(seat)
      this.storage.writeWhole() // the seat changed hands: a restarted host must know (the revoked token stays revoked)
      this.turns.cancelBot() // the new level decides from now on
      if (!this.applyLeaves() && !this.dealIfAllReady()) this.schedule()
    }
    this.changed()
    return ok(null)
  }

  setDropPolicy(p: { policy: DropPolicy; seat?: number; botLevel?: BotLevel; graceSeconds?: number }): ApiResult<null> {
    if (p.seat !== undefined) {
      const s = this.seats[p.seat]
      if (!s || s.kind !== 'human' || s.clientId !== null || s.autoPlayed)
        return fail('BAD_REQUEST', `seat ${p.seat} is not a dropped player's seat`)
      this.applyDropPolicy(p.seat, p.policy, p.botLevel)
    } else this.dropPolicy = p.policy
    if (p.graceSeconds !== undefined) this.graceMs = p.graceSeconds * 1000
    this.changed()
    return ok(null)
  }

  setReady(clientId: string, ready: boolean): ApiResult<null> {
    const client = this.clients.get(clientId)
    if (!client) return fail('NO_TABLE', 'you are not at this table')
    if (client.seat === null) return fail('NOT_SEATED', 'spectators are always ready')
    if (this.status !== 'lobby') return fail('WRONG_STATUS', 'the game has started')
    this.seats[client.seat].ready = ready || this.seats[client.seat].isHost
    this.changed()
    return ok(null)
  }

  /** Starts the game when every human is here and ready (the host's seat always is; bots always are). */
  start(seed?: string): ApiResult<null> {
    if (this.status !== 'lobby') return fail('WRONG_STATUS', 'the game has already started')
    if (this.seats.length < 2) return fail('WRONG_STATUS', 'a game needs at least 2 seats')
    const waiting = this.seats.filter((s) => s.kind === 'human' && !s.isHost && (!s.ready || s.clientId === null))
    if (waiting.length) return fail('WRONG_STATUS', `waiting for ${waiting.map((s) => s.name).join(', ')}`)
    this.begin(seed ?? this.newGameKey())
    return ok(null)
  }

  /** After the game: the host restarts at once (same seats, new seed); a guest's vote counts as ready. */
  rematch(clientId: string, asHost: boolean, seed?: string): ApiResult<null> {
    const client = this.clients.get(clientId)
    if (!client) return fail('NO_TABLE', 'you are not at this table')
    // Who may vote is checked before when: a spectator is told it has no vote, not to wait (protocol.md 6).
    if (!asHost && client.seat === null) return fail('NOT_SEATED', 'only players vote for a rematch')
    if (this.status !== 'over') return fail('WRONG_STATUS', 'the game is not over')
    client.wantsRematch = true
    const humans = [...this.clients.values()].filter((c) => c.seat !== null)
    if (asHost || humans.every((c) => c.wantsRematch)) {
      // Who left the last game (removed by the host) is not dealt into the next.
      const left = this.state?.players.flatMap((p, i) => (p.left ? [i] : [])) ?? []
      for (const seat of left.reverse()) this.removeLobbySeat(seat)
      this.begin(seed ?? this.newGameKey())
    } else this.changed()
    return ok(null)
  }

  // ------------------------------------------------------------------------------------------------
  // Play

  /** `table.act`: one action for the client's seat, made against `version`. Answers the new version. */
  act(clientId: string, version: number, action: Action): ApiResult<{ version: number }> {
    const client = this.clients.get(clientId)
    if (!client) return fail('NO_TABLE', 'you are not at this table')
    if (client.seat === null) return fail('NOT_SEATED', 'spectators cannot play')
    if (this.status !== 'playing' || !this.state) return fail('WRONG_STATUS', this.status === 'lobby' ? 'the game has not started' : 'the game is over')
    // Between hands `nextHand` is a player's "ready": it never waits for a dropped player (they do not count).
    if (action.type === 'nextHand' && this.state.stage === 'handOver') return this.readyForNextHand(client.seat, version)
    if (this.pausedSeat() !== null) return fail('PAUSED', 'play is paused until the dropped player is back')
    if (this.storage.problem) return fail('PAUSED', `play is paused: the host cannot save the game (${this.storage.problem})`)
    if (version !== this.state.version)
      return fail('STALE_VERSION', `the table is at version ${this.state.version}, not ${version}`, { version: this.state.version })
    if (this.seats[client.seat].autoPlayed) return fail('NOT_SEATED', 'the host plays this seat now')
    if (action.type === 'leave') return fail('FORBIDDEN', 'only the host removes a player from the game (table.leave drops your seat)')
    const r = this.accept(client.seat, action)
    if (!r.ok) return r
    return ok({ version: this.state.version })
  }

  /**
   * Ready-up between hands: the seat has read the scores. The next hand is dealt once every human seat with a
   * player here is ready (a dropped or auto-played seat never holds it up; bots are always ready).
   */
  private readyForNextHand(seat: number, version: number): ApiResult<{ version: number }> {
    const state = this.state!
    if (version !== state.version) return fail('STALE_VERSION', `the table is at version ${state.version}, not ${version}`, { version: state.version })
    if (this.seats[seat].autoPlayed) return fail('NOT_SEATED', 'the host plays this seat now')
    if (this.storage.problem) return fail('PAUSED', `play is paused: the host cannot save the game (${this.storage.problem})`)
    this.handReady.add(seat)
    if (!this.dealIfAllReady()) this.changed()
    return ok({ version: this.state!.version })
  }

  /** Between hands: the seats the operator removed leave the game (the engine's `leave`); true when one did. */
  private applyLeaves(): boolean {
    if (this.status !== 'playing' || this.state?.stage !== 'handOver' || this.leaving.size === 0) return false
    let any = false
    for (const seat of [...this.leaving]) {
      this.leaving.delete(seat)
      const r = this.accept(seat, { type: 'leave' })
      if (r.ok) any = true
      else this.warn(`[table] seat ${seat} could not leave the game: ${r.error.message}; a bot plays it on`)
    }
    return any
  }

  /** Deals the next hand when every present human seat is ready; true when it did. */
  private dealIfAllReady(): boolean {
    if (this.status !== 'playing' || this.state?.stage !== 'handOver') return false
    const present = this.seats.flatMap((s, i) => (this.isHumanControlled(i) && s.clientId !== null ? [i] : []))
    if (present.length === 0 || !present.every((i) => this.handReady.has(i))) return false
    return this.accept(present[0], { type: 'nextHand' }).ok
  }

  /** Lobby option: offer the coach's Hint at this table. Any time. */
  setHints(on: boolean): void {
    this.hintsOn = on
    this.changed()
  }

  /**
   * `table.hint`: what Expert would do in the client's seat now, and why. Computed here, on the main thread (one
   * searched decision, tens of ms at most, only when a player asks), from exactly what that seat may see: its
   * view and the public history of the hand. The renderer never sees more than the answer.
   */
  /** The coach's move for this client's seat, worked out by the bot runner (off this event loop). */
  async hint(clientId: string): Promise<ApiResult<Hint | null>> {
    const client = this.clients.get(clientId)
    if (!client) return fail('NO_TABLE', 'you are not at this table')
    if (client.seat === null) return fail('NOT_SEATED', 'spectators cannot ask for hints')
    if (!this.hintsOn) return fail('FORBIDDEN', 'this table does not offer hints')
    if (this.status !== 'playing' || !this.state) return fail('WRONG_STATUS', 'the game is not in play')
    const seat = client.seat
    const history = this.history.slice(this.handStart).map((e) => publicEventFor(e, seat))
    return ok(await this.opts.bots.hint({ view: viewFor(this.state, seat), history, salt: `${this.tableId}#hint#${seat}` }))
  }

  chat(clientId: string, text: string): ApiResult<ChatMessage> {
    const client = this.clients.get(clientId)
    if (!client) return fail('NO_TABLE', 'you are not at this table')
    const name = client.seat !== null ? this.seats[client.seat].name : client.host ? HOST_LABEL : `${client.name} (watching)`
    const r = this.chatRoom.post(client, name, text)
    if (r.ok) for (const c of this.clients.keys()) this.deliver(c, { event: 'table.chat', payload: r.value })
    return r
  }

  // ------------------------------------------------------------------------------------------------
  // Reading

  snapshotFor(clientId: string): TableSnapshot | null {
    const client = this.clients.get(clientId)
    if (!client || this.closed) return null
    // Outside a round of deliveries (a join's answer…) a share of its own: every snapshot is composed the same way.
    return snapshotOf(this.facts, this.rounds.share(), client)
  }

  private botDelay(): number {
    return Math.max(0, Math.min(5000, this.botDelayOverride ?? this.opts.botDelayMs?.() ?? 0))
  }

  info(): TableInfo {
    return tableInfo(this.facts)
  }

  preview(): TablePreview {
    return tablePreview(this.facts)
  }

  /** `host.prove`: this table's key signs a client's challenge (host-key.ts). */
  prove(challenge: string): { tableId: string; publicKey: string; signature: string } {
    return { tableId: this.tableId, publicKey: this.hostKey.publicKey, signature: this.hostKey.prove(this.tableId, challenge) }
  }

  /** Resolves when every autosave queued so far is on disk. */
  flushSaves(): Promise<void> {
    return this.storage.flush()
  }

  /** The engine state (tests and the host's own checks only: never sent to anyone). */
  get engineState(): GameState | null {
    return this.state
  }

  get currentStatus(): Status {
    return this.status
  }

  /** Closes the table: every client hears `null`, timers stop; resolves once pending saves are written. */
  async close(): Promise<void> {
    if (this.closed) return
    this.turns.stop()
    for (const s of this.seats) clearGrace(s)
    const ids = [...this.clients.keys()]
    this.closed = true
    this.storage.close()
    for (const id of ids) this.deliver(id, { event: 'table.snapshot', payload: null })
    this.clients.clear()
    this.emit('closed')
    await this.storage.flush() // a hand's end may still be writing the table in the background
  }

  // ------------------------------------------------------------------------------------------------
  // Internals

  private rules(): RuleOptions {
    return this.state ? this.state.rules : resolveRules(this.rulesPatch)
  }

  /**
   * `facts`' class: getters over a table's own fields, so what table-outputs.ts reads is always the table as it
   * stands now. One class for every table (a static, inside this class so that it may read the private fields): its
   * getters live on one prototype. (An object literal of getters per table gave each table's facts a map of its
   * own — V8 keeps a literal's accessors in its map — and table-outputs.ts's reads went megamorphic at 50 tables:
   * +1 µs an action in `npm run bench:table -- --host-only`.)
   */
  private static readonly Facts = class implements TableFacts {
    constructor(private readonly host: TableHost) {}
    get tableId() { return this.host.tableId }
    get mode() { return this.host.mode }
    get name() { return this.host.name }
    get status() { return this.host.status }
    get state() { return this.host.state }
    get seats() { return this.host.seats }
    get clients() { return this.host.clients }
    get recent() { return this.host.recent }
    get rules() { return this.host.rules() }
    get hostKey() { return this.host.hostKey }
    get dropPolicy() { return this.host.dropPolicy }
    get graceMs() { return this.host.graceMs }
    get handReady() { return this.host.handReady }
    get autoDealSeconds() { return this.host.autoDealSeconds }
    get hintsOn() { return this.host.hintsOn }
    get pausedSeat() { return this.host.pausedSeat() }
    get botDelayMs() { return this.host.botDelay() }
    get botDelayOverride() { return this.host.botDelayOverride }
    get turnDeadline() { return this.host.turns.deadline }
    get storageProblem() { return this.host.storage.problem }
    get seed() { return this.host.seed }
    get startedAt() { return this.host.startedAt }
    chat() { return this.host.chatRoom.messages() }
    joinUrls() { return this.host.opts.joinUrls?.() ?? [] }
    now() { return this.host.now() }
  }

  private deliver(clientId: string, event: ApiEvent): void {
    try {
      this.opts.deliver(clientId, event)
    } catch (err) {
      this.warn(`[table] delivery to ${clientId} failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  private newClient(id: string, name: string, host: boolean): Client {
    const c: Client = { id, seat: null, host, spectator: false, name, chatTimes: [], wantsRematch: false }
    this.clients.set(id, c)
    return c
  }

  /** Puts `client` in `seat`, detaching whoever held it (an older connection of the same player). */
  private bindSeat(seat: number, client: Client): void {
    const s = this.seats[seat]
    if (s.clientId && s.clientId !== client.id) {
      const old = this.clients.get(s.clientId)
      if (old) {
        this.clients.delete(old.id)
        this.deliver(old.id, { event: 'table.snapshot', payload: null })
      }
    }
    client.seat = seat
    s.clientId = client.id
    clearGrace(s)
    if (s.autoPlayed && s.kind === 'human') s.autoPlayed = false
    if (this.status === 'playing') {
      // Back from a drop (or reclaimed from the host's auto-play): play goes on from here.
      this.turns.cancelBot()
      this.schedule()
    }
  }

  private unbindClient(client: Client): void {
    if (client.seat !== null && this.seats[client.seat]?.clientId === client.id) {
      this.seats[client.seat].clientId = null
      this.dropped(client.seat)
    }
    client.seat = null
  }

  private removeLobbySeat(seat: number): void {
    clearGrace(this.seats[seat])
    this.seats.splice(seat, 1)
    for (const c of this.clients.values()) if (c.seat !== null && c.seat > seat) c.seat -= 1
  }

  private newGameKey(): string {
    return this.opts.gameKey?.() ?? newSeed()
  }

  /** Bots and timers go on from the table as it now is (turn-scheduler.ts). */
  private schedule(): void {
    this.turns.schedule()
  }

  /** The table as its scheduler sees it. */
  private turnTable(): TurnTable {
    return {
      tableId: this.tableId,
      game: () => (this.closed ? null : this.state),
      inPlay: () => !this.closed && this.status === 'playing' && !this.storage.problem,
      pausedSeat: () => this.pausedSeat(),
      seatCount: () => this.seats.length,
      isHumanControlled: (seat) => this.isHumanControlled(seat),
      botLevel: (seat) => this.seats[seat].botLevel,
      botDelay: () => this.botDelay(),
      autoDealSeconds: () => this.autoDealSeconds,
      handHistory: () => this.history.slice(this.handStart),
      accept: (seat, action) => this.accept(seat, action),
      now: () => this.now(),
      warn: (m) => this.warn(m),
    }
  }

  private isHumanControlled(seat: number): boolean {
    return isHumanControlled(this.seats[seat])
  }

  /** A human seat lost its client. In play: pause, grace period, then the drop policy. */
  private dropped(seat: number): void {
    const s = this.seats[seat]
    if (s.kind !== 'human' || s.autoPlayed) return
    if (this.status === 'lobby') s.ready = s.isHost
    this.startGrace(seat)
    if (this.status !== 'playing') return
    if (this.state?.stage === 'handOver') {
      // Between hands a drop pauses nothing: the others' ready-up (and an auto-deal countdown) goes on.
      this.handReady.delete(seat)
      if (!this.dealIfAllReady()) this.schedule()
      return
    }
    this.turns.stop()
  }

  private startGrace(seat: number): void {
    const s = this.seats[seat]
    const ms = this.status === 'lobby' && !s.isHost ? Math.min(this.graceMs, this.opts.lobbyGraceMs ?? LOBBY_GRACE_MS) : this.graceMs
    startGrace(s, ms, this.now(), () => this.graceOver(s))
  }

  private graceOver(s: Seat): void {
    // Found by identity: lobby seats removed meanwhile shift the indices.
    const seat = this.seats.indexOf(s)
    if (this.closed || seat < 0 || s.clientId !== null) return
    s.graceTimer = null
    s.graceEndsAt = null
    // In the lobby the seat is freed for someone else (the player can simply join again).
    if (this.status === 'lobby') {
      if (!s.isHost) this.removeLobbySeat(seat)
    } else this.applyDropPolicy(seat, this.dropPolicy)
    this.changed()
  }

  private applyDropPolicy(seat: number, policy: DropPolicy, level?: BotLevel): void {
    const s = this.seats[seat]
    clearGrace(s)
    if (this.status === 'lobby') {
      if (policy !== 'wait' && !s.isHost) this.removeLobbySeat(seat)
      return
    }
    if (policy === 'wait') return // stays paused: the host may decide later (lobby.dropPolicy with seat)
    s.autoPlayed = true
    s.botLevel = level ?? (policy === 'bot' ? 'medium' : 'easy')
    // `remove`: the engine has no rule for a player leaving mid-game, so the seat stays and the host plays
    // it; the player cannot come back.
    if (policy === 'remove') s.token = null
    this.storage.writeWhole() // the seat changed hands: a restarted host must know (a revoked token stays revoked)
    this.schedule()
  }

  /** The first human seat play waits for (dropped, not auto-played), or null. */
  private pausedSeat(): number | null {
    if (this.status !== 'playing') return null
    const i = firstDroppedSeat(this.seats)
    return i < 0 ? null : i
  }

  private begin(seed: string): void {
    this.seed = seed
    const state = newGame({ players: this.seats.map((s) => s.name), seed, rules: this.rulesPatch, tableId: this.tableId })
    this.state = state
    // newGame deals the first hand without events; report it like every later deal (dealNextHand), so the
    // log, animations and bots see the first `handDealt` too.
    const first = nextSeat(state, state.dealer)
    const dealt: GameEvent[] = [{ type: 'handDealt', handNumber: state.handNumber, dealer: state.dealer, upcard: state.discard[0] ?? null, seats: seatsInHand(state), commitment: state.commitments[0] }]
    if (state.stage === 'draw' && state.turn !== first) dealt.push({ type: 'turnSkipped', seat: first })
    this.history = dealt.slice()
    this.handStart = 0
    const batch = makeBatch(state.version, dealt, [])
    // One rule for the host's list and for clients that rebuild it from updates (protocol 2's deltas).
    this.recent = appendBatches(this.recent, [batch])
    this.status = 'playing'
    this.turns.reset()
    this.handReady.clear()
    this.leaving.clear()
    for (const c of this.clients.values()) c.wantsRematch = false
    this.startedAt = this.now()
    this.record = null
    this.storage.writeWhole()
    for (const c of this.clients.values()) this.deliver(c.id, { event: 'table.events', payload: batchFor(batch, c.seat) })
    // Timers first, so the snapshots carry this turn's deadline (bots answer asynchronously, after them).
    this.schedule()
    this.changed()
  }

  /** The only place the game changes: engine.apply, then save, tell everyone, and let bots/timers go on. */
  private accept(seat: number, action: Action): ApiResult<null> {
    const before = this.state!
    const r = apply(before, seat, action)
    if (!r.ok) return fail('RULES', r.error.message, { engineCode: r.error.code })
    const after = r.state
    // Durable before anyone hears of it: the journal line is written, or the move is refused and play waits.
    if (!this.storage.journal(seat, action)) return fail('PAUSED', `play is paused: the host cannot save the game (${this.storage.problem})`)
    const secrets: BatchSecret[] = []
    for (let index = 0; index < r.events.length; index++) {
      const e = r.events[index]
      if (e.type === 'drew' && e.from !== 'discard' && e.card === undefined) {
        const hand = after.players[e.seat].hand
        if (hand.length > before.players[e.seat].hand.length) secrets.push({ index, seat: e.seat, card: hand[hand.length - 1] })
      }
    }
    this.state = after
    if (after.stage !== 'handOver') this.handReady.clear()
    for (const e of r.events) {
      if (e.type === 'handDealt') this.handStart = this.history.length
      this.history.push(e)
    }
    const batch = makeBatch(after.version, r.events, secrets)
    this.recent = appendBatches(this.recent, [batch])
    if (after.stage === 'gameOver') this.status = 'over'
    this.turns.moved(after)
    // A hand's end compacts the journal into the save (the disk's part in the background: the journal holds every move).
    if (after.stage === 'handOver' || after.stage === 'gameOver') this.storage.writeWholeSoon()
    for (const c of this.clients.values())
      this.deliver(c.id, { event: 'table.events', payload: batchFor(batch, c.seat) })
    this.schedule() // before the snapshots: they carry the new turn's deadline
    this.changed()
    if (after.stage === 'handOver') this.applyLeaves() // seats removed "at the next hand" go now
    // Only the move that ends the game records it: a save resumed after its end never records again.
    if (after.stage === 'gameOver' && before.stage !== 'gameOver') this.recordGame()
    return ok(null)
  }

  /** Builds the finished game's record and hands it to the history; a failure is logged, never the game's. */
  private recordGame(): void {
    const record = this.gameRecord()
    if (record) this.emit('gameRecorded', record)
  }

  /** The finished game's record (built once), or null before the end or when its log does not replay. */
  private gameRecord(): GameRecord | null {
    if (this.record) return this.record
    try {
      this.record = gameRecordFrom(this.facts)
    } catch (err) {
      this.warn(`history: cannot record table ${this.tableId}'s game: ${err instanceof Error ? err.message : String(err)}`)
    }
    return this.record
  }

  /** `table.record`: the finished game's record, for any member of the table (seat, spectator, the host). */
  recordFor(clientId: string): ApiResult<GameRecord> {
    if (!this.clients.has(clientId) || this.closed) return fail('NO_TABLE', 'you are not at this table')
    if (this.status !== 'over') return fail('WRONG_STATUS', 'the game is not over')
    const record = this.gameRecord()
    return record ? ok(record) : fail('INTERNAL', "the game's record could not be built")
  }

  toSave(): SaveFile {
    return saveFileOf(this.facts)
  }

  /** Every client its snapshot (at once, or in the next coalesced round: snapshot-rounds.ts); discovery its info when that changed. */
  private changed(): void {
    if (this.closed) return
    this.rounds.changed()
    const info = this.info()
    if (!this.lastInfo || !sameInfo(info, this.lastInfo)) {
      this.lastInfo = info
      this.emit('changed', info)
    }
  }
}
