/**
 * LAN discovery over mDNS / DNS-SD (bonjour-service), plain Node (no electron).
 *
 *   host:    new GameAdvertiser({ port, info, iface }).start()   → `_phase10._tcp` with TXT records on one
 *            adapter; `update()` on every table change (a rename re-registers the instance name); `stop()`
 *            sends goodbyes.
 *   joiner:  new GameBrowser().start(); browser.onChange(games => …)  → live `DiscoveredGame[]` snapshots.
 *
 * bonjour-service's known issues are handled here, in one place:
 *  - adverts sent before `find()` are missed → the browser re-queries (`browser.update()`) every few seconds;
 *  - `down` only follows a goodbye packet, and a crashed host sends none → the browser tracks when it last
 *    heard each game (every mDNS response naming it) and hides games not heard for `staleMs`;
 *  - other hosts' adverts may list addresses nobody can reach → the address the packet came from
 *    (`referer.address`) goes first in `addresses`, the advertised ones after it;
 *  - a missing error callback throws, and the mDNS socket's 'error' event crashes the process if nobody
 *    listens → every callback and listener is supplied;
 *  - its `Service` records carry no cache-flush bit, list every interface's address and have no TXT update
 *    or rename → the advertiser builds its own records (advert-records.ts) on one adapter (interfaces.ts)
 *    and puts them in bonjour's responder; a change sends goodbyes for the records it replaces.
 * Tests keep multicast on the machine: `mdns: { interface: '127.0.0.1', bind: '0.0.0.0' }` (loopback), or
 * network namespaces the test creates (test/node/discovery).
 */
import { createSocket, type Socket } from 'node:dgram'
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { Bonjour, type Browser } from 'bonjour-service'
import { z } from 'zod'
import { PROTOCOL_VERSION, discoveredGameSchema, type DiscoveredGame, type TableInfo } from '@shared/api/table'
import type { Discovery } from '../session/session'
import { advertRecords, changePacket, goodbyes, type AdvertRecord } from './advert-records'
import { interfaceOfAddress, pickInterface, usableInterfaces, type LanInterface } from './interfaces'

/** DNS-SD service type: `_phase10._tcp`. */
export const SERVICE_TYPE = 'phase10'
export { PROTOCOL_VERSION }

/** Where mDNS listens and sends. Default (both unset): every interface, as on a real LAN. */
export interface MdnsOptions {
  /** IPv4 address of the one interface to join the group on and send from (e.g. '127.0.0.1' in tests). */
  interface?: string
  /** Address to bind the UDP socket to (with `interface: '127.0.0.1'` it must be '0.0.0.0' to hear anything). */
  bind?: string
}

/** What a host advertises: TableHost's `TableInfo` plus the machine's name. All public on the LAN. */
export type AdvertInfo = TableInfo & { hostName: string }

export type { DiscoveredGame }

// ---------------------------------------------------------------------------------------------------
// TXT records. Keys are short (each TXT string ≤ 255 bytes); values are strings on the wire.

const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s)

export function encodeTxt(info: AdvertInfo): Record<string, string> {
  return {
    proto: String(info.protocol),
    id: clip(info.tableId, 64),
    table: clip(info.name, 40),
    host: clip(info.hostName, 60),
    seats: `${info.seatsTaken}/${info.seatsTotal}`,
    playing: info.inProgress ? '1' : '0',
    ed: info.edition,
    // The host key's fingerprint (session/host-key.ts): lets a player tell two tables of one name apart.
    ...(info.fingerprint ? { fp: info.fingerprint } : {}),
  }
}

const intString = z.string().regex(/^\d{1,4}$/).transform(Number)
/** TXT from the network is untrusted: strict shapes and lengths; anything else is not our game. */
const txtSchema = z.object({
  proto: intString,
  id: z.string().min(1).max(64),
  table: z.string().max(40).default(''),
  host: z.string().max(60).default(''),
  seats: z
    .string()
    .regex(/^[0-6]\/[0-6]$/)
    .transform((s) => s.split('/').map(Number) as [number, number]),
  playing: z.enum(['0', '1']).transform((s) => s === '1'),
  ed: z.enum(['classic', 'masters']),
  fp: z.string().regex(/^[A-Za-z0-9_-]{22}$/).optional(),
})

export function decodeTxt(txt: unknown): AdvertInfo | null {
  const parsed = txtSchema.safeParse(txt)
  if (!parsed.success) return null
  const t = parsed.data
  return {
    protocol: t.proto,
    tableId: t.id,
    name: t.table,
    hostName: t.host,
    seatsTaken: t.seats[0],
    seatsTotal: t.seats[1],
    inProgress: t.playing,
    edition: t.ed,
    ...(t.fp ? { fingerprint: t.fp } : {}),
  }
}

// ---------------------------------------------------------------------------------------------------
// bonjour-service internals used here (typed once; the public types hide them).

interface MdnsLike {
  on(event: 'response', listener: (packet: MdnsPacket, rinfo: { address: string }) => void): unknown
  on(event: 'error' | 'warning', listener: (err: Error) => void): unknown
  removeListener(event: string, listener: (...args: never[]) => void): unknown
}
interface MdnsRecord {
  name: string
  type: string
  ttl?: number
  data?: unknown
}
interface MdnsPacket {
  answers?: MdnsRecord[]
  additionals?: MdnsRecord[]
}
interface BonjourInternals {
  server: {
    mdns: MdnsLike & { respond(packet: { answers: AdvertRecord[] }, cb: (err?: Error | null) => void): void }
    register(records: AdvertRecord[]): void
    unregister(records: Array<{ type: string; name: string }>): void
  }
}

/**
 * THE one place the constructor is cast: its type (Partial<ServiceConfig>) rejects multicast-dns's
 * `interface`/`bind` keys, which it passes on. With an `interface`, the UDP socket is made here so that
 * multicast is pinned to that interface even if joining the group fails (multicast-dns only pins it after a
 * successful join; otherwise the kernel would route the packets out of the default interface).
 */
export function createBonjour(mdns: MdnsOptions, onError: (err: Error) => void): Bonjour {
  const opts: Record<string, unknown> = {}
  if (mdns.bind !== undefined) opts.bind = mdns.bind
  if (mdns.interface !== undefined) {
    opts.interface = mdns.interface
    const socket: Socket = createSocket({ type: 'udp4', reuseAddr: true })
    socket.on('listening', () => {
      try {
        socket.setMulticastInterface(mdns.interface as string)
      } catch (err) {
        onError(err as Error)
      }
    })
    opts.socket = socket
  }
  const bonjour = new Bonjour(opts as ConstructorParameters<typeof Bonjour>[0], onError)
  const internals = bonjour as unknown as BonjourInternals
  internals.server.mdns.on('error', onError)
  internals.server.mdns.on('warning', () => {}) // e.g. a join on an interface without multicast: not fatal
  return bonjour
}

const defaultWarn = (message: string) => console.warn(`[discovery] ${message}`)

// ---------------------------------------------------------------------------------------------------
// Host side.

export interface AdvertiserOptions {
  /** TCP port of the host's WebSocket/HTTP server. */
  port: number
  info: AdvertInfo
  /**
   * The adapter to advertise on (interfaces.ts): the advert goes out from its IPv4 only and lists only its
   * addresses. Default: the adapter of `mdns.interface` (tests: loopback), else the best usable one.
   */
  iface?: LanInterface | null
  mdns?: MdnsOptions
  /** Coalesces bursts of `update()` calls (ms). */
  updateDelayMs?: number
  warn?: (message: string) => void
}

/** Announcement repeats after a change (RFC 6762 §8.3: at least two, one second apart, then spaced out). */
const ANNOUNCE_DELAYS_MS = [1000, 2000, 4000, 8000, 16_000, 32_000]

/**
 * One table's advert. bonjour-service still owns the socket and answers queries from its responder's
 * registry, but the records are ours (advert-records.ts: cache-flush bit, this adapter's addresses, 120 s
 * TTLs): its `Service` can do neither, so it is not used here. Changes send goodbyes for what they replace.
 */
export class GameAdvertiser {
  private bonjour: Bonjour | null = null
  private info: AdvertInfo
  private records: AdvertRecord[] = []
  private readonly suffix = randomBytes(3).toString('hex')
  private readonly iface: LanInterface | null
  private readonly mdns: MdnsOptions
  private pendingUpdate: NodeJS.Timeout | null = null
  private announceTimer: NodeJS.Timeout | null = null
  private readonly warn: (message: string) => void

  constructor(private readonly options: AdvertiserOptions) {
    this.info = { ...options.info }
    this.warn = options.warn ?? defaultWarn
    const pinned = options.mdns?.interface
    this.iface =
      options.iface !== undefined
        ? options.iface
        : pinned
          ? (interfaceOfAddress(pinned) ?? { name: pinned, address: pinned, ipv6: [] })
          : pickInterface(usableInterfaces())
    // Joined and sent on that adapter only; bound to the wildcard, or nothing multicast is heard (Linux).
    this.mdns = this.iface ? { interface: this.iface.address, bind: '0.0.0.0', ...options.mdns } : {}
  }

  /**
   * The DNS-SD instance name (what browsers key the game by): the table's name and a random suffix, so it is
   * unique on the LAN without probing (probing costs ~750 ms); follows a rename.
   */
  get name(): string {
    // A DNS label is at most 63 bytes (RFC 1035): 56 for the name in UTF-8, 7 for " <suffix>".
    let base = clip(this.info.name || 'Phase 10', 40).replace(/\./g, '-')
    while (Buffer.byteLength(base, 'utf8') > 56) base = [...base].slice(0, -1).join('')
    return `${base} ${this.suffix}`
  }

  get current(): AdvertInfo {
    return { ...this.info }
  }

  /** Where the advert goes out and the addresses it lists (null: no usable adapter, nothing is sent). */
  get advertisedOn(): { interface: string; addresses: string[] } | null {
    return this.iface ? { interface: this.iface.name, addresses: [this.iface.address, ...this.iface.ipv6] } : null
  }

  start(): void {
    if (this.bonjour) return
    if (!this.iface) return this.warn('no usable network adapter: the table is not advertised (players can still type its address)')
    this.bonjour = createBonjour(this.mdns, (err) => this.warn(`mDNS error: ${err.message}`))
    this.apply(this.build())
  }

  /** Changes what is advertised (seats, in progress, the name…); announced within `updateDelayMs`. */
  update(patch: Partial<AdvertInfo>): void {
    const next = { ...this.info, ...patch }
    if (JSON.stringify(encodeTxt(next)) === JSON.stringify(encodeTxt(this.info))) return
    this.info = next
    if (!this.bonjour || this.pendingUpdate) return
    this.pendingUpdate = setTimeout(() => {
      this.pendingUpdate = null
      this.apply(this.build())
    }, this.options.updateDelayMs ?? 100)
  }

  /** Sends goodbyes for every record and closes the socket. Safe to call twice. */
  stop(): Promise<void> {
    if (this.pendingUpdate) clearTimeout(this.pendingUpdate)
    if (this.announceTimer) clearTimeout(this.announceTimer)
    this.pendingUpdate = this.announceTimer = null
    const bonjour = this.bonjour
    const records = this.records
    this.bonjour = null
    this.records = []
    if (!bonjour) return Promise.resolve()
    const server = (bonjour as unknown as BonjourInternals).server
    server.unregister(records)
    return new Promise((done) => {
      const close = () => bonjour.destroy(() => done())
      const timer = setTimeout(close, 1000) // the goodbye was never sent: close anyway
      server.mdns.respond({ answers: goodbyes(records) }, () => {
        clearTimeout(timer)
        close()
      })
    })
  }

  private build(): AdvertRecord[] {
    const iface = this.iface as LanInterface
    return advertRecords({
      instance: this.name,
      target: `phase10-${this.suffix}.local`,
      port: this.options.port,
      txt: encodeTxt(this.info),
      addresses: [iface.address, ...iface.ipv6],
    })
  }

  /**
   * Makes `next` the advert: the responder answers queries with it from now on, and one packet carries the
   * goodbyes of what it replaces plus the new records (a TXT change, or a whole instance after a rename);
   * then the announcement repeats.
   */
  private apply(next: AdvertRecord[]): void {
    const bonjour = this.bonjour
    if (!bonjour) return
    const server = (bonjour as unknown as BonjourInternals).server
    const packet = changePacket(this.records, next)
    server.unregister(this.records)
    server.register(next)
    this.records = next
    const send = (answers: AdvertRecord[]) =>
      server.mdns.respond({ answers }, (err?: Error | null) => err && this.warn(`advert not sent: ${err.message}`))
    send(packet)
    if (this.announceTimer) clearTimeout(this.announceTimer)
    let i = 0
    const again = () => {
      if (this.bonjour !== bonjour || this.records !== next) return
      send(next)
      if (++i < ANNOUNCE_DELAYS_MS.length) this.announceTimer = setTimeout(again, ANNOUNCE_DELAYS_MS[i]).unref()
    }
    this.announceTimer = setTimeout(again, ANNOUNCE_DELAYS_MS[0]).unref()
  }
}

/** Convenience: the machine's name for `hostName`. */
export function defaultHostName(): string {
  return clip(hostname().replace(/\.local$/, ''), 60)
}

// ---------------------------------------------------------------------------------------------------
// Joiner side.

export interface BrowserOptions {
  mdns?: MdnsOptions
  /** How often to re-query (`browser.update()`); default 3000 ms. */
  queryIntervalMs?: number
  /** A game not heard from for this long is hidden; default 3.5 × queryIntervalMs. */
  staleMs?: number
  warn?: (message: string) => void
}

export type GamesListener = (games: DiscoveredGame[]) => void

interface Sighting {
  lastSeen: number
  referer: string
}

interface Found {
  game: DiscoveredGame
  /** Every address to try, in order (game.address first). */
  addresses: string[]
}

export class GameBrowser {
  private bonjour: Bonjour | null = null
  private browser: Browser | null = null
  private timer: NodeJS.Timeout | null = null
  private tap: ((packet: MdnsPacket, rinfo: { address: string }) => void) | null = null
  private readonly sightings = new Map<string, Sighting>()
  private readonly listeners = new Set<GamesListener>()
  private lastKey = '[]'
  private found: Found[] = []
  private readonly queryIntervalMs: number
  private readonly staleMs: number
  private readonly warn: (message: string) => void

  constructor(private readonly options: BrowserOptions = {}) {
    this.queryIntervalMs = options.queryIntervalMs ?? 3000
    this.staleMs = options.staleMs ?? Math.round(this.queryIntervalMs * 3.5)
    this.warn = options.warn ?? defaultWarn
  }

  get running(): boolean {
    return this.bonjour !== null
  }

  start(): void {
    if (this.bonjour) return
    const bonjour = createBonjour(this.options.mdns ?? {}, (err) => this.warn(`mDNS error: ${err.message}`))
    this.bonjour = bonjour
    const mdns = (bonjour as unknown as BonjourInternals).server.mdns
    // Every response naming a game refreshes its last-seen time and the address it came from.
    this.tap = (packet, rinfo) => {
      const now = Date.now()
      for (const rr of [...(packet.answers ?? []), ...(packet.additionals ?? [])]) {
        if ((rr.type !== 'SRV' && rr.type !== 'TXT') || !rr.ttl) continue
        const name = rr.name.toLowerCase()
        if (!name.endsWith(`._${SERVICE_TYPE}._tcp.local`)) continue
        this.sightings.set(name, { lastSeen: now, referer: rinfo.address })
      }
      this.refresh()
    }
    mdns.on('response', this.tap)
    this.browser = bonjour.find({ type: SERVICE_TYPE, protocol: 'tcp' })
    const changed = () => this.refresh()
    this.browser.on('up', changed)
    this.browser.on('down', changed) // a goodbye: the host said it is gone
    this.browser.on('txt-update', changed)
    this.browser.on('srv-update', changed)
    this.timer = setInterval(() => {
      this.browser?.update()
      this.refresh()
    }, this.queryIntervalMs)
  }

  async stop(): Promise<void> {
    const bonjour = this.bonjour
    if (!bonjour) return
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.browser?.stop()
    this.browser = null
    if (this.tap) (bonjour as unknown as BonjourInternals).server.mdns.removeListener('response', this.tap as never)
    this.tap = null
    this.bonjour = null
    this.sightings.clear()
    this.publish([])
    await new Promise<void>((done) => bonjour.destroy(() => done()))
  }

  /** The current list (a copy). */
  games(): DiscoveredGame[] {
    return this.found.map((f) => ({ ...f.game }))
  }

  /**
   * Every address to try for a game, best first (the advert's source address, then the advertised ones).
   * By table id, or by the `address`/`port` a `join.connect` names (then that address stays first).
   */
  addressesOf(idOrAddress: string, port?: number): string[] {
    const byId = this.found.find((f) => f.game.id === idOrAddress)
    if (byId) return [...byId.addresses]
    const byAddress = this.found.find((f) => f.addresses.includes(idOrAddress) && (port === undefined || f.game.port === port))
    if (!byAddress) return [idOrAddress]
    return [idOrAddress, ...byAddress.addresses.filter((a) => a !== idOrAddress)]
  }

  /** Called with a fresh snapshot whenever the list changes; returns the unsubscribe function. */
  onChange(listener: GamesListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Resolves with the first snapshot `predicate` accepts (tests, "wait for this game"). */
  waitFor(predicate: (games: DiscoveredGame[]) => boolean, timeoutMs: number): Promise<DiscoveredGame[]> {
    return new Promise((resolve, reject) => {
      if (predicate(this.games())) return resolve(this.games())
      const timer = setTimeout(() => {
        off()
        reject(new Error(`discovery: condition not met within ${timeoutMs} ms; games: ${JSON.stringify(this.games())}`))
      }, timeoutMs)
      const off = this.onChange((games) => {
        if (!predicate(games)) return
        clearTimeout(timer)
        off()
        resolve(games)
      })
    })
  }

  private refresh(): void {
    if (!this.browser) return
    const now = Date.now()
    const found: Found[] = []
    const live = new Set<string>()
    for (const service of this.browser.services) {
      const key = String(service.fqdn ?? '').toLowerCase()
      live.add(key)
      const seen = this.sightings.get(key)
      const lastSeen = seen?.lastSeen ?? service.lastSeen ?? 0
      if (now - lastSeen > this.staleMs) continue
      const info = decodeTxt(service.txt)
      if (!info) continue
      const addresses = orderAddresses(seen?.referer ?? service.referer?.address, service.addresses ?? [])
      const game = discoveredGameSchema.safeParse({
        id: info.tableId,
        name: info.name,
        hostName: info.hostName,
        address: addresses[0],
        port: service.port,
        protocol: info.protocol,
        seatsTaken: info.seatsTaken,
        seatsTotal: info.seatsTotal,
        inProgress: info.inProgress,
        edition: info.edition,
        lastSeen,
        ...(info.fingerprint ? { fingerprint: info.fingerprint } : {}),
      })
      if (!game.success) continue
      // Two adverts of one table id (a host restarting): the freshest wins.
      const twin = found.findIndex((f) => f.game.id === game.data.id)
      if (twin !== -1) {
        if (found[twin].game.lastSeen >= lastSeen) continue
        found.splice(twin, 1)
      }
      found.push({ game: game.data, addresses })
    }
    for (const key of [...this.sightings.keys()]) {
      const s = this.sightings.get(key) as Sighting
      if (!live.has(key) && now - s.lastSeen > this.staleMs) this.sightings.delete(key)
    }
    found.sort((a, b) => a.game.name.localeCompare(b.game.name) || a.game.id.localeCompare(b.game.id))
    this.publish(found)
  }

  private publish(found: Found[]): void {
    this.found = found
    // lastSeen moves on every re-query: a change of anything else is what listeners hear about.
    const key = JSON.stringify(found.map((f) => ({ ...f.game, lastSeen: 0, addresses: f.addresses })))
    if (key === this.lastKey) return
    this.lastKey = key
    for (const listener of [...this.listeners]) {
      try {
        listener(this.games())
      } catch (err) {
        this.warn(`listener failed: ${err instanceof Error ? err.message : String(err)}`)
      }
    }
  }
}

const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/
/** IPv4, or IPv6 (a link-local fe80:: address only with its %zone, else nobody can connect to it). */
const isIp = (a: unknown): a is string =>
  typeof a === 'string' &&
  a.length <= 64 &&
  (ipv4.test(a) || (/^[0-9a-f:]+(%[\w.-]+)?$/i.test(a) && a.includes(':') && (!/^fe80:/i.test(a) || a.includes('%'))))

/** The packet's source first, then advertised IPv4, then IPv6; deduplicated, junk dropped. */
export function orderAddresses(referer: string | undefined, advertised: readonly string[]): string[] {
  const v4 = advertised.filter((a) => isIp(a) && ipv4.test(a))
  const v6 = advertised.filter((a) => isIp(a) && !ipv4.test(a))
  const all = [referer, ...v4, ...v6].filter(isIp)
  return [...new Set(all)].slice(0, 8)
}

// ---------------------------------------------------------------------------------------------------
// The services' `Discovery` (src/main/session/session.ts) and the hosted table's advert.

export interface LanDiscovery extends Discovery {
  /** For `join.connect`: every address to try for that game, best first (see GameBrowser.addressesOf). */
  addressesFor(address: string, port: number): string[]
}

/** Browsing on demand (`discovery.start`/`discovery.stop`); one GameBrowser while started. */
export function createDiscovery(options: BrowserOptions = {}): LanDiscovery {
  let browser: GameBrowser | null = null
  let off: (() => void) | null = null
  let last: GameBrowser | null = null
  return {
    async start(onGames) {
      off?.()
      if (!browser) {
        browser = new GameBrowser(options)
        browser.start()
      }
      last = browser
      off = browser.onChange(onGames)
      return browser.games()
    },
    async stop() {
      off?.()
      off = null
      const b = browser
      browser = null
      await b?.stop()
    },
    addressesFor(address, port) {
      return (browser ?? last)?.addressesOf(address, port) ?? [address]
    },
  }
}

/**
 * Keeps one advert in step with the hosted table: `advertise(info)` publishes, updates or (with `null`)
 * withdraws it — the shape of `TableNetwork.advertise`. `stop()` on quit.
 */
export function createAdvertManager(options: {
  port: () => number
  /** The adapter the table is on (read at each new table); default: see AdvertiserOptions.iface. */
  iface?: () => LanInterface | null
  hostName?: string
  mdns?: MdnsOptions
  warn?: (m: string) => void
}) {
  let advert: GameAdvertiser | null = null
  let tableId: string | null = null
  let chain: Promise<void> = Promise.resolve()
  const withdraw = () => {
    const a = advert
    advert = null
    tableId = null
    if (a) chain = chain.then(() => a.stop())
  }
  return {
    advertise(info: TableInfo | null): void {
      if (!info) return withdraw()
      const full: AdvertInfo = { ...info, hostName: options.hostName ?? defaultHostName() }
      if (advert && tableId === info.tableId) return advert.update(full)
      withdraw()
      tableId = info.tableId
      advert = new GameAdvertiser({ port: options.port(), info: full, iface: options.iface?.(), mdns: options.mdns, warn: options.warn })
      advert.start()
    },
    /** Where the current advert goes out (null: none). */
    advertisedOn: () => advert?.advertisedOn ?? null,
    async stop(): Promise<void> {
      withdraw()
      await chain
    },
  }
}
