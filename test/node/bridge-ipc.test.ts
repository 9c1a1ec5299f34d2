/**
 * GameApi over the Electron IPC wiring (src/main/ipc.ts + src/preload/bridge.ts) with a fake
 * ipcMain/ipcRenderer pair. Messages are structured-cloned like real IPC, so nothing non-serialisable
 * can sneak across.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { registerIpc } from '../../src/main/ipc'
import { createServices } from '../../src/main/services'
import { createIpcGameApi, type IpcRendererLike } from '../../src/preload/bridge'
import type { ApiEvent, GameApi } from '@shared/api'
import { gameApiContract, type ContractHarness } from './gameapi-contract'

const APP_URL = 'file:///opt/phase10/out/renderer/index.html'

type Listener = (event: unknown, ...args: unknown[]) => void

/** One fake main process with any number of fake renderers, each with its own frame URL. */
function fakeElectronIpc() {
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>()
  const renderers: { url: string; listeners: Map<string, Set<Listener>> }[] = []
  const ipcMain = {
    handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) => {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
      handlers.set(channel, fn)
    },
    removeHandler: (channel: string) => void handlers.delete(channel),
  }
  const renderer = (url: string): IpcRendererLike => {
    const listeners = new Map<string, Set<Listener>>()
    renderers.push({ url, listeners })
    const ipc = {
      invoke: async (channel: string, ...args: unknown[]) => {
        const handler = handlers.get(channel)
        if (!handler) throw new Error(`No handler registered for '${channel}'`)
        return structuredClone(await handler({ senderFrame: { url } }, ...structuredClone(args)))
      },
      on: (channel: string, listener: Listener) => {
        if (!listeners.has(channel)) listeners.set(channel, new Set())
        listeners.get(channel)!.add(listener)
        return ipc
      },
      removeListener: (channel: string, listener: Listener) => {
        listeners.get(channel)?.delete(listener)
        return ipc
      },
    }
    return ipc as unknown as IpcRendererLike
  }
  /** What the shell's sendToWindows does: webContents.send to each app window. */
  const sendToWindows = (channel: string, event: ApiEvent) => {
    for (const r of renderers) {
      if (r.url !== APP_URL) continue
      for (const l of r.listeners.get(channel) ?? []) l({ sender: 'not for the renderer' }, structuredClone(event))
    }
  }
  return { ipcMain, renderer, sendToWindows }
}

describe('GameApi over IPC', () => {
  let h: ContractHarness
  let unregister: () => void
  let fake: ReturnType<typeof fakeElectronIpc>

  beforeEach(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'p10-ipc-'))
    const services = await createServices({ dataDir, app: { name: 'Phase 10', version: '0.1.0-test' } })
    fake = fakeElectronIpc()
    unregister = registerIpc({
      ipcMain: fake.ipcMain as never,
      services,
      isAllowedSender: (url) => url === APP_URL,
      sendToWindows: fake.sendToWindows,
    })
    h = { api: createIpcGameApi(fake.renderer(APP_URL)), otherApi: createIpcGameApi(fake.renderer(APP_URL)), dataDir, transport: 'ipc' }
  })
  afterEach(async () => {
    unregister()
    await rm(h.dataDir, { recursive: true, force: true })
  })

  gameApiContract(() => h)

  it('refuses requests from a frame that is not the app (FORBIDDEN) and changes nothing', async () => {
    const foreign: GameApi = createIpcGameApi(fake.renderer('https://evil.example/'))
    expect(await foreign.invoke('settings.set', { playerName: 'Mallory' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    expect(await h.api.invoke('settings.get', {})).toMatchObject({ ok: true, value: { playerName: 'Player' } })
  })

  it('refuses a message that is not { name, params } with BAD_REQUEST', async () => {
    const raw = fake.renderer(APP_URL)
    expect(await raw.invoke('gameapi:invoke', 'settings.get')).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
  })

  it('turns a missing main-process handler into DISCONNECTED instead of a rejection', async () => {
    unregister()
    unregister = () => {}
    expect(await h.api.invoke('app.info', {})).toMatchObject({ ok: false, error: { code: 'DISCONNECTED' } })
  })
})
