/**
 * A host that is still opening its table (the headless host resuming a save) holds requests instead of
 * answering NO_TABLE: players who reconnect the moment it listens land back in their seats.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { ok, WS_PATH, type TableSnapshot } from '@shared/api'
import { attachWsBridge } from '../../../src/main/net/ws-bridge'
import { TestClient, startTestHost, type TestHost } from './harness'

const cleanup: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f()
})

it('the bridge answers nothing until it is ready, then answers every held request in order', async () => {
  const dispatched: string[] = []
  let open = () => {}
  const ready = new Promise<void>((resolve) => (open = resolve))
  const server: Server = createServer()
  const wss = attachWsBridge(
    server,
    {
      dispatch: async (name) => {
        dispatched.push(String(name))
        return ok(String(name))
      },
      events: { subscribe: () => () => {} } as never,
    },
    { ready },
  )
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  cleanup.push(() => new Promise<void>((r) => (wss.close(), server.close(() => r()))))
  const client = await TestClient.connect(`ws://127.0.0.1:${(server.address() as AddressInfo).port}${WS_PATH}`)
  cleanup.push(() => client.close())
  const first = client.request('table.get')
  const second = client.request('app.info')
  await new Promise((r) => setTimeout(r, 150))
  expect(dispatched).toEqual([])
  open()
  expect(await first).toEqual({ ok: true, value: 'table.get' })
  expect(await second).toEqual({ ok: true, value: 'app.info' })
  expect(dispatched).toEqual(['table.get', 'app.info'])
})

it('a player re-joining the moment a resuming host listens gets their seat back, not NO_TABLE', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'p10-startup-'))
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
  const first = await startTestHost({ dataDir })
  const host = await TestClient.connect(first.wsUrl)
  const ann = await TestClient.connect(first.wsUrl)
  expect((await host.request('host.claim', { token: first.host.operatorToken })).ok).toBe(true)
  await host.join('Host')
  await ann.join('Ann')
  await ann.request('lobby.setReady', { ready: true })
  expect((await host.request('lobby.start', { seed: 'startup-seed-7' })).ok).toBe(true)
  const before = host.snapshot!
  host.close()
  ann.close()
  await first.stop() // the save is flushed on close

  let early: Promise<{ client: TestClient; joined: Awaited<ReturnType<TestClient['join']>> }> | null = null
  let second: TestHost | null = null
  second = await startTestHost({
    dataDir,
    table: { tableName: 'Test table', resume: before.tableId },
    // Before the save is even read: connect and re-join straight away.
    onListening: (port) => {
      early = TestClient.connect(`ws://127.0.0.1:${port}${WS_PATH}`).then(async (client) => ({ client, joined: await client.join('Ann', { token: ann.token! }) }))
    },
  })
  cleanup.push(() => second!.stop())
  expect(early).not.toBeNull()
  const { client, joined } = await early!
  cleanup.push(() => client.close())
  expect(joined).toMatchObject({ ok: true })
  expect(client.snapshot as TableSnapshot).toMatchObject({ tableId: before.tableId, status: 'playing', mySeat: 1, version: before.version })
})
