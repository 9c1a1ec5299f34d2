/**
 * The headless host: services + static renderer + WebSocket bridge on one HTTP port. Plain Node; the
 * `npm run host` entry (../headless.ts) and the tests start it. Later issues add the table host and mDNS
 * advert behind it.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createServices, type Services } from '../services'
import { createStaticHandler } from './static-server'
import { attachWsBridge } from './ws-bridge'

export interface HostServerOptions {
  port: number
  host: string
  dataDir: string
  staticDir: string
  app: { name: string; version: string }
  warn?: (message: string) => void
}

export interface HostServer {
  /** e.g. http://127.0.0.1:7310/ (a wildcard bind is reported as 127.0.0.1). */
  url: string
  port: number
  services: Services
  server: Server
  close(): Promise<void>
}

export async function startHostServer(options: HostServerOptions): Promise<HostServer> {
  const services = await createServices({ dataDir: options.dataDir, app: options.app, warn: options.warn })
  const handleStatic = createStaticHandler(options.staticDir)
  const server = createServer((req, res) => {
    handleStatic(req, res).catch(() => res.destroy())
  })
  const wss = attachWsBridge(server, services)
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolveListen())
  })
  const { port } = server.address() as AddressInfo
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}/`
  return {
    url,
    port,
    services,
    server,
    close: () =>
      new Promise<void>((done) => {
        for (const client of wss.clients) client.terminate()
        wss.close()
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}
