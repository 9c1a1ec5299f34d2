/**
 * bench:table's measurement (tools/bench-table.ts is its command line): N tables × 6 clients in one process.
 * See the command's header for what is timed and why the minimum over rounds is reported.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PerformanceObserver } from 'node:perf_hooks'
import { PROTOCOL_VERSION, type ApiEvent, type TableSnapshot } from '@shared/api'
import { createRpcChannel, type WebSocketLike } from '@shared/api/ws-client'
import { SnapshotStream } from '../../src/main/net/snapshot-stream'
import { InProcessBotRunner } from '../../src/main/session/bot-runner'
import { SaveStore } from '../../src/main/session/saves'
import { TableHost } from '../../src/main/session/table-host'
import { viewFor } from '@shared/engine/views'
import { benchMove, type BenchPlay } from './lan-moves'

export interface TableBenchOptions {
  tables: number
  rounds: number
  /** Actions per round (all tables together). */
  acts: number
  /** The journal on, in a temporary folder (as the LAN host has it). */
  saves: boolean
  /**
   * The clients do not decode (their frames are only counted; each picks its move from the snapshot the host
   * handed its stream): the process then allocates and keeps only what a host does, for `--trace-gc-nvp`.
   */
  hostOnly?: boolean
  /**
   * Called when the measured rounds begin and again when they end, before the tables close (with everything
   * they hold still alive): e.g. a sampling heap profiler's start and stop (bench-table.ts `--heap-profile`).
   */
  window?: (edge: 'start' | 'end') => Promise<void>
  /** The clients' player (lan-moves.ts): `cheap` (default) never lays down; `quick` plays whole hands. */
  play?: BenchPlay
}

/** Per action, µs: the host (TableHost.act and every stream's encoding), the clients (decoding), the process's CPU, GC pauses. */
export interface RoundFigures {
  hostUs: number
  clientsUs: number
  cpuUs: number
  gcUs: number
  gcMaxMs: number
}

export interface TableBenchResult {
  options: TableBenchOptions
  min: RoundFigures
  median: RoundFigures
  perRound: RoundFigures[]
  bytesPerClientAct: number
  framesPerClientAct: number
  /**
   * What a table and its 6 clients keep alive between actions, KB (the heap after a full collection with the
   * tables open minus after they closed): only with `node --expose-gc`, else null. What stays live is what
   * every young-generation collection copies.
   */
  liveKbPerTable: number | null
  /** Hands dealt after the first in the games the tables are playing at the end (0 with the `cheap` player). */
  handsEnded: number
}

interface Client {
  id: string
  stream: SnapshotStream
  /** The browser's and the joining desktop's decoder itself (ws-client.ts), on a socket this bench feeds. */
  socket: WebSocketLike
  snapshot: TableSnapshot | null
  /** Frames waiting to be decoded (the socket's receive buffer). */
  inbox: string[]
}

interface Table {
  host: TableHost
  clients: Client[]
  /** What the clients received (shared by all tables of a run). */
  bytes: { sent: number; frames: number }
  hostOnly: boolean
  play: BenchPlay
}

function newClient(id: string): Client {
  const socket: WebSocketLike = {
    readyState: 1,
    // The channel only sends when its decoder lost the stream (`table.resync`): a bench bug.
    send: (data) => {
      throw new Error(`${id} lost the stream: ${data}`)
    },
    close: () => {},
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  }
  const c: Client = {
    id,
    socket,
    snapshot: null,
    inbox: [],
    stream: new SnapshotStream(
      (frame) => c.inbox.push(JSON.stringify(frame)),
      (text) => c.inbox.push(text),
    ),
  }
  createRpcChannel(socket).onEvent((event, payload) => {
    if (event === 'table.snapshot') c.snapshot = payload as TableSnapshot
  })
  return c
}

/** The client side of every frame that came, through the clients' own code (`hostOnly`: only counted). */
function decode(c: Client, bytes: { sent: number; frames: number }, hostOnly: boolean): void {
  for (const text of c.inbox) {
    bytes.sent += text.length
    bytes.frames++
    if (!hostOnly) c.socket.onmessage!({ data: text })
  }
  c.inbox.length = 0
}

async function openTable(i: number, dataDir: string | null, bytes: { sent: number; frames: number }, hostOnly: boolean, play: BenchPlay): Promise<Table> {
  const clients = new Map<string, Client>()
  const deliver = (to: string, e: ApiEvent) => {
    const c = clients.get(to)
    if (!c) return
    // --host-only: only what picking a move needs, not the snapshot (holding it would keep alive what the
    // host lets die young: a real host's clients are other processes).
    if (hostOnly && e.event === 'table.snapshot') c.snapshot = e.payload && liteOf(e.payload as TableSnapshot)
    c.stream.push(e.event, e.payload)
  }
  const host = new TableHost({
    tableId: `bench${i}`,
    name: `Bench ${i}`,
    mode: 'lan',
    bots: new InProcessBotRunner(),
    deliver,
    botDelayMs: () => 0,
    saves: dataDir ? new SaveStore(join(dataDir, `t${i}`), () => {}) : null,
    warn: () => {},
  })
  const list: Client[] = []
  for (let s = 0; s < 6; s++) {
    const c = newClient(s === 0 ? 'local' : `ws:${s}`)
    clients.set(c.id, c)
    list.push(c)
    if (s === 0) host.attachHost(c.id, 'Host')
    else {
      const r = host.join(c.id, { protocol: PROTOCOL_VERSION, name: `P${s}` })
      if (!r.ok) throw new Error(r.error.message)
      host.setReady(c.id, true)
    }
  }
  const started = host.start(`bench-${i}`)
  if (!started.ok) throw new Error(started.error.message)
  for (const c of list) {
    c.stream.flush()
    decode(c, bytes, hostOnly)
  }
  return { host, clients: list, bytes, hostOnly, play }
}

/** A snapshot's fields the bench's player reads besides the view (`--host-only` keeps only these). */
function liteOf(s: TableSnapshot): TableSnapshot {
  return { status: s.status, paused: s.paused, handReady: s.handReady, version: s.version, mySeat: s.mySeat, view: null } as unknown as TableSnapshot
}

/** `--host-only`: the client's snapshot for its move, its view made now from the table's state. */
function withView(t: Table, lite: TableSnapshot): TableSnapshot | null {
  const state = t.host.engineState
  if (!state || lite.mySeat === null) return lite
  if (lite.status === 'playing' && state.stage !== 'handOver' && state.turn !== lite.mySeat) return null
  return { ...lite, version: state.version, view: viewFor(state, lite.mySeat) } as TableSnapshot
}

/** One action at table `t` by whoever has one; false when nobody had. */
function step(t: Table, clock: { host: number; clients: number }): boolean {
  for (const c of t.clients) {
    const snap = c.snapshot && t.hostOnly ? withView(t, c.snapshot) : c.snapshot
    if (!snap) continue
    const t0 = performance.now()
    let r
    if (snap.status === 'over') {
      if (c.id !== 'local') continue
      r = t.host.rematch(c.id, true)
    } else {
      const action = benchMove(snap, t.play)
      if (!action) continue
      r = t.host.act(c.id, snap.version, action)
    }
    for (const x of t.clients) x.stream.flush()
    const t1 = performance.now()
    for (const x of t.clients) decode(x, t.bytes, t.hostOnly)
    clock.host += t1 - t0
    clock.clients += performance.now() - t1
    if (!r.ok) throw new Error(`${c.id}: ${r.error.code} ${r.error.message}`)
    return true
  }
  return false
}

export async function benchTable(o: TableBenchOptions): Promise<TableBenchResult> {
  const dataDir = o.saves ? await mkdtemp(join(tmpdir(), 'p10-bench-table-')) : null
  const gc = { ms: 0, max: 0 }
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.ms += e.duration
      gc.max = Math.max(gc.max, e.duration)
    }
  })
  observer.observe({ entryTypes: ['gc'] })
  const bytes = { sent: 0, frames: 0 }
  const tables: Table[] = []
  try {
    for (let i = 0; i < o.tables; i++) tables.push(await openTable(i, dataDir, bytes, o.hostOnly ?? false, o.play ?? 'cheap'))
    const rounds: RoundFigures[] = []
    let next = 0
    // Round 0 warms the JIT up and is not counted.
    for (let round = 0; round <= o.rounds; round++) {
      const clock = { host: 0, clients: 0 }
      const cpu = process.cpuUsage()
      gc.ms = 0
      gc.max = 0
      if (round === 1) {
        bytes.sent = bytes.frames = 0
        await o.window?.('start')
      }
      let done = 0
      let idle = 0
      while (done < o.acts) {
        const t = tables[next]
        next = (next + 1) % tables.length
        if (step(t, clock)) {
          done++
          idle = 0
        } else if (++idle > tables.length) {
          // Every table waits for something (a timer): let the loop run.
          await new Promise((r) => setImmediate(r))
          idle = 0
        }
      }
      // The streams' queued microtask flushes, outside the clock.
      await new Promise((r) => setImmediate(r))
      const used = process.cpuUsage(cpu)
      if (round > 0)
        rounds.push({
          hostUs: (1000 * clock.host) / o.acts,
          clientsUs: (1000 * clock.clients) / o.acts,
          cpuUs: (used.user + used.system) / o.acts,
          gcUs: (1000 * gc.ms) / o.acts,
          gcMaxMs: gc.max,
        })
    }
    const pick = (f: (xs: number[]) => number): RoundFigures => ({
      hostUs: f(rounds.map((r) => r.hostUs)),
      clientsUs: f(rounds.map((r) => r.clientsUs)),
      cpuUs: f(rounds.map((r) => r.cpuUs)),
      gcUs: f(rounds.map((r) => r.gcUs)),
      gcMaxMs: f(rounds.map((r) => r.gcMaxMs)),
    })
    await o.window?.('end')
    let handsEnded = 0
    for (const t of tables) handsEnded += (t.host.engineState?.handNumber ?? 1) - 1
    const clientActs = o.rounds * o.acts * 6
    const collect = (globalThis as { gc?: () => void }).gc
    let liveKbPerTable: number | null = null
    if (collect) {
      collect()
      const open = process.memoryUsage().heapUsed
      await Promise.all(tables.map((t) => t.host.close()))
      tables.length = 0
      collect()
      liveKbPerTable = (open - process.memoryUsage().heapUsed) / 1024 / o.tables
    }
    return {
      options: o,
      min: pick((xs) => Math.min(...xs)),
      median: pick((xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]),
      perRound: rounds,
      bytesPerClientAct: bytes.sent / clientActs,
      framesPerClientAct: bytes.frames / clientActs,
      liveKbPerTable,
      handsEnded,
    }
  } finally {
    observer.disconnect()
    await Promise.all(tables.map((t) => t.host.close()))
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }
}
