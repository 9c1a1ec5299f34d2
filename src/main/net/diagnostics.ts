/**
 * "Can't see the table?" (issue #17): what this machine can find out by itself about being found and reached
 * on the LAN — its usable addresses and the table's port, whether an mDNS query from here finds its own
 * advert, whether the port answers an HTTP request sent to its own LAN address — and what to try on this OS.
 * Plain Node. A check from the machine itself cannot see a firewall that only drops traffic from outside,
 * which is why the hints name those firewalls anyway.
 */
import { request } from 'node:http'
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os'
import type { Diagnostics } from '@shared/api'
import { GameBrowser, type MdnsOptions } from './discovery'
import { usableInterfaces } from './interfaces'

export interface DiagnoseOptions {
  platform: string
  /** The port the hosted LAN table listens on; `null` when none is hosted. */
  port: number | null
  /** The address the listener is bound to: a specific one is checked itself; a wildcard (default) by a LAN address. */
  listenHost?: string
  /** The advertised table's id (what the own advert carries); `null` when nothing is advertised. */
  advertisedTableId: string | null
  /** Where the mDNS query goes (tests: loopback); default every interface, like the advert. */
  mdns?: MdnsOptions
  /** os.networkInterfaces (tests pass their own). */
  interfaces?: () => NodeJS.Dict<NetworkInterfaceInfo[]>
  /** How long the advert may take to answer (default 2500 ms) and the port (default 1500 ms). */
  advertTimeoutMs?: number
  portTimeoutMs?: number
}

/** This machine's IPv4 addresses other players can reach (interfaces.ts: no loopback, link-local or virtual adapters), best first. */
export function usableAddresses(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): Diagnostics['addresses'] {
  return usableInterfaces(interfaces)
    .map((i) => ({ interface: i.name, address: i.address }))
    .slice(0, 32)
}

/** True when an mDNS query from here finds the advert of `tableId` within `timeoutMs`. */
export async function ownAdvertAnswers(tableId: string, options: { mdns?: MdnsOptions; timeoutMs?: number } = {}): Promise<boolean> {
  const browser = new GameBrowser({ mdns: options.mdns, queryIntervalMs: 500, warn: () => {} })
  browser.start()
  try {
    await browser.waitFor((games) => games.some((g) => g.id === tableId), options.timeoutMs ?? 2500)
    return true
  } catch {
    return false
  } finally {
    await browser.stop()
  }
}

/** True when an HTTP GET to address:port gets any answer (the host's own page, or its 403/404). */
export function portAnswers(address: string, port: number, timeoutMs = 1500): Promise<boolean> {
  return new Promise((resolve) => {
    const host = address.includes(':') ? `[${address}]` : address
    const req = request({ host: address, port, path: '/', method: 'HEAD', timeout: timeoutMs, headers: { Host: `${host}:${port}` } }, (res) => {
      res.resume()
      resolve(true)
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', () => resolve(false))
    req.end()
  })
}

type Results = Pick<Diagnostics, 'addresses' | 'port' | 'advert' | 'portAnswers'>

/** What to try, most likely first: the results' own lessons, then this OS's usual blockers. */
export function hintsFor(platform: string, r: Results): string[] {
  const hints: string[] = []
  const port = r.port ?? 7310
  if (r.addresses.length === 0) hints.push('This computer has no network address: connect it to the Wi-Fi or the cable the other players use.')
  else if (r.addresses.length > 1)
    hints.push('This computer is on more than one network: the other players must be on the same one as one of the addresses above.')
  if (r.portAnswers === 'no')
    hints.push(`This computer cannot reach its own port ${port}: a firewall or security program on it blocks Phase 10.`)
  if (r.advert === 'silent')
    hints.push('Its own announcement did not come back: mDNS is blocked here, so the table will not appear by itself. Players can still join by typing an address above with the port.')
  hints.push('Guest Wi-Fi, hotel and school networks often keep devices apart: use a home network or a phone’s hotspot.')
  if (platform === 'win32')
    hints.push(
      'Windows: if this network is set to Public, other players are blocked. Make it Private (Settings › Network & internet › your network › Network profile type), or allow Phase 10 for private networks in Windows Defender Firewall.',
    )
  else if (platform === 'darwin')
    hints.push(
      'macOS: allow Phase 10 in System Settings › Privacy & Security › Local Network (and, if the firewall is on, in Network › Firewall › Options).',
    )
  else if (platform === 'linux')
    hints.push(
      `Linux: a firewall may block the port or mDNS. firewalld: sudo firewall-cmd --add-port=${port}/tcp --add-service=mdns. ufw: sudo ufw allow ${port}/tcp and sudo ufw allow 5353/udp.`,
    )
  return hints
}

/** Runs every check (the advert and port checks side by side) and adds the hints. */
export async function diagnose(options: DiagnoseOptions): Promise<Diagnostics> {
  const addresses = usableAddresses(options.interfaces?.() ?? networkInterfaces())
  const specific = options.listenHost && !['0.0.0.0', '::', ''].includes(options.listenHost) ? options.listenHost : null
  const checkAt = options.port === null ? null : (specific ?? addresses[0]?.address ?? '127.0.0.1')
  const [advert, port] = await Promise.all([
    options.advertisedTableId === null
      ? ('off' as const)
      : ownAdvertAnswers(options.advertisedTableId, { mdns: options.mdns, timeoutMs: options.advertTimeoutMs }).then((yes) => (yes ? ('answers' as const) : ('silent' as const))),
    checkAt === null || options.port === null
      ? ('off' as const)
      : portAnswers(checkAt, options.port, options.portTimeoutMs).then((yes) => (yes ? ('yes' as const) : ('no' as const))),
  ])
  const results: Results = { addresses, port: options.port, advert, portAnswers: port }
  return { platform: options.platform, ...results, portCheckedAt: checkAt, hints: hintsFor(options.platform, results) }
}
