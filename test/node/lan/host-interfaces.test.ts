/**
 * Which network a hosted table is on (issue #17 item 6): the join links follow the chosen adapter and never
 * list a Docker/VPN one; `host.interfaces` lists the choice for the Host screen, only to the host's own
 * user (it names the host's addresses); `host.open {interface}` picks one. No multicast here (no advert).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import type { NetworkInterfaceInfo } from 'node:os'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { joinUrlsFor, networkChoice, startHostServer, type HostServer } from '../../../src/main/net/host-server'
import type { NicMap } from '../../../src/main/net/interfaces'
import { testHostOptions } from './harness'

const nic = (address: string, mac = '02:00:00:00:00:01') => [{ address, family: 'IPv4', internal: false, mac, netmask: '255.255.255.0', cidr: null } as NetworkInterfaceInfo]
const nics: NicMap = {
  lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true, mac: '00:00:00:00:00:00', netmask: '255.0.0.0', cidr: null }],
  docker0: nic('172.17.0.1'),
  eth0: nic('10.0.0.5'),
  wlan0: nic('192.168.1.23'),
  tailscale0: nic('100.64.0.7', '00:00:00:00:00:00'),
}
const wifi = { name: 'wlan0', address: '192.168.1.23', ipv6: [] }
const cable = { name: 'eth0', address: '10.0.0.5', ipv6: [] }

describe('join links', () => {
  it('a wildcard bind links the chosen adapter first, the other usable ones after, loopback last — no Docker or VPN', () => {
    expect(joinUrlsFor('0.0.0.0', 7310, cable, [wifi, cable])).toEqual([
      'http://10.0.0.5:7310/#/join',
      'http://192.168.1.23:7310/#/join',
      'http://127.0.0.1:7310/#/join',
    ])
    expect(joinUrlsFor('0.0.0.0', 7310, null, [])).toEqual(['http://127.0.0.1:7310/#/join'])
  })

  it('a bind to one address links that address only', () => {
    expect(joinUrlsFor('192.168.1.23', 7310, wifi, [wifi, cable])).toEqual(['http://192.168.1.23:7310/#/join'])
    expect(joinUrlsFor('fd00::5', 7310)).toEqual(['http://[fd00::5]:7310/#/join'])
  })

  it('the choice: the best usable adapter by default, the wanted one when asked, fixed for --host ADDR', () => {
    const any = networkChoice('0.0.0.0', () => nics)
    expect(any.list()).toEqual({ interfaces: [wifi, cable], chosen: 'wlan0', fixed: false })
    expect(any.choose('eth0')).toEqual(cable)
    expect(any.list().chosen).toBe('eth0')
    expect(any.choose('docker0')).toEqual(wifi) // never a virtual adapter
    const one = networkChoice('10.0.0.5', () => nics)
    expect(one.list()).toEqual({ interfaces: [cable], chosen: 'eth0', fixed: true })
    expect(one.choose('wlan0')).toEqual(cable)
    expect(networkChoice('127.0.0.1', () => nics).chosen).toEqual({ name: 'lo', address: '127.0.0.1', ipv6: [] })
  })
})

describe('host.interfaces and host.open {interface} through the services', () => {
  let host: HostServer | null = null
  let dir = ''
  afterEach(async () => {
    await host?.close()
    host = null
    await rm(dir, { recursive: true, force: true })
  })

  it('lists the adapters to the operator only, and host.open on one puts its address in the join links', async () => {
    dir = await mkdtemp(join(tmpdir(), 'p10-ifaces-'))
    // Listening on loopback (no LAN traffic in tests); the choice is the one a 0.0.0.0 host would make.
    host = await startHostServer(testHostOptions(dir, { choice: networkChoice('0.0.0.0', () => nics) }))
    const operator = { transport: 'websocket' as const, clientId: 'ws:1', operator: true }
    const guest = { transport: 'websocket' as const, clientId: 'ws:2', operator: false }
    expect(await host.services.dispatch('host.interfaces', {}, operator)).toEqual({ ok: true, value: { interfaces: [wifi, cable], chosen: 'wlan0', fixed: false } })
    expect(await host.services.dispatch('host.interfaces', {}, guest)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    expect(await host.services.dispatch('host.interfaces', { extra: 1 }, operator)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
    expect(await host.services.dispatch('host.open', { interface: 'x'.repeat(65) }, operator)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })

    const opened = await host.services.dispatch('host.open', { tableName: 'Cable', interface: 'eth0', seat: true, name: 'Ada' }, operator)
    expect(opened.ok).toBe(true)
    const joinUrls = (opened as { value: { joinUrls: string[] } }).value.joinUrls
    // startHostServer listens on 127.0.0.1 here, so its links name that address; the choice is what it remembers.
    expect(joinUrls).toEqual([`http://127.0.0.1:${host.port}/#/join`])
    expect((await host.services.dispatch('host.interfaces', {}, operator)) as unknown).toMatchObject({ value: { chosen: 'eth0' } })
  })
})
