/** Table sessions over 127.0.0.1: versions, drops and rejoins, grace and drop policy, spectators, limits. */
import { afterEach, describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION, type TableInfo } from '@shared/api'
import { startTestHost, TestClient, playUntil, untilAny, type TestHost } from './harness'
import { checkSecrecy } from './secrecy'
import type { HostServerOptions } from '../../../src/main/net/host-server'

let t: TestHost
const open: TestClient[] = []
afterEach(async () => {
  for (const c of open.splice(0)) c.close()
  await t?.stop()
})

async function connect(options: Parameters<typeof TestClient.connect>[2] = {}): Promise<TestClient> {
  const c = await TestClient.connect(t.wsUrl, {}, options)
  open.push(c)
  return c
}

/** Host (operator, seat 0) + Ann (seat 1) + bots, started. Short custom phases keep games quick. */
async function table(opts: Partial<HostServerOptions> = {}, bots: string[] = ['easy'], rules: Record<string, unknown> = {}) {
  t = await startTestHost(opts)
  const host = await connect()
  const ann = await connect()
  await host.request('host.claim', { token: t.host.operatorToken })
  await host.join('Host')
  await ann.join('Ann')
  for (const level of bots) await host.request('lobby.addBot', { level })
  // Two sets of 3 as the only phase: quick games. (A list of single-group phases can deadlock a hand: every
  // card that could still be hit may already be on the table — reported to the rules owners.)
  await host.request('lobby.setRules', { rules: { phaseList: [[{ kind: 'set', size: 3 }, { kind: 'set', size: 3 }]], ...rules } })
  await ann.request('lobby.setReady', { ready: true })
  const started = await host.request('lobby.start', { seed: 'sessions-test-seed-1' })
  expect(started.ok).toBe(true)
  await untilAny([host, ann], () => (host.snapshot?.view && ann.snapshot?.view ? true : undefined))
  return { host, ann }
}

const turnOf = (c: TestClient) => c.snapshot!.view!.turn === c.snapshot!.mySeat && c.snapshot!.view!.stage !== 'handOver'

describe('versions', () => {
  it('refuses a stale or repeated action (a double click acts once)', async () => {
    const { host, ann } = await table()
    await playUntil([host, ann], (s) => s.view!.stage === 'draw' && s.view!.turn !== null && s.seats[s.view!.turn].kind === 'human')
    const me = [host, ann].find(turnOf)!
    const v = me.snapshot!.version
    const click = { version: v, action: { type: 'draw', from: 'deck' } }
    const [first, second] = await Promise.all([me.request('table.act', click), me.request('table.act', click)])
    expect(first).toEqual({ ok: true, value: { version: v + 1 } })
    expect(second).toMatchObject({ ok: false, error: { code: 'STALE_VERSION', detail: { version: v + 1 } } })
    expect(t.state()!.version).toBe(v + 1)
    expect(await me.request('table.act', { version: v, action: { type: 'discard', card: me.snapshot!.view!.hand[0] } })).toMatchObject({
      ok: false,
      error: { code: 'STALE_VERSION' },
    })
    // The engine's refusal carries its code.
    const other = me === host ? ann : host
    expect(await other.request('table.act', { version: v + 1, action: { type: 'draw', from: 'deck' } })).toMatchObject({
      ok: false,
      error: { code: 'RULES', detail: { engineCode: 'NOT_YOUR_TURN' } },
    })
  })
})

describe('drops', () => {
  it('pauses when a player drops mid-turn, keeps the seat, and the token reclaims it with the same hand', async () => {
    const { host, ann } = await table({}, ['easy', 'medium'])
    await playUntil([host, ann], (s) => s.view!.turn === 1 && s.view!.stage === 'draw')
    expect((await ann.request('table.act', { version: ann.snapshot!.version, action: { type: 'draw', from: 'deck' } })).ok).toBe(true)
    const hand = ann.snapshot!.view!.hand
    const token = ann.token!
    const version = t.state()!.version
    ann.close()
    await host.until(() => (host.snapshot?.paused ? true : undefined))
    expect(host.snapshot!.paused).toMatchObject({ seat: 1, name: 'Ann' })
    expect(host.snapshot!.paused!.graceDeadline).toBeGreaterThan(Date.now() + 50_000)
    expect(host.snapshot!.seats[1].connected).toBe(false)
    // Paused: nobody plays, bots included.
    expect(await host.request('table.act', { version, action: { type: 'nextHand' } })).toMatchObject({ ok: false, error: { code: 'PAUSED' } })
    await new Promise((r) => setTimeout(r, 150))
    expect(t.state()!.version).toBe(version)
    // A new name does not matter: the token is the seat.
    const back = await connect()
    expect(await back.join('Someone', { token: 'not-a-token' })).toMatchObject({ ok: false, error: { code: 'BAD_TOKEN' } })
    const rejoined = await back.join('Ann again', { token })
    expect(rejoined.ok).toBe(true)
    expect(back.snapshot!.mySeat).toBe(1)
    expect(back.snapshot!.view!.hand).toEqual(hand)
    expect(back.snapshot!.view!.stage).toBe('play')
    expect(back.snapshot!.paused).toBeNull()
    await playUntil([host, back])
    expect(t.state()!.stage).toBe('gameOver')
  })

  it('after the grace period hands the seat to a bot (dropPolicy bot); the token still reclaims it', async () => {
    const { host, ann } = await table({ graceMs: 150 })
    expect((await host.request('lobby.dropPolicy', { policy: 'bot' })).ok).toBe(true)
    const token = ann.token!
    ann.close()
    await host.until(() => (host.snapshot?.seats[1].autoPlayed ? true : undefined))
    expect(host.snapshot!.seats[1]).toMatchObject({ kind: 'human', autoPlayed: true, botLevel: 'medium', connected: false })
    expect(host.snapshot!.paused).toBeNull()
    // The table plays on without Ann: her seat moves by itself.
    const v = t.state()!.version
    await playUntil([host], (s) => s.version > v + 20 || s.status === 'over')
    const back = await connect()
    expect((await back.join('Ann', { token })).ok).toBe(true)
    expect(back.snapshot!.seats[1].autoPlayed).toBe(false)
    await playUntil([host, back])
  })

  it('a guest who leaves the lobby loses the seat; the host can kick; a full table refuses joiners', async () => {
    t = await startTestHost()
    const host = await connect()
    await host.request('host.claim', { token: t.host.operatorToken })
    await host.join('Host')
    const infos: TableInfo[] = []
    t.host.services.table.host()!.on('changed', (i) => infos.push(i))
    const guests = [] as TestClient[]
    for (const name of ['A', 'B', 'C', 'D', 'E']) {
      const g = await connect()
      expect((await g.join(name)).ok).toBe(true)
      guests.push(g)
    }
    const late = await connect()
    expect(await late.join('F')).toMatchObject({ ok: false, error: { code: 'TABLE_FULL' } })
    expect(await host.request('lobby.addBot', { level: 'easy' })).toMatchObject({ ok: false, error: { code: 'TABLE_FULL' } })
    expect((await guests[0].request('table.leave', {})).ok).toBe(true)
    expect((await host.request('lobby.removeSeat', { seat: 1 })).ok).toBe(true) // B
    await guests[1].until(() => (guests[1].snapshot === null ? true : undefined))
    const names = () => host.snapshot!.seats.map((s) => s.name)
    await host.until(() => (names().length === 4 ? true : undefined))
    expect(names()).toEqual(['Host', 'C', 'D', 'E'])
    expect(infos.at(-1)).toMatchObject({ seatsTaken: 4, seatsTotal: 6, inProgress: false, edition: 'classic', protocol: PROTOCOL_VERSION })
    // Guests may not run the lobby.
    expect(await guests[2].request('lobby.start', {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    expect(await guests[2].request('lobby.removeSeat', { seat: 0 })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    expect(await guests[2].request('table.join', { protocol: 99, name: 'x' })).toMatchObject({ ok: false, error: { code: 'PROTOCOL_VERSION', detail: { protocol: PROTOCOL_VERSION } } })
  })
})

describe('spectators', () => {
  it('get the spectator view: no hand, no Save Pile, and cannot play', async () => {
    const { host, ann } = await table()
    const eve = await connect()
    const joined = await eve.join('Eve', { spectate: true })
    expect(joined).toMatchObject({ ok: true, value: { token: null, snapshot: { role: 'spectator', mySeat: null } } })
    expect(eve.snapshot!.view!.seat).toBeNull()
    expect(eve.snapshot!.view!.hand).toEqual([])
    expect(eve.snapshot!.view!.saved).toEqual([])
    expect(eve.snapshot!.joinUrls).toEqual([])
    expect(await eve.request('table.act', { version: eve.snapshot!.version, action: { type: 'draw', from: 'deck' } })).toMatchObject({
      ok: false,
      error: { code: 'NOT_SEATED' },
    })
    await playUntil([host, ann])
    await eve.until(() => (eve.snapshot!.status === 'over' ? true : undefined))
    expect(eve.snapshot!.view!.hand).toEqual([])
    const report = checkSecrecy(t.sent[2], null)
    expect(report.problems).toEqual([])
    expect(report.views).toBeGreaterThan(10)
  })
})

describe('limits', () => {
  it('rate-limits a flooding connection, then closes it', async () => {
    t = await startTestHost({ ws: { ratePerSecond: 10, burst: 5, abuseLimit: 30 } })
    const flood = await connect()
    // The burst is allowed…
    const polite = await Promise.all(Array.from({ length: 5 }, () => flood.request('app.info', {})))
    expect(polite.every((r) => r.ok)).toBe(true)
    // …a flood is answered RATE_LIMITED, and a connection that keeps flooding is closed (1008).
    const mark = flood.received.length
    for (let i = 0; i < 100; i++) flood.ws.send(JSON.stringify({ type: 'request', id: 1000 + i, name: 'app.info', params: {} }))
    await flood.until(() => (flood.closed ? true : undefined))
    const results = flood.received.slice(mark).filter((f) => f.type === 'response').map((f) => (f as { result: { ok: boolean; error?: { code: string } } }).result)
    expect(results.filter((r) => !r.ok && r.error!.code === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(29)
    expect(flood.closeCode).toBe(1008)
    // Another connection is unaffected.
    const other = await connect()
    expect((await other.request('app.info', {})).ok).toBe(true)
  })

  it('limits chat to 200 characters and 5 lines per 10 s, and everyone hears it', async () => {
    const { host, ann } = await table()
    expect(await ann.request('table.chat', { text: 'x'.repeat(201) })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
    const heard = host.received.length
    for (let i = 0; i < 5; i++) expect((await ann.request('table.chat', { text: `gg ${i}` })).ok).toBe(true)
    expect(await ann.request('table.chat', { text: 'spam' })).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } })
    await host.until(() => (host.received.slice(heard).filter((f) => f.type === 'event' && f.event === 'table.chat').length === 5 ? true : undefined))
    expect(host.received.findLast((f) => f.type === 'event' && f.event === 'table.chat')).toMatchObject({ payload: { seat: 1, name: 'Ann', text: 'gg 4' } })
  })

  it('the heartbeat terminates a silent peer, and its seat drops', async () => {
    const { host } = await table({ ws: { heartbeatMs: 100, ratePerSecond: 1e5, burst: 1e5 } })
    const silent = await connect({ autoPong: false })
    expect((await silent.join('Ghost', { spectate: true })).ok).toBe(true)
    const t0 = Date.now()
    await silent.until(() => (silent.closed ? true : undefined), 2000)
    expect(Date.now() - t0).toBeLessThan(1000)
    // A live peer (answering pings) stays.
    await new Promise((r) => setTimeout(r, 300))
    expect(host.closed).toBe(false)
  })
})

describe('rematch', () => {
  it('the host starts a rematch with the same seats and a new seed', async () => {
    const { host, ann } = await table()
    await playUntil([host, ann])
    const seed = t.state()!.seed
    expect(await ann.request('table.rematch', {})).toMatchObject({ ok: true, value: { status: 'over' } }) // a guest's vote
    const r = await host.request('table.rematch', {})
    expect(r).toMatchObject({ ok: true, value: { status: 'playing', version: 0 } })
    expect(t.state()!.seed).not.toBe(seed)
    expect(host.snapshot!.seats.map((s) => s.name)).toEqual(['Host', 'Ann', 'Easy bot 1'])
    await playUntil([host, ann])
  })
})
