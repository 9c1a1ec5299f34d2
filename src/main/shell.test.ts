/**
 * The Electron shell with `electron` mocked (no Electron binary can run here): window security options,
 * CSP header, IPC sender check, navigation / window.open / permission denial, single instance, menu.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
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
    loadFile = vi.fn(async () => {})
    loadURL = vi.fn(async () => {})
    isDestroyed = () => false
    isMinimized = vi.fn(() => true)
    restore = vi.fn()
    show = vi.fn()
    focus = vi.fn()
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
  const Menu = { buildFromTemplate: vi.fn((template: unknown) => ({ template })), setApplicationMenu: vi.fn() }
  const emit = (event: string, ...args: unknown[]) => appHandlers.get(event)?.forEach((fn) => fn(...args))
  return { app, appHandlers, state, windows, BrowserWindow, session, ipcMain, Menu, emit, makeContents }
})

vi.mock('electron', () => ({
  app: fake.app,
  BrowserWindow: fake.BrowserWindow,
  session: fake.session,
  ipcMain: fake.ipcMain,
  Menu: fake.Menu,
}))

const { startApp, paths, menuTemplate } = await import('./shell')
const APP_URL = pathToFileURL(paths.indexHtml).href

beforeEach(async () => {
  vi.clearAllMocks()
  fake.appHandlers.clear()
  fake.windows.length = 0
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
  it('opens one window with an isolated, sandboxed renderer and a CommonJS preload', async () => {
    await startApp()
    expect(fake.windows).toHaveLength(1)
    const prefs = fake.windows[0].options.webPreferences
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false })
    expect(prefs.preload).toMatch(/[/\\]preload[/\\]index\.cjs$/)
    expect(fake.windows[0].loadFile).toHaveBeenCalledWith(paths.indexHtml)
    expect(fake.windows[0].loadURL).not.toHaveBeenCalled()
  })

  it('keeps settings in the userData dir', async () => {
    await startApp()
    expect(fake.app.getPath).toHaveBeenCalledWith('userData')
    const result = await invokeFrom(APP_URL, { name: 'settings.set', params: { playerName: 'Lin' } })
    expect(result).toMatchObject({ ok: true, value: { playerName: 'Lin' } })
  })

  it('adds the CSP header to the app’s own responses only', async () => {
    await startApp()
    const listener = fake.session.defaultSession.webRequest.onHeadersReceived.mock.calls[0][0]
    const callback = vi.fn()
    listener({ url: APP_URL, responseHeaders: { 'X-Other': ['1'] } }, callback)
    const headers = callback.mock.calls[0][0].responseHeaders
    expect(headers['X-Other']).toEqual(['1'])
    expect(headers['Content-Security-Policy'][0]).toContain("script-src 'self'")
    expect(headers['Content-Security-Policy'][0]).toContain("object-src 'none'")
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
    expect(fake.windows[0].loadURL).toHaveBeenCalledWith('http://localhost:5173')
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
    expect(fake.windows[0].loadFile).toHaveBeenCalledWith(paths.indexHtml)
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
})
