/**
 * The Electron shell: window, menu, security, IPC wiring. The ONLY runtime `electron` import in main
 * (with index.ts, which just calls `startApp`). Everything it uses besides electron is plain Node and
 * tested without Electron; this file is tested with `vi.mock('electron')` (src/main/shell.test.ts).
 */
import {
  BrowserWindow,
  Menu,
  Notification,
  app,
  dialog,
  ipcMain,
  powerSaveBlocker,
  protocol,
  session,
  type BrowserWindowConstructorOptions,
  type MenuItemConstructorOptions,
  type Session,
  type WebContents,
} from 'electron'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol'
import { registerIpc } from './ipc'
import { appEntryUrl, appLocation, contentSecurityPolicyFor, isAppUrl, type AppLocation } from './security'
import { createDesktopServices, type DesktopServices } from './desktop-services'
import { AwakeWhileHosting, closeWarning, hostingAGame } from './hosting-guard'
import { DeepLinkInbox } from './deep-links'
import { DEEP_LINK_SCHEME } from '@shared/deep-link'
import type { UpdaterLike } from './updater'

const here = dirname(fileURLToPath(import.meta.url)) // out/main when built

export const paths = {
  preload: join(here, '../preload/index.cjs'),
  /** Served as app://phase10/ (app-protocol.ts). */
  rendererDir: join(here, '../renderer'),
  icon: join(here, '../../resources/icon.png'),
}

/** How long quitting waits for the services to shut down (goodbye packets, last save) before it quits anyway. */
export const QUIT_TIMEOUT_MS = 3000

/** The dev server URL electron-vite passes in `npm run dev`; never honoured in a packaged app. */
function devServerUrl(): string | undefined {
  return !app.isPackaged ? process.env.ELECTRON_RENDERER_URL || undefined : undefined
}

export function windowOptions(opts: { isPackaged: boolean }): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 720,
    minHeight: 520,
    show: false,
    backgroundColor: '#0d3b24',
    title: 'Phase 10',
    icon: paths.icon,
    autoHideMenuBar: false,
    webPreferences: {
      preload: paths.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // DevTools only in a development build: in the packaged app they are a way around the CSP and IPC checks.
      devTools: !opts.isPackaged,
    },
  }
}

/**
 * CSP header on the dev server's responses (app:// answers carry it already: app-protocol.ts), and no
 * permission (camera, notifications…) for anyone.
 */
export function installSessionSecurity(ses: Session, location: AppLocation, devUrl: string | undefined): void {
  const csp = contentSecurityPolicyFor(devUrl)
  ses.webRequest.onHeadersReceived((details, callback) => {
    const own = location.kind === 'dev' && isAppOrigin(details.url, location.origin)
    if (!own) return callback({})
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } })
  })
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  ses.setPermissionCheckHandler(() => false)
}

function isAppOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin
  } catch {
    return false
  }
}

/**
 * Every web contents (window, devtools, anything) may neither navigate away nor open windows. `will-navigate`
 * covers the main frame; `will-frame-navigate` every frame, so no iframe can load a foreign page either.
 */
export function hardenWebContents(contents: WebContents, location: AppLocation): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, location)) event.preventDefault()
  })
  contents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url, location)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, location)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
}

export function menuTemplate(opts: { isDev: boolean; isMac: boolean; showAbout: () => void }): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = opts.isDev
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }, { role: 'togglefullscreen' }]
    : [{ role: 'togglefullscreen' }]
  return [
    ...(opts.isMac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    { label: 'File', submenu: [{ role: 'quit', label: 'Quit' }] },
    { label: 'View', submenu: view },
    { label: 'Help', submenu: [{ label: 'About Phase 10', click: opts.showAbout }] },
  ]
}

/**
 * Closing the window while other people sit at the table hosted here asks first (`warning` says what would
 * happen; `ask` shows it): only a confirmed close goes on, and it then closes for good.
 */
export function guardWindowClose(
  win: Pick<BrowserWindow, 'on' | 'close' | 'isDestroyed'>,
  warning: () => string | null,
  ask: (message: string) => Promise<boolean>,
): void {
  let confirmed = false
  let asking = false
  win.on('close', (event) => {
    if (confirmed) return
    const message = warning()
    if (!message) return
    event.preventDefault()
    if (asking) return
    asking = true
    void ask(message)
      .then((yes) => {
        if (!yes || win.isDestroyed()) return
        confirmed = true
        win.close()
      })
      .finally(() => (asking = false))
  })
}

/**
 * Makes this app the handler of `phase10://` links. Unpackaged (`npm run dev`), Electron runs as
 * `electron <app folder>`: the OS must start it the same way, or a link would open a bare Electron.
 */
export function registerProtocolClient(): boolean {
  if (process.defaultApp && process.argv.length >= 2) return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(process.argv[1])])
  return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME)
}

/** A system notification that brings the window forward when clicked (kept referenced until then: an
 * Electron Notification that is garbage-collected loses its click handler). */
const shownNotifications = new Set<Notification>()
function showNotification({ title, body, onClick }: { title: string; body: string; onClick: () => void }): void {
  if (!Notification.isSupported()) return
  const n = new Notification({ title, body, icon: paths.icon })
  shownNotifications.add(n)
  n.on('click', () => {
    shownNotifications.delete(n)
    onClick()
  })
  n.on('close', () => shownNotifications.delete(n))
  n.show()
}

export interface RunningApp {
  window: BrowserWindow
  services: DesktopServices
}

/** electron-updater's autoUpdater, loaded only in a packaged app (it reads app-update.yml from the package). */
async function loadUpdater(): Promise<UpdaterLike> {
  const mod = (await import('electron-updater')) as unknown as { default?: { autoUpdater: UpdaterLike }; autoUpdater?: UpdaterLike }
  return (mod.default?.autoUpdater ?? mod.autoUpdater)!
}

/**
 * Quitting waits (at most `QUIT_TIMEOUT_MS`) for the services to shut down: the mDNS goodbye packets go out,
 * the save holds the last action, sockets close. Electron does not wait for a promise in 'will-quit', so
 * the first quit is held back and repeated once the shutdown is done.
 */
export function quitAfterShutdown(shutdown: () => Promise<void>, timeoutMs = QUIT_TIMEOUT_MS): void {
  let state: 'running' | 'shutting-down' | 'done' = 'running'
  app.on('will-quit', (event) => {
    if (state === 'done') return
    event.preventDefault()
    if (state === 'shutting-down') return
    state = 'shutting-down'
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(() => {
      console.warn(`Phase 10: shutdown took over ${timeoutMs} ms; quitting anyway`)
      resolve()
    }, timeoutMs)))
    void Promise.race([shutdown().catch((err: unknown) => console.error('Phase 10: shutdown failed:', err)), timeout]).finally(() => {
      clearTimeout(timer)
      state = 'done'
      app.quit()
    })
  })
}

/**
 * Boots the desktop app. Resolves with the main window, or null when another instance already runs
 * (that instance is focused through 'second-instance' and this one quits).
 */
export async function startApp(): Promise<RunningApp | null> {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return null
  }
  // Before 'ready' (Electron's rule): app:// gets a real origin, a secure context and fetch.
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }])
  const devUrl = devServerUrl()
  const location = appLocation({ devServerUrl: devUrl })
  let mainWindow: BrowserWindow | null = null
  const bringForward = () => {
    if (!mainWindow || mainWindow.isDestroyed()) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.show()
    mainWindow.focus()
  }
  // phase10://join links: in this start's own arguments (Windows, Linux), a second start's (the first
  // instance gets them), or macOS's open-url (which may come before 'ready': registered first).
  const deepLinks = new DeepLinkInbox()
  deepLinks.receiveArgv(process.argv)
  app.on('open-url', (event, url) => {
    event.preventDefault()
    if (deepLinks.receiveUrl(url)) bringForward()
  })
  app.on('second-instance', (_event, argv) => {
    deepLinks.receiveArgv(Array.isArray(argv) ? argv : [])
    bringForward()
  })
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, location))
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  await app.whenReady()
  protocol.handle(APP_SCHEME, createAppProtocolHandler(paths.rendererDir))
  installSessionSecurity(session.defaultSession, location, devUrl)
  const services = await createDesktopServices({
    dataDir: app.getPath('userData'),
    app: { name: app.getName(), version: app.getVersion() },
    staticDir: paths.rendererDir,
    updater: app.isPackaged ? { updater: await loadUpdater(), isPackaged: true } : undefined,
    attention: { window: () => mainWindow, notify: showNotification },
    deepLinks,
  })
  registerProtocolClient()
  // A laptop hosting a game stays awake for it (released when the game ends or the table closes).
  const awake = new AwakeWhileHosting(powerSaveBlocker, () => hostingAGame(services.table.host()))
  services.table.onInfo(() => awake.update())
  setInterval(() => awake.update(), 30_000).unref() // also when a game ends (its advert stays "in progress")
  // Withdraw the mDNS advert (goodbye packets), flush the autosave, stop the bot worker — then quit.
  quitAfterShutdown(async () => {
    awake.release()
    await services.shutdown()
  })
  registerIpc({
    ipcMain,
    services,
    isAllowedSender: (url) => isAppUrl(url, location),
    sendToWindows: (channel, event) => {
      for (const w of BrowserWindow.getAllWindows()) {
        if (!w.isDestroyed() && isAppUrl(w.webContents.getURL(), location)) w.webContents.send(channel, event)
      }
    },
  })
  app.setAboutPanelOptions({ applicationName: 'Phase 10', applicationVersion: app.getVersion() })
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(menuTemplate({ isDev: !app.isPackaged, isMac: process.platform === 'darwin', showAbout: () => app.showAboutPanel() })),
  )

  const createWindow = () => {
    const win = new BrowserWindow(windowOptions({ isPackaged: app.isPackaged }))
    win.once('ready-to-show', () => win.show())
    services.attention?.watch(win)
    guardWindowClose(
      win,
      () => closeWarning(services.table.host()),
      async (message) => {
        const r = await dialog.showMessageBox(win, {
          type: 'warning',
          message,
          detail: 'The other players are disconnected. Resume the game from the menu and they can rejoin their seats.',
          buttons: ['Keep hosting', 'Close anyway'],
          defaultId: 0,
          cancelId: 0,
        })
        return r.response === 1
      },
    )
    void win.loadURL(appEntryUrl(location))
    return win
  }
  mainWindow = createWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow()
  })
  void services.updates?.checkAtStart()
  return { window: mainWindow, services }
}
