/**
 * The Electron shell: window, menu, security, IPC wiring. The ONLY runtime `electron` import in main
 * (with index.ts, which just calls `startApp`). Everything it uses besides electron is plain Node and
 * tested without Electron; this file is tested with `vi.mock('electron')` (src/main/shell.test.ts).
 */
import {
  BrowserWindow,
  Menu,
  app,
  ipcMain,
  session,
  type BrowserWindowConstructorOptions,
  type MenuItemConstructorOptions,
  type Session,
  type WebContents,
} from 'electron'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { registerIpc } from './ipc'
import { appLocation, contentSecurityPolicyFor, isAppUrl, type AppLocation } from './security'
import { createDesktopServices } from './desktop-services'

const here = dirname(fileURLToPath(import.meta.url)) // out/main when built

export const paths = {
  preload: join(here, '../preload/index.cjs'),
  indexHtml: join(here, '../renderer/index.html'),
  icon: join(here, '../../resources/icon.png'),
}

/** The dev server URL electron-vite passes in `npm run dev`; never honoured in a packaged app. */
function devServerUrl(): string | undefined {
  return !app.isPackaged ? process.env.ELECTRON_RENDERER_URL || undefined : undefined
}

export function windowOptions(): BrowserWindowConstructorOptions {
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
    },
  }
}

/** CSP header on the app's own responses, and no permission (camera, notifications…) for anyone. */
export function installSessionSecurity(ses: Session, location: AppLocation, devUrl: string | undefined): void {
  const csp = contentSecurityPolicyFor(devUrl)
  ses.webRequest.onHeadersReceived((details, callback) => {
    const own = location.kind === 'dev' ? isAppOrigin(details.url, location.origin) : details.url.startsWith('file:')
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

/** Every web contents (window, devtools, anything) may neither navigate away nor open windows. */
export function hardenWebContents(contents: WebContents, location: AppLocation): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, location)) event.preventDefault()
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

export interface RunningApp {
  window: BrowserWindow
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
  const devUrl = devServerUrl()
  const location = appLocation({ devServerUrl: devUrl, indexHtmlFileUrl: pathToFileURL(paths.indexHtml).href })
  let mainWindow: BrowserWindow | null = null

  app.on('second-instance', () => {
    if (!mainWindow || mainWindow.isDestroyed()) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.show()
    mainWindow.focus()
  })
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, location))
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  await app.whenReady()
  installSessionSecurity(session.defaultSession, location, devUrl)
  const services = await createDesktopServices({
    dataDir: app.getPath('userData'),
    app: { name: app.getName(), version: app.getVersion() },
    staticDir: dirname(paths.indexHtml),
  })
  // Withdraw the mDNS advert (goodbye packets), flush the autosave, stop the bot worker.
  app.on('will-quit', () => void services.shutdown())
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
    const win = new BrowserWindow(windowOptions())
    win.once('ready-to-show', () => win.show())
    if (devUrl) void win.loadURL(devUrl)
    else void win.loadFile(paths.indexHtml)
    return win
  }
  mainWindow = createWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow()
  })
  return { window: mainWindow }
}
