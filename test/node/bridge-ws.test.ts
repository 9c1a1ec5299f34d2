/** GameApi over the real WebSocket bridge of the headless host, with the renderer's ws-api on `ws`. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startHostServer, type HostServer } from '../../src/main/net/host-server'
import { OPERATOR_COOKIE } from '../../src/main/net/ws-bridge'
import { createWsApi, wsUrlFor, type WebSocketCtor, type WsGameApi } from '../../src/renderer/src/api/ws-api'
import { gameApiContract, type ContractHarness } from './gameapi-contract'

describe('GameApi over WebSocket', () => {
  let host: HostServer
  let h: ContractHarness
  let apis: WsGameApi[]
  let wsUrl: string
  let OperatorWebSocket: new (url: string) => WebSocket

  beforeEach(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'p10-ws-'))
    const staticDir = await mkdtemp(join(tmpdir(), 'p10-static-'))
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>t</title>')
    host = await startHostServer({ port: 0, host: '127.0.0.1', dataDir, staticDir, app: { name: 'Phase 10', version: '0.1.0-test' } })
    wsUrl = wsUrlFor(new URL(host.url))
    // The contract's settings requests are the host operator's: these clients carry the operator cookie
    // (what a browser gets from the operator URL). Remote clients without it: see the FORBIDDEN test below.
    const cookie = `${OPERATOR_COOKIE}=${host.operatorToken}`
    OperatorWebSocket = class extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { cookie } })
      }
    }
    apis = [createWsApi(wsUrl, OperatorWebSocket as unknown as WebSocketCtor), createWsApi(wsUrl, OperatorWebSocket as unknown as WebSocketCtor)]
    h = { api: apis[0], otherApi: apis[1], dataDir, transport: 'websocket' }
  })
  afterEach(async () => {
    for (const api of apis) api.close()
    await host.close()
    await rm(h.dataDir, { recursive: true, force: true })
  })

  gameApiContract(() => h)

  const rawExchange = (frame: string) =>
    new Promise<unknown>((resolve, reject) => {
      const ws = new OperatorWebSocket(wsUrl)
      ws.on('open', () => ws.send(frame))
      ws.on('message', (data) => {
        ws.close()
        resolve(JSON.parse(data.toString()))
      })
      ws.on('error', reject)
    })

  it('answers a malformed frame that has an id with BAD_REQUEST', async () => {
    expect(await rawExchange(JSON.stringify({ id: 7, type: 'request', name: 42 }))).toMatchObject({
      type: 'response',
      id: 7,
      result: { ok: false, error: { code: 'BAD_REQUEST' } },
    })
  })

  it('answers a request with bad params with BAD_REQUEST and leaves settings.json unwritten', async () => {
    const reply = await rawExchange(JSON.stringify({ id: 1, type: 'request', name: 'settings.set', params: { botDelayMs: 'slow' } }))
    expect(reply).toMatchObject({ id: 1, result: { ok: false, error: { code: 'BAD_REQUEST' } } })
    expect(host.services.settings.get().botDelayMs).toBe(700)
  })

  it('refuses settings to a remote client that is not the operator, and never tells it about them', async () => {
    const phone = createWsApi(wsUrl, WebSocket as unknown as WebSocketCtor)
    apis.push(phone)
    const heard: unknown[] = []
    phone.on('settings.changed', (s) => heard.push(s))
    expect(await phone.invoke('settings.get', {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    expect(await phone.invoke('settings.set', { playerName: 'Mallory' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    expect(await phone.invoke('host.claim', { token: 'guess' })).toMatchObject({ ok: false, error: { code: 'BAD_TOKEN' } })
    await apis[0].invoke('settings.set', { sound: false })
    await new Promise((r) => setTimeout(r, 100))
    expect(heard).toEqual([])
    expect(host.services.settings.get().playerName).toBe('Player')
    // With the operator token (a desktop or script that has it), the same connection may.
    expect(await phone.invoke('host.claim', { token: host.operatorToken })).toEqual({ ok: true, value: { operator: true } })
    expect(await phone.invoke('settings.get', {})).toMatchObject({ ok: true })
  })

  it('the operator URL sets the operator cookie and sends the browser to the app', async () => {
    const res = await fetch(host.operatorUrl, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/')
    expect(res.headers.get('set-cookie')).toBe(`${OPERATOR_COOKIE}=${host.operatorToken}; Path=/; HttpOnly; SameSite=Strict`)
    const wrong = await fetch(`${host.url}?op=nope`, { redirect: 'manual' })
    expect(wrong.headers.get('set-cookie')).toBeNull()
  })

  it('refuses a browser connection from another site (cross-site WebSocket hijacking)', async () => {
    const err = await new Promise<Error>((resolve) => {
      const ws = new WebSocket(wsUrl, { origin: 'http://evil.example' })
      ws.on('error', resolve)
      ws.on('open', () => resolve(new Error('opened')))
    })
    expect(err.message).toMatch(/401|403/)
  })

  it('accepts a browser connection from the page the host served', async () => {
    const ws = new WebSocket(wsUrl, { origin: host.url.replace(/\/$/, '') })
    await new Promise((resolve, reject) => {
      ws.on('open', resolve)
      ws.on('error', reject)
    })
    ws.close()
  })

  it('resolves pending and later requests with DISCONNECTED when the host is gone', async () => {
    await host.close()
    const api = createWsApi(wsUrl, WebSocket as unknown as WebSocketCtor)
    apis.push(api)
    expect(await api.invoke('app.info', {})).toMatchObject({ ok: false, error: { code: 'DISCONNECTED' } })
  })
})
