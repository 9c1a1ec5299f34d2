/**
 * RemoteTable against the REAL headless host (startHostServer: services, TableHost, hardened ws bridge) over
 * 127.0.0.1: join, lobby, play relayed both ways, a dropped link re-joined with the token, and the host
 * restarting (resume from its autosave) with the same seat token.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ApiEvent, TableSnapshot } from '@shared/api'
import { startHostServer, type HostServer } from '../net/host-server'
import { testHostOptions } from '../../../test/node/lan/harness'
import type { RequestContext } from '../services'
import { RemoteTable } from './remote-table'

let hostDir: string
let guestDir: string
let host: HostServer
let tables: RemoteTable[] = []
const op: RequestContext = { transport: 'websocket', clientId: 'bench-op', operator: true }

async function startHost(port = 0, resume?: string): Promise<HostServer> {
  return startHostServer(testHostOptions(hostDir, { port, table: { tableName: 'Real host', resume } }))
}

beforeEach(async () => {
  hostDir = await mkdtemp(join(tmpdir(), 'p10-rt-host-'))
  guestDir = await mkdtemp(join(tmpdir(), 'p10-rt-guest-'))
  host = await startHost()
  tables = []
})
afterEach(async () => {
  for (const t of tables) await t.close()
  await host.close()
  await rm(hostDir, { recursive: true, force: true })
  await rm(guestDir, { recursive: true, force: true })
})

const until = async (cond: () => boolean, ms = 5000) => {
  const end = Date.now() + ms
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}

async function joinTable(events: ApiEvent[]): Promise<RemoteTable> {
  const r = await RemoteTable.connect({
    addresses: ['127.0.0.1'],
    port: host.port,
    name: 'Bob',
    dataDir: guestDir,
    onEvent: (e) => events.push(e),
    backoff: { initialMs: 20, maxMs: 200 },
    heartbeatMs: 0,
  })
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.message}`)
  tables.push(r.value)
  return r.value
}

/** Plays Bob's turns with a trivial strategy until `n` of his actions were accepted. */
async function playSome(t: RemoteTable, n: number): Promise<void> {
  let done = 0
  const end = Date.now() + 10_000
  while (done < n && Date.now() < end) {
    const s = t.snapshot() as TableSnapshot
    const v = s.view
    if (v && s.status === 'playing' && !s.paused && (v.turn === v.seat || v.stage === 'handOver')) {
      const action =
        v.stage === 'draw' ? { type: 'draw' as const, from: 'deck' as const } : v.stage === 'handOver' ? { type: 'nextHand' as const } : { type: 'discard' as const, card: v.hand.find((c) => c !== 'S') ?? v.hand[0] }
      const r = await t.act(s.version, action)
      if (r.ok) done++
      else if (r.error.code !== 'STALE_VERSION') throw new Error(`${r.error.code} ${r.error.message}`)
    }
    await new Promise((r) => setTimeout(r, 5))
  }
  expect(done).toBe(n)
}

describe('RemoteTable with the real host', () => {
  it('joins, sees the lobby change, plays against a bot, and keeps its seat through a dropped link', async () => {
    const events: ApiEvent[] = []
    const t = await joinTable(events)
    expect(t.snapshot()).toMatchObject({ role: 'guest', status: 'lobby', mySeat: 0, name: 'Real host' })

    expect((await host.services.dispatch('lobby.addBot', { level: 'easy' }, op)).ok).toBe(true)
    await until(() => (t.snapshot()?.seats.length ?? 0) === 2)
    expect((await t.setReady(true)).ok).toBe(true)
    const started = await host.services.dispatch('lobby.start', { seed: 'remote-seed' }, op)
    expect(started.ok).toBe(true)
    await until(() => t.snapshot()?.status === 'playing' && t.snapshot()?.view !== null)
    expect(t.snapshot()?.view?.hand.length).toBeGreaterThanOrEqual(10)

    await playSome(t, 4)
    expect(events.some((e) => e.event === 'table.events')).toBe(true)
    const chat = await t.chat('hello from the relay')
    expect(chat).toMatchObject({ ok: true, value: { text: 'hello from the relay', seat: 0 } })

    // the link drops (host side): the seat pauses the game; RemoteTable re-joins with its token
    const token = t.seatToken
    for (const ws of host.wss.clients) ws.terminate()
    await until(() => t.state === 'reconnecting' || t.snapshot()?.paused !== null, 2000).catch(() => undefined)
    await until(() => t.state === 'connected' && t.snapshot()?.paused === null)
    expect(t.seatToken).toBe(token)
    expect(t.snapshot()?.mySeat).toBe(0)
    await playSome(t, 2)
  })

  it('reclaims its seat after the host restarts and resumes the table from its autosave', async () => {
    const t = await joinTable([])
    await host.services.dispatch('lobby.addBot', { level: 'easy' }, op)
    await t.setReady(true)
    await host.services.dispatch('lobby.start', { seed: 'restart-seed' }, op)
    await until(() => t.snapshot()?.status === 'playing')
    await playSome(t, 2)
    const tableId = t.snapshot()?.tableId as string
    const hand = t.snapshot()?.view?.hand
    await host.services.table.host()?.flushSaves()
    const port = host.port
    await host.close()
    await until(() => t.state === 'reconnecting')
    host = await startHost(port, tableId)
    await until(() => t.state === 'connected' && t.snapshot()?.paused === null, 8000)
    expect(t.snapshot()).toMatchObject({ tableId, mySeat: 0, status: 'playing' })
    expect(t.snapshot()?.view?.hand).toEqual(hand)
  })
})
