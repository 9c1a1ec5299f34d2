/**
 * The desktop app's services, fully wired (plain Node; shell.ts only adds Electron): the table host with
 * bots in a worker, hosting over the LAN on `host.open` (static renderer for phones + ws bridge, mDNS
 * advert while a LAN table is open), joining other hosts (RemoteTable) and LAN discovery.
 */
import { createAttention, type Attention, type AttentionOptions } from './attention'
import type { DeepLinkInbox } from './deep-links'
import { LOCAL_CLIENT } from './ipc'
import { diagnose } from './net/diagnostics'
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
  /** The main window and Electron's Notification (shell.ts): the turn alert; none → `app.attention` shows nothing. */
  attention?: Omit<AttentionOptions, 'enabled'>
  /** The `phase10://` links the shell receives (open-url, argv, second-instance). */
  deepLinks?: DeepLinkInbox
}

export interface DesktopServices extends Services {
  /** Present when an updater was given: call `checkAtStart()` once the window is up. */
  updates: Updates | null
  /** The turn alert (present when `attention` was given): the shell wires each window with `watch`. */
  attention: Attention | null
  /** Withdraws the mDNS advert, stops browsing, closes the table and the listener. */
  shutdown(): Promise<void>
}

export async function createDesktopServices(options: DesktopServicesOptions): Promise<DesktopServices> {
  const discovery = createDiscovery()
  let boundPort = 0
  // The advert goes out on the adapter the table was opened on (Host screen's choice, else the best one).
  const advert = createAdvertManager({ port: () => boundPort, iface: () => network.chosenInterface(), warn: options.warn })
  let services: Services | null = null
  let updates: Updates | null = null
  // Settings' turnAlerts is checked by the `app.attention` handler as well; this is the window's own check.
  const attention = options.attention ? createAttention({ ...options.attention, enabled: () => services?.settings.get().turnAlerts ?? false }) : null
  const network = lazyTableNetwork(() => services!, { port: options.port, staticDir: options.staticDir, advertise: (info) => advert.advertise(info) })
  const open = network.open.bind(network)
  network.open = async (o) => {
    const urls = await open(o)
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
    attention: attention ? (message) => attention.alert(message) : undefined,
    takeDeepLink: options.deepLinks ? () => options.deepLinks!.take() : undefined,
    // Only a LAN table hosted here listens and is advertised; a joining desktop still gets its addresses and hints.
    diagnose: () => {
      const host = services?.table.host()
      const lan = host && host.mode === 'lan' ? host : null
      return diagnose({ platform: process.platform, port: lan && boundPort ? boundPort : null, advertisedTableId: lan?.tableId ?? null })
    },
  })
  const s = services
  // A link arriving while the app runs: the window takes it (app.deepLink) when told.
  options.deepLinks?.onLink((link) => s.events.emitTo(LOCAL_CLIENT, { event: 'app.deepLink', payload: link }))
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
    attention,
    shutdown: async () => {
      await s.close()
      await network.close()
      await discovery.stop()
      await advert.stop()
    },
  }
}
