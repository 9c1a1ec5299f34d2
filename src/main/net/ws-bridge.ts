/**
 * GameApi over WebSocket: the same `dispatch` and `events` as the Electron IPC wiring, for browsers,
 * phones and joining desktops. Frames are JSON (`wsClientFrameSchema` in, `WsServerFrame` out).
 *
 * Hardening (every bad frame is answered with an error code and changes nothing):
 * - frames over MAX_FRAME_BYTES close the connection (ws answers 1009; there is nothing to reply to);
 * - a frame that is not JSON, binary, or not a request frame answers BAD_REQUEST with its `id`, or with
 *   id -1 when it has none; it never reaches a handler;
 * - a token bucket per connection (default 30 frames/s, burst 60): over it, RATE_LIMITED; a connection
 *   that keeps going (`abuseLimit` refused frames within 10 s) is closed (1008) once the requests it had
 *   already sent are answered; every answer, refusals included, goes out in the order the frames came;
 * - ping every `heartbeatMs`; a peer that has not answered (pong or any frame) by the next ping is
 *   terminated, and its seat drops (pause + grace) like any closed socket;
 * - Host must name this machine (DNS rebinding) and Origin must match Host for browsers (cross-site
 *   WebSocket hijacking);
 * - limits (`CONNECTION_LIMITS`): connections per listener and per address (more answer 503 at the upgrade);
 *   connections that have not joined a table yet are a pool of their own whose oldest is closed (1013) when a
 *   new one needs the room — idle sockets can never lock players out; a client that does not read (its
 *   `bufferedAmount` above the limit) is dropped, and its seat is handled like any dropped seat.
 * - table events and snapshots go out as `table.update` deltas (src/main/net/snapshot-stream.ts); the
 *   bridge itself answers `table.resync` (the connection's snapshot now, whole).
 * Each connection is client `ws:<n>`; it is the host operator if its upgrade carried the operator cookie
 * (`p10op`, set by the headless host's `?op=TOKEN` page) or after `host.claim`.
 */
import type { IncomingMessage, Server } from 'node:http'
import { WebSocketServer, type WebSocket } from 'ws'
import { WS_PATH, fail, wsClientFrameSchema, type ApiResult, type TableSnapshot, type WsServerFrame } from '@shared/api'
import type { RequestContext, Services } from '../services'
import { isAllowedHost } from './host-allowlist'
import { collectNextTick } from './next-tick'
import { SnapshotStream } from './snapshot-stream'

/** 64 KiB is far above any GameApi request; larger frames are a bug or an attack. */
export const MAX_FRAME_BYTES = 64 * 1024
export const OPERATOR_COOKIE = 'p10op'

/** Defaults of the connection limits (docs/lan-design.md "Threat model"; WsBridgeOptions overrides). */
export const CONNECTION_LIMITS = {
  /** Open WebSockets per listener: 6 seats and 50 watchers per table, with room to spare. */
  maxConnections: 200,
  /** Per remote address (a phone or a desktop needs one or two; a whole family behind one NAT is rare). */
  maxPerAddress: 32,
  /** Connections that have not joined a table (nor claimed the operator role): the oldest go first. */
  maxUnjoined: 48,
  /** A client whose unsent data passes this is not reading: dropped. */
  maxBufferedBytes: 1024 * 1024,
  /** New seats (`table.join` without a token, not watching) per address per minute: seats freed from
   * ghosts cannot be re-taken at once by the same machine. */
  seatsPerAddressPerMinute: 10,
}

export interface WsBridgeOptions {
  /** Frames per second a connection may send on average (default 30). */
  ratePerSecond?: number
  /** Bucket size: frames a connection may send at once (default 60). */
  burst?: number
  /** Consecutive rate-limited frames after which the connection is closed (default 200). */
  abuseLimit?: number
  /** Heartbeat interval (default 15 s; a dead peer goes within two intervals). */
  heartbeatMs?: number
  /** The operator token the `p10op` cookie must carry (headless host). */
  operatorToken?: string
  /**
   * Requests wait for this before they are dispatched (connections are accepted at once). The headless host
   * listens before it has resumed its saved table — it must, the advert needs the bound port — so a player
   * re-joining in that moment is answered once the table is open instead of with NO_TABLE.
   */
  ready?: Promise<unknown>
  limits?: Partial<typeof CONNECTION_LIMITS>
}

/**
 * Browsers always send Origin; a page from another site must not drive the host through the player's
 * browser (cross-site WebSocket hijacking), so Origin must match Host. Non-browser clients (a desktop
 * joining via its main process, tests) send no Origin and are allowed.
 */
export function isAllowedOrigin(req: Pick<IncomingMessage, 'headers'>): boolean {
  const origin = req.headers.origin
  if (origin === undefined) return true
  try {
    return new URL(origin).host === req.headers.host
  } catch {
    return false
  }
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=')
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim()
  }
  return undefined
}

type BridgeServices = Pick<Services, 'dispatch' | 'events'> & { table?: Pick<Services['table'], 'clientGone'> }

let connectionCounter = 0

/** Rate-limited frames are counted over this window: `abuseLimit` of them in it close the connection. */
const ABUSE_WINDOW_MS = 10_000
/** A request the bridge answers itself (protocol 2): send this connection's last snapshot whole. */
const RESYNC = 'table.resync'

type Corkable = { cork(): void; uncork(): void }

/**
 * Sockets written to by the streams in this turn of the event loop: corked until every stream has flushed, then
 * uncorked one after the other. A change's frames to a table's clients are encoded one stream after the
 * other, a few µs apart; written as each was made, every write woke the receiving side on its own (on this
 * 2-vCPU VM a `writev` cost ~120 µs at an idle table, ~11 µs at a busy one: the wake-up).
 * The uncork is a `process.nextTick` (net/next-tick.ts): after the answer to the request that caused the change,
 * which releases the actor's socket itself (`releaseNow`), so the player who acted gets its update and answer in
 * one write before the other clients' frames go — not after five other `writev`s (protocol-edges.test checks it).
 */
const corked = new Set<Corkable>()
const uncorkSoon = collectNextTick<Corkable>((sockets) => {
  for (const tcp of sockets) if (corked.delete(tcp)) tcp.uncork()
})
/** The socket's frames go now, if the streams still hold it corked (the actor's, at its answer). */
function releaseNow(tcp: Corkable): void {
  if (corked.delete(tcp)) tcp.uncork()
}
function corkUntilFlushed(tcp: Corkable | undefined): void {
  if (!tcp || corked.has(tcp)) return
  tcp.cork()
  corked.add(tcp)
  uncorkSoon(tcp)
}

export function attachWsBridge(server: Server, services: BridgeServices, options: WsBridgeOptions = {}): WebSocketServer {
  const rate = options.ratePerSecond ?? 30
  const burst = options.burst ?? 60
  const abuseLimit = options.abuseLimit ?? 200
  // A failed start-up must not wedge every connection: requests then run and get the service's own answer.
  const ready: Promise<unknown> = (options.ready ?? Promise.resolve()).catch(() => undefined)
  const limits = { ...CONNECTION_LIMITS, ...options.limits }
  const perAddress = new Map<string, number>()
  /** Not yet at a table, oldest first (a Map keeps insertion order). */
  const unjoined = new Map<WebSocket, true>()
  const addressOf = (req: IncomingMessage) => req.socket.remoteAddress ?? '?'
  /** When each address took new seats (the last minute's). */
  const seatTimes = new Map<string, number[]>()
  /** 0 when `address` may take another seat now, else how long until it may (ms). */
  const seatWait = (address: string, now: number): number => {
    const recent = (seatTimes.get(address) ?? []).filter((t) => now - t < 60_000)
    if (recent.length) seatTimes.set(address, recent)
    else seatTimes.delete(address)
    return recent.length >= limits.seatsPerAddressPerMinute ? 60_000 - (now - recent[0]) : 0
  }
  const wss = new WebSocketServer({
    server,
    path: WS_PATH,
    maxPayload: MAX_FRAME_BYTES,
    // DNS rebinding first (the Host must name this machine), then cross-site hijacking (Origin = Host),
    // then the limits.
    verifyClient: (info: { req: IncomingMessage }, done: (ok: boolean, code?: number, message?: string, headers?: Record<string, string>) => void) => {
      if (!isAllowedHost(info.req.headers.host) || !isAllowedOrigin(info.req)) return done(false, 403, 'Forbidden')
      const busy = wss.clients.size - unjoined.size >= limits.maxConnections || (perAddress.get(addressOf(info.req)) ?? 0) >= limits.maxPerAddress
      if (busy) return done(false, 503, 'Too many connections', { 'Retry-After': '5' })
      done(true)
    },
  })
  // Every client of a broadcast gets the same payload object (spectators' snapshots): serialise it once.
  const serialised = new WeakMap<object, string>()
  /** Every frame goes out here: a client that does not read (its buffer past the limit) is dropped instead. */
  const sendText = (socket: WebSocket, text: string) => {
    if (socket.readyState !== socket.OPEN) return
    if (socket.bufferedAmount > limits.maxBufferedBytes) return socket.terminate() // its seat drops like any closed connection
    socket.send(text)
  }
  const send = (socket: WebSocket, frame: WsServerFrame) => {
    if (socket.readyState !== socket.OPEN) return
    if (frame.type === 'event' && frame.payload && typeof frame.payload === 'object') {
      const key = frame.payload as object
      let body = serialised.get(key)
      if (body === undefined) serialised.set(key, (body = JSON.stringify(frame.payload)))
      sendText(socket, `{"type":"event","event":${JSON.stringify(frame.event)},"payload":${body}}`)
    } else sendText(socket, JSON.stringify(frame))
  }
  const alive = new WeakMap<WebSocket, boolean>()

  const heartbeat = setInterval(() => {
    for (const socket of wss.clients) {
      if (alive.get(socket) === false) {
        socket.terminate()
        continue
      }
      alive.set(socket, false)
      try {
        socket.ping()
      } catch {
        socket.terminate()
      }
    }
  }, options.heartbeatMs ?? 15_000)
  heartbeat.unref()
  wss.on('close', () => clearInterval(heartbeat))

  wss.on('connection', (socket, req) => {
    const cookie = cookieValue(req.headers.cookie, OPERATOR_COOKIE)
    const ctx: RequestContext = {
      transport: 'websocket',
      clientId: `ws:${++connectionCounter}`,
      operator: options.operatorToken !== undefined && cookie === options.operatorToken,
    }
    alive.set(socket, true)
    socket.on('pong', () => alive.set(socket, true))
    const address = addressOf(req)
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1)
    if (!ctx.operator) {
      // Room for this one in the pool of connections not at a table: the oldest waits longest, it goes.
      while (unjoined.size >= limits.maxUnjoined) {
        const [oldest] = unjoined.keys()
        unjoined.delete(oldest)
        oldest.close(1013, 'too many connections: try again')
      }
      unjoined.set(socket, true)
    }
    // The TCP socket under the WebSocket. ws has no public cork; its own sender corks this same `_socket`
    // around a frame's header and payload (ws 8.23, lib/sender.js), and corks nest.
    const tcp = (socket as unknown as { _socket?: Corkable })._socket
    // Table events and snapshots become one `table.update` per change (protocol 2, shared/api/deltas.ts); the
    // frames of one change to all its clients leave together (`corkUntilFlushed`).
    const stream = new SnapshotStream(
      (frame) => {
        corkUntilFlushed(tcp)
        send(socket, frame)
      },
      (text) => {
        corkUntilFlushed(tcp)
        sendText(socket, text)
      },
    )
    const unsubscribe = services.events.subscribe((e) => stream.push(e.event, e.payload), {
      id: ctx.clientId,
      isOperator: () => ctx.operator,
    })
    let held = false
    /** Until the answer (at the latest the end of this turn of the event loop), frames to this client wait. */
    const hold = () => {
      if (held || !tcp) return
      held = true
      tcp.cork()
      setImmediate(letGo)
    }
    const letGo = () => {
      if (!held) return
      held = false
      tcp!.uncork()
      releaseNow(tcp!)
    }
    /**
     * A request's events precede its answer: whatever the stream holds goes first. Held since the request
     * began, both leave in one write: the actor's update and its answer are one system call, not two.
     */
    const respond = (id: number, result: ApiResult<unknown>) => {
      stream.flush()
      send(socket, { type: 'response', id, result })
      letGo()
    }
    let tokens = burst
    let last = Date.now()
    /** Refused (rate-limited) frames in the current window: a flood is closed even if it trickles tokens. */
    let refused = 0
    let refusedSince = Date.now()
    let closing = false
    // Requests of one connection run one at a time, in order (a client's act never overtakes its join), and
    // so are the answers to frames refused at once (malformed, rate-limited): no answer overtakes another.
    let queue: Promise<unknown> = ready
    const later = (answer: () => void) => {
      queue = queue.then(answer)
    }

    socket.on('message', (data, isBinary) => {
      alive.set(socket, true)
      const now = Date.now()
      tokens = Math.min(burst, tokens + ((now - last) / 1000) * rate)
      last = now
      let json: unknown
      try {
        json = isBinary ? undefined : JSON.parse(data.toString())
      } catch {
        json = undefined
      }
      if (closing) return
      const rawId = (json as { id?: unknown } | null | undefined)?.id
      // Any finite numeric id is echoed as sent (1.5, 1e300), so a client can match even a refusal to its frame.
      const replyId = typeof rawId === 'number' && Number.isFinite(rawId) ? rawId : -1
      if (tokens < 1) {
        if (now - refusedSince > ABUSE_WINDOW_MS) {
          refused = 0
          refusedSince = now
        }
        if (++refused >= abuseLimit) {
          // Requests already accepted are answered first; then the connection closes.
          closing = true
          later(() => socket.close(1008, 'rate limit'))
        } else later(() => respond(replyId, fail('RATE_LIMITED', 'too many messages', { retryAfterMs: Math.ceil(1000 / rate) })))
        return
      }
      tokens -= 1
      const frame = wsClientFrameSchema.safeParse(json)
      if (!frame.success) {
        later(() => respond(replyId, fail('BAD_REQUEST', isBinary ? 'binary frames are not accepted' : 'malformed request frame')))
        return
      }
      const { id, name, params } = frame.data
      const p = params as { token?: unknown; spectate?: unknown } | undefined
      const newSeat = name === 'table.join' && !ctx.operator && p?.token === undefined && !p?.spectate
      if (newSeat) {
        const wait = seatWait(address, now)
        if (wait > 0) {
          later(() => respond(id, fail('RATE_LIMITED', 'too many new seats from this address: wait a little', { retryAfterMs: wait })))
          return
        }
      }
      queue = queue.then(async () => {
        if (name === RESYNC) {
          // The connection's own stream: its snapshot now, whole (revision 0); nothing when it is at no table.
          const now = stream.atTable ? await services.dispatch('table.get', {}, ctx) : null
          stream.resync(now?.ok ? (now.value as TableSnapshot | null) : null)
          respond(id, { ok: true, value: null })
          return
        }
        hold()
        const result = await services.dispatch(name, params, ctx)
        // At a table (or the operator): out of the pool that makes room for newcomers.
        if (result.ok && (name === 'table.join' || name === 'host.claim')) unjoined.delete(socket)
        if (newSeat && result.ok && (result.value as { token?: unknown }).token) seatTimes.set(address, [...(seatTimes.get(address) ?? []), Date.now()])
        respond(id, result)
      })
    })
    socket.on('error', () => socket.terminate())
    socket.on('close', () => {
      unjoined.delete(socket)
      const left = (perAddress.get(address) ?? 1) - 1
      if (left > 0) perAddress.set(address, left)
      else perAddress.delete(address)
      unsubscribe()
      stream.close()
      services.table?.clientGone(ctx.clientId)
    })
  })
  return wss
}
