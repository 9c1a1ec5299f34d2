/**
 * Which `Host` headers this host answers (DNS rebinding: a page on an attacker's hostname that resolves to
 * this machine would otherwise be same-origin with itself and pass the WebSocket Origin check). Only the
 * names a LAN player can really have typed or scanned: this machine's own interface addresses, `localhost`,
 * and its mDNS name (`<hostname>.local`). Anything else gets 403 on HTTP and no WebSocket upgrade.
 * Plain Node.
 */
import { hostname, networkInterfaces } from 'node:os'

/** The host part of a Host header, lower-cased, IPv6 without brackets; null when malformed. */
export function hostPart(header: string | undefined): string | null {
  if (!header) return null
  let url: URL
  try {
    url = new URL(`http://${header}/`)
  } catch {
    return null
  }
  if (url.username || url.password || url.pathname !== '/') return null
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
}

let cached: { at: number; names: Set<string> } | null = null

/** This machine's names and addresses (re-read every 5 s: a laptop's address changes when it roams). */
export function localHostNames(now = Date.now()): ReadonlySet<string> {
  if (cached && now - cached.at < 5000) return cached.names
  const names = new Set(['localhost', '127.0.0.1', '::1'])
  const host = hostname().toLowerCase().replace(/\.local$/, '')
  if (host) {
    names.add(host)
    names.add(`${host}.local`)
  }
  for (const addrs of Object.values(networkInterfaces())) for (const a of addrs ?? []) names.add(a.address.toLowerCase().replace(/%.*$/, ''))
  cached = { at: now, names }
  return names
}

/** True when `header` names this machine (see above). */
export function isAllowedHost(header: string | undefined, names: ReadonlySet<string> = localHostNames()): boolean {
  const host = hostPart(header)
  if (host === null) return false
  return names.has(host) || host.endsWith('.localhost') // RFC 6761: *.localhost is loopback by definition
}
