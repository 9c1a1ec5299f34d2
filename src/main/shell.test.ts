/**
 * The Electron shell with `electron` mocked (no Electron binary can run here): window security options,
 * CSP header, IPC sender check, navigation / window.open / permission denial, single instance, menu.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const fake = vi.hoisted(() => {
  type Fn = (...args: any[]) => any
  const appHandlers = new Map<string, Fn[]>()
  const state = { lock: true, userData: '', isPackaged: false }
  const windows: any[] = []
  const makeContents = () => {
    const handlers = new Map<string, Fn>()
    return {
      handlers,
      windowOpenHandler: undefined as Fn | undefined,
      on: vi.fn((event: string, fn: Fn) => void handlers.set(event, fn)),
      setWindowOpenHandler: vi.fn(function (this: any, fn: Fn) {
        this.windowOpenHandler = fn
      }),
      getURL: vi.fn(() => ''),
      send: vi.fn(),
    }
  }
  class BrowserWindow {
    static getAllWindows = () => windows
    webContents = makeContents()
    once = vi.fn()
    on = vi.fn()
    close = vi.fn()
    loadFile = vi.fn(async () => {})
    loadURL = vi.fn(async () => {})
    isDestroyed = () => false
    isMinimized = vi.fn(() => true)
    restore = vi.fn()
    show = vi.fn()
    focus = vi.fn()
    flashFrame = vi.fn()
    isFocused = vi.fn(() => false)
    constructor(public options: any) {
      windows.push(this)
    }
  }
  const app = {
    requestSingleInstanceLock: vi.fn(() => state.lock),
    quit: vi.fn(),
    on: vi.fn((event: string, fn: Fn) => {
      appHandlers.set(event, [...(appHandlers.get(event) ?? []), fn])
    }),
    whenReady: vi.fn(async () => {}),
    getPath: vi.fn(() => state.userData),
    getName: () => 'Phase 10',
    getVersion: () => '0.1.0-test',
    get isPackaged() {
      return state.isPackaged
    },
    setAboutPanelOptions: vi.fn(),
    setAsDefaultProtocolClient: vi.fn(() => true),
    showAboutPanel: vi.fn(),
  }
  const session = {
    defaultSession: {
      webRequest: { onHeadersReceived: vi.fn() },
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
    },
  }
  const ipcMain = { handle: vi.fn(), removeHandler: vi.fn() }
  const protocol = { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() }
  // electron-updater's autoUpdater (loaded by the shell only when packaged).
  const updaterHandlers = new Map<string, Fn>()
  const autoUpdater = {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    checkForUpdates: vi.fn(async () => null),
    quitAndInstall: vi.fn(),
    on: vi.fn((event: string, fn: Fn) => void updaterHandlers.set(event, fn)),
  }
  const dialog = { showMessageBox: vi.fn(async () => ({ response: 0 })) }
  const powerSaveBlocker = { start: vi.fn(() => 1), stop: vi.fn() }
  const Menu = { buildFromTemplate: vi.fn((template: unknown) => ({ template })), setApplicationMenu: vi.fn() }
  // Electron's main-process Notification: every instance made, with its handlers.
  const notifications: any[] = []
  class Notification {
    static isSupported = vi.fn(() => true)
    handlers = new Map<string, Fn>()
    show = vi.fn()
    on = vi.fn((event: string, fn: Fn) => void this.handlers.set(event, fn))
    constructor(public options: any) {
      notifications.push(this)
    }
  }
  const emit = (event: string, ...args: unknown[]) => appHandlers.get(event)?.forEach((fn) => fn(...args))
  return { Notification, notifications, app, appHandlers, state, windows, BrowserWindow, session, ipcMain, protocol, Menu, emit, makeContents, autoUpdater, updaterHandlers, dialog, powerSaveBlocker }
})

vi.mock('electron', () => ({
  app: fake.app,
  BrowserWindow: fake.BrowserWindow,
  session: fake.session,
  ipcMain: fake.ipcMain,
  protocol: fake.protocol,
  Menu: fake.Menu,
  dialog: fake.dialog,
  powerSaveBlocker: fake.powerSaveBlocker,
  Notification: fake.Notification,
}))
vi.mock('electron-updater', () => ({ default: { autoUpdater: fake.autoUpdater } }))

const { startApp, paths, menuTemplate, QUIT_TIMEOUT_MS, guardWindowClose } = await import('./shell')
const APP_URL = 'app://phase10/index.html'

beforeEach(async () => {
  vi.clearAllMocks()
  fake.appHandlers.clear()
  fake.windows.length = 0
  fake.notifications.length = 0
  fake.state.lock = true
  fake.state.isPackaged = false
  fake.state.userData = await mkdtemp(join(tmpdir(), 'p10-shell-'))
  delete process.env.ELECTRON_RENDERER_URL
})
afterEach(async () => {
  delete process.env.ELECTRON_RENDERER_URL
  await rm(fake.state.userData, { recursive: true, force: true })
})

/** The handler main registered for the GameApi channel, called as if from a frame at `url`. */
function invokeFrom(url: string, message: unknown) {
  const [channel, handler] = fake.ipcMain.handle.mock.calls[0] as [string, (e: unknown, m: unknown) => Promise<unknown>]
  expect(channel).toBe('gameapi:invoke')
  return handler({ senderFrame: { url } }, message)
}

describe('Electron shell', () => {
  it('opens one window with an isolated, sandboxed renderer and a CommonJS preload, on app://', async () => {
    await startApp()
    expect(fake.windows).toHaveLength(1)
    const prefs = fake.windows[0].options.webPreferences
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false })
    expect(prefs.preload).toMatch(/[/\\]preload[/\\]index\.cjs$/)
    expect(fake.windows[0].loadURL).toHaveBeenCalledWith(APP_URL)
    expect(fake.windows[0].loadFile).not.toHaveBeenCalled()
  })

  it('registers app:// as a privileged scheme before ready, served from the renderer folder only', async () => {
    fake.app.whenReady.mockImplementationOnce(async () => {
      expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
        { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, supportFetchAPI: true }) },
      ])
      expect(fake.protocol.handle).not.toHaveBeenCalled()
    })
    await startApp()
    const [scheme, handler] = fake.protocol.handle.mock.calls[0] as [string, (r: Request) => Promise<Response>]
    expect(scheme).toBe('app')
    expect(paths.rendererDir).toMatch(/[/\\]renderer$/)
    // Whatever the folder holds, nothing outside it is served (app-protocol.test.ts covers the serving).
    expect((await handler(new Request('app://phase10/../main/index.js'))).status).toBe(404)
    expect((await handler(new Request('app://elsewhere/index.html'))).status).toBe(404)
  })

  it('allows DevTools only in a development build', async () => {
    await startApp()
    expect(fake.windows[0].options.webPreferences.devTools).toBe(true)
    fake.state.isPackaged = true
    fake.windows.length = 0
    fake.state.userData = await mkdtemp(join(tmpdir(), 'p10-shell-')) // the first start still holds its data folder
    await startApp()
    expect(fake.windows[0].options.webPreferences.devTools).toBe(false)
  })

  it('keeps settings in the userData dir', async () => {
    await startApp()
    expect(fake.app.getPath).toHaveBeenCalledWith('userData')
    const result = await invokeFrom(APP_URL, { name: 'settings.set', params: { playerName: 'Lin' } })
    expect(result).toMatchObject({ ok: true, value: { playerName: 'Lin' } })
  })

  it('serves the app’s page with its CSP header, and leaves other responses alone', async () => {
    await startApp()
    const [, handler] = fake.protocol.handle.mock.calls[0] as [string, (r: Request) => Promise<Response>]
    const page = await handler(new Request(APP_URL)) // from source, the renderer folder is src/renderer
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(page.headers.get('content-security-policy')).toContain("object-src 'none'")
    // The session hook is only for the dev server (tested below); it leaves everything else as it is.
    const listener = fake.session.defaultSession.webRequest.onHeadersReceived.mock.calls[0][0]
    const callback = vi.fn()
    listener({ url: 'https://example.com/', responseHeaders: {} }, callback)
    expect(callback).toHaveBeenLastCalledWith({})
  })

  it('answers IPC from the app’s page and refuses any other sender frame', async () => {
    await startApp()
    expect(await invokeFrom(APP_URL, { name: 'app.info', params: {} })).toMatchObject({ ok: true, value: { transport: 'ipc' } })
    expect(await invokeFrom(`${APP_URL}#/settings`, { name: 'app.info', params: {} })).toMatchObject({ ok: true })
    for (const url of ['https://evil.example/', 'file:///tmp/evil.html', 'http://localhost:5173/', undefined]) {
      expect(await invokeFrom(url as string, { name: 'settings.set', params: { playerName: 'Mallory' } })).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN' },
      })
    }
    expect(await invokeFrom(APP_URL, { name: 'settings.get', params: {} })).toMatchObject({ value: { playerName: 'Player' } })
  })

  it('denies navigation away from the app, window.open and webviews', async () => {
    await startApp()
    const contents = fake.makeContents()
    fake.emit('web-contents-created', {}, contents)
    const nav = { preventDefault: vi.fn() }
    contents.handlers.get('will-navigate')!(nav, 'https://example.com/')
    expect(nav.preventDefault).toHaveBeenCalled()
    const redirect = { preventDefault: vi.fn() }
    contents.handlers.get('will-redirect')!(redirect, 'https://example.com/')
    expect(redirect.preventDefault).toHaveBeenCalled()
    const own = { preventDefault: vi.fn() }
    contents.handlers.get('will-navigate')!(own, APP_URL)
    expect(own.preventDefault).not.toHaveBeenCalled()
    // Any frame (an iframe too): only the app's own page.
    for (const url of ['https://example.com/', 'file:///etc/passwd', 'app://phase10/assets/x.svg']) {
      const frame = { url, isMainFrame: false, preventDefault: vi.fn() }
      contents.handlers.get('will-frame-navigate')!(frame)
      expect(frame.preventDefault, url).toHaveBeenCalled()
    }
    const ownFrame = { url: `${APP_URL}#/rules`, isMainFrame: true, preventDefault: vi.fn() }
    contents.handlers.get('will-frame-navigate')!(ownFrame)
    expect(ownFrame.preventDefault).not.toHaveBeenCalled()
    expect(contents.windowOpenHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' })
    const webview = { preventDefault: vi.fn() }
    contents.handlers.get('will-attach-webview')!(webview)
    expect(webview.preventDefault).toHaveBeenCalled()
  })

  it('denies every permission request and check', async () => {
    await startApp()
    const request = fake.session.defaultSession.setPermissionRequestHandler.mock.calls[0][0]
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      const callback = vi.fn()
      request({}, permission, callback)
      expect(callback).toHaveBeenCalledWith(false)
    }
    const check = fake.session.defaultSession.setPermissionCheckHandler.mock.calls[0][0]
    expect(check({}, 'media')).toBe(false)
  })

  it('quits a second instance without opening a window', async () => {
    fake.state.lock = false
    expect(await startApp()).toBeNull()
    expect(fake.app.quit).toHaveBeenCalled()
    expect(fake.windows).toHaveLength(0)
    expect(fake.app.whenReady).not.toHaveBeenCalled()
  })

  it('restores and focuses the first instance when a second one starts', async () => {
    const running = await startApp()
    fake.emit('second-instance', {}, ['phase10'], '/')
    expect(running!.window.restore).toHaveBeenCalled()
    expect(running!.window.focus).toHaveBeenCalled()
  })

  it('in dev, loads the dev server, trusts only its origin and lets HMR connect', async () => {
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173'
    await startApp()
    expect(fake.windows[0].loadURL).toHaveBeenCalledWith('http://localhost:5173/')
    expect(await invokeFrom('http://localhost:5173/', { name: 'app.info', params: {} })).toMatchObject({ ok: true })
    expect(await invokeFrom(APP_URL, { name: 'app.info', params: {} })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    const listener = fake.session.defaultSession.webRequest.onHeadersReceived.mock.calls[0][0]
    const callback = vi.fn()
    listener({ url: 'http://localhost:5173/', responseHeaders: {} }, callback)
    expect(callback.mock.calls[0][0].responseHeaders['Content-Security-Policy'][0]).toContain("connect-src 'self' ws://localhost:5173")
  })

  it('ignores the dev server URL in a packaged app', async () => {
    fake.state.isPackaged = true
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173'
    await startApp()
    expect(fake.windows[0].loadURL).toHaveBeenCalledWith(APP_URL)
    expect(await invokeFrom('http://localhost:5173/', { name: 'app.info', params: {} })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
  })

  it('forwards GameApi events to app windows only', async () => {
    await startApp()
    fake.windows[0].webContents.getURL.mockReturnValue(APP_URL)
    const stray = new fake.BrowserWindow({})
    stray.webContents.getURL.mockReturnValue('https://example.com/')
    await invokeFrom(APP_URL, { name: 'settings.set', params: { sound: false } })
    expect(fake.windows[0].webContents.send).toHaveBeenCalledWith('gameapi:event', expect.objectContaining({ event: 'settings.changed' }))
    expect(stray.webContents.send).not.toHaveBeenCalled()
  })

  it('installs a menu: File › Quit, View (DevTools in dev only), Help › About', async () => {
    await startApp()
    expect(fake.Menu.setApplicationMenu).toHaveBeenCalled()
    const roles = (items: any[] | undefined) => (items ?? []).map((i) => i.role ?? i.label ?? i.type)
    const dev = menuTemplate({ isDev: true, isMac: false, showAbout: () => {} })
    expect(dev.map((m) => m.label)).toEqual(['File', 'View', 'Help'])
    expect(roles(dev[0].submenu as any[])).toEqual(['quit'])
    expect(roles(dev[1].submenu as any[])).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']))
    const prod = menuTemplate({ isDev: false, isMac: false, showAbout: () => {} })
    expect(roles(prod[1].submenu as any[])).not.toContain('toggleDevTools')
    expect(roles(prod[1].submenu as any[])).not.toContain('reload')
    const showAbout = vi.fn()
    const help = menuTemplate({ isDev: false, isMac: true, showAbout }).find((m) => m.label === 'Help')!
    ;(help.submenu as any[])[0].click()
    expect(showAbout).toHaveBeenCalled()
  })

  it('quits only after the services have shut down: the saved game holds the table as it was', async () => {
    await startApp()
    const started = (await invokeFrom(APP_URL, { name: 'solo.start', params: { bots: [{ level: 'easy' }], seed: 'quit-test', botDelayMs: 0 } })) as any
    expect(started.ok).toBe(true)
    const event = { preventDefault: vi.fn() }
    fake.emit('will-quit', event)
    expect(event.preventDefault).toHaveBeenCalled() // held back until the shutdown is done
    expect(fake.app.quit).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(fake.app.quit).toHaveBeenCalledTimes(1))
    const again = { preventDefault: vi.fn() }
    fake.emit('will-quit', again) // the repeated quit goes through
    expect(again.preventDefault).not.toHaveBeenCalled()
    // The next start finds the game to continue.
    fake.appHandlers.clear()
    fake.windows.length = 0
    vi.clearAllMocks()
    await startApp()
    const saves = (await invokeFrom(APP_URL, { name: 'saves.list', params: {} })) as any
    expect(saves.value.map((g: any) => g.tableId)).toContain(started.value.tableId)
  })

  it('quits anyway when the shutdown hangs, after at most QUIT_TIMEOUT_MS', async () => {
    const { quitAfterShutdown } = await import('./shell')
    vi.useFakeTimers()
    try {
      quitAfterShutdown(() => new Promise(() => {}), 500)
      fake.emit('will-quit', { preventDefault: vi.fn() })
      await vi.advanceTimersByTimeAsync(499)
      expect(fake.app.quit).not.toHaveBeenCalled()
      await vi.advanceTimersByTimeAsync(1)
      expect(fake.app.quit).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
    expect(QUIT_TIMEOUT_MS).toBeLessThanOrEqual(5000)
  })

  describe('closing the window while hosting', () => {
    const fakeWindow = () => {
      let onClose: ((e: { preventDefault: () => void }) => void) | undefined
      const win = { on: vi.fn((_e: string, fn: typeof onClose) => void (onClose = fn)), close: vi.fn(() => onClose!({ preventDefault: vi.fn() })), isDestroyed: () => false }
      return { win, tryClose: () => { const e = { preventDefault: vi.fn() }; onClose!(e); return e } }
    }
    it('asks first when others would lose their game, and closes only when told to', async () => {
      const { win, tryClose } = fakeWindow()
      let answer = false
      const ask = vi.fn(async () => answer)
      guardWindowClose(win as never, () => 'End the game for 2 players? It is saved and can be resumed.', ask)
      expect(tryClose().preventDefault).toHaveBeenCalled()
      await vi.waitFor(() => expect(ask).toHaveBeenCalledWith('End the game for 2 players? It is saved and can be resumed.'))
      await new Promise((r) => setTimeout(r, 0)) // the dialog has closed
      expect(win.close).not.toHaveBeenCalled() // "Keep hosting"
      answer = true
      expect(tryClose().preventDefault).toHaveBeenCalled()
      await vi.waitFor(() => expect(win.close).toHaveBeenCalledTimes(1)) // "Close anyway": closes for good
    })
    it('closes at once when nobody else is at the table', () => {
      const { win, tryClose } = fakeWindow()
      const ask = vi.fn(async () => true)
      guardWindowClose(win as never, () => null, ask)
      expect(tryClose().preventDefault).not.toHaveBeenCalled()
      expect(ask).not.toHaveBeenCalled()
    })
    it('is installed on the app window, and a solo game neither asks nor keeps the machine awake', async () => {
      await startApp()
      expect(fake.windows[0].on).toHaveBeenCalledWith('close', expect.any(Function))
      expect((await invokeFrom(APP_URL, { name: 'solo.start', params: { bots: [{ level: 'easy' }], seed: 'guard', botDelayMs: 0 } })) as any).toMatchObject({ ok: true })
      const close = fake.windows[0].on.mock.calls.find((c: any[]) => c[0] === 'close')[1]
      const e = { preventDefault: vi.fn() }
      close(e)
      expect(e.preventDefault).not.toHaveBeenCalled()
      expect(fake.powerSaveBlocker.start).not.toHaveBeenCalled()
    })
  })

  describe('updates', () => {
    const info = () => invokeFrom(APP_URL, { name: 'app.info', params: {} }) as Promise<any>

    it('are never looked for in a development build', async () => {
      await startApp()
      expect(fake.autoUpdater.checkForUpdates).not.toHaveBeenCalled()
      expect((await info()).value.update).toBeNull()
    })

    it('packaged: checked at start, downloaded in the background, announced to the window', async () => {
      fake.state.isPackaged = true
      await startApp()
      await vi.waitFor(() => expect(fake.autoUpdater.checkForUpdates).toHaveBeenCalledTimes(1))
      expect(fake.autoUpdater.autoDownload).toBe(true)
      fake.windows[0].webContents.getURL.mockReturnValue(APP_URL)
      fake.updaterHandlers.get('update-downloaded')!({ version: '9.9.9' })
      expect(fake.windows[0].webContents.send).toHaveBeenCalledWith('gameapi:event', { event: 'app.update', payload: { state: 'ready', version: '9.9.9' } })
      expect((await info()).value.update).toEqual({ state: 'ready', version: '9.9.9' })
      expect(await invokeFrom(APP_URL, { name: 'app.installUpdate', params: {} })).toEqual({ ok: true, value: null })
      expect(fake.autoUpdater.quitAndInstall).toHaveBeenCalledTimes(1)
    })

    it('are not installed while a table is open', async () => {
      fake.state.isPackaged = true
      await startApp()
      fake.updaterHandlers.get('update-downloaded')!({ version: '9.9.9' })
      await invokeFrom(APP_URL, { name: 'solo.start', params: { bots: [{ level: 'easy' }], seed: 'busy', botDelayMs: 0 } })
      expect(await invokeFrom(APP_URL, { name: 'app.installUpdate', params: {} })).toMatchObject({ ok: false, error: { code: 'WRONG_STATUS' } })
      expect(fake.autoUpdater.quitAndInstall).not.toHaveBeenCalled()
      await invokeFrom(APP_URL, { name: 'table.leave', params: {} })
      expect(await invokeFrom(APP_URL, { name: 'app.installUpdate', params: {} })).toEqual({ ok: true, value: null })
    })

    it('the setting turns the check off', async () => {
      fake.state.isPackaged = true
      const { writeFile } = await import('node:fs/promises')
      await writeFile(join(fake.state.userData, 'settings.json'), JSON.stringify({ checkForUpdates: false }))
      await startApp()
      await new Promise((r) => setTimeout(r, 20))
      expect(fake.autoUpdater.checkForUpdates).not.toHaveBeenCalled()
    })
  })
})

describe('your turn, in the background (desktop)', () => {
  const attention = (title = 'Your turn', body = 'Kitchen table') => invokeFrom(APP_URL, { name: 'app.attention', params: { title, body } }) as Promise<any>

  it('flashes the window and shows a notification only while the window is not focused', async () => {
    await startApp()
    const win = fake.windows[0]
    win.isFocused.mockReturnValue(true)
    expect(await attention()).toEqual({ ok: true, value: { shown: false } })
    expect(win.flashFrame).not.toHaveBeenCalled()
    expect(fake.notifications).toHaveLength(0)
    win.isFocused.mockReturnValue(false)
    expect(await attention()).toEqual({ ok: true, value: { shown: true } })
    expect(win.flashFrame).toHaveBeenCalledWith(true)
    expect(fake.notifications).toHaveLength(1)
    expect(fake.notifications[0].options).toMatchObject({ title: 'Your turn', body: 'Kitchen table' })
    expect(fake.notifications[0].show).toHaveBeenCalled()
    // Clicking the notification brings the window forward; focusing it stops the flashing.
    fake.notifications[0].handlers.get('click')()
    expect(win.focus).toHaveBeenCalled()
    const onFocus = win.on.mock.calls.find((c: any[]) => c[0] === 'focus')[1]
    onFocus()
    expect(win.flashFrame).toHaveBeenLastCalledWith(false)
  })

  it('does nothing when Settings turn the alerts off', async () => {
    await startApp()
    await invokeFrom(APP_URL, { name: 'settings.set', params: { turnAlerts: false } })
    expect(await attention()).toEqual({ ok: true, value: { shown: false } })
    expect(fake.windows[0].flashFrame).not.toHaveBeenCalled()
    expect(fake.notifications).toHaveLength(0)
  })

  it('still flashes where the desktop has no notifications, and refuses a bad message', async () => {
    await startApp()
    fake.Notification.isSupported.mockReturnValueOnce(false)
    expect(await attention()).toMatchObject({ value: { shown: true } })
    expect(fake.notifications).toHaveLength(0)
    expect(await invokeFrom(APP_URL, { name: 'app.attention', params: { title: '' } })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
    expect(await invokeFrom(APP_URL, { name: 'app.attention', params: { title: 'x', script: 1 } })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
  })
})

describe('phase10:// deep links (desktop)', () => {
  const LINK = 'phase10://join?host=192.168.1.23&port=7310&table=Uj9eaZneTMRY'
  const take = () => invokeFrom(APP_URL, { name: 'app.deepLink', params: {} }) as Promise<any>
  const argv = process.argv

  afterEach(() => {
    process.argv = argv
  })

  it('registers the app as the phase10:// handler', async () => {
    await startApp()
    expect(fake.app.setAsDefaultProtocolClient).toHaveBeenCalledWith('phase10', ...(process.defaultApp ? [process.execPath, expect.any(Array)] : []))
  })

  it('a link in a second start’s arguments focuses the window and tells it to open the join flow', async () => {
    const running = await startApp()
    fake.windows[0].webContents.getURL.mockReturnValue(APP_URL)
    fake.emit('second-instance', {}, ['/opt/Phase 10/phase10', '--no-sandbox', LINK], '/')
    expect(running!.window.focus).toHaveBeenCalled()
    expect(fake.windows[0].webContents.send).toHaveBeenCalledWith('gameapi:event', {
      event: 'app.deepLink',
      payload: { address: '192.168.1.23', port: 7310, tableId: 'Uj9eaZneTMRY' },
    })
    expect(await take()).toEqual({ ok: true, value: { address: '192.168.1.23', port: 7310, tableId: 'Uj9eaZneTMRY' } })
    expect(await take()).toEqual({ ok: true, value: null }) // taken once: a reload does not join again
  })

  it('macOS open-url: the link is taken, the default handling prevented; a bad link is ignored', async () => {
    await startApp()
    const good = { preventDefault: vi.fn() }
    fake.emit('open-url', good, 'phase10://join?host=10.0.0.7&port=7311')
    expect(good.preventDefault).toHaveBeenCalled()
    expect(await take()).toEqual({ ok: true, value: { address: '10.0.0.7', port: 7311 } })
    fake.windows[0].focus.mockClear()
    fake.emit('open-url', { preventDefault: vi.fn() }, 'phase10://join?host=10.0.0.7&port=7311&evil=1')
    expect(await take()).toEqual({ ok: true, value: null })
    expect(fake.windows[0].focus).not.toHaveBeenCalled()
  })

  it('a link the app was started with waits for the window to ask', async () => {
    process.argv = [...argv, 'phase10://join?host=kitchen.local&port=7310']
    await startApp()
    expect(await take()).toEqual({ ok: true, value: { address: 'kitchen.local', port: 7310 } })
  })
})
