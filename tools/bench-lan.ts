/**
 * bench:lan — action round trips over real WebSockets on 127.0.0.1, and the host's memory.
 *
 *   npm run bench:lan [-- --seconds 8 --tables 50 --think-ms 20]
 *
 * A host process (this file with `--serve N`: N headless hosts = N LAN tables, each its own port, autosave
 * on, default ws limits) and this process as the clients: 6 humans per table, one of them the operator
 * (host.claim), all joined and ready, then each plays its own turns from its own snapshot (the Easy bot's
 * move, after `--think-ms`) and measures `table.act` from send to response — which includes the host's
 * version check, engine.apply, the autosave queueing and pushing events + a snapshot to all 6 seats.
 * Finished games are restarted (table.rematch). Two runs: 1 table, then `--tables`. Bounded: each run stops
 * after `--seconds`, the whole bench after a hard deadline, and the host process is always killed.
 * Targets: p99 ≤ 10 ms (1 table), ≤ 50 ms (50 tables), host RSS ≤ 300 MB.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import WebSocket from 'ws'
import { PROTOCOL_VERSION, WS_PATH, type TableSnapshot } from '../src/shared/api'
import { createRpcChannel, openSocket, type RpcChannel, type WebSocketCtor } from '../src/shared/api/ws-client'
import type { Action } from '../src/shared/engine/actions'
import { legalActions, type GameView } from '../src/shared/engine/views'

const { values } = parseArgs({
  options: {
    serve: { type: 'string' },
    seconds: { type: 'string', default: '8' },
    tables: { type: 'string', default: '50' },
    'think-ms': { type: 'string', default: '20' },
    'warmup-s': { type: 'string', default: '1.5' },
  },
})

// ---------------------------------------------------------------------------------------------------
// Host process: N headless hosts; answers "rss" on stdin with its memory; "quit" closes everything.

async function serve(n: number): Promise<void> {
  const { startHostServer } = await import('../src/main/net/host-server')
  const { InProcessBotRunner } = await import('../src/main/session/bot-runner')
  const dataDir = await mkdtemp(join(tmpdir(), 'p10-bench-lan-'))
  const hosts: Array<Awaited<ReturnType<typeof startHostServer>>> = []
  for (let i = 0; i < n; i++) {
    hosts.push(
      await startHostServer({
        port: 0,
        host: '127.0.0.1',
        dataDir: join(dataDir, `t${i}`),
        staticDir: dataDir,
        app: { name: 'Phase 10', version: 'bench' },
        bots: new InProcessBotRunner(),
        botDelayMs: 0,
        table: { tableName: `Bench ${i}` },
        warn: () => {},
      }),
    )
  }
  const out = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`)
  out({ ready: true, tables: hosts.map((h) => ({ port: h.port, operatorToken: h.operatorToken })) })
  const quit = async () => {
    await Promise.all(hosts.map((h) => h.close().catch(() => undefined)))
    await rm(dataDir, { recursive: true, force: true })
    process.exit(0)
  }
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() === 'rss') {
      const m = process.memoryUsage()
      const cpu = process.cpuUsage()
      out({ rss: m.rss, heapUsed: m.heapUsed, cpuMs: (cpu.user + cpu.system) / 1000 })
    } else if (line.trim() === 'quit') void quit()
  })
  process.stdin.on('end', () => void quit())
  setTimeout(() => void quit(), 10 * 60_000).unref() // never outlive a crashed parent for long
}

// ---------------------------------------------------------------------------------------------------
// Clients.

interface HostProc {
  proc: ChildProcess
  tables: Array<{ port: number; operatorToken: string }>
  rss(): Promise<number>
  cpuMs(): Promise<number>
  quit(): Promise<void>
}

async function startHostProcess(n: number): Promise<HostProc> {
  const self = fileURLToPath(import.meta.url)
  const loader = pathToFileURL(join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules/tsx/dist/esm/index.mjs')).href
  // BENCH_LAN_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the host process.
  const extra = (process.env.BENCH_LAN_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const proc = spawn(process.execPath, [...extra, '--import', loader, self, '--serve', String(n)], { stdio: ['pipe', 'pipe', 'inherit'] })
  const lines = createInterface({ input: proc.stdout! })
  const waiters: Array<(o: Record<string, unknown>) => void> = []
  lines.on('line', (l) => {
    try {
      const o = JSON.parse(l) as Record<string, unknown>
      waiters.shift()?.(o)
    } catch {
      // not ours
    }
  })
  const next = () => new Promise<Record<string, unknown>>((r) => waiters.push(r))
  const ready = await Promise.race([next(), new Promise<never>((_, rej) => setTimeout(() => rej(new Error('host process did not start')), 60_000))])
  return {
    proc,
    tables: ready.tables as HostProc['tables'],
    async rss() {
      proc.stdin!.write('rss\n')
      return (await next()).rss as number
    },
    async cpuMs() {
      proc.stdin!.write('rss\n')
      return (await next()).cpuMs as number
    },
    async quit() {
      proc.stdin!.write('quit\n')
      await Promise.race([new Promise((r) => proc.once('exit', r)), new Promise((r) => setTimeout(r, 3000))])
      if (proc.exitCode === null) proc.kill('SIGKILL')
    },
  }
}

interface Seat {
  channel: RpcChannel
  snapshot: TableSnapshot | null
  busy: boolean
  operator: boolean
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function moveFor(s: TableSnapshot): Action | null {
  const view = s.view
  if (!view || view.seat === null || s.status !== 'playing' || s.paused) return null
  if (view.stage !== 'handOver' && view.turn !== view.seat) return null
  // A cheap player (the clients share one process; a costly bot would inflate the measured round trips):
  // draw from the deck, discard the first card that is not a Skip. Nobody lays down, so hands run long
  // and the deck is reshuffled: the host does the same work per action as in a real game.
  if (view.stage === 'draw') return { type: 'draw', from: 'deck' }
  if (view.stage === 'handOver') return { type: 'nextHand' }
  if (view.stage === 'play') {
    const card = view.hand.find((c) => c !== 'S')
    if (card) return { type: 'discard', card }
  }
  return legalActions(view as unknown as GameView)[0] ?? null
}

async function runTables(count: number, seconds: number, thinkMs: number, warmupS: number) {
  const host = await startHostProcess(count)
  const rtts: number[] = []
  let measureFrom = Infinity
  let snapshotBytes = 0
  let snapshotCount = 0
  let acceptedActs = 0
  const errors = new Map<string, number>()
  let rssMax = await host.rss()
  let stopped = false
  const seats: Seat[][] = []
  try {
    for (const t of host.tables) {
      const table: Seat[] = []
      for (let i = 0; i < 6; i++) {
        const ws = await openSocket(`ws://127.0.0.1:${t.port}${WS_PATH}`, WebSocket as unknown as WebSocketCtor, 5000)
        if (!ws) throw new Error(`cannot connect to port ${t.port}`)
        const seat: Seat = { channel: createRpcChannel(ws), snapshot: null, busy: false, operator: i === 0 }
        seat.channel.onEvent((event, payload) => {
          if (event === 'table.snapshot') {
            seat.snapshot = payload as TableSnapshot | null
            if (++snapshotCount % 20 === 0) snapshotBytes += JSON.stringify(payload).length * 20
            void step(seat, table)
          }
        })
        if (seat.operator) await seat.channel.invoke('host.claim', { token: t.operatorToken })
        const j = await seat.channel.invoke('table.join', { protocol: PROTOCOL_VERSION, name: `P${i}` })
        if (!j.ok) throw new Error(`join: ${j.error.message}`)
        seat.snapshot = (j.value as { snapshot: TableSnapshot }).snapshot
        table.push(seat)
      }
      for (const s of table.slice(1)) await s.channel.invoke('lobby.setReady', { ready: true })
      seats.push(table)
    }

    async function step(seat: Seat, table: Seat[]): Promise<void> {
      if (stopped || seat.busy || !seat.snapshot) return
      const snap = seat.snapshot
      if (snap.status === 'over') {
        if (seat.operator) {
          seat.busy = true
          await seat.channel.invoke('table.rematch', {})
          seat.busy = false
        }
        return
      }
      const action = moveFor(snap)
      if (!action) return
      seat.busy = true
      if (thinkMs > 0) await sleep(thinkMs)
      const version = seat.snapshot?.version ?? snap.version
      const t0 = performance.now()
      const r = await seat.channel.invoke('table.act', { version, action })
      const dt = performance.now() - t0
      seat.busy = false
      if (stopped) return
      if (r.ok) {
        acceptedActs++
        if (t0 >= measureFrom) rtts.push(dt)
      }
      else {
        const key = r.error.code === 'RULES' ? `RULES ${r.error.detail?.engineCode}` : r.error.code
        errors.set(key, (errors.get(key) ?? 0) + 1)
      }
      // the next snapshot may have arrived while we were waiting
      if (seat.snapshot && seat.snapshot.version !== snap.version) void step(seat, table)
    }

    for (const table of seats) {
      const r = await table[0].channel.invoke('lobby.start', {})
      if (!r.ok) throw new Error(`start: ${r.error.code} ${r.error.message}`)
    }
    // JIT warm-up, first autosave directories…: the first moments are not measured.
    await sleep(warmupS * 1000)
    measureFrom = performance.now()
    const started = measureFrom
    const cpuFrom = await host.cpuMs()
    const actsFrom = acceptedActs
    const end = Date.now() + seconds * 1000
    while (Date.now() < end) {
      await sleep(500)
      rssMax = Math.max(rssMax, await host.rss())
    }
    const cpuPerAct = (await host.cpuMs() - cpuFrom) / Math.max(1, acceptedActs - actsFrom)
    stopped = true
    const elapsed = (performance.now() - started) / 1000
    return {
      cpuPerAct, rtts, errors, rssMax, elapsed, avgSnapshotBytes: snapshotCount ? snapshotBytes / snapshotCount : 0 }
  } finally {
    stopped = true
    for (const table of seats) for (const s of table) s.channel.close()
    await host.quit()
  }
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

async function main(): Promise<void> {
  const seconds = Math.min(60, Math.max(1, Number(values.seconds)))
  const many = Math.min(100, Math.max(1, Number(values.tables)))
  const thinkMs = Math.max(0, Number(values['think-ms']))
  const warmupS = Math.min(10, Math.max(0, Number(values['warmup-s'])))
  const hardStop = setTimeout(() => {
    console.error('bench:lan: hard deadline reached, giving up')
    process.exit(1)
  }, ((seconds + warmupS) * 2 + 120) * 1000)
  hardStop.unref()
  console.log(`bench:lan — 6 clients per table on 127.0.0.1, ${seconds} s measured per run after ${warmupS} s warm-up, think time ${thinkMs} ms per action`)
  const load = () => loadavg()[0].toFixed(1)
  const cores = cpus().length
  console.log(`machine: ${cores} CPU(s), load average ${load()} before the runs${loadavg()[0] > cores ? ' — BUSY: other processes compete for the CPU, latencies are inflated' : ''}`)
  let failed = false
  for (const [count, target] of [
    [1, 10],
    [many, 50],
  ] as const) {
    const r = await runTables(count, seconds, thinkMs, warmupS)
    const sorted = [...r.rtts].sort((a, b) => a - b)
    const p50 = pct(sorted, 50)
    const p99 = pct(sorted, 99)
    const rssMb = r.rssMax / 1024 / 1024
    const errs = [...r.errors].map(([k, v]) => `${k}×${v}`).join(' ') || 'none'
    const pass = p99 <= target && rssMb <= 300
    failed ||= !pass
    console.log(
      `${String(count).padStart(3)} table(s) × 6 clients: ${sorted.length} acts (${(sorted.length / r.elapsed).toFixed(0)}/s)  ` +
        `p50 ${p50.toFixed(2)} ms  p99 ${p99.toFixed(2)} ms  max ${sorted.at(-1)?.toFixed(2)} ms  (target p99 ≤ ${target} ms)  ` +
        `host CPU ${r.cpuPerAct.toFixed(2)} ms/act  host RSS max ${rssMb.toFixed(0)} MB (≤ 300)  snapshot ~${(r.avgSnapshotBytes / 1024).toFixed(1)} KiB  refusals: ${errs}  ${pass ? 'OK' : 'OVER TARGET'}`,
    )
  }
  console.log(`load average after: ${load()}`)
  process.exit(failed ? 1 : 0)
}

if (values.serve !== undefined) await serve(Math.max(1, Number(values.serve)))
else await main()
