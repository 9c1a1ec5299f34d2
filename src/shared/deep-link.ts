/**
 * Deep links (issue #17): `phase10://join?host=ADDR&port=N&table=ID` opens the desktop app's join screen,
 * connecting to that host. The URL comes from outside (another app, a web page, the command line), so it is
 * parsed strictly: exactly this shape, known keys once each, or nothing. Pure: no I/O, no electron.
 */
import { z } from 'zod'

export const DEEP_LINK_SCHEME = 'phase10'

const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/
const ipv6 = /^[0-9a-f:.]+(%[\w.-]+)?$/i
/** A DNS name: labels of letters, digits and inner hyphens (e.g. `kitchen-pc.local`). */
const dnsName = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i

export const joinLinkSchema = z
  .object({
    /** IPv4, IPv6 (no brackets) or a host name: what `join.connect` takes as `address`. */
    address: z
      .string()
      .min(1)
      .max(253)
      .refine((a) => ipv4.test(a) || (a.includes(':') && ipv6.test(a)) || (dnsName.test(a) && !/^[\d.]+$/.test(a)), 'not a host address'),
    port: z.number().int().min(1).max(65535),
    /** The advertised table id, when the link names one (informational: the host decides what is served). */
    tableId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  })
  .strict()
export type JoinLink = z.infer<typeof joinLinkSchema>

const KEYS = new Set(['host', 'port', 'table'])

/** The join link `url` names, or null for anything that is not exactly a valid `phase10://join?…`. */
export function parseJoinLink(url: unknown): JoinLink | null {
  if (typeof url !== 'string' || url.length > 600) return null
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  // Some launchers add a slash before the query (`phase10://join/?host=…`); nothing else may follow `join`.
  if (parsed.protocol !== `${DEEP_LINK_SCHEME}:` || parsed.hostname !== 'join' || !['', '/'].includes(parsed.pathname)) return null
  if (parsed.username || parsed.password || parsed.port || parsed.hash) return null
  const seen = new Set<string>()
  for (const key of parsed.searchParams.keys()) {
    if (!KEYS.has(key) || seen.has(key)) return null
    seen.add(key)
  }
  const host = parsed.searchParams.get('host')?.replace(/^\[(.*)\]$/, '$1')
  const port = parsed.searchParams.get('port') ?? ''
  if (!/^\d{1,5}$/.test(port)) return null
  const table = parsed.searchParams.get('table')
  const link = joinLinkSchema.safeParse({ address: host, port: Number(port), ...(table !== null ? { tableId: table } : {}) })
  return link.success ? link.data : null
}

/** The `phase10://join?…` URL of a table (what the page a host serves offers as "Open in the desktop app"). */
export function joinLinkUrl(link: JoinLink): string {
  const query = new URLSearchParams({ host: link.address, port: String(link.port), ...(link.tableId ? { table: link.tableId } : {}) })
  return `${DEEP_LINK_SCHEME}://join?${query}`
}

/** The first join link among command-line arguments (Windows and Linux pass the URL as an argument). */
export function joinLinkInArgv(argv: readonly string[]): JoinLink | null {
  for (const arg of argv) {
    if (typeof arg !== 'string' || !arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) continue
    const link = parseJoinLink(arg)
    if (link) return link
  }
  return null
}
