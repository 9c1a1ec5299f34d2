/**
 * Connection limits (the security review's item 2): per address, the pool of connections not at a table
 * (idle sockets never lock players out), clients that do not read, the spectator cap, slow HTTP requests.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { PROTOCOL_VERSION } from '@shared/api'
import { startHostServer, type HostServer } from '../../../src/main/net/host-server'
import { CONNECTION_LIMITS, type WsBridgeOptions } from '../../../src/main/net/ws-bridge'
import { InProcessBotRunner } from '../../../src/main/session/bot-runner'
import { MAX_SPECTATORS, TableHost } from '../../../src/main/session/table-host'
import { TestClient } from './harness'

let host: HostServer | null = null
let dir = ''
const sockets: WebSocket[] = []
afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate()
  await host?.close()
  host = null
  if (dir) await rm(dir, { recursive: true, force: true })
})

async function start(limits: WsBridgeOptions['limits'] = {}): Promise<HostServer> {
  dir = await mkdtemp(join(tmpdir(), 'p10-limits-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html>')
  host = await startHostServer({ port: 0, host: '127.0.0.1', dataDir: dir, staticDir: dir, app: { name: 'Phase 10', version: 'test' }, bots: new InProcessBotRunner(), ws: { limits }, table: { tableName: 'Limits' } })
  return host
}

/** An idle WebSocket from `localAddress` (any 127.x.y.z is this machine); resolves with 'open' or the HTTP status. */
function idle(h: HostServer, localAddress = '127.0.0.1'): Promise<{ ws: WebSocket; result: 'open' | number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${h.port}/api`, { localAddress })
    sockets.push(ws)
    ws.on('open', () => resolve({ ws, result: 'open' }))
    ws.on('unexpected-response', (_req, res) => resolve({ ws, result: res.statusCode ?? 0 }))
    ws.on('error', () => resolve({ ws, result: -1 }))
  })
}

describe('connection limits', () => {
  it('defaults are documented numbers', () => {
    expect(CONNECTION_LIMITS).toEqual({ maxConnections: 200, maxPerAddress: 32, maxUnjoined: 48, maxBufferedBytes: 1024 * 1024, seatsPerAddressPerMinute: 10 })
    expect(MAX_SPECTATORS).toBe(50)
  })

  it('refuses more than maxPerAddress connections from one address with 503, others still get in', async () => {
    const h = await start({ maxPerAddress: 3 })
    for (let i = 0; i < 3; i++) expect((await idle(h)).result).toBe('open')
    expect((await idle(h)).result).toBe(503)
    expect((await idle(h, '127.0.0.2')).result).toBe('open')
  })

  it('closes the oldest idle connection to make room: a flood of idle sockets never locks a player out', async () => {
    const h = await start({ maxUnjoined: 10 })
    const flood = await Promise.all(Array.from({ length: 120 }, (_, i) => idle(h, `127.0.${1 + (i % 200)}.${2 + Math.floor(i / 200)}`)))
    expect(flood.every((f) => f.result === 'open')).toBe(true)
    await new Promise((r) => setTimeout(r, 100))
    const stillOpen = flood.filter((f) => f.ws.readyState === WebSocket.OPEN).length
    expect(stillOpen).toBeLessThanOrEqual(10)
    const t0 = Date.now()
    const player = await TestClient.connect(`ws://127.0.0.1:${h.port}/api`)
    expect((await player.join('Ann')).ok).toBe(true)
    expect(Date.now() - t0).toBeLessThan(2000)
    // Joined: no longer in the pool, so the next flood cannot close it.
    await Promise.all(Array.from({ length: 30 }, (_, i) => idle(h, `127.1.0.${2 + i}`)))
    await new Promise((r) => setTimeout(r, 100))
    expect(player.closed).toBe(false)
    player.close()
  })

  it('drops a client that does not read once its unsent data passes the limit; its lobby seat drops', async () => {
    const h = await start({ maxBufferedBytes: 64 * 1024 })
    const reader = await TestClient.connect(`ws://127.0.0.1:${h.port}/api`)
    expect((await reader.join('Stuck')).ok).toBe(true)
    ;(reader.ws as unknown as { _socket: { pause(): void } })._socket.pause() // never reads again
    const table = h.services.table.host()!
    table.attachHost('local', null) // watching from the host machine
    const stuck = () => table.snapshotFor('local')!.seats.find((seat) => seat.name === 'Stuck')
    expect(stuck()?.connected).toBe(true)
    let changes = 0
    const t0 = Date.now()
    while (stuck()?.connected && Date.now() - t0 < 30_000) {
      table.setRules(undefined, `Limits ${changes++} ${'x'.repeat(30)}`) // a lobby change: a snapshot to everyone
      await new Promise((r) => setImmediate(r))
    }
    expect(stuck()?.connected ?? false, `still connected after ${changes} changes`).toBe(false)
    reader.close()
  }, 60_000)

  it('rate-limits new seats per address (freed ghost seats are not re-taken at once), not watchers or rejoins', async () => {
    const h = await start({ seatsPerAddressPerMinute: 2 })
    const answers: string[] = []
    for (let i = 0; i < 3; i++) {
      const c = await TestClient.connect(`ws://127.0.0.1:${h.port}/api`)
      const r = await c.join(`G${i}`)
      answers.push(r.ok ? 'seat' : r.error.code)
      c.close()
    }
    expect(answers).toEqual(['seat', 'seat', 'RATE_LIMITED'])
    const watcher = await TestClient.connect(`ws://127.0.0.1:${h.port}/api`)
    expect((await watcher.join('W', { spectate: true })).ok).toBe(true)
    watcher.close()
    const elsewhere = await TestClient.connect(`ws://127.0.0.1:${h.port}/api`, {}, { localAddress: '127.0.0.9' })
    expect((await elsewhere.join('Other')).ok).toBe(true)
    elsewhere.close()
  })

  it('closes an HTTP connection that never finishes its headers (slowloris)', async () => {
    const h = await start()
    const t0 = Date.now()
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = connect(h.port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '))
      socket.on('data', () => {})
      socket.on('close', () => resolve(Date.now() - t0))
      socket.on('error', () => {})
    })
    expect(closedAfter).toBeLessThan(13_000)
  }, 20_000)
})

describe('spectators per table', () => {
  it('are capped; the host and players are never refused by the cap', () => {
    const t = new TableHost({ name: 't', mode: 'lan', bots: new InProcessBotRunner(), deliver: () => {}, maxSpectators: 3 })
    t.attachHost('local', 'Zed')
    for (let i = 0; i < 3; i++) expect(t.join(`w:${i}`, { protocol: PROTOCOL_VERSION, name: `W${i}`, spectate: true }).ok).toBe(true)
    expect(t.join('w:3', { protocol: PROTOCOL_VERSION, name: 'W3', spectate: true })).toMatchObject({ ok: false, error: { code: 'TABLE_FULL' } })
    expect(t.join('p:1', { protocol: PROTOCOL_VERSION, name: 'Player' }).ok).toBe(true)
    void t.close()
  })
})
