/**
 * Which network the table is on (issue #17 item 6). A machine often has adapters no other player can be
 * behind — Docker and VM bridges, VPN tunnels, WSL — and the first non-loopback IPv4 is often one of them.
 * This module lists the adapters players can reach, picks one, and maps a `--host ADDR` to its adapter; the
 * advert (discovery.ts) and the join links (host-server.ts) both follow that choice.
 * Pure over `os.networkInterfaces()`-shaped input (tests pass their own); plain Node.
 */
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os'
import type { LanInterface } from '@shared/api'

export type { LanInterface }
export type NicMap = NodeJS.Dict<NetworkInterfaceInfo[]>

/**
 * Adapters of containers, VMs, VPNs and WSL, by the names their drivers give them on Linux, macOS and
 * Windows. Such an adapter reaches only this machine's guests or a tunnel's far end, not the room.
 */
const VIRTUAL_NAME =
  /^(docker|veth|br-|virbr|lxcbr|lxdbr|cni|flannel|podman|vboxnet|vmnet|vmenet|bridge\d|utun|tun|tap|wg|tailscale|zt|zerotier|ham|llw|awdl|anpi|ipsec|ppp|gif|stf)|\b(wsl|hyper-v|virtualbox|vmware|vethernet|zerotier|tailscale|vpn|loopback|pseudo)\b/i

/** True for an adapter's name that belongs to a VM, container, VPN or WSL bridge (see VIRTUAL_NAME). */
export function isVirtualAdapter(name: string): boolean {
  return VIRTUAL_NAME.test(name)
}

const isIpv4 = (a: NetworkInterfaceInfo) => a.family === 'IPv4' || (a.family as unknown) === 4
const isIpv6 = (a: NetworkInterfaceInfo) => a.family === 'IPv6' || (a.family as unknown) === 6
/** 169.254/16 and fe80::/10: self-assigned, only when no network gave an address — nobody joins there. */
const isLinkLocal = (address: string) => /^169\.254\./.test(address) || /^fe[89ab][0-9a-f]:/i.test(address)

/** Home and office LANs first (192.168, 10, 172.16–31), then any other address; a stable sort. */
function rank(ipv4: string): number {
  if (ipv4.startsWith('192.168.')) return 0
  if (ipv4.startsWith('10.')) return 1
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(ipv4)) return 2
  return 3
}

function describe(name: string, addrs: NetworkInterfaceInfo[]): LanInterface | null {
  const ipv4 = addrs.find((a) => isIpv4(a) && !isLinkLocal(a.address))?.address
  if (!ipv4) return null
  const ipv6 = addrs.filter((a) => isIpv6(a) && !isLinkLocal(a.address)).map((a) => a.address)
  return { name: name.slice(0, 64), address: ipv4, ipv6: ipv6.slice(0, 4) }
}

/**
 * The adapters another player can reach: up, with a routable IPv4, not loopback (`internal`), not
 * link-local, not virtual by name, not a tunnel without a hardware address; best first (see rank).
 */
export function usableInterfaces(nics: NicMap = networkInterfaces()): LanInterface[] {
  const found: LanInterface[] = []
  for (const [name, addrs] of Object.entries(nics)) {
    if (!addrs || isVirtualAdapter(name)) continue
    const real = addrs.filter((a) => !a.internal && a.mac !== '00:00:00:00:00:00')
    const iface = describe(name, real)
    if (iface) found.push(iface)
  }
  return found.map((iface, i) => ({ iface, i })).sort((a, b) => rank(a.iface.address) - rank(b.iface.address) || a.i - b.i).map((x) => x.iface)
}

/** The adapter named `wanted` (its name or IPv4) when it is usable, else the best one; null: none. */
export function pickInterface(usable: readonly LanInterface[], wanted?: string | null): LanInterface | null {
  return usable.find((i) => wanted && (i.name === wanted || i.address === wanted)) ?? usable[0] ?? null
}

/**
 * The adapter holding `address` (what `--host ADDR` binds to), whatever it is — the user named it, so
 * loopback and virtual adapters count. Its IPv4 is the one the advert goes out from. Null: no adapter
 * holds it (or it has no IPv4, so there is nothing to advertise on).
 */
export function interfaceOfAddress(address: string, nics: NicMap = networkInterfaces()): LanInterface | null {
  const wanted = address.toLowerCase().replace(/%.*$/, '')
  for (const [name, addrs] of Object.entries(nics)) {
    if (!addrs?.some((a) => a.address.toLowerCase().replace(/%.*$/, '') === wanted)) continue
    const iface = describe(name, addrs)
    // An IPv4 is advertised as given: 127.0.0.1 or a link-local one are not "routable", but the user asked for it.
    if (/^\d+\.\d+\.\d+\.\d+$/.test(wanted)) return { name: name.slice(0, 64), address: wanted, ipv6: iface?.ipv6 ?? [] }
    return iface // an IPv6 bind: the adapter's IPv4 carries the advert
  }
  return null
}

export const isWildcard = (host: string) => host === '0.0.0.0' || host === '::' || host === ''

/**
 * Where a listener bound to `host` is reachable and advertised: its own adapter for a specific address,
 * the chosen usable one (`wanted`, else the best) for a wildcard bind.
 */
export function interfaceForListener(host: string, wanted?: string | null, nics: NicMap = networkInterfaces()): LanInterface | null {
  return isWildcard(host) ? pickInterface(usableInterfaces(nics), wanted) : interfaceOfAddress(host, nics)
}
