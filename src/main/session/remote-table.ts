/**
 * RemoteTable: a joining desktop's seat at another machine's table. Plain Node (no electron).
 *
 * The main process is a WebSocket client of the host (the same GameApi frames a phone speaks, through the
 * shared client core in src/shared/api/ws-client.ts). It
 *  - connects trying the addresses in order (a discovered game's packet source first, then the advertised
 *    ones) and sends the handshake `table.join {protocol, name, token?, spectate?}`;
 *  - keeps the seat token, persisted in `<dataDir>/remote-seats.json`, so a reconnect or an app restart
 *    reclaims the same seat;
 *  - relays the table requests of its own renderer (RELAYED_REQUESTS) and the host's table events
 *    (RELAYED_EVENTS) — validating EVERYTHING the host sends with the contract's zod schemas first (the
 *    host is untrusted input: an invalid answer becomes INTERNAL, an invalid event is dropped);
 *  - notices a dead link (socket close, or a heartbeat without answer), reconnects with exponential
 *    backoff and re-joins with the token; the relayed snapshot's `connection` says 'connected' |
 *    'reconnecting' | 'disconnected' (given up, refused, or the table closed).
 */
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import WebSocket from 'ws'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import {
  PROTOCOL_VERSION,
  events as eventSchemas,
  fail,
  ok,
  requests as requestSchemas,
  tableJoinResultSchema,
  type ApiErrorCode,
  type ApiEvent,
  type ApiResult,
  type ChatMessage,
  type EventName,
  type TableSnapshot,
} from '@shared/api'
import type { Action } from '@shared/engine/actions'
import type { Hint } from '@shared/ai/explain'
import type { GameRecord } from '@shared/history/record'
import type { ConnectRemote, RemoteSession } from './session'
import { newChallenge, verifyProof } from './host-key'
import {
  createRpcChannel,
  openSocket,
  wsUrlForAddress,
  type RpcChannel,
  type WebSocketCtor,
} from '@shared/api/ws-client'

/** What a joined desktop's renderer may ask the remote host, relayed as is. */
export const RELAYED_REQUESTS = ['table.get', 'table.act', 'table.chat', 'lobby.setReady', 'table.leave', 'table.rematch', 'table.hint', 'table.record'] as const
export type RelayedRequest = (typeof RELAYED_REQUESTS)[number]
/** What the host may tell us that reaches our renderer (after validation). */
export const RELAYED_EVENTS = ['table.snapshot', 'table.events', 'table.chat', 'table.removed'] as const

export type ConnectionState = TableSnapshot['connection']

/**
 * Re-join refusals that retrying cannot fix: reconnecting stops with 'disconnected'. NO_TABLE is not one:
 * a restarting host listens a moment before it has resumed its table (a closed table says so with a
 * `table.snapshot` null, which stops us at once).
 */
const FATAL_JOIN_CODES: readonly ApiErrorCode[] = ['BAD_TOKEN', 'PROTOCOL_VERSION', 'TABLE_FULL', 'FORBIDDEN', 'BAD_REQUEST']

export interface RemoteTableOptions {
  /** Addresses to try, in order (a discovered game's `addressesOf(id)`). */
  addresses: string[]
  port: number
  /** Our player name (the handshake's `name`). */
  name: string
  spectate?: boolean
  /** An explicit seat token (else the one stored for this table/host, if any). */
  token?: string
  /** The table id, when known from discovery: picks the stored token. */
  tableId?: string
  /** Where remote-seats.json lives (the app's per-user data dir). */
  dataDir: string
  /** Called with each relayed event (validated): forward it to the renderer (EventHub/IPC). */
  onEvent: (event: ApiEvent) => void
  WebSocketImpl?: WebSocketCtor
  /** Per address, per attempt. Default 3000 ms. */
  connectTimeoutMs?: number
  /** A relayed request without an answer for this long answers DISCONNECTED. Default 10 000 ms. */
  requestTimeoutMs?: number
  /** Reconnect backoff: first delay, doubling up to max. Default 250 → 5000 ms. */
  backoff?: { initialMs: number; maxMs: number }
  /** Stop reconnecting ('disconnected') after this long. Default 10 minutes. */
  giveUpAfterMs?: number
  /** Liveness probe interval (an `app.info` that must answer within 2 × this); 0 = off. Default 5000 ms. */
  heartbeatMs?: number
  warn?: (message: string) => void
}

// ---------------------------------------------------------------------------------------------------
// Seat tokens on disk.

export const REMOTE_SEATS_FILE = 'remote-seats.json'
const seatRecordSchema = z.object({
  tableId: z.string().max(64),
  tableName: z.string().max(40),
  addresses: z.array(z.string().max(253)).max(16),
  port: z.number().int().min(1).max(65535),
  name: z.string().max(40),
  token: z.string().max(128),
  savedAt: z.number().int(),
  /** The table's host key when the token was given (session/host-key.ts): the token goes only to it. */
  hostKey: z.string().max(64).optional(),
})
export type RemoteSeatRecord = z.infer<typeof seatRecordSchema>
const seatsFileSchema = z.object({ seats: z.array(seatRecordSchema).max(50) })
const MAX_RECORDS = 20

let writeChain: Promise<unknown> = Promise.resolve()

/** Stored seats, newest first. A missing or corrupt file is an empty list (tokens are a convenience). */
export async function readRemoteSeats(dataDir: string): Promise<RemoteSeatRecord[]> {
  try {
    const parsed = seatsFileSchema.safeParse(JSON.parse(await readFile(join(dataDir, REMOTE_SEATS_FILE), 'utf8')))
    return parsed.success ? [...parsed.data.seats].sort((a, b) => b.savedAt - a.savedAt) : []
  } catch {
    return []
  }
}

/** The most recent remote seat (to offer "rejoin" after a restart), if any. */
export async function lastRemoteSeat(dataDir: string): Promise<RemoteSeatRecord | null> {
  return (await readRemoteSeats(dataDir))[0] ?? null
}

function updateRemoteSeats(dataDir: string, change: (seats: RemoteSeatRecord[]) => RemoteSeatRecord[]): Promise<void> {
  const next = writeChain.then(async () => {
    const seats = change(await readRemoteSeats(dataDir)).slice(0, MAX_RECORDS)
    await mkdir(dataDir, { recursive: true })
    await writeFileAtomic(join(dataDir, REMOTE_SEATS_FILE), `${JSON.stringify({ seats }, null, 2)}\n`)
  })
  writeChain = next.catch(() => undefined)
  return next
}

function findStoredSeat(seats: RemoteSeatRecord[], o: Pick<RemoteTableOptions, 'tableId' | 'addresses' | 'port'>): RemoteSeatRecord | undefined {
  if (o.tableId) return seats.find((s) => s.tableId === o.tableId)
  return seats.find((s) => s.port === o.port && s.addresses.some((a) => o.addresses.includes(a)))
}

// ---------------------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

export class RemoteTable implements RemoteSession {
  private channel: RpcChannel | null = null
  private current: TableSnapshot | null = null
  private connection: ConnectionState = 'disconnected'
  private token: string | null = null
  private closed = false
  private heartbeat: NodeJS.Timeout | null = null
  /** The address that answered last: tried first next time. */
  private addresses: string[]
  private readonly WebSocketImpl: WebSocketCtor
  private readonly warn: (message: string) => void
  private reconnecting: Promise<void> | null = null
  /** The key of the table we sat at (from its join answer): rejoining proves it first. */
  private bound: { tableId: string; publicKey: string } | null = null

  private constructor(private readonly options: RemoteTableOptions) {
    this.addresses = [...new Set(options.addresses)]
    this.WebSocketImpl = options.WebSocketImpl ?? (WebSocket as unknown as WebSocketCtor)
    this.warn = options.warn ?? ((m) => console.warn(`[remote-table] ${m}`))
  }

  /**
   * Connects and joins. Answers the table (use `.snapshot()`), or the host's refusal (PROTOCOL_VERSION,
   * TABLE_FULL, BAD_TOKEN…), or DISCONNECTED when no address answered.
   */
  static async connect(options: RemoteTableOptions): Promise<ApiResult<RemoteTable>> {
    const table = new RemoteTable(options)
    // A stored token without the host key it was given under (older records) is never sent: it cannot be
    // bound to the right host.
    const found = options.token ? undefined : findStoredSeat(await readRemoteSeats(options.dataDir), options)
    const stored = found?.hostKey ? found : undefined
    const explicit = options.token ?? null
    const channel = await table.openAny()
    if (!channel) return fail('DISCONNECTED', `cannot reach the host at ${options.addresses.join(', ')} port ${options.port}`)
    let joined = await table.join(channel, explicit ?? stored?.token ?? null, stored ? { tableId: stored.tableId, publicKey: stored.hostKey! } : null)
    if (!joined.ok && joined.error.code === 'FORBIDDEN' && stored && !options.tableId) {
      // Found by address only (no table asked for): another table now, or another machine. Its token stays
      // ours; we take a fresh seat here. (Asked for table X and X cannot prove itself: refused, above.)
      joined = await table.join(channel, null)
    }
    if (!joined.ok && joined.error.code === 'BAD_TOKEN' && !explicit && stored) {
      // A token from an older table of this host: forget it and take a fresh seat.
      await updateRemoteSeats(options.dataDir, (seats) => seats.filter((s) => s.token !== stored.token)).catch(() => undefined)
      joined = await table.join(channel, null)
    }
    if (!joined.ok) {
      channel.close()
      return joined
    }
    table.connection = 'connected' // the caller gets this first snapshot as the answer: nothing to relay
    table.attach(channel)
    return ok(table)
  }

  get state(): ConnectionState {
    return this.connection
  }

  /** The seat token (null for a spectator). */
  get seatToken(): string | null {
    return this.token
  }

  /** The last snapshot from the host with our `connection` state, or null. */
  snapshot(): TableSnapshot | null {
    return this.current ? { ...this.current, connection: this.connection } : null
  }

  /** Relays one of our renderer's table requests (params already validated by the dispatcher). */
  async request(name: string, params: unknown): Promise<ApiResult<unknown>> {
    if (!(RELAYED_REQUESTS as readonly string[]).includes(name)) return fail('FORBIDDEN', `${name} is not sent to a remote host`)
    const relayed = name as RelayedRequest
    if (relayed === 'table.leave') return this.leave()
    const channel = this.channel
    if (!channel || this.connection !== 'connected') {
      if (relayed === 'table.get') return ok(this.snapshot())
      return fail('DISCONNECTED', this.connection === 'reconnecting' ? 'reconnecting to the host' : 'not connected to the host')
    }
    const result = await channel.invoke(relayed, params, this.options.requestTimeoutMs ?? 10_000)
    if (!result.ok) return result
    const valid = requestSchemas[relayed].result.safeParse(result.value)
    if (!valid.success) {
      this.warn(`host answered ${relayed} with an invalid result: ${valid.error.issues[0]?.message ?? ''}`)
      return fail('INTERNAL', `the host sent an invalid answer to ${relayed}`)
    }
    if (relayed === 'table.get' || relayed === 'lobby.setReady' || relayed === 'table.rematch') {
      // Snapshot answers: keep the freshest, and report our own link state in it.
      if (valid.data) this.current = valid.data as TableSnapshot
      return ok(valid.data ? this.snapshot() : null)
    }
    return ok(valid.data)
  }

  // RemoteSession (src/main/session/session.ts): typed shorthands of `request`.
  act(version: number, action: Action): Promise<ApiResult<{ version: number }>> {
    return this.request('table.act', { version, action }) as Promise<ApiResult<{ version: number }>>
  }
  chat(text: string): Promise<ApiResult<ChatMessage>> {
    return this.request('table.chat', { text }) as Promise<ApiResult<ChatMessage>>
  }
  setReady(ready: boolean): Promise<ApiResult<TableSnapshot>> {
    return this.request('lobby.setReady', { ready }) as Promise<ApiResult<TableSnapshot>>
  }
  rematch(): Promise<ApiResult<TableSnapshot>> {
    return this.request('table.rematch', {}) as Promise<ApiResult<TableSnapshot>>
  }
  hint(): Promise<ApiResult<Hint | null>> {
    return this.request('table.hint', {}) as Promise<ApiResult<Hint | null>>
  }
  record(): Promise<ApiResult<GameRecord>> {
    return this.request('table.record', {}) as Promise<ApiResult<GameRecord>>
  }

  /** Leaves the table for good: tells the host (when connected), forgets the token, closes. */
  async leave(): Promise<ApiResult<null>> {
    const channel = this.channel
    if (channel && this.connection === 'connected') await channel.invoke('table.leave', {}, 3000)
    if (this.token) {
      const token = this.token
      await updateRemoteSeats(this.options.dataDir, (seats) => seats.filter((s) => s.token !== token)).catch(() => undefined)
    }
    this.shutDown()
    this.current = null
    this.emit({ event: 'table.snapshot', payload: null })
    return ok(null)
  }

  /** Disconnects without leaving (the token stays: the seat can be reclaimed later). */
  /** Disconnects; resolves once the seat records this table asked to write are on disk. */
  async close(): Promise<void> {
    this.shutDown()
    await writeChain
  }

  /** After 'disconnected' (gave up): try again now. */
  retry(): void {
    if (this.closed || this.connection !== 'disconnected' || !this.current) return
    void this.reconnect()
  }

  // -------------------------------------------------------------------------------------------------

  private shutDown(): void {
    this.closed = true
    this.stopHeartbeat()
    const channel = this.channel
    this.channel = null
    channel?.close()
    this.connection = 'disconnected'
  }

  private async openAny(): Promise<RpcChannel | null> {
    for (const address of this.addresses) {
      if (this.closed) return null
      const ws = await openSocket(wsUrlForAddress(address, this.options.port), this.WebSocketImpl, this.options.connectTimeoutMs ?? 3000)
      if (ws) {
        this.addresses = [address, ...this.addresses.filter((a) => a !== address)]
        return createRpcChannel(ws)
      }
    }
    return null
  }

  /**
   * `table.join`, with `token` when given. A token that belongs to a known host (`bound`) is sent only after
   * the host signed a fresh challenge with that host's key: a spoofed advert, or another machine at the same
   * address, never receives it (FORBIDDEN instead).
   */
  private async join(channel: RpcChannel, token: string | null, bound: { tableId: string; publicKey: string } | null = null): Promise<ApiResult<true>> {
    if (token && bound && !(await this.proven(channel, bound))) {
      return fail('FORBIDDEN', 'this host could not prove it is the table you sat at (its key differs): your seat token was not sent')
    }
    const params: Record<string, unknown> = { protocol: PROTOCOL_VERSION, name: this.options.name }
    if (token) params.token = token
    if (this.options.spectate) params.spectate = true
    const result = await channel.invoke('table.join', params, this.options.requestTimeoutMs ?? 10_000)
    if (!result.ok) return result
    const valid = tableJoinResultSchema.safeParse(result.value)
    if (!valid.success) return fail('INTERNAL', 'the host sent an invalid answer to table.join')
    this.token = valid.data.token
    this.current = valid.data.snapshot
    if (valid.data.snapshot.hostKey) this.bound = { tableId: valid.data.snapshot.tableId, publicKey: valid.data.snapshot.hostKey }
    if (valid.data.token) {
      const record: RemoteSeatRecord = {
        tableId: valid.data.snapshot.tableId,
        tableName: valid.data.snapshot.name,
        addresses: this.addresses.slice(0, 16),
        port: this.options.port,
        name: this.options.name,
        token: valid.data.token,
        savedAt: Date.now(),
        ...(valid.data.snapshot.hostKey ? { hostKey: valid.data.snapshot.hostKey } : {}),
      }
      await updateRemoteSeats(this.options.dataDir, (seats) => [record, ...seats.filter((s) => s.tableId !== record.tableId)]).catch((err) =>
        this.warn(`cannot save the seat token: ${err instanceof Error ? err.message : String(err)}`),
      )
    }
    return ok(true)
  }

  /** Asks the host to sign a fresh challenge and checks it with the expected key and table id. */
  private async proven(channel: RpcChannel, bound: { tableId: string; publicKey: string }): Promise<boolean> {
    const challenge = newChallenge()
    const r = await channel.invoke('host.prove', { challenge }, this.options.requestTimeoutMs ?? 10_000)
    if (!r.ok) return false
    const answer = r.value as { tableId?: unknown; publicKey?: unknown; signature?: unknown }
    if (answer.tableId !== bound.tableId || answer.publicKey !== bound.publicKey || typeof answer.signature !== 'string') return false
    return verifyProof(bound.publicKey, bound.tableId, challenge, answer.signature)
  }

  /** Makes `channel` the live link: relays its events, watches it, reports 'connected'. */
  private attach(channel: RpcChannel): void {
    this.channel = channel
    channel.onEvent((event, payload) => {
      if (this.channel === channel) this.receive(event, payload)
    })
    channel.onClose(() => {
      if (this.channel !== channel || this.closed) return
      this.channel = null
      void this.reconnect()
    })
    this.setConnection('connected')
    this.startHeartbeat(channel)
  }

  private receive(event: string, payload: unknown): void {
    if (!(RELAYED_EVENTS as readonly string[]).includes(event)) return
    const schema = eventSchemas[event as EventName]
    const valid = schema.safeParse(payload)
    if (!valid.success) {
      this.warn(`dropped an invalid ${event} event from the host`)
      return
    }
    if (event === 'table.snapshot') {
      if (valid.data === null) {
        // The host closed the table: the token is worthless now.
        const token = this.token
        if (token) void updateRemoteSeats(this.options.dataDir, (seats) => seats.filter((s) => s.token !== token)).catch(() => undefined)
        this.shutDown()
        this.current = null
        this.emit({ event: 'table.snapshot', payload: null })
        return
      }
      this.current = valid.data as TableSnapshot
      this.emit({ event: 'table.snapshot', payload: this.snapshot() })
      return
    }
    this.emit({ event, payload: valid.data } as ApiEvent)
  }

  private emit(event: ApiEvent): void {
    try {
      this.options.onEvent(event)
    } catch (err) {
      this.warn(`event listener failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  private setConnection(state: ConnectionState): void {
    if (this.connection === state) return
    this.connection = state
    if (this.current) this.emit({ event: 'table.snapshot', payload: this.snapshot() })
  }

  private startHeartbeat(channel: RpcChannel): void {
    this.stopHeartbeat()
    const every = this.options.heartbeatMs ?? 5000
    if (every <= 0) return
    this.heartbeat = setInterval(() => {
      void channel.invoke('app.info', {}, every * 2).then((r) => {
        if (r.ok || r.error.code !== 'DISCONNECTED' || this.channel !== channel) return
        // No answer: the link is dead even if TCP has not noticed. Drop it and reconnect now.
        this.warn('heartbeat unanswered: reconnecting')
        this.channel = null
        channel.close()
        void this.reconnect()
      })
    }, every)
    this.heartbeat.unref?.()
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat)
    this.heartbeat = null
  }

  private reconnect(): Promise<void> {
    if (this.reconnecting) return this.reconnecting
    this.stopHeartbeat()
    this.reconnecting = this.reconnectLoop().finally(() => {
      this.reconnecting = null
    })
    return this.reconnecting
  }

  private async reconnectLoop(): Promise<void> {
    this.setConnection('reconnecting')
    const { initialMs, maxMs } = this.options.backoff ?? { initialMs: 250, maxMs: 5000 }
    const giveUpAt = Date.now() + (this.options.giveUpAfterMs ?? 10 * 60_000)
    let delay = initialMs
    while (!this.closed) {
      await sleep(delay)
      if (this.closed) return
      const channel = await this.openAny()
      if (channel) {
        // Our token goes back only to the host that holds this table's key.
        const joined = await this.join(channel, this.token, this.bound)
        if (joined.ok && !this.closed) {
          this.attach(channel)
          return
        }
        channel.close()
        if (!joined.ok && FATAL_JOIN_CODES.includes(joined.error.code)) {
          this.warn(`rejoin refused: ${joined.error.code} ${joined.error.message}`)
          this.setConnection('disconnected')
          return
        }
      }
      if (Date.now() >= giveUpAt) {
        this.setConnection('disconnected')
        return
      }
      delay = Math.min(delay * 2, maxMs)
    }
  }
}

// ---------------------------------------------------------------------------------------------------

export interface ConnectRemoteOptions {
  dataDir: string
  /**
   * Every address worth trying for a `join.connect` target, best first (discovery's
   * `GameBrowser.addressesOf(address, port)`); default: just that address.
   */
  addressesFor?: (address: string, port: number) => string[]
  WebSocketImpl?: WebSocketCtor
  warn?: (message: string) => void
  /** Overrides for timing (tests). */
  tuning?: Pick<RemoteTableOptions, 'connectTimeoutMs' | 'requestTimeoutMs' | 'backoff' | 'giveUpAfterMs' | 'heartbeatMs'>
}

/** The services' `ConnectRemote` (src/main/session/session.ts), backed by RemoteTable. */
export function createConnectRemote(options: ConnectRemoteOptions): ConnectRemote {
  return async (params, relay) => {
    const addresses = options.addressesFor?.(params.address, params.port) ?? [params.address]
    const joined = await RemoteTable.connect({
      addresses: addresses.length > 0 ? addresses : [params.address],
      port: params.port,
      name: params.name,
      token: params.token,
      spectate: params.spectate,
      dataDir: options.dataDir,
      onEvent: relay,
      WebSocketImpl: options.WebSocketImpl,
      warn: options.warn,
      ...options.tuning,
    })
    if (!joined.ok) return joined
    const snapshot = joined.value.snapshot()
    if (!snapshot) return fail('INTERNAL', 'joined without a snapshot')
    return ok({ session: joined.value, snapshot })
  }
}
