// @vitest-environment node
/**
 * The browser (phone) GameApi: settings stay in this browser, everything else goes to the host over a real
 * WebSocket (a minimal host on 127.0.0.1 that records what it receives), and the seat token is kept and
 * reused across reloads and reconnects.
 */
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { WebSocketServer as WssType } from 'ws'
import { DEFAULT_SETTINGS, PROTOCOL_VERSION, WS_PATH } from '@shared/api'
import { SEAT_KEY, SETTINGS_KEY, createBrowserApi, loadLocalSettings, type StorageLike } from './browser-api'
import { createWsApi, type WebSocketCtor, type WsGameApi } from './ws-api'

// Node's own `ws` (this project resolves bare imports with browser conditions, where `ws` is a stub).
const { WebSocket, WebSocketServer } = createRequire(import.meta.url)(
  fileURLToPath(new URL('../../../../node_modules/ws/index.js', import.meta.url)),
) as typeof import('ws')

class MemoryStorage implements StorageLike {
  map = new Map<string, string>()
  getItem(k: string) {
    return this.map.get(k) ?? null
  }
  setItem(k: string, v: string) {
    this.map.set(k, v)
  }
  removeItem(k: string) {
    this.map.delete(k)
  }
}

let wss: WssType
let url: string
let received: Array<{ name: string; params: Record<string, unknown> }>
let tokens: Set<string>
let apis: WsGameApi[]

beforeEach(async () => {
  received = []
  tokens = new Set()
  apis = []
  wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: WS_PATH })
  await new Promise<void>((r) => wss.once('listening', () => r()))
  url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}${WS_PATH}`
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      const f = JSON.parse(String(data)) as { id: number; name: string; params: Record<string, unknown> }
      received.push({ name: f.name, params: f.params })
      const reply = (result: unknown) => ws.send(JSON.stringify({ type: 'response', id: f.id, result }))
      if (f.name === 'table.join') {
        const t = f.params.token as string | undefined
        if (t && !tokens.has(t)) return reply({ ok: false, error: { code: 'BAD_TOKEN', message: 'unknown seat' } })
        const token = t ?? `tok-${tokens.size + 1}`
        tokens.add(token)
        return reply({ ok: true, value: { token, snapshot: null } })
      }
      if (f.name === 'table.leave') return reply({ ok: true, value: null })
      return reply({ ok: true, value: { echoed: f.name } })
    })
  })
})
afterEach(async () => {
  for (const a of apis) a.close()
  for (const c of wss.clients) c.terminate()
  await new Promise<void>((r) => wss.close(() => r()))
})

function make(storage: StorageLike | null, onStorage?: (l: (key: string | null) => void) => () => void): WsGameApi {
  const api = createBrowserApi({
    connect: (o) => createWsApi(url, WebSocket as unknown as WebSocketCtor, { ...o, reconnectMs: 20 }),
    storage,
    onStorage,
    warn: () => {},
  })
  apis.push(api)
  return api
}
const until = async (cond: () => boolean, ms = 3000) => {
  const end = Date.now() + ms
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('browser GameApi: settings are local', () => {
  it('answers settings from this browser, saves them validated, raises settings.changed locally, sends nothing', async () => {
    const storage = new MemoryStorage()
    const api = make(storage)
    expect(await api.invoke('settings.get', {})).toEqual({ ok: true, value: DEFAULT_SETTINGS })
    const heard: unknown[] = []
    api.on('settings.changed', (s) => heard.push(s))
    const saved = await api.invoke('settings.set', { playerName: 'Zoe', sound: false })
    const expected = { ...DEFAULT_SETTINGS, playerName: 'Zoe', sound: false }
    expect(saved).toEqual({ ok: true, value: expected })
    expect(heard).toEqual([expected])
    expect(JSON.parse(storage.getItem(SETTINGS_KEY) as string)).toEqual(expected)
    expect(await api.invoke('settings.set', { botDelayMs: 'slow' } as never)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
    expect(await api.invoke('settings.set', { playerName: '' })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
    expect(await api.invoke('settings.set', { nope: 1 } as never)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
    // a reload reads them back
    expect(await make(storage).invoke('settings.get', {})).toEqual({ ok: true, value: expected })
    // everything else goes to the host; settings never did
    expect(await api.invoke('app.info', {})).toEqual({ ok: true, value: { echoed: 'app.info' } })
    expect(received.map((r) => r.name)).toEqual(['app.info'])
  })

  it('ignores the host’s settings.changed (the host’s user is not this phone’s user)', async () => {
    const api = make(new MemoryStorage())
    const heard: unknown[] = []
    api.on('settings.changed', (s) => heard.push(s))
    api.on('table.chat', () => {})
    await api.invoke('app.info', {})
    for (const c of wss.clients) c.send(JSON.stringify({ type: 'event', event: 'settings.changed', payload: { ...DEFAULT_SETTINGS, playerName: 'Host' } }))
    await new Promise((r) => setTimeout(r, 50))
    expect(heard).toEqual([])
  })

  it('corrupt or invalid stored settings fall back to defaults, keeping valid known fields', () => {
    const s = new MemoryStorage()
    s.setItem(SETTINGS_KEY, '{"playerName": ')
    expect(loadLocalSettings(s)).toEqual(DEFAULT_SETTINGS)
    s.setItem(SETTINGS_KEY, JSON.stringify({ botDelayMs: 99_999 }))
    expect(loadLocalSettings(s)).toEqual(DEFAULT_SETTINGS)
    s.setItem(SETTINGS_KEY, JSON.stringify({ playerName: 'Old', future: true }))
    expect(loadLocalSettings(s)).toEqual({ ...DEFAULT_SETTINGS, playerName: 'Old' })
    expect(loadLocalSettings(null)).toEqual(DEFAULT_SETTINGS)
  })

  it('works without storage (private mode) and follows other tabs’ changes', async () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
      removeItem: () => {},
    }
    expect(await make(throwing).invoke('settings.set', { playerName: 'Solo' })).toMatchObject({ ok: true, value: { playerName: 'Solo' } })

    const storage = new MemoryStorage()
    let fire: (key: string | null) => void = () => {}
    const api = make(storage, (l) => ((fire = l), () => {}))
    const heard: unknown[] = []
    api.on('settings.changed', (s) => heard.push(s))
    storage.setItem(SETTINGS_KEY, JSON.stringify({ ...DEFAULT_SETTINGS, cardStyle: 'colour-blind' }))
    fire(SETTINGS_KEY)
    expect(heard).toEqual([{ ...DEFAULT_SETTINGS, cardStyle: 'colour-blind' }])
  })
})

describe('browser GameApi: the seat survives reloads and reconnects', () => {
  it('remembers the token of a join and reuses it after a reload; a stale one falls back to a fresh seat', async () => {
    const storage = new MemoryStorage()
    const api = make(storage)
    expect(await api.invoke('table.join', { protocol: PROTOCOL_VERSION, name: 'Zoe' })).toMatchObject({ ok: true, value: { token: 'tok-1' } })
    expect(JSON.parse(storage.getItem(SEAT_KEY) as string)).toEqual({ name: 'Zoe', token: 'tok-1' })
    api.close()
    const reloaded = make(storage)
    await reloaded.invoke('table.join', { protocol: PROTOCOL_VERSION, name: 'Zoe' })
    expect(received.at(-1)?.params).toEqual({ protocol: PROTOCOL_VERSION, name: 'Zoe', token: 'tok-1' })
    tokens.clear() // host restarted with a new table
    const r = await make(storage).invoke('table.join', { protocol: PROTOCOL_VERSION, name: 'Zoe' })
    expect(r).toMatchObject({ ok: true, value: { token: 'tok-1' } }) // fresh seat (the fake host numbers from its set size)
    expect(received.slice(-2).map((x) => x.params.token)).toEqual(['tok-1', undefined])
  })

  it('re-joins by itself after the connection drops, before anything else is sent', async () => {
    const api = make(new MemoryStorage())
    await api.invoke('table.join', { protocol: PROTOCOL_VERSION, name: 'Zoe' })
    received = []
    for (const c of wss.clients) c.terminate()
    await until(() => received.length > 0)
    expect(received[0]).toEqual({ name: 'table.join', params: { protocol: PROTOCOL_VERSION, name: 'Zoe', token: 'tok-1' } })
    await api.invoke('table.get', {})
    expect(received.map((r) => r.name)).toEqual(['table.join', 'table.get'])
  })

  it('table.leave and a closed table forget the seat', async () => {
    const storage = new MemoryStorage()
    const api = make(storage)
    await api.invoke('table.join', { protocol: PROTOCOL_VERSION, name: 'Zoe' })
    await api.invoke('table.leave', {})
    expect(storage.getItem(SEAT_KEY)).toBeNull()
    await api.invoke('table.join', { protocol: PROTOCOL_VERSION, name: 'Zoe' })
    expect(storage.getItem(SEAT_KEY)).not.toBeNull()
    for (const c of wss.clients) c.send(JSON.stringify({ type: 'event', event: 'table.snapshot', payload: null }))
    await until(() => storage.getItem(SEAT_KEY) === null)
  })
})
