/**
 * The whole LAN path on loopback (multicast stays on 127.0.0.1): a headless host advertises its table over
 * mDNS; a second "desktop" (its own services, as the window sees them) browses with `discovery.start`, gets
 * the game in a `discovery.games` event, joins it with `join.connect` (RemoteTable), and plays through its
 * own `table.*` requests, relayed to the host.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiEvent, DiscoveredGame, TableSnapshot } from '@shared/api'
import { createAdvertManager, createDiscovery } from '../../../src/main/net/discovery'
import { startHostServer, type HostServer } from '../../../src/main/net/host-server'
import { createServices, type RequestContext, type Services } from '../../../src/main/services'
import { InProcessBotRunner } from '../../../src/main/session/bot-runner'
import { testHostOptions } from '../lan/harness'
import { createConnectRemote } from '../../../src/main/session/remote-table'

const mdns = { interface: '127.0.0.1', bind: '0.0.0.0' }
const local: RequestContext = { transport: 'ipc', clientId: 'local', operator: true }
const hostOp: RequestContext = { transport: 'websocket', clientId: 'op', operator: true }

let dirs: string[] = []
let host: HostServer
let advert: ReturnType<typeof createAdvertManager>
let guest: Services
let discovery: ReturnType<typeof createDiscovery>
const heard: ApiEvent[] = []

beforeAll(async () => {
  const hostDir = await mkdtemp(join(tmpdir(), 'p10-lanjoin-host-'))
  const guestDir = await mkdtemp(join(tmpdir(), 'p10-lanjoin-guest-'))
  dirs = [hostDir, guestDir]
  let port = 0
  advert = createAdvertManager({ port: () => port, hostName: 'test-host', mdns })
  host = await startHostServer(testHostOptions(hostDir))
  port = host.port
  host.services.table.onInfo((info) => advert.advertise(info))
  discovery = createDiscovery({ mdns, queryIntervalMs: 500 })
  guest = await createServices({
    dataDir: guestDir,
    app: { name: 'Phase 10', version: 'test' },
    bots: new InProcessBotRunner(),
    warn: () => {},
    discovery,
    connectRemote: createConnectRemote({ dataDir: guestDir, addressesFor: discovery.addressesFor, tuning: { heartbeatMs: 0 } }),
  })
  guest.events.subscribe((e) => heard.push(e), { id: 'local', isOperator: () => true })
})

afterAll(async () => {
  await guest?.close()
  await discovery?.stop()
  await advert?.stop()
  await host?.close()
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

const until = async <T>(check: () => T | undefined, ms = 5000): Promise<T> => {
  const end = Date.now() + ms
  for (;;) {
    const v = check()
    if (v !== undefined) return v
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('find a game on the LAN and join it from another desktop', () => {
  it('discovery.start → discovery.games → join.connect → play relayed', async () => {
    expect((await guest.dispatch('discovery.start', {}, local)).ok).toBe(true)
    const opened = await host.services.table.openHosted({ tableName: 'Loopback table' })
    expect(opened.ok).toBe(true)
    const t0 = Date.now()
    const game = await until(() =>
      heard
        .filter((e) => e.event === 'discovery.games')
        .flatMap((e) => e.payload as DiscoveredGame[])
        .find((g) => g.name === 'Loopback table' && g.port === host.port),
    )
    console.log(`[discovery] services: table listed ${Date.now() - t0} ms after it opened`)
    expect(game).toMatchObject({ address: '127.0.0.1', hostName: 'test-host', seatsTaken: 0, inProgress: false, edition: 'classic' })

    const joined = await guest.dispatch('join.connect', { address: game.address, port: game.port, name: 'Desk' }, local)
    expect(joined).toMatchObject({ ok: true, value: { role: 'guest', status: 'lobby', mySeat: 0, name: 'Loopback table' } })
    // the advert follows the table: one seat taken now
    await until(() =>
      heard.some((e) => e.event === 'discovery.games' && (e.payload as DiscoveredGame[]).some((g) => g.id === game.id && g.seatsTaken === 1)) || undefined,
    )

    await host.services.dispatch('lobby.addBot', { level: 'easy' }, hostOp)
    expect((await guest.dispatch('lobby.setReady', { ready: true }, local)).ok).toBe(true)
    expect((await host.services.dispatch('lobby.start', { seed: 'lan-join' }, hostOp)).ok).toBe(true)
    const playing = await until(() => {
      const last = heard.filter((e) => e.event === 'table.snapshot').at(-1)?.payload as TableSnapshot | null | undefined
      return last?.status === 'playing' && last.view ? last : undefined
    })
    expect(playing.connection).toBe('connected')
    // one action through the guest's own services → RemoteTable → host
    const snap = await until(() => {
      const s = heard.filter((e) => e.event === 'table.snapshot').at(-1)?.payload as TableSnapshot
      return s.view?.turn === s.mySeat && s.view?.stage === 'draw' ? s : undefined
    })
    const acted = await guest.dispatch('table.act', { version: snap.version, action: { type: 'draw', from: 'deck' } }, local)
    expect(acted).toEqual({ ok: true, value: { version: snap.version + 1 } })
    const got = await guest.dispatch('table.get', {}, local)
    expect(got.ok && (got.value as TableSnapshot).view?.hand.length).toBe(11)

    // the game now shows as in progress
    await until(() =>
      heard.some((e) => e.event === 'discovery.games' && (e.payload as DiscoveredGame[]).some((g) => g.id === game.id && g.inProgress)) || undefined,
    )
    expect((await guest.dispatch('table.leave', {}, local)).ok).toBe(true)
    expect((await guest.dispatch('discovery.stop', {}, local)).ok).toBe(true)
  })
})
