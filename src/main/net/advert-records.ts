/**
 * The DNS-SD records of one table's advert, built here rather than by bonjour-service's `Service`, whose
 * `records()` can set neither the cache-flush bit nor the addresses (issue #17 item 7):
 *  - SRV, TXT, A and AAAA are unique records and carry the cache-flush bit (RFC 6762 §10.2), so a
 *    conformant cache (Avahi, Apple's, python-zeroconf) replaces the old TXT at once instead of keeping
 *    "6/6" beside "4/6" and showing either; the PTRs are shared records and never carry it;
 *  - A/AAAA are only the chosen adapter's addresses (interfaces.ts), not every interface's;
 *  - every TTL is 120 s: a host that dies without goodbyes leaves every cache within 2 minutes (RFC 6762 §10
 *    suggests 75 min for PTR/TXT; a LAN table is short-lived and caches refresh at 80 % of the TTL);
 *  - the SRV target is a name of this advert alone (`phase10-<suffix>.local`): unique A records under the
 *    machine's own `<host>.local` would fight the OS's responder (Avahi renames the host on such a conflict).
 * Pure; multicast-dns (dns-packet) encodes `flush: true` as the top bit of the record class.
 */

/** `_phase10._tcp.local`: the DNS-SD service type (discovery.ts browses it as SERVICE_TYPE 'phase10'). */
export const SERVICE_TYPE_FQDN = '_phase10._tcp.local'
/** DNS-SD's service-type enumeration name (RFC 6763 §9). */
export const SERVICES_FQDN = '_services._dns-sd._udp.local'

export interface AdvertRecord {
  name: string
  type: 'PTR' | 'SRV' | 'TXT' | 'A' | 'AAAA'
  ttl: number
  flush?: boolean
  data: unknown
}

export const RECORD_TTL = 120

export interface AdvertShape {
  /** The DNS-SD instance name (before `._phase10._tcp.local`). */
  instance: string
  /** The SRV target, e.g. `phase10-1a2b3c.local`. */
  target: string
  port: number
  txt: Record<string, string>
  /** The adapter's IPv4 first, then its IPv6 addresses. */
  addresses: readonly string[]
}

export const instanceFqdn = (instance: string) => `${instance}.${SERVICE_TYPE_FQDN}`

/** TXT strings `key=value` in insertion order (RFC 6763 §6). */
const txtStrings = (txt: Record<string, string>) => Object.entries(txt).map(([k, v]) => Buffer.from(`${k}=${v}`, 'utf8'))

export function advertRecords(shape: AdvertShape): AdvertRecord[] {
  const fqdn = instanceFqdn(shape.instance)
  const records: AdvertRecord[] = [
    { name: SERVICE_TYPE_FQDN, type: 'PTR', ttl: RECORD_TTL, data: fqdn },
    { name: SERVICES_FQDN, type: 'PTR', ttl: RECORD_TTL, data: SERVICE_TYPE_FQDN },
    { name: fqdn, type: 'SRV', ttl: RECORD_TTL, flush: true, data: { port: shape.port, target: shape.target, priority: 0, weight: 0 } },
    { name: fqdn, type: 'TXT', ttl: RECORD_TTL, flush: true, data: txtStrings(shape.txt) },
  ]
  for (const address of shape.addresses)
    records.push({ name: shape.target, type: address.includes(':') ? 'AAAA' : 'A', ttl: RECORD_TTL, flush: true, data: address })
  return records
}

/** The same records with TTL 0 (RFC 6762 §10.1): "forget these now". Without the flush bit: a goodbye retracts only itself. */
export function goodbyes(records: readonly AdvertRecord[]): AdvertRecord[] {
  return records.map(({ flush: _flush, ...r }) => ({ ...r, ttl: 0 }))
}

const key = (r: AdvertRecord) => JSON.stringify([r.name.toLowerCase(), r.type, r.data])

/**
 * What to send when the advert changes from `before` to `after`: a goodbye for every record that is gone
 * (the old TXT, or every record of the old instance name after a rename), then the whole new set. The
 * browser that gets the packet drops the old value at once and holds only the new one.
 */
export function changePacket(before: readonly AdvertRecord[], after: readonly AdvertRecord[]): AdvertRecord[] {
  const kept = new Set(after.map(key))
  // The shared `_services._dns-sd._udp` PTR stays as long as any instance of the type does.
  return [...goodbyes(before.filter((r) => !kept.has(key(r)))), ...after]
}
