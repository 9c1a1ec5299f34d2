/**
 * The phone's GameApi (renderer browser-api over ws-api) against the REAL headless host: settings stay in
 * the browser, the seat token survives a reload, and a dropped socket re-joins the same seat by itself.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DEFAULT_SETTINGS, PROTOCOL_VERSION, type TableSnapshot } from '@shared/api'
import type { RequestContext } from '../../../src/main/services'
import { startHostServer, type HostServer } from '../../../src/main/net/host-server'
import { testHostOptions } from '../lan/harness'
import { SEAT_KEY, createBrowserApi, type StorageLike } from '../../../src/renderer/src/api/browser-api'
import { createWsApi, wsUrlFor, type WebSocketCtor, type WsGameApi } from '../../../src/renderer/src/api/ws-api'

class MemoryStorage implements StorageLike {
  map = new Map<string, string>()
  getItem = (k: string) => this.map.get(k) ?? null
  setItem = (k: string, v: string) => void this.map.set(k, v)
  removeItem = (k: string) => void this.map.delete(k)
}
const op: RequestContext = { transport: 'websocket', clientId: 'op', operator: true }

let dir: string
let host: HostServer
let apis: WsGameApi[]
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'p10-phone-'))
  host = await startHostServer(testHostOptions(dir, { table: { tableName: 'Phone table' } }))
  apis = []
})
afterEach(async () => {
  for (const a of apis) a.close()
  await host.close()
  await rm(dir, { recursive: true, force: true })
})

function phone(storage: StorageLike): { api: WsGameApi; snapshots: Array<TableSnapshot | null> } {
  const snapshots: Array<TableSnapshot | null> = []
  const api = createBrowserApi({
    connect: (o) => createWsApi(wsUrlFor(new URL(host.url)), WebSocket as unknown as WebSocketCtor, { ...o, reconnectMs: 30 }),
    storage,
    warn: () => {},
  })
  api.on('table.snapshot', (s) => snapshots.push(s))
  apis.push(api)
  return { api, snapshots }
}
const until = async (cond: () => boolean, ms = 5000) => {
  const end = Date.now() + ms
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('a phone at the real host', () => {
  it('keeps settings local (the host would refuse them), and its seat across a reload and a drop', async () => {
    const storage = new MemoryStorage()
    const { api } = phone(storage)
    expect(await api.invoke('settings.set', { playerName: 'Zoe' })).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, playerName: 'Zoe' } })
    expect(host.services.settings.get().playerName).toBe(DEFAULT_SETTINGS.playerName)

    const joined = await api.invoke('table.join', { protocol: PROTOCOL_VERSION, name: 'Zoe' })
    expect(joined).toMatchObject({ ok: true, value: { snapshot: { role: 'guest', mySeat: 0 } } })
    const token = JSON.parse(storage.getItem(SEAT_KEY) as string).token as string
    expect(token).toBe((joined as { value: { token: string } }).value.token)

    await host.services.dispatch('lobby.addBot', { level: 'easy' }, op)
    await api.invoke('lobby.setReady', { ready: true })
    expect((await host.services.dispatch('lobby.start', { seed: 'phone' }, op)).ok).toBe(true)

    // the socket drops: the seat pauses play, and the phone re-joins it by itself
    for (const ws of host.wss.clients) ws.terminate()
    await until(() => host.services.table.host()?.snapshotFor('op')?.paused !== null)
    await until(() => {
      const s = host.services.table.host()?.snapshotFor('op')
      return !!s && s.paused === null && s.seats[0].connected
    })

    // a reload (new page, same storage): table.join without a token reclaims the seat
    apis[0].close()
    const reloaded = phone(storage).api
    const again = await reloaded.invoke('table.join', { protocol: PROTOCOL_VERSION, name: 'Zoe' })
    expect(again).toMatchObject({ ok: true, value: { token, snapshot: { mySeat: 0, status: 'playing' } } })
  })
})
