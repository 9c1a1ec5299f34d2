import type { NetworkInterfaceInfo } from 'node:os'
import { describe, expect, it } from 'vitest'
import { interfaceForListener, interfaceOfAddress, isVirtualAdapter, pickInterface, usableInterfaces, type NicMap } from './interfaces'

const v4 = (address: string, extra: Partial<NetworkInterfaceInfo> = {}): NetworkInterfaceInfo =>
  ({ address, family: 'IPv4', internal: false, netmask: '255.255.255.0', mac: '02:00:00:00:00:01', cidr: `${address}/24`, ...extra }) as NetworkInterfaceInfo
const v6 = (address: string, extra: Partial<NetworkInterfaceInfo> = {}): NetworkInterfaceInfo =>
  ({ address, family: 'IPv6', internal: false, netmask: 'ffff:ffff:ffff:ffff::', mac: '02:00:00:00:00:01', cidr: `${address}/64`, scopeid: 0, ...extra }) as NetworkInterfaceInfo

/** A developer laptop: Wi-Fi, Docker, a VM bridge, a VPN, WSL, loopback, a cable with no DHCP answer. */
const laptop: NicMap = {
  lo: [v4('127.0.0.1', { internal: true, mac: '00:00:00:00:00:00' }), v6('::1', { internal: true, mac: '00:00:00:00:00:00' })],
  docker0: [v4('172.17.0.1')],
  'br-5f2c1a': [v4('172.18.0.1')],
  veth12ab: [v6('fe80::1')],
  virbr0: [v4('192.168.122.1')],
  vboxnet0: [v4('192.168.56.1')],
  vmnet8: [v4('192.168.200.1')],
  tailscale0: [v4('100.101.102.103', { mac: '00:00:00:00:00:00' })],
  utun3: [v6('fd7a:115c::1')],
  zt7nnig26: [v4('10.147.17.5')],
  'vEthernet (WSL)': [v4('172.22.16.1')],
  wg0: [v4('10.8.0.2', { mac: '00:00:00:00:00:00' })],
  eth1: [v4('169.254.7.7'), v6('fe80::2')],
  tun0: [v4('10.200.0.1')],
  wlp2s0: [v4('192.168.1.23'), v6('fe80::abcd'), v6('fd00::23')],
}

describe('usable network adapters', () => {
  it('keeps only the Wi-Fi: loopback, link-local, containers, VMs, VPNs and WSL are skipped', () => {
    expect(usableInterfaces(laptop)).toEqual([{ name: 'wlp2s0', address: '192.168.1.23', ipv6: ['fd00::23'] }])
  })

  it('names virtual adapters of Linux, macOS and Windows, and not real ones', () => {
    for (const name of ['docker0', 'br-1a2b', 'veth9', 'virbr0', 'vboxnet1', 'vmnet1', 'utun0', 'tailscale0', 'wsl', 'vEthernet (WSL)', 'ZeroTier One [abc]', 'zt0', 'wg0', 'VirtualBox Host-Only Network', 'VMware Network Adapter VMnet8', 'awdl0'])
      expect(isVirtualAdapter(name), name).toBe(true)
    for (const name of ['eth0', 'enp3s0', 'wlan0', 'wlp2s0', 'en0', 'en1', 'Wi-Fi', 'Ethernet', 'Ethernet 2', 'br0'])
      expect(isVirtualAdapter(name), name).toBe(false)
  })

  it('ranks home and office LANs first, keeping the OS order otherwise', () => {
    const nics: NicMap = { en5: [v4('203.0.113.9')], en1: [v4('10.0.0.4')], en0: [v4('192.168.0.7')], en2: [v4('172.20.1.1')], en3: [v4('10.1.0.4')] }
    expect(usableInterfaces(nics).map((i) => i.name)).toEqual(['en0', 'en1', 'en3', 'en2', 'en5'])
  })

  it('accepts the numeric family of older Node versions', () => {
    const nics = { eth0: [{ ...v4('192.168.5.5'), family: 4 as unknown as 'IPv4' }] }
    expect(usableInterfaces(nics)).toEqual([{ name: 'eth0', address: '192.168.5.5', ipv6: [] }])
  })

  it('picks the wanted adapter by name or address, else the best; null when there is none', () => {
    const nics: NicMap = { en0: [v4('192.168.0.7')], en1: [v4('10.0.0.4')] }
    const usable = usableInterfaces(nics)
    expect(pickInterface(usable)?.name).toBe('en0')
    expect(pickInterface(usable, 'en1')?.name).toBe('en1')
    expect(pickInterface(usable, '10.0.0.4')?.name).toBe('en1')
    expect(pickInterface(usable, 'docker0')?.name).toBe('en0') // gone or never usable: the best one
    expect(pickInterface([], 'en0')).toBeNull()
  })
})

describe('the adapter of a --host address', () => {
  it('is the one holding it, loopback and virtual ones included (the user asked for it)', () => {
    expect(interfaceOfAddress('127.0.0.1', laptop)).toEqual({ name: 'lo', address: '127.0.0.1', ipv6: ['::1'] })
    expect(interfaceOfAddress('172.17.0.1', laptop)).toEqual({ name: 'docker0', address: '172.17.0.1', ipv6: [] })
    expect(interfaceOfAddress('192.168.1.23', laptop)).toEqual({ name: 'wlp2s0', address: '192.168.1.23', ipv6: ['fd00::23'] })
    expect(interfaceOfAddress('fd00::23', laptop)).toEqual({ name: 'wlp2s0', address: '192.168.1.23', ipv6: ['fd00::23'] })
    expect(interfaceOfAddress('192.0.2.99', laptop)).toBeNull()
  })

  it('a wildcard bind takes the chosen usable adapter instead', () => {
    expect(interfaceForListener('0.0.0.0', null, laptop)?.name).toBe('wlp2s0')
    expect(interfaceForListener('::', 'docker0', laptop)?.name).toBe('wlp2s0')
    expect(interfaceForListener('127.0.0.1', null, laptop)?.name).toBe('lo')
  })
})
