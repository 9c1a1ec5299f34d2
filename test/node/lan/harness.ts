/**
 * Test harness for LAN tables: a headless host in this process (in-process bots, no delay), scripted ws
 * clients, and a recorder of every frame the host sends each client together with the engine state at that
 * moment (for the secrecy checks).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { decide } from '@shared/ai'
import {
  PROTOCOL_VERSION,
  WS_PATH,
  tableSnapshotSchema,
  type ApiResult,
  type TableSnapshot,
} from '@shared/api'
import { applyUpdate, tableUpdateSchema } from '@shared/api/deltas'
import type { Action } from '@shared/engine/actions'
import type { GameState } from '@shared/engine/state'
import { startHostServer, type HostServer, type HostServerOptions } from '../../../src/main/net/host-server'
import { InProcessBotRunner } from '../../../src/main/session/bot-runner'

export interface SentFrame {
  text: string
  /** The engine state when the frame left the host (states are immutable: a reference is a snapshot). */
  state: GameState | null
}

export interface TestHost {
  host: HostServer
  dataDir: string
  wsUrl: string
  /** Outbound frames per server-side connection, in order. */
  sent: SentFrame[][]
  state(): GameState | null
  stop(): Promise<void>
}

/** A headless host for tests: loopback, any free port, in-process bots with no delay, no warnings; `extra` wins. */
export function testHostOptions(dataDir: string, extra: Partial<HostServerOptions> = {}): HostServerOptions {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    staticDir: dataDir,
    app: { name: 'Phase 10', version: '0.0.0-test' },
    bots: new InProcessBotRunner(),
    botDelayMs: 0,
    warn: () => {},
    ...extra,
  }
}

export async function startTestHost(opts: Partial<HostServerOptions> & { dataDir?: string } = {}): Promise<TestHost> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'p10-lan-')))
  const host = await startHostServer(
    testHostOptions(dataDir, {
      table: { tableName: 'Test table' },
      // Scripted clients play far faster than people; the rate-limit test uses the defaults.
      ws: { ratePerSecond: 100_000, burst: 100_000 },
      ...opts,
      dataDir,
    }),
  )
  const sent: SentFrame[][] = []
  const state = () => host.services.table.host()?.engineState ?? null
  host.wss.on('connection', (socket) => {
    const log: SentFrame[] = []
    sent.push(log)
    const original = socket.send.bind(socket) as (data: unknown, ...rest: unknown[]) => void
    // Each update is also logged as the whole snapshot it makes (so the secrecy check sees every view).
    let held: TableSnapshot | null = null
    ;(socket as unknown as { send: (data: unknown, ...rest: unknown[]) => void }).send = (data, ...rest) => {
      const text = String(data)
      log.push({ text, state: state() })
      const frame = JSON.parse(text) as Frame
      if (frame.type === 'event' && frame.event === 'table.snapshot') held = frame.payload as TableSnapshot | null
      if (frame.type === 'event' && frame.event === 'table.update' && held) {
        const r = applyUpdate(held, tableUpdateSchema.parse(frame.payload), (x): x is TableSnapshot => tableSnapshotSchema.safeParse(x).success)
        held = r.ok ? r.snapshot : null
        if (r.ok) log.push({ text: JSON.stringify({ type: 'event', event: 'table.snapshot', payload: r.snapshot }), state: state() })
      }
      original(data, ...rest)
    }
  })
  return {
    host,
    dataDir,
    wsUrl: host.url.replace(/^http/, 'ws').replace(/\/$/, '') + WS_PATH,
    sent,
    state,
    stop: async () => {
      await host.close()
      if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true })
    },
  }
}

type Frame = { type: 'response'; id: number; result: ApiResult<unknown> } | { type: 'event'; event: string; payload: unknown }

/** A scripted client speaking the wire format directly (what docs/protocol.md describes). */
export class TestClient {
  readonly ws: WebSocket
  /** The frames as they came (protocol 2: `table.update` deltas). */
  readonly wire: Frame[] = []
  /** The same, each `table.update` read back as the `table.events` and whole `table.snapshot` it stands for. */
  readonly received: Frame[] = []
  snapshot: TableSnapshot | null = null
  private rev = 0
  private base: TableSnapshot | null = null
  token: string | null = null
  closed = false
  closeCode: number | null = null
  private nextId = 1
  private readonly pending = new Map<number, (r: ApiResult<unknown>) => void>()
  private readonly waiters = new Set<() => void>()

  private constructor(ws: WebSocket) {
    this.ws = ws
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame
      this.wire.push(frame)
      for (const f of this.decode(frame)) {
        this.received.push(f)
        if (f.type === 'response') {
          const done = this.pending.get(f.id)
          this.pending.delete(f.id)
          done?.(f.result)
        } else if (f.event === 'table.snapshot') this.snapshot = f.payload as TableSnapshot | null
      }
      for (const w of [...this.waiters]) w()
    })
    ws.on('close', (code) => {
      this.closed = true
      this.closeCode = code
      for (const done of this.pending.values()) done({ ok: false, error: { code: 'DISCONNECTED', message: 'closed' } })
      this.pending.clear()
      for (const w of [...this.waiters]) w()
    })
  }

  /** Protocol 2's deltas applied the way docs/protocol.md says (a failure here is a host bug: it throws). */
  private decode(frame: Frame): Frame[] {
    if (frame.type !== 'event' || frame.event !== 'table.update') {
      if (frame.type === 'event' && frame.event === 'table.snapshot') {
        this.rev = 0
        this.base = frame.payload as TableSnapshot | null
      }
      return [frame]
    }
    // The base is the last snapshot the stream carried (not a response's snapshot, which may be newer).
    const update = tableUpdateSchema.parse(frame.payload)
    if (!this.base || update.base !== this.rev) throw new Error(`table.update for revision ${update.base}, holding ${this.base ? this.rev : 'nothing'}`)
    const r = applyUpdate(this.base, update, (x): x is TableSnapshot => tableSnapshotSchema.safeParse(x).success)
    if (!r.ok) throw new Error(`table.update ${update.rev}: ${r.reason}`)
    this.rev = update.rev
    this.base = r.snapshot
    return [...update.batches.map((b): Frame => ({ type: 'event', event: 'table.events', payload: b })), { type: 'event', event: 'table.snapshot', payload: r.snapshot }]
  }

  static connect(url: string, headers: Record<string, string> = {}, options: WebSocket.ClientOptions = {}): Promise<TestClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers, ...options })
      const client = new TestClient(ws)
      ws.once('open', () => resolve(client))
      ws.once('error', reject)
    })
  }

  request<T = unknown>(name: string, params: unknown = {}): Promise<ApiResult<T>> {
    const id = this.nextId++
    return new Promise((resolve) => {
      this.pending.set(id, resolve as (r: ApiResult<unknown>) => void)
      this.ws.send(JSON.stringify({ type: 'request', id, name, params }))
    })
  }

  /** Sends anything; resolves with the next response frame (bad frames are answered with id -1 or their id). */
  raw(data: string | Buffer, binary = false): Promise<Frame | null> {
    const before = this.received.length
    this.ws.send(data, { binary })
    return this.until(() => this.received.slice(before).find((f) => f.type === 'response') ?? (this.closed ? null : undefined))
  }

  async join(name: string, extra: Record<string, unknown> = {}): Promise<ApiResult<{ token: string | null; snapshot: TableSnapshot }>> {
    const r = await this.request<{ token: string | null; snapshot: TableSnapshot }>('table.join', { protocol: PROTOCOL_VERSION, name, ...extra })
    if (r.ok) {
      this.token = r.value.token
      this.snapshot = r.value.snapshot
    }
    return r
  }

  /** Resolves with the first non-undefined value of `check`, re-evaluated after every frame. */
  until<T>(check: () => T | undefined, ms = 10_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const first = check()
      if (first !== undefined) return resolve(first)
      const timer = setTimeout(() => {
        this.waiters.delete(w)
        reject(new Error(`timed out after ${ms} ms`))
      }, ms)
      const w = () => {
        const v = check()
        if (v === undefined) return
        clearTimeout(timer)
        this.waiters.delete(w)
        resolve(v)
      }
      this.waiters.add(w)
    })
  }

  close(): void {
    this.ws.close()
  }

  /** Calls `w` after every frame (and on close) until the returned function is called. */
  watch(w: () => void): () => void {
    this.waiters.add(w)
    return () => this.waiters.delete(w)
  }
}

/** Like `until`, re-checked after a frame on any of `clients`. */
export function untilAny<T>(clients: TestClient[], check: () => T | undefined, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const first = check()
    if (first !== undefined) return resolve(first)
    const offs: (() => void)[] = []
    const timer = setTimeout(() => {
      for (const off of offs) off()
      reject(new Error(`timed out after ${ms} ms`))
    }, ms)
    const w = () => {
      const v = check()
      if (v === undefined) return
      clearTimeout(timer)
      for (const off of offs) off()
      resolve(v)
    }
    for (const c of clients) offs.push(c.watch(w))
  })
}

/** What a scripted human plays from its own view: the Easy bot's move (or `null`: nothing to do now). */
export function humanMove(snapshot: TableSnapshot, salt: string): Action | null {
  const view = snapshot.view
  if (!view || view.seat === null || snapshot.status !== 'playing' || snapshot.paused) return null
  if (view.stage !== 'handOver' && view.turn !== view.seat) return null
  return decide({ level: 'easy', view: view as never, history: [], salt })
}

/**
 * Plays every client's turns (as `humanMove` says) until the game is over or `stopWhen` holds.
 * Answers other than STALE_VERSION / RULES NOT_YOUR_TURN / HAND_NOT_OVER races fail the test.
 */
export async function playUntil(clients: TestClient[], stopWhen: (s: TableSnapshot) => boolean = (s) => s.status === 'over', ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms
  let lastRefusal = ''
  let acts = 0
  let waits = 0
  while (Date.now() < deadline) {
    const snap = clients[0].snapshot
    // Decide on a settled table: every client has heard the same version.
    const settled = clients.every((c) => c.snapshot?.version === snap?.version)
    if (snap && settled && stopWhen(snap)) return
    let acted = false
    for (const c of settled ? clients : []) {
      const s = c.snapshot
      if (!s || !s.view) continue
      const action = humanMove(s, `p${s.mySeat}`)
      if (!action) continue
      const r = await c.request<{ version: number }>('table.act', { version: s.version, action })
      if (!r.ok && r.error.code !== 'STALE_VERSION' && !(r.error.code === 'RULES' && ['NOT_YOUR_TURN', 'HAND_NOT_OVER', 'GAME_OVER'].includes(r.error.detail?.engineCode ?? '')))
        throw new Error(`seat ${s.mySeat} ${JSON.stringify(action)} refused: ${JSON.stringify(r.error)}`)
      if (!r.ok) lastRefusal = `seat ${s.mySeat} ${JSON.stringify(action)} at version ${s.version}: ${JSON.stringify(r.error)}`
      acts++
      acted = true
    }
    if (!acted) {
      // Any new snapshot, not only a new version: a pause that ends (a player back) changes no version, and a
      // client that has not heard of it yet sees nothing to do.
      const seen = clients.map((c) => c.snapshot)
      const changed = () => (clients.some((c, i) => c.snapshot !== seen[i]) ? true : undefined)
      waits++
      await untilAny(clients, changed, Math.max(1, deadline - Date.now())).catch(() => undefined)
    }
  }
  // Where it stuck, for the report: what each client holds.
  const where = clients.map((c) => {
    const s = c.snapshot
    const v = s?.view
    const move = s ? humanMove(s, `p${s.mySeat}`) : null
    return `seat ${s?.mySeat ?? '-'} (view ${v?.seat ?? '-'}): version ${s?.version ?? '-'} status ${s?.status ?? '-'} stage ${v?.stage ?? '-'} turn ${v?.turn ?? '-'} paused ${JSON.stringify(s?.paused ?? null)} closed ${c.closed} move ${JSON.stringify(move)}`
  })
  throw new Error(`playUntil: timed out after ${acts} requests and ${waits} waits; ${where.join('; ')}; last refusal: ${lastRefusal || 'none'}`)
}
