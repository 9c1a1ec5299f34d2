/**
 * The desktop app's services, fully wired (plain Node; shell.ts only adds Electron): the table host with
 * bots in a worker, hosting over the LAN on `host.open` (static renderer for phones + ws bridge, mDNS
 * advert while a LAN table is open), joining other hosts (RemoteTable) and LAN discovery.
 */
import { LOCAL_CLIENT } from './ipc'
import { createAdvertManager, createDiscovery } from './net/discovery'
import { lazyTableNetwork } from './net/host-server'
import { createServices, type Services } from './services'
import { createConnectRemote } from './session/remote-table'
import { createUpdates, type Updates, type UpdaterLike } from './updater'

export interface DesktopServicesOptions {
  dataDir: string
  app: { name: string; version: string }
  /** out/renderer: what phones load from this host. */
  staticDir: string
  /** LAN port to try first (default 7310; any free port if taken). */
  port?: number
  warn?: (message: string) => void
  /** electron-updater's autoUpdater (packaged app) and whether this app is packaged; see updater.ts. */
  updater?: { updater: UpdaterLike; isPackaged: boolean }
}

export interface DesktopServices extends Services {
  /** Present when an updater was given: call `checkAtStart()` once the window is up. */
  updates: Updates | null
  /** Withdraws the mDNS advert, stops browsing, closes the table and the listener. */
  shutdown(): Promise<void>
}

export async function createDesktopServices(options: DesktopServicesOptions): Promise<DesktopServices> {
  const discovery = createDiscovery()
  let boundPort = 0
  const advert = createAdvertManager({ port: () => boundPort, warn: options.warn })
  let services: Services | null = null
  let updates: Updates | null = null
  const network = lazyTableNetwork(() => services!, { port: options.port, staticDir: options.staticDir, advertise: (info) => advert.advertise(info) })
  const open = network.open.bind(network)
  network.open = async () => {
    const urls = await open()
    boundPort = Number(new URL(urls[urls.length - 1]).port)
    return urls
  }
  services = await createServices({
    dataDir: options.dataDir,
    app: options.app,
    warn: options.warn,
    network,
    discovery,
    connectRemote: createConnectRemote({ dataDir: options.dataDir, addressesFor: discovery.addressesFor, warn: options.warn }),
    updates: () => updates,
  })
  const s = services
  if (options.updater) {
    updates = createUpdates({
      ...options.updater,
      enabled: () => s.settings.get().checkForUpdates,
      busy: () => s.table.isOpen(),
      // To the app's own window only (not phones, not a headless operator).
      onStatus: (status) => s.events.emitTo(LOCAL_CLIENT, { event: 'app.update', payload: status }),
      warn: options.warn,
    })
  }
  return {
    ...s,
    updates,
    shutdown: async () => {
      await s.close()
      await network.close()
      await discovery.stop()
      await advert.stop()
    },
  }
}
