/**
 * "Can't see the table?" checks. mDNS stays on loopback (`interface: '127.0.0.1'`): multicast never leaves
 * the machine; the port checks talk to servers this test starts on 127.0.0.1.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { NetworkInterfaceInfo } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION } from '@shared/api'
import { diagnose, hintsFor, portAnswers, usableAddresses } from './diagnostics'
import { GameAdvertiser } from './discovery'

const mdns = { interface: '127.0.0.1', bind: '0.0.0.0' }
const nic = (address: string, extra: Partial<NetworkInterfaceInfo> = {}) =>
  ({ address, family: 'IPv4', internal: false, netmask: '255.255.255.0', mac: '02:42:ac:11:00:02', cidr: null, ...extra }) as NetworkInterfaceInfo
/** The test's "LAN": loopback, presented as an outward interface so the port check stays on this machine. */
const fakeLan = () => ({ eth0: [nic('127.0.0.1')] })

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function httpServer(): Promise<number> {
  const server: Server = createServer((_req, res) => res.writeHead(403).end())
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  cleanups.push(() => new Promise((r) => server.close(() => r())))
  return (server.address() as AddressInfo).port
}

describe('network diagnostics', () => {
  it('lists the usable IPv4 addresses: no loopback, link-local, IPv6 or virtual adapters', () => {
    const list = usableAddresses({
      lo: [nic('127.0.0.1', { internal: true })],
      docker0: [nic('172.17.0.1')],
      wlan0: [nic('192.168.1.23'), nic('fe80::1', { family: 'IPv6' })],
      eth1: [nic('169.254.3.4')],
    })
    expect(list).toEqual([{ interface: 'wlan0', address: '192.168.1.23' }])
  })

  it('finds its own advert with an mDNS query, and the port answering from this machine', async () => {
    const port = await httpServer()
    const advert = new GameAdvertiser({
      port,
      mdns,
      info: { tableId: 'diagT1', name: 'Diag', hostName: 'h', protocol: PROTOCOL_VERSION, seatsTaken: 1, seatsTotal: 6, inProgress: false, edition: 'classic' },
    })
    advert.start()
    cleanups.push(() => advert.stop())
    const r = await diagnose({ platform: 'linux', port, advertisedTableId: 'diagT1', mdns, interfaces: fakeLan })
    expect(r).toMatchObject({ platform: 'linux', addresses: [{ interface: 'eth0', address: '127.0.0.1' }], port, advert: 'answers', portAnswers: 'yes', portCheckedAt: '127.0.0.1' })
    expect(r.hints.join('\n')).toContain(`firewall-cmd --add-port=${port}/tcp`)
    expect(r.hints.join('\n')).not.toMatch(/did not come back|cannot reach its own port/)
  })

  it('says so when the advert is silent and the port does not answer', async () => {
    const closedPort = await httpServer()
    await cleanups.pop()!() // closed again: nothing listens there now
    const r = await diagnose({ platform: 'win32', port: closedPort, advertisedTableId: 'nobodyAdvertisesThis', mdns, interfaces: fakeLan, advertTimeoutMs: 1200 })
    expect(r).toMatchObject({ advert: 'silent', portAnswers: 'no' })
    const text = r.hints.join('\n')
    expect(text).toContain(`cannot reach its own port ${closedPort}`)
    expect(text).toContain('did not come back')
    expect(text).toMatch(/Windows: .*Public/)
  })

  it('checks nothing when no LAN table is hosted here (a joining desktop)', async () => {
    const r = await diagnose({ platform: 'darwin', port: null, advertisedTableId: null, interfaces: () => ({}) })
    expect(r).toMatchObject({ port: null, advert: 'off', portAnswers: 'off', portCheckedAt: null, addresses: [] })
    expect(r.hints[0]).toMatch(/no network address/)
    expect(r.hints.join('\n')).toMatch(/macOS: .*Local Network/)
  })

  it('gives each OS its own hint, and says when the machine is on several networks', () => {
    const base: Parameters<typeof hintsFor>[1] = {
      addresses: [{ interface: 'a', address: '10.0.0.2' }, { interface: 'b', address: '192.168.0.2' }],
      port: 7310,
      advert: 'answers',
      portAnswers: 'yes',
    }
    expect(hintsFor('win32', base).join('\n')).toMatch(/Private/)
    expect(hintsFor('darwin', base).join('\n')).toMatch(/Local Network/)
    expect(hintsFor('linux', base).join('\n')).toMatch(/ufw allow 7310\/tcp/)
    expect(hintsFor('freebsd', base).join('\n')).not.toMatch(/Windows|macOS|Linux/)
    expect(hintsFor('linux', base)[0]).toMatch(/more than one network/)
  })

  it('a port check gives up after its timeout (a listener that never answers)', async () => {
    const server: Server = createServer(() => {}) // accepts, never answers
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    cleanups.push(() => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))))
    const t0 = Date.now()
    expect(await portAnswers('127.0.0.1', (server.address() as AddressInfo).port, 300)).toBe(false)
    expect(Date.now() - t0).toBeLessThan(3000)
  })
})
