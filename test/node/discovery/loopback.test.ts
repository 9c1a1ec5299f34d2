/**
 * Discovery on loopback only (`interface: '127.0.0.1'`): multicast never leaves the machine. Every test uses
 * its own random table id, so parallel runs on one machine cannot confuse each other.
 */
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import {
  PROTOCOL_VERSION,
  GameAdvertiser,
  GameBrowser,
  createBonjour,
  decodeTxt,
  encodeTxt,
  orderAddresses,
  type AdvertInfo,
  type DiscoveredGame,
} from '../../../src/main/net/discovery'

const mdns = { interface: '127.0.0.1', bind: '0.0.0.0' }
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function info(patch: Partial<AdvertInfo> = {}): AdvertInfo {
  return {
    tableId: randomBytes(6).toString('hex'),
    name: 'Kitchen table',
    hostName: 'ada-laptop',
    protocol: PROTOCOL_VERSION,
    seatsTaken: 1,
    seatsTotal: 6,
    inProgress: false,
    edition: 'classic',
    ...patch,
  }
}
function advertiser(i: AdvertInfo, port = 7310): GameAdvertiser {
  const a = new GameAdvertiser({ port, info: i, mdns, updateDelayMs: 20 })
  cleanups.push(() => a.stop())
  return a
}
function browser(queryIntervalMs = 500, staleMs?: number): GameBrowser {
  const b = new GameBrowser({ mdns, queryIntervalMs, staleMs })
  cleanups.push(() => b.stop())
  return b
}
const mine = (games: DiscoveredGame[], tableId: string) => games.find((g) => g.id === tableId)

describe('TXT records', () => {
  it('round-trips and rejects what is not a Phase 10 advert', () => {
    const i = info({ seatsTaken: 3, inProgress: true, edition: 'masters' })
    const txt = encodeTxt(i)
    expect(txt).toEqual({ proto: String(PROTOCOL_VERSION), id: i.tableId, table: 'Kitchen table', host: 'ada-laptop', seats: '3/6', playing: '1', ed: 'masters' })
    expect(decodeTxt(txt)).toEqual(i)
    expect(decodeTxt({})).toBeNull()
    expect(decodeTxt({ ...txt, seats: 'lots' })).toBeNull()
    expect(decodeTxt({ ...txt, proto: '1; drop' })).toBeNull()
    expect(decodeTxt({ ...txt, table: 'x'.repeat(500) })).toBeNull()
    expect(decodeTxt({ ...txt, seats: '9/6' })).toBeNull()
    expect(decodeTxt({ ...txt, ed: 'uno' })).toBeNull()
    expect(decodeTxt('junk')).toBeNull()
  })

  it('clips long names to fit a TXT string', () => {
    const txt = encodeTxt(info({ name: 'T'.repeat(300), hostName: 'H'.repeat(300) }))
    expect(txt.table).toHaveLength(40)
    expect(decodeTxt(txt)?.name).toHaveLength(40)
  })

  it('orders addresses: the packet source first, then IPv4, then IPv6; drops junk and zone-less link-local', () => {
    expect(orderAddresses('192.168.1.9', ['fd00::2', '10.0.0.4', '192.168.1.9', 'fe80::1', 'not an ip', 'fe80::1%eth0'])).toEqual([
      '192.168.1.9',
      '10.0.0.4',
      'fd00::2',
      'fe80::1%eth0',
    ])
    expect(orderAddresses(undefined, [])).toEqual([])
  })
})

describe('publish and browse on loopback', () => {
  it('a game appears within 2 s with its TXT parsed, the loopback source address first', async () => {
    const b = browser()
    b.start()
    const i = info()
    const a = advertiser(i, 7311)
    const t0 = Date.now()
    a.start()
    const games = await b.waitFor((g) => !!mine(g, i.tableId), 2000)
    const ms = Date.now() - t0
    const g = mine(games, i.tableId) as DiscoveredGame
    expect(g).toMatchObject({ id: i.tableId, name: 'Kitchen table', hostName: 'ada-laptop', seatsTaken: 1, seatsTotal: 6, inProgress: false, edition: 'classic', port: 7311, protocol: PROTOCOL_VERSION, address: '127.0.0.1' })
    expect(Math.abs(g.lastSeen - Date.now())).toBeLessThan(2000)
    // the source address first, then what the host advertised (its other interfaces)
    const all = b.addressesOf(i.tableId)
    expect(all[0]).toBe('127.0.0.1')
    expect(b.addressesOf('127.0.0.1', 7311)[0]).toBe('127.0.0.1')
    expect(b.addressesOf('10.9.9.9')).toEqual(['10.9.9.9'])
    console.log(`[discovery] loopback: advert seen ${ms} ms after publish`)
  })

  it('finds a game published before the browser started (initial query), and lists two games', async () => {
    const i1 = info({ name: 'Attic' })
    const i2 = info({ name: 'Basement', seatsTaken: 4 })
    advertiser(i1).start()
    advertiser(i2).start()
    await new Promise((r) => setTimeout(r, 300))
    const b = browser()
    const t0 = Date.now()
    b.start()
    const games = await b.waitFor((g) => !!mine(g, i1.tableId) && !!mine(g, i2.tableId), 2000)
    console.log(`[discovery] loopback: running adverts found ${Date.now() - t0} ms after browse start`)
    expect(mine(games, i2.tableId)?.seatsTaken).toBe(4)
  })

  it('reflects an update of seats and progress without the game vanishing in between', async () => {
    const b = browser()
    b.start()
    const i = info()
    const a = advertiser(i)
    a.start()
    await b.waitFor((g) => !!mine(g, i.tableId), 2000)
    const seen: Array<DiscoveredGame | undefined> = []
    b.onChange((g) => seen.push(mine(g, i.tableId)))
    a.update({ seatsTaken: 2 })
    a.update({ seatsTaken: 5, inProgress: true }) // coalesced with the first
    const games = await b.waitFor((g) => mine(g, i.tableId)?.seatsTaken === 5, 2000)
    expect(mine(games, i.tableId)?.inProgress).toBe(true)
    expect(seen.every((g) => g !== undefined)).toBe(true)
    // later re-announcements and re-queries keep the new TXT (the old service's loop is stopped)
    await new Promise((r) => setTimeout(r, 1300))
    expect(mine(b.games(), i.tableId)?.seatsTaken).toBe(5)
  })

  it('unpublish (goodbye) removes the game promptly', async () => {
    const b = browser()
    b.start()
    const i = info()
    const a = advertiser(i)
    a.start()
    await b.waitFor((g) => !!mine(g, i.tableId), 2000)
    const t0 = Date.now()
    await a.stop()
    await b.waitFor((g) => !mine(g, i.tableId), 1000)
    console.log(`[discovery] loopback: goodbye handled in ${Date.now() - t0} ms`)
  })

  it('a host that vanishes without a goodbye expires after staleMs (down events are not relied on)', async () => {
    const b = browser(300, 1000)
    b.start()
    const i = info()
    // a "crashed" host: its socket closes without unpublishing
    const bonjour = createBonjour(mdns, () => {})
    bonjour.publish({ name: `crash ${i.tableId}`, type: 'phase10', port: 7312, txt: encodeTxt(i), probe: false })
    await b.waitFor((g) => !!mine(g, i.tableId), 2000)
    await new Promise<void>((r) => bonjour.destroy(() => r()))
    const t0 = Date.now()
    await b.waitFor((g) => !mine(g, i.tableId), 3000)
    const ms = Date.now() - t0
    expect(ms).toBeGreaterThan(500)
    console.log(`[discovery] loopback: silent host expired after ${ms} ms (staleMs 1000)`)
  })

  it('lists a game of another protocol version (the UI shows it cannot be joined)', async () => {
    const b = browser()
    b.start()
    const i = info({ protocol: PROTOCOL_VERSION + 1 })
    advertiser(i).start()
    const games = await b.waitFor((g) => !!mine(g, i.tableId), 2000)
    expect(mine(games, i.tableId)).toMatchObject({ protocol: PROTOCOL_VERSION + 1 })
  })

  it('ignores a _phase10._tcp advert whose TXT is not ours', async () => {
    const b = browser()
    b.start()
    const bonjour = createBonjour(mdns, () => {})
    cleanups.push(() => new Promise<void>((r) => bonjour.unpublishAll(() => bonjour.destroy(() => r()))))
    const tag = randomBytes(4).toString('hex')
    bonjour.publish({ name: `junk ${tag}`, type: 'phase10', port: 7313, txt: { hello: 'world' }, probe: false })
    const good = info()
    advertiser(good).start()
    const games = await b.waitFor((g) => !!mine(g, good.tableId), 2000)
    expect(games.some((g) => g.port === 7313)).toBe(false)
  })

  it('stop() is idempotent on both sides', async () => {
    const a = advertiser(info())
    a.start()
    await a.stop()
    await a.stop()
    const b = browser()
    b.start()
    await b.stop()
    await b.stop()
    expect(b.games()).toEqual([])
  })
})

describe('the advert on the wire (loopback)', () => {
  interface WireRecord {
    name: string
    type: string
    ttl: number
    flush?: boolean
    data: unknown
  }
  type Mdns = {
    on(e: 'response', l: (p: { answers: WireRecord[]; additionals: WireRecord[] }) => void): void
    query(name: string, type: string): void
  }
  /** A raw listener on loopback: every record of our instance's responses, as dns-packet decoded them. */
  function tap(): { records: WireRecord[]; mdns: Mdns } {
    const bonjour = createBonjour(mdns, () => {})
    cleanups.push(() => new Promise<void>((r) => bonjour.destroy(() => r())))
    const m = (bonjour as unknown as { server: { mdns: Mdns } }).server.mdns
    const records: WireRecord[] = []
    m.on('response', (p) => records.push(...p.answers, ...p.additionals))
    return { records, mdns: m }
  }

  it('goes out on loopback only, lists only its addresses, with the cache-flush bit on unique records, and says goodbye', async () => {
    const { records, mdns: m } = tap()
    const i = info()
    const a = advertiser(i)
    expect(a.advertisedOn?.addresses[0]).toBe('127.0.0.1')
    expect(a.advertisedOn?.addresses.every((x) => x.startsWith('127.') || x === '::1')).toBe(true)
    a.start()
    const target = `phase10-${a.name.split(' ').pop()}.local`
    const mineOnly = () => records.filter((r) => r.name.startsWith(a.name) || r.name === target || (r.type === 'PTR' && String(r.data).startsWith(a.name)))
    await new Promise((r) => setTimeout(r, 300))
    const announced = mineOnly()
    const types = (flush: boolean) => [...new Set(announced.filter((r) => !!r.flush === flush).map((r) => r.type))].sort()
    expect(types(true)).toEqual(expect.arrayContaining(['A', 'SRV', 'TXT']))
    expect(types(false)).toEqual(['PTR'])
    expect(announced.every((r) => r.ttl === 120)).toBe(true)
    // The machine's other addresses are not in it (they were, with every interface listed).
    const addresses = announced.filter((r) => r.type === 'A' || r.type === 'AAAA').map((r) => String(r.data))
    expect(addresses.length).toBeGreaterThan(0)
    expect(addresses.every((x) => x.startsWith('127.') || x === '::1')).toBe(true)

    // A query is answered with the same flushing records.
    records.length = 0
    m.query('_phase10._tcp.local', 'PTR')
    await new Promise((r) => setTimeout(r, 300))
    expect(mineOnly().find((r) => r.type === 'TXT')?.flush).toBe(true)

    records.length = 0
    await a.stop()
    await new Promise((r) => setTimeout(r, 100))
    const bye = mineOnly()
    expect(bye.map((r) => r.type).sort()).toEqual(expect.arrayContaining(['A', 'PTR', 'SRV', 'TXT']))
    expect(bye.every((r) => r.ttl === 0)).toBe(true)
  })

  it('a rename re-registers the instance: the old name gets a goodbye, browsers see the new one', async () => {
    const b = browser()
    b.start()
    const { records } = tap()
    const i = info({ name: 'Kitchen' })
    const a = advertiser(i)
    a.start()
    await b.waitFor((g) => mine(g, i.tableId)?.name === 'Kitchen', 2000)
    const oldName = a.name
    a.update({ name: 'Attic' })
    const games = await b.waitFor((g) => mine(g, i.tableId)?.name === 'Attic', 2000)
    expect(games.filter((g) => g.id === i.tableId)).toHaveLength(1)
    expect(a.name).toMatch(/^Attic [0-9a-f]{6}$/)
    expect(records.some((r) => r.type === 'PTR' && r.ttl === 0 && String(r.data).startsWith(`${oldName}.`))).toBe(true)
  })
})

describe('a hosted table renamed in its lobby (issue #18 item 12)', () => {
  it('is advertised under the new instance name, the old one gone', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const { createAdvertManager } = await import('../../../src/main/net/discovery')
    const { startHostServer } = await import('../../../src/main/net/host-server')
    const { testHostOptions } = await import('../lan/harness')
    const dir = await mkdtemp(join(tmpdir(), 'p10-rename-'))
    let port = 0
    const manager = createAdvertManager({ port: () => port, hostName: 'ada', mdns })
    const host = await startHostServer(
      testHostOptions(dir, { table: { tableName: 'Kitchen' }, advertise: (i) => manager.advertise(i), onListening: (p) => (port = p) }),
    )
    cleanups.push(async () => {
      await host.close()
      await manager.stop()
      await rm(dir, { recursive: true, force: true })
    })
    const tableId = host.services.table.host()!.tableId
    const b = browser()
    b.start()
    await b.waitFor((g) => mine(g, tableId)?.name === 'Kitchen', 3000)
    const operator = { transport: 'websocket' as const, clientId: 'ws:1', operator: true }
    expect((await host.services.dispatch('lobby.setRules', { tableName: 'Attic' }, operator)).ok).toBe(true)
    const games = await b.waitFor((g) => mine(g, tableId)?.name === 'Attic', 2000)
    expect(games.filter((g) => g.id === tableId)).toHaveLength(1)
  })
})
