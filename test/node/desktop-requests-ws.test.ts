/**
 * The desktop-experience requests over the headless host's WebSocket (issue #17): the network check is the
 * operator's (it reveals the machine's addresses), the turn alert and deep links are the desktop window's
 * alone. The host runs without an advert (no multicast) on 127.0.0.1.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startHostServer, type HostServer } from '../../src/main/net/host-server'
import { createWsApi, wsUrlFor, type WebSocketCtor, type WsGameApi } from '../../src/renderer/src/api/ws-api'

let host: HostServer
let dataDir: string
const apis: WsGameApi[] = []

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'p10-desk-ws-'))
  const staticDir = await mkdtemp(join(tmpdir(), 'p10-static-'))
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>t</title>')
  host = await startHostServer({ port: 0, host: '127.0.0.1', dataDir, staticDir, app: { name: 'Phase 10', version: 't' }, table: { tableName: 'Diag' } })
})
afterEach(async () => {
  for (const api of apis.splice(0)) api.close()
  await host.close()
  await rm(dataDir, { recursive: true, force: true })
})

const client = () => {
  const api = createWsApi(wsUrlFor(new URL(host.url)), WebSocket as unknown as WebSocketCtor)
  apis.push(api)
  return api
}

describe('desktop requests over a WebSocket', () => {
  it('a guest may run none of them', async () => {
    const phone = client()
    for (const [name, params] of [['net.diagnose', {}], ['app.attention', { title: 'Your turn' }], ['app.deepLink', {}]] as const) {
      expect(await phone.invoke(name, params as never), name).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    }
  })

  it('the operator gets the network check of this listener; never the desktop window’s alert or links', async () => {
    const op = client()
    expect(await op.invoke('host.claim', { token: host.operatorToken })).toMatchObject({ ok: true })
    const r = await op.invoke('net.diagnose', {})
    expect(r).toMatchObject({ ok: true, value: { port: host.port, portAnswers: 'yes', portCheckedAt: '127.0.0.1', advert: 'off', platform: process.platform } })
    expect(await op.invoke('app.attention', { title: 'Your turn' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    expect(await op.invoke('app.deepLink', {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
  })
})
