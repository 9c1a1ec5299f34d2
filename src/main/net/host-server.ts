/**
 * The LAN listener: static renderer + WebSocket bridge on one HTTP port. Two uses:
 * - `startHostServer`: the headless host (`npm run host`, tests): creates the services and listens at once;
 *   the host operator is whoever opens the operator URL (`/?op=TOKEN`, which sets an HttpOnly SameSite
 *   cookie the WebSocket upgrade then carries) or sends `host.claim` with the token.
 * - `lazyTableNetwork`: the desktop app's `TableNetwork`: starts listening on `host.open`, stops on
 *   `host.close`.
 * Plain Node (no electron).
 */
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'
import type { WebSocketServer } from 'ws'
import { createServices, type Services, type ServicesOptions } from '../services'
import type { HostInterfaces, TableInfo } from '@shared/api'
import type { TableNetwork } from '../session/session'
import { diagnose } from './diagnostics'
import { isAllowedHost } from './host-allowlist'
import { interfaceForListener, isWildcard, usableInterfaces, type LanInterface, type NicMap } from './interfaces'
import { SECURITY_HEADERS, createStaticHandler } from './static-server'
import { OPERATOR_COOKIE, attachWsBridge, type WsBridgeOptions } from './ws-bridge'

export interface HostServerOptions extends Omit<ServicesOptions, 'network' | 'operatorToken'> {
  port: number
  host: string
  staticDir: string
  /** Default: a random token. */
  operatorToken?: string
  ws?: Omit<WsBridgeOptions, 'operatorToken'>
  /** Open a LAN table at start (the headless host does); `resume`: a saved table id. */
  table?: { tableName: string; resume?: string }
  /** The hosted table's advert changed (mDNS TXT record); `null`: withdrawn. */
  advertise?: (info: TableInfo | null) => void
  /** Called with the bound port before the table opens (the advert needs it). */
  onListening?: (port: number) => void
  /** The adapter choice of this listener (`networkChoice(host)`; the advert reads it too). Default: a new one. */
  choice?: NetworkChoice
}

export interface HostServer {
  /** e.g. http://127.0.0.1:7310/ (a wildcard bind is reported as 127.0.0.1). */
  url: string
  /** The same URL with the operator token: whoever opens it runs the table. */
  operatorUrl: string
  operatorToken: string
  port: number
  services: Services
  server: Server
  wss: WebSocketServer
  close(): Promise<void>
}

interface Listener {
  url: string
  port: number
  server: Server
  wss: WebSocketServer
  close(): Promise<void>
}

const JOIN_ROUTE = '#/join'

/**
 * For a wildcard bind: the chosen adapter's http://IPv4:port/#/join first (the lobby's link and QR code use
 * it), the other usable adapters' after it, then loopback; never a Docker/VPN/link-local address
 * (interfaces.ts). The bound address otherwise. The `#/join` opens the join screen (the renderer's router
 * reads the hash), not the menu: these are join links.
 */
export function joinUrlsFor(host: string, port: number, chosen?: LanInterface | null, usable: LanInterface[] = usableInterfaces()): string[] {
  const url = (address: string) => `http://${address.includes(':') ? `[${address}]` : address}:${port}/${JOIN_ROUTE}`
  if (!isWildcard(host)) return [url(host)]
  const first = chosen ? [chosen.address] : []
  return [...new Set([...first, ...usable.map((i) => i.address), '127.0.0.1'])].map(url)
}

/**
 * Which adapter a listener bound to `host` is advertised on and linked to: fixed for a specific address
 * (`--host ADDR`: that address's adapter), chosen per table for a wildcard bind (`host.open.interface`).
 */
export interface NetworkChoice {
  /** Picks the adapter for the next table (`wanted`: an adapter name; default the best usable one). */
  choose(wanted?: string): LanInterface | null
  readonly chosen: LanInterface | null
  /** `host.interfaces`. */
  list(): HostInterfaces
}

/** `nics`: os.networkInterfaces (tests pass their own); read at every choice, adapters come and go. */
export function networkChoice(host: string, nics: () => NicMap = networkInterfaces): NetworkChoice {
  const fixed = !isWildcard(host)
  let chosen = interfaceForListener(host, null, nics())
  return {
    choose(wanted) {
      chosen = interfaceForListener(host, wanted, nics())
      return chosen
    },
    get chosen() {
      return chosen
    },
    list() {
      const interfaces = fixed ? (chosen ? [chosen] : []) : usableInterfaces(nics())
      return { interfaces, chosen: chosen?.name ?? null, fixed }
    },
  }
}

/** Serves `staticDir` and the GameApi of `services` on host:port. */
export async function listen(
  services: Services,
  options: { port: number; host: string; staticDir: string; operatorToken?: string; ws?: WsBridgeOptions },
): Promise<Listener> {
  const handleStatic = createStaticHandler(options.staticDir)
  // Slow or idle HTTP connections (slowloris) go quickly: headers within 10 s, a request within 20 s, idle
  // keep-alive sockets after 5 s; checked every second. (Upgraded WebSockets have their own heartbeat.)
  const server = createServer({ connectionsCheckingInterval: 1000, headersTimeout: 10_000, requestTimeout: 20_000, keepAliveTimeout: 5_000 }, (req, res) => {
    // DNS rebinding: only names of this machine (host-allowlist.ts). The WebSocket upgrade checks the same.
    if (!isAllowedHost(req.headers.host)) {
      res.writeHead(403, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('Forbidden: this host answers only to its own addresses, localhost and its .local name')
      return
    }
    // The operator URL: remember the token in a cookie only this site's pages (and their WebSocket) send,
    // then drop it from the address bar.
    const op = new URL(req.url ?? '/', 'http://x').searchParams.get('op')
    if (op !== null && options.operatorToken !== undefined && op === options.operatorToken) {
      res.writeHead(302, {
        ...SECURITY_HEADERS,
        Location: '/',
        'Set-Cookie': `${OPERATOR_COOKIE}=${op}; Path=/; HttpOnly; SameSite=Strict`,
        'Cache-Control': 'no-store',
      })
      res.end()
      return
    }
    handleStatic(req, res).catch(() => res.destroy())
  })
  const wss = attachWsBridge(server, services, { ...options.ws, operatorToken: options.operatorToken })
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolveListen())
  })
  const { port } = server.address() as AddressInfo
  const shownHost = isWildcard(options.host) ? '127.0.0.1' : options.host
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}/`
  return {
    url,
    port,
    server,
    wss,
    close: () =>
      new Promise<void>((done) => {
        for (const client of wss.clients) client.terminate()
        wss.close()
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

export async function startHostServer(options: HostServerOptions): Promise<HostServer> {
  const operatorToken = options.operatorToken ?? randomBytes(18).toString('base64url')
  let listener: Listener | null = null
  const choice = options.choice ?? networkChoice(options.host)
  const services = await createServices({
    ...options,
    operatorToken,
    network: {
      open: async (o) => (listener ? joinUrlsFor(options.host, listener.port, choice.choose(o?.interface)) : []),
      close: async () => {}, // the headless host keeps listening between tables
      advertise: options.advertise,
      interfaces: () => choice.list(),
    },
    // The operator's "Can't see the table?" panel: this listener, and the advert unless --no-advert.
    diagnose: () =>
      diagnose({
        platform: process.platform,
        port: listener?.port ?? null,
        listenHost: options.host,
        advertisedTableId: options.advertise ? (services.table.host()?.tableId ?? null) : null,
      }),
  })
  // Listen before the table opens (its advert needs the bound port), but hold every request until it is open:
  // players re-joining a resumed table at once must find it, not NO_TABLE.
  let tableOpen = () => {}
  const ready = new Promise<void>((resolve) => (tableOpen = resolve))
  listener = await listen(services, { port: options.port, host: options.host, staticDir: options.staticDir, operatorToken, ws: { ...options.ws, ready } })
  try {
    options.onListening?.(listener.port)
    if (options.table) {
      const opened = await services.table.openHosted(options.table)
      if (!opened.ok) {
        ;(options.warn ?? console.warn)(`cannot open the table: ${opened.error.message}`)
        if (options.table.resume) await services.table.openHosted({ tableName: options.table.tableName })
      }
    }
  } finally {
    tableOpen()
  }
  const l = listener
  return {
    url: l.url,
    operatorUrl: `${l.url}?op=${operatorToken}`,
    operatorToken,
    port: l.port,
    services,
    server: l.server,
    wss: l.wss,
    close: async () => {
      await l.close()
      await services.close()
    },
  }
}

/**
 * The desktop app's network: listens (default port 7310, else any free one) while a LAN table is open, so
 * phones and other desktops can join. `getServices` is read lazily (the services need this object first).
 */
export function lazyTableNetwork(
  getServices: () => Services,
  options: { port?: number; host?: string; staticDir: string; ws?: WsBridgeOptions; advertise?: TableNetwork['advertise'] },
): TableNetwork & { chosenInterface(): LanInterface | null } {
  let current: Listener | null = null
  const host = options.host ?? '0.0.0.0'
  const choice = networkChoice(host)
  return {
    open: async (o) => {
      if (!current) {
        const base = { host, staticDir: options.staticDir, ws: options.ws }
        try {
          current = await listen(getServices(), { ...base, port: options.port ?? 7310 })
        } catch {
          current = await listen(getServices(), { ...base, port: 0 })
        }
      }
      return joinUrlsFor(host, current.port, choice.choose(o?.interface))
    },
    close: async () => {
      const l = current
      current = null
      await l?.close()
    },
    advertise: options.advertise,
    interfaces: () => choice.list(),
    /** The adapter the open table is advertised on (the advert manager reads it). */
    chosenInterface: () => choice.chosen,
  }
}
