/**
 * The places where a client written from docs/protocol.md alone found the host and the document apart
 * (issue #18), settled on the wire: ids echoed as sent, every answer in the order its frame came, a flood
 * closed even when it trickles, `app.info` without params, who is told NOT_SEATED, what an old client is
 * told, and one frame per client per action (protocol 2's `table.update`).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION, type TableSnapshot } from '@shared/api'
import { TestClient, playUntil, startTestHost, type TestHost } from './harness'

let t: TestHost | null = null
const clients: TestClient[] = []
afterEach(async () => {
  for (const c of clients.splice(0)) c.close()
  await t?.stop()
  t = null
})

async function connect(host: TestHost): Promise<TestClient> {
  const c = await TestClient.connect(host.wsUrl)
  clients.push(c)
  return c
}

/**
 * From now on, how many writes the host makes to `c`'s socket (each one system call, whatever it holds); with
 * `log`, each write also appends `name` to it (the order of writes across sockets).
 */
function countWrites(host: TestHost, c: TestClient, log?: { name: string; into: string[] }): () => number {
  type Tcp = { remotePort?: number; localPort?: number; _write: (...a: unknown[]) => unknown; _writev: (...a: unknown[]) => unknown }
  const mine = (c.ws as unknown as { _socket: Tcp })._socket.localPort
  const server = [...host.host.wss.clients].map((w) => (w as unknown as { _socket: Tcp })._socket).find((s) => s.remotePort === mine)
  if (!server) throw new Error('no server-side socket for this client')
  let n = 0
  for (const k of ['_write', '_writev'] as const) {
    const orig = server[k]
    server[k] = function (this: Tcp, ...a: unknown[]) {
      n++
      log?.into.push(log.name)
      return orig.apply(this, a)
    }
  }
  return () => n
}

/** The operator seated as Host and a guest Ann, ready: the lobby of a two-player game. */
async function hostAndAnn(host: TestHost): Promise<{ host: TestClient; ann: TestClient }> {
  const op = await connect(host)
  await op.request('host.claim', { token: host.host.operatorToken })
  expect((await op.join('Host')).ok).toBe(true)
  const ann = await connect(host)
  expect((await ann.join('Ann')).ok).toBe(true)
  await ann.request('lobby.setReady', { ready: true })
  return { host: op, ann }
}

const responses = (c: TestClient) => c.wire.filter((f) => f.type === 'response') as Array<{ type: 'response'; id: number; result: { ok: boolean; error?: { code: string; message: string } } }>

describe('the wire as docs/protocol.md says', () => {
  it('echoes any numeric id of a refused frame as sent, and answers app.info without params', async () => {
    t = await startTestHost()
    const c = await connect(t)
    for (const id of [1.5, 1e300, 2 ** 53 + 2]) {
      const r = await c.raw(`{"type":"request","id":${id},"name":"app.info"}`)
      expect(r).toMatchObject({ type: 'response', id, result: { ok: false, error: { code: 'BAD_REQUEST' } } })
    }
    expect(await c.raw('{"type":"request","id":"x","name":"app.info"}')).toMatchObject({ id: -1 })
    const info = await c.raw('{"type":"request","id":7,"name":"app.info"}')
    expect(info).toMatchObject({ id: 7, result: { ok: true } })
  })

  it('answers every frame in the order it came: a malformed one never overtakes a request before it', async () => {
    t = await startTestHost()
    const c = await connect(t)
    c.ws.send(JSON.stringify({ type: 'request', id: 1, name: 'table.join', params: { protocol: PROTOCOL_VERSION, name: 'Ann' } }))
    c.ws.send('not json')
    c.ws.send(JSON.stringify({ type: 'request', id: 3, name: 'app.info', params: {} }))
    await c.until(() => (responses(c).length >= 3 ? true : undefined))
    expect(responses(c).map((r) => r.id)).toEqual([1, -1, 3])
  })

  it('closes a flood that trickles (tokens refill between bursts) once its accepted requests are answered', async () => {
    t = await startTestHost({ ws: { ratePerSecond: 30, burst: 60, abuseLimit: 200 } })
    const c = await connect(t)
    let sent = 0
    while (!c.closed && sent < 2000) {
      for (let i = 0; i < 8; i++) c.ws.send(JSON.stringify({ type: 'request', id: ++sent, name: 'app.info', params: {} }))
      await new Promise((r) => setTimeout(r, 40))
    }
    await c.until(() => (c.closed ? true : undefined))
    expect(c.closeCode).toBe(1008)
    const answered = responses(c)
    // Answers came in order, and every request the host took (not refused) was answered before the close.
    expect(answered.map((r) => r.id)).toEqual([...answered.map((r) => r.id)].sort((a, b) => a - b))
    expect(answered.filter((r) => r.result.ok).length).toBeGreaterThan(60)
    expect(answered.at(-1)!.id).toBeGreaterThan(200)
  })

  it('tells a client without a protocol, or of protocol 1, what is wrong in words', async () => {
    t = await startTestHost()
    const c = await connect(t)
    const none = await c.request('table.join', { name: 'Old' })
    expect(none).toMatchObject({ ok: false, error: { code: 'PROTOCOL_VERSION', detail: { protocol: PROTOCOL_VERSION } } })
    expect(!none.ok && none.error.message).toMatch(/needs "protocol"/)
    const old = await c.request('table.join', { protocol: 1, name: 'Old' })
    expect(!old.ok && old.error.message).toMatch(new RegExp(`speaks table protocol ${PROTOCOL_VERSION}, not 1: .*update it`))
  })

  it('sends each other player ONE frame per action, and a spectator’s table.rematch during play is NOT_SEATED', async () => {
    t = await startTestHost()
    const { host, ann } = await hostAndAnn(t)
    const eve = await connect(t)
    expect((await eve.join('Eve', { spectate: true })).ok).toBe(true)
    expect((await host.request('lobby.start', {})).ok).toBe(true)
    await ann.until(() => (ann.snapshot?.status === 'playing' ? true : undefined))
    expect(await eve.request('table.rematch', {})).toMatchObject({ ok: false, error: { code: 'NOT_SEATED' } })
    // One action of whoever's turn it is: the other seated client receives exactly one frame, a table.update.
    await new Promise((r) => setTimeout(r, 50))
    const actor = host.snapshot!.view!.turn === host.snapshot!.mySeat ? host : ann
    const other = actor === host ? ann : host
    const mark = other.wire.length
    // The actor's own update and its answer leave the host in ONE write to its socket (one system call), and
    // before the other players' updates: the player who acted waits for nobody else's frames.
    const order: string[] = []
    const writes = countWrites(t, actor, { name: 'actor', into: order })
    countWrites(t, other, { name: 'other', into: order })
    const actorMark = actor.wire.length
    const r = await actor.request('table.act', { version: actor.snapshot!.version, action: { type: 'draw', from: 'deck' } })
    expect(r.ok).toBe(true)
    expect(actor.wire.slice(actorMark).map((f) => (f.type === 'event' ? f.event : f.type))).toEqual(['table.update', 'response'])
    expect(writes()).toBe(1)
    await other.until(() => (other.wire.length > mark ? true : undefined))
    expect(order).toEqual(['actor', 'other'])
    await new Promise((r2) => setTimeout(r2, 50))
    const frames = other.wire.slice(mark)
    expect(frames.map((f) => (f.type === 'event' ? f.event : f.type))).toEqual(['table.update'])
    expect(JSON.stringify(frames[0]).length).toBeLessThan(1500)
    await playUntil([host, ann])
  })

  it('answers table.resync with the snapshot whole, and the next update is against it; at no table, with nothing', async () => {
    t = await startTestHost()
    const { host, ann } = await hostAndAnn(t)
    expect((await host.request('lobby.start', {})).ok).toBe(true)
    await ann.until(() => (ann.snapshot?.status === 'playing' ? true : undefined))
    await new Promise((r) => setTimeout(r, 50))
    const mark = ann.wire.length
    expect(await ann.request('table.resync', {})).toEqual({ ok: true, value: null })
    const whole = ann.wire.slice(mark).find((f) => f.type === 'event' && f.event === 'table.snapshot') as { payload: TableSnapshot } | undefined
    expect(whole?.payload).toMatchObject({ mySeat: 1, status: 'playing', version: ann.snapshot!.version })
    expect(whole!.payload.view!.hand).toEqual(ann.snapshot!.view!.hand)
    expect(whole!.payload.recentEvents.length).toBeGreaterThan(0)
    // The next change comes as an update against that snapshot (revision 0), and reads back to the table's.
    const actor = host.snapshot!.view!.turn === host.snapshot!.mySeat ? host : ann
    const next = ann.wire.length
    expect((await actor.request('table.act', { version: actor.snapshot!.version, action: { type: 'draw', from: 'deck' } })).ok).toBe(true)
    await ann.until(() => (ann.wire.length > next ? true : undefined))
    const update = ann.wire.slice(next).find((f) => f.type === 'event' && f.event === 'table.update') as { payload: { base: number; rev: number } } | undefined
    expect(update?.payload).toMatchObject({ base: 0, rev: 1 })
    expect((await ann.request('table.get', {})) as unknown).toMatchObject({ ok: true, value: { version: ann.snapshot!.version, view: { hand: ann.snapshot!.view!.hand } } })
    // A connection at no table: answered, and no snapshot is sent.
    const eve = await connect(t)
    const eveMark = eve.wire.length
    expect(await eve.request('table.resync', {})).toEqual({ ok: true, value: null })
    await new Promise((r) => setTimeout(r, 30))
    expect(eve.wire.slice(eveMark).filter((f) => f.type === 'event')).toEqual([])
  })
})
