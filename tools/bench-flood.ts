/**
 * bench:flood — the host under crowds and floods, on 127.0.0.1 only, bounded in time:
 *
 *   npm run bench:flood [-- --seconds 10 --spectators 200 --stalled 50 --idle 1500 --max-spectators N --json]
 *
 * A host process (this file with `--serve`: one LAN table, default limits unless `--max-spectators`) and
 * this process as the clients, each from its own loopback address (127.x.y.z) as separate machines would be.
 * 1. Crowd: two seated players; `--spectators` watchers join (those over the table's cap are refused and
 *    counted), `--stalled` of them never read again; one seated guest toggles ready 25 times a second (each
 *    toggle changes the lobby for everyone). Meanwhile a player's `table.get` round trips are measured, and the
 *    host's RSS. Targets: p99 < 500 ms, RSS growth < 150 MB.
 * 2. Idle flood: `--idle` WebSockets are opened and left idle; then a new player connects and joins, 5 times.
 *    Target: each within 2 s.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import WebSocket from 'ws'
import { PROTOCOL_VERSION } from '@shared/api'

const { values } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    spectators: { type: 'string', default: '200' },
    stalled: { type: 'string', default: '50' },
    idle: { type: 'string', default: '1500' },
    'max-spectators': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
})

if (values.serve) {
  const { startHostServer } = await import('../src/main/net/host-server')
  const { InProcessBotRunner } = await import('../src/main/session/bot-runner')
  const dir = await mkdtemp(join(tmpdir(), 'p10-flood-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html>')
  const maxSpectators = values['max-spectators'] ? Number(values['max-spectators']) : undefined
  const host = await startHostServer({ port: 0, host: '127.0.0.1', dataDir: dir, staticDir: dir, app: { name: 'Phase 10', version: 'bench' }, bots: new InProcessBotRunner(), table: { tableName: 'Flood' }, maxSpectators })
  process.stdout.write(`${JSON.stringify({ port: host.port, opToken: host.operatorToken })}\n`)
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'rss') process.stdout.write(`${JSON.stringify({ rss: process.memoryUsage().rss })}\n`)
    if (line === 'quit') break
  }
  await host.close()
  await rm(dir, { recursive: true, force: true })
  process.exit(0)
}

// ---- the clients ----
const seconds = Number(values.seconds)
const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', ...(values['max-spectators'] ? ['--max-spectators', values['max-spectators']] : [])], {
  stdio: ['pipe', 'pipe', 'inherit'],
})
const hardStop = setTimeout(() => {
  console.error('bench:flood: hard deadline reached')
  child.kill('SIGKILL')
  process.exit(1)
}, (seconds + 120) * 1000)
hardStop.unref()
const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]()
const next = async () => JSON.parse((await lines.next()).value as string)
const { port, opToken } = (await next()) as { port: number; opToken: string }
const rss = async () => {
  child.stdin!.write('rss\n')
  return ((await next()) as { rss: number }).rss
}

let addressCounter = 0
/** A fresh loopback address per client: 127.20.0.1, 127.20.0.2, … */
const nextAddress = () => {
  const n = addressCounter++
  return `127.${20 + Math.floor(n / 62500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`
}

class Client {
  private id = 1
  private readonly waiting = new Map<number, (r: { ok: boolean; error?: { code: string } }) => void>()
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; id?: number; result?: { ok: boolean } }
      if (frame.type === 'response' && frame.id !== undefined) {
        this.waiting.get(frame.id)?.(frame.result as never)
        this.waiting.delete(frame.id)
      }
    })
  }
  static open(): Promise<Client | null> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api`, { localAddress: nextAddress() })
      ws.on('open', () => resolve(new Client(ws)))
      ws.on('unexpected-response', () => resolve(null))
      ws.on('error', () => resolve(null))
    })
  }
  request(name: string, params: unknown): Promise<{ ok: boolean; error?: { code: string } }> {
    const id = this.id++
    return new Promise((resolve) => {
      this.waiting.set(id, resolve)
      this.ws.send(JSON.stringify({ type: 'request', id, name, params }))
    })
  }
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN

// 1. Crowd
const op = (await Client.open())!
await op.request('host.claim', { token: opToken })
await op.request('table.join', { protocol: PROTOCOL_VERSION, name: 'Host' })
const ann = (await Client.open())!
await ann.request('table.join', { protocol: PROTOCOL_VERSION, name: 'Ann' })
const tog = (await Client.open())!
await tog.request('table.join', { protocol: PROTOCOL_VERSION, name: 'Toggler' })
const rssBefore = await rss()
let watching = 0
let refused = 0
const watchers: Client[] = []
for (let i = 0; i < Number(values.spectators); i++) {
  const c = await Client.open()
  const r = c ? await c.request('table.join', { protocol: PROTOCOL_VERSION, name: `W${i}`, spectate: true }) : { ok: false }
  if (r.ok) {
    watching++
    watchers.push(c!)
  } else refused++
}
const stalled = watchers.slice(0, Number(values.stalled))
for (const c of stalled) (c.ws as unknown as { _socket: { pause(): void } })._socket.pause()
let ready = false
const toggle = setInterval(() => void tog.request('lobby.setReady', { ready: (ready = !ready) }), 40) // 25 frames/s
const rtts: number[] = []
let rssMax = rssBefore
const until = Date.now() + seconds * 1000
while (Date.now() < until) {
  const t0 = performance.now()
  await ann.request('table.get', {})
  rtts.push(performance.now() - t0)
  if (rtts.length % 20 === 0) rssMax = Math.max(rssMax, await rss())
  await new Promise((r) => setTimeout(r, 50))
}
clearInterval(toggle)
rssMax = Math.max(rssMax, await rss())
const stalledDropped = stalled.filter((c) => c.ws.readyState !== WebSocket.OPEN).length
for (const c of watchers) c.ws.terminate()

// 2. Idle flood
const idle: WebSocket[] = []
const idleTarget = Number(values.idle)
await Promise.all(
  Array.from({ length: idleTarget }, () =>
    new Promise<void>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api`, { localAddress: nextAddress() })
      idle.push(ws)
      ws.on('open', () => resolve())
      ws.on('close', () => resolve())
      ws.on('error', () => resolve())
      ws.on('unexpected-response', () => resolve())
    }),
  ),
)
const idleOpen = idle.filter((w) => w.readyState === WebSocket.OPEN).length
const connectTimes: number[] = []
const joinedAfterFlood: boolean[] = []
for (let i = 0; i < 5; i++) {
  const t0 = performance.now()
  const c = await Client.open()
  const r = c ? await c.request('table.join', { protocol: PROTOCOL_VERSION, name: `Late ${i}`, spectate: true }) : { ok: false }
  connectTimes.push(performance.now() - t0)
  joinedAfterFlood.push(r.ok)
  c?.ws.close()
}
for (const w of idle) w.terminate()
child.stdin!.write('quit\n')
await new Promise((r) => child.once('exit', r))

const result = {
  crowd: {
    spectatorsAttempted: Number(values.spectators),
    watching,
    refused,
    stalled: stalled.length,
    stalledDropped,
    requests: rtts.length,
    p50ms: pct(rtts, 0.5),
    p99ms: pct(rtts, 0.99),
    maxMs: Math.max(...rtts),
    rssBeforeMB: rssBefore / 2 ** 20,
    rssGrowthMB: (rssMax - rssBefore) / 2 ** 20,
  },
  idleFlood: { attempted: idleTarget, stillOpenAfter: idleOpen, newPlayerMs: connectTimes, joined: joinedAfterFlood.every(Boolean) },
}
const ok = result.crowd.p99ms < 500 && result.crowd.rssGrowthMB < 150 && connectTimes.every((t) => t < 2000) && result.idleFlood.joined
if (values.json) console.log(JSON.stringify({ ...result, ok }))
else {
  const c = result.crowd
  console.log(`crowd: ${c.watching} watching (${c.refused} refused by the cap), ${c.stalledDropped}/${c.stalled} stalled readers dropped, a toggle 25/s`)
  console.log(`  a player's table.get: p50 ${c.p50ms.toFixed(1)} ms, p99 ${c.p99ms.toFixed(1)} ms, max ${c.maxMs.toFixed(1)} ms (target p99 < 500)  host RSS +${c.rssGrowthMB.toFixed(1)} MB (target < 150)`)
  console.log(`idle flood: ${idleTarget} idle sockets (${idleOpen} still open), a new player connected and joined in ${connectTimes.map((t) => t.toFixed(0)).join(', ')} ms (target < 2000)`)
  console.log(ok ? 'OK' : 'OVER TARGET')
}
process.exit(ok ? 0 : 1)
