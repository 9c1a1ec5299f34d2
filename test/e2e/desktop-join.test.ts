/**
 * Joining from another desktop, through the real UI. Electron cannot run here, so the joining desktop is
 * emulated as closely as the preload allows: its main-process services (RemoteTable for `join.connect`, LAN
 * discovery — on loopback, multicast never leaves the machine) behind a WebSocket that gives the page exactly
 * the desktop renderer's request context (transport `ipc`, client `local`): the same GameApi requests and
 * events the preload bridge carries. The page finds the host's table by mDNS, joins it, says it is ready,
 * and plays against the host's bot to the end of the game; every move is relayed by its "main process".
 */
import { createServer, type Server } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { WS_PATH, wsClientFrameSchema, type WsServerFrame } from '@shared/api'
import { createAdvertManager, createDiscovery } from '../../src/main/net/discovery'
import { startHostServer, type HostServer } from '../../src/main/net/host-server'
import { createStaticHandler } from '../../src/main/net/static-server'
import { createServices, type RequestContext, type Services } from '../../src/main/services'
import { InProcessBotRunner } from '../../src/main/session/bot-runner'
import { createConnectRemote } from '../../src/main/session/remote-table'
import { TestClient, testHostOptions } from '../node/lan/harness'
import { launchChromium, root } from './helpers'
import { look, openPage, shoot, step } from './ui-driver'

const mdns = { interface: '127.0.0.1', bind: '0.0.0.0' }
const app = { name: 'Phase 10', version: '0.0.0-e2e' }
const rendererDir = join(root, 'out/renderer')
/** What the preload gives the desktop window: the local operator, over IPC. */
const desktopContext: RequestContext = { transport: 'ipc', clientId: 'local', operator: true }

let dirs: string[] = []
let host: HostServer
let advert: ReturnType<typeof createAdvertManager>
let discovery: ReturnType<typeof createDiscovery>
let desktop: Services
let window: Server
let browser: Browser

/** The desktop window's transport, minus Electron: every connection is the local renderer. */
async function serveDesktopWindow(services: Services): Promise<Server> {
  const server = createServer((req, res) => void createStaticHandler(rendererDir)(req, res).catch(() => res.destroy()))
  const wss = new WebSocketServer({ server, path: WS_PATH })
  wss.on('connection', (socket) => {
    const send = (frame: WsServerFrame) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(frame))
    const off = services.events.subscribe((e) => send({ type: 'event', event: e.event, payload: e.payload } as WsServerFrame), {
      id: desktopContext.clientId,
      isOperator: () => true,
    })
    socket.on('message', async (data) => {
      const frame = wsClientFrameSchema.safeParse(JSON.parse(String(data)))
      if (!frame.success) throw new Error(`the page sent a bad frame: ${String(data)}`)
      send({ type: 'response', id: frame.data.id, result: await services.dispatch(frame.data.name, frame.data.params, desktopContext) })
    })
    socket.on('close', off)
  })
  server.on('close', () => wss.close())
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return server
}

beforeAll(async () => {
  dirs = [await mkdtemp(join(tmpdir(), 'p10-e2e-dj-host-')), await mkdtemp(join(tmpdir(), 'p10-e2e-dj-desk-'))]
  let port = 0
  advert = createAdvertManager({ port: () => port, hostName: 'attic-pc', mdns })
  host = await startHostServer(
    testHostOptions(dirs[0], { staticDir: rendererDir, table: { tableName: 'Attic table' }, advertise: (info) => advert.advertise(info), onListening: (p) => (port = p) }),
  )
  discovery = createDiscovery({ mdns, queryIntervalMs: 500 })
  desktop = await createServices({
    dataDir: dirs[1],
    app,
    bots: new InProcessBotRunner(),
    botDelayMs: 0,
    warn: () => {},
    discovery,
    connectRemote: createConnectRemote({ dataDir: dirs[1], addressesFor: discovery.addressesFor }),
  })
  ;[window, browser] = await Promise.all([serveDesktopWindow(desktop), launchChromium()])
})

afterAll(async () => {
  await browser?.close()
  await new Promise<void>((r) => (window ? window.close(() => r()) : r()))
  await desktop?.close()
  await discovery?.stop()
  await advert?.stop()
  await host?.close()
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

it('a desktop finds the host on the network, joins from the list and plays a whole game', async () => {
  // The host's operator (another machine's window) adds a bot and a short rule set.
  const op = await TestClient.connect(host.url.replace(/^http/, 'ws').replace(/\/$/, '') + WS_PATH)
  expect((await op.request('host.claim', { token: host.operatorToken })).ok).toBe(true)
  expect((await op.request('lobby.addBot', { level: 'easy' })).ok).toBe(true)
  expect((await op.request('lobby.setRules', { rules: { phaseList: [[{ kind: 'set', size: 3 }]], fixedHands: 1 } })).ok).toBe(true)

  const { page, problems } = await openPage(browser, `http://127.0.0.1:${(window.address() as { port: number }).port}/`)
  await page.getByRole('button', { name: /Join a game/ }).click()
  await page.getByLabel('Your name').fill('Dee')
  // Found by mDNS: the table's name, the host machine, its seats.
  const game = page.getByRole('button', { name: /Attic table/ })
  await game.waitFor({ timeout: 15_000 })
  expect(await game.textContent()).toMatch(/attic-pc · 1\/6 seats · Classic/)
  await shoot(page, 'join-desktop')
  await game.click()

  await page.getByRole('region', { name: 'Seats' }).waitFor()
  await page.getByRole('button', { name: "I'm ready" }).click()
  await expect
    .poll(async () => {
      const r = await op.request<{ seats: { name: string; ready?: boolean }[] } | null>('table.get')
      return r.ok && r.value ? r.value.seats.find((s) => s.name === 'Dee')?.ready : undefined
    })
    .toBe(true)
  expect((await op.request('lobby.start', { seed: 'desktop-join-e2e-1' })).ok).toBe(true)

  await page.getByRole('region', { name: 'Your hand' }).waitFor()
  let moves = 0
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline && !(await look(page)).over) {
    const did = await step(page).catch(() => null)
    if (did && did !== 'over') moves++
    else await page.waitForTimeout(60)
  }
  expect(await page.locator('#over-title').isVisible()).toBe(true)
  expect(moves).toBeGreaterThan(2)
  // The host's table ran the game: it is over there too, and Dee is seated at it.
  const final = await op.request<{ status: string; seats: { name: string }[] }>('table.get')
  expect(final).toMatchObject({ ok: true, value: { status: 'over' } })
  if (final.ok) expect(final.value.seats.map((s) => s.name)).toContain('Dee')
  expect(problems).toEqual([])
  op.close()
}, 180_000)
