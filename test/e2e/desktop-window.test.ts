/**
 * The desktop window as Electron shows it, minus Electron (which cannot run here): the built renderer served
 * by the shell's own app:// handler (`createAppProtocolHandler`, what `protocol.handle('app', …)` answers
 * with), with the CSP header it sends; the real preload bridge (src/preload/bridge.ts, bundled for the page)
 * on a stand-in `ipcRenderer`; and the real main-process wiring (`registerIpc`, with the shell's sender check
 * `isAppUrl`) in front of the desktop services. It covers what only the packaged app does: module scripts
 * and lazily loaded screens from relative paths on the app's origin, and every request and event through the
 * IPC path. Plain Chromium cannot register a scheme, so the page runs on a stand-in origin whose every request
 * is answered by the handler as the matching app:// request.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IPC_INVOKE_CHANNEL } from '@shared/api/channels'
import type { ApiEvent, ApiResult } from '@shared/api'
import { registerIpc } from '../../src/main/ipc'
import { createAppProtocolHandler } from '../../src/main/app-protocol'
import { APP_INDEX_URL, appLocation, isAppUrl } from '../../src/main/security'
import { createServices, type Services } from '../../src/main/services'
import { InProcessBotRunner } from '../../src/main/session/bot-runner'
import { launchChromium, root } from './helpers'
import { look, shoot, step } from './ui-driver'

const location = appLocation()
const serveApp = createAppProtocolHandler(join(root, 'out/renderer'))
/** Stands for app://phase10 in plain Chromium: requests are answered by the app:// handler. */
const STAND_IN = 'https://app.phase10.test' // https: a secure context, as app:// is
const asAppUrl = (url: string) => (url.startsWith(`${STAND_IN}/`) ? `app://phase10${url.slice(STAND_IN.length)}` : url)
/** The window's own requests, as registerIpc makes them (for looking at main's side in the test). */
const local = { transport: 'ipc', clientId: 'local', operator: true } as const

/** The page side of the stand-in ipcRenderer's events (set by the preload script). */
type Emitter = { __p10Emit(channel: string, message: unknown): void }
type InvokeHandler = (event: { senderFrame: { url: string } | null }, raw: unknown) => Promise<ApiResult<unknown>>

let dataDir: string
let services: Services
let browser: Browser
let unregister = () => {}

/** The preload's `createIpcGameApi` as a script for the page, on an ipcRenderer made of two page bindings. */
async function preloadScript(): Promise<string> {
  const bundle = await build({
    stdin: { contents: `import { createIpcGameApi } from './src/preload/bridge'; globalThis.__createIpcGameApi = createIpcGameApi`, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'warning',
  })
  const ipcRenderer = `(() => {
    const listeners = []
    const ipcRenderer = {
      invoke: (channel, payload) => window.__p10Invoke(channel, payload),
      on: (channel, handler) => { listeners.push([channel, handler]) },
      removeListener: (channel, handler) => { const i = listeners.findIndex((l) => l[0] === channel && l[1] === handler); if (i >= 0) listeners.splice(i, 1) },
    }
    window.__p10Emit = (channel, message) => { for (const [c, h] of listeners.slice()) if (c === channel) h({}, message) }
    // What contextBridge.exposeInMainWorld('api', createIpcGameApi(ipcRenderer)) does in src/preload/index.ts.
    Object.defineProperty(window, 'api', { value: Object.freeze(globalThis.__createIpcGameApi(ipcRenderer)) })
  })()`
  return bundle.outputFiles[0].text + '\n' + ipcRenderer
}

/** Opens the app's window: wires IPC for this page, then loads index.html from the app:// handler. */
async function openWindow(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  page.setDefaultTimeout(10_000)
  const problems: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(`console: ${msg.text()}`)
  })
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`))
  page.on('requestfailed', (req) => problems.push(`requestfailed: ${req.url()} ${req.failure()?.errorText ?? ''}`))
  let handler: InvokeHandler | null = null
  unregister = registerIpc({
    ipcMain: { handle: (_channel: string, fn: InvokeHandler) => void (handler = fn), removeHandler: () => void (handler = null) } as never,
    services,
    isAllowedSender: (url) => isAppUrl(url === undefined ? url : asAppUrl(url), location),
    // As the shell does: only to windows showing the app.
    sendToWindows: (channel: string, event: ApiEvent) => {
      if (isAppUrl(asAppUrl(page.url()), location)) page.evaluate(([c, e]) => (globalThis as unknown as Emitter).__p10Emit(c, e), [channel, event] as const).catch(() => {})
    },
  })
  await page.exposeBinding('__p10Invoke', async ({ frame }, channel: string, payload: unknown) => {
    if (channel !== IPC_INVOKE_CHANNEL || !handler) throw new Error(`no handler for ${channel}`)
    return handler({ senderFrame: { url: frame.url() } }, payload)
  })
  await page.addInitScript(await preloadScript())
  await page.route(`${STAND_IN}/**`, async (route) => {
    const res = await serveApp(new Request(asAppUrl(route.request().url()), { method: route.request().method() }))
    await route.fulfill({ status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) })
  })
  await page.goto(APP_INDEX_URL.replace('app://phase10', STAND_IN))
  return { page, problems }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'p10-e2e-window-'))
  await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ playerName: 'Desk', sound: false, animationSpeed: 'fast', botDelayMs: 0 }))
  services = await createServices({ dataDir, app: { name: 'Phase 10', version: '0.0.0-e2e' }, bots: new InProcessBotRunner(), botDelayMs: 0, warn: () => {} })
  browser = await launchChromium()
})

afterAll(async () => {
  unregister()
  await browser?.close()
  await services?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('the desktop window (app://, preload bridge, IPC)', () => {
  it('loads every screen from the app:// handler and plays a solo game over IPC, left and continued from the menu', async () => {
    const { page, problems } = await openWindow()
    await page.getByRole('heading', { name: /phase 10/i }).waitFor()
    expect(asAppUrl(await page.evaluate('location.href'))).toBe(APP_INDEX_URL)
    expect(await page.evaluate('document.querySelectorAll("script[type=module]").length')).toBeGreaterThan(0)

    // Settings: a lazily loaded screen; saving goes to main over IPC, and main keeps it.
    await page.getByRole('button', { name: /Settings/ }).click()
    await page.getByLabel('Your name').fill('Desk Top')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(async () => JSON.stringify(await services.dispatch('settings.get', {}, local))).toMatch(/"playerName":"Desk Top"/)
    await page.getByRole('button', { name: 'Back' }).click()

    // A solo game: the setup and table screens load from their own chunks too.
    await page.getByRole('button', { name: /Play solo/ }).click()
    await page.getByLabel('Phases').selectOption({ label: 'Sprint (1 phase: a set of 3)' })
    await page.getByLabel('Game length').selectOption({ label: '1 hand, everyone advances' })
    await page.getByRole('button', { name: 'Deal the cards' }).click()
    await page.getByRole('region', { name: 'Your hand' }).waitFor()
    for (let moves = 0; moves < 2; ) if (await step(page).catch(() => null)) moves++

    // View › Reload mid-game lands back in the seat (issue #16), not on "No game in progress".
    // The hand as it settles after my last move (a draw's card arrives with the next snapshot).
    let cardsBefore = (await look(page)).cards
    for (let settled = false; !settled; ) {
      await page.waitForTimeout(250)
      const now = (await look(page)).cards
      settled = now === cardsBefore
      cardsBefore = now
    }
    await page.reload()
    await page.getByRole('region', { name: 'Your hand' }).waitFor()
    expect((await look(page)).cards).toBe(cardsBefore)

    // Leave mid-game: the menu offers the saved game, and continuing it brings back the same table.
    const before = await look(page)
    const versionBefore = (await services.dispatch('table.get', {}, local)) as { ok: true; value: { version: number } }
    await page.getByRole('button', { name: '← Leave' }).click()
    await page.getByRole('dialog', { name: 'Leave the table?' }).getByRole('button', { name: 'Leave' }).click()
    const resume = page.getByRole('button', { name: /Continue: Solo vs/ })
    await resume.waitFor()
    expect(await resume.textContent()).toMatch(/Hand 1 · you: Phase 1, 0 pts · just now/)
    await shoot(page, 'home-continue')
    await resume.click()
    await page.getByRole('region', { name: 'Your hand' }).waitFor()
    expect((await look(page)).cards).toBe(before.cards)
    expect(await services.dispatch('table.get', {}, local)).toMatchObject({ ok: true, value: { version: versionBefore.value.version, status: 'playing' } })

    const deadline = Date.now() + 60_000
    let moves = 0
    while (Date.now() < deadline) {
      const did = await step(page).catch(() => null) // a bot moved mid-step: look again
      if (did === 'over') break
      if (did) moves++
      await page.waitForTimeout(did ? 30 : 60)
    }
    expect((await look(page)).over).toBe(true)
    expect(moves).toBeGreaterThan(0)
    expect(problems).toEqual([])
  })
})
