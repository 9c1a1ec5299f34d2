/** Whole games over a real WebSocket on 127.0.0.1: scripted humans and bots, to the end. */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { saveFileSchema, replaySave } from '../../../src/main/session/saves'
import { actionLog } from '@shared/engine/state'
import { gameViewSchema, tableSnapshotSchema, tableEventsSchema } from '@shared/api'
import { startTestHost, TestClient, playUntil, type TestHost } from './harness'
import { checkSecrecy } from './secrecy'

let t: TestHost
let clients: TestClient[] = []
afterEach(async () => {
  for (const c of clients) c.close()
  clients = []
  await t?.stop()
})

async function operator(): Promise<TestClient> {
  const c = await TestClient.connect(t.wsUrl)
  clients.push(c)
  expect(await c.request('host.claim', { token: t.host.operatorToken })).toEqual({ ok: true, value: { operator: true } })
  return c
}
async function guest(): Promise<TestClient> {
  const c = await TestClient.connect(t.wsUrl)
  clients.push(c)
  return c
}

describe('a LAN table over 127.0.0.1', () => {
  it('plays a whole classic game: two ws players and two bots, every frame valid and nothing hidden leaked', async () => {
    t = await startTestHost()
    const host = await operator()
    const ann = await guest()
    const watcher = await guest()
    expect((await host.join('Host')).ok).toBe(true)
    expect((await ann.join('Ann')).ok).toBe(true)
    expect((await watcher.join('Watcher', { spectate: true })).ok).toBe(true)
    expect((await host.request('lobby.addBot', { level: 'easy' })).ok).toBe(true)
    expect((await host.request('lobby.addBot', { level: 'hard' })).ok).toBe(true)
    // Not everyone is ready yet.
    expect(await host.request('lobby.start', {})).toMatchObject({ ok: false, error: { code: 'WRONG_STATUS' } })
    expect((await ann.request('lobby.setReady', { ready: true })).ok).toBe(true)
    expect((await host.request('lobby.start', { seed: 'k3J9xQ2mZ7vB1nR8' })).ok).toBe(true)
    await ann.until(() => (ann.snapshot?.status === 'playing' ? true : undefined))
    expect(ann.snapshot!.seats.map((s) => [s.name, s.kind, s.isHost])).toEqual([
      ['Host', 'human', true],
      ['Ann', 'human', false],
      ['Easy bot 1', 'bot', false],
      ['Hard bot 1', 'bot', false],
    ])

    await playUntil([host, ann])
    const final = t.state()!
    expect(final.stage).toBe('gameOver')
    expect(host.snapshot!.status).toBe('over')
    expect(host.snapshot!.view!.winner).toBe(final.winner)
    expect(final.version).toBeGreaterThan(200)

    // Every frame each client received is well-formed and hides what it must.
    for (const [i, c] of [host, ann, watcher].entries()) {
      for (const f of c.received) {
        if (f.type === 'event' && f.event === 'table.snapshot' && f.payload) tableSnapshotSchema.parse(f.payload)
        if (f.type === 'event' && f.event === 'table.events') tableEventsSchema.parse(f.payload)
      }
      const seat = i === 2 ? null : i
      const report = checkSecrecy(t.sent[i], seat)
      expect(report.problems.slice(0, 5)).toEqual([])
      expect(report.views).toBeGreaterThan(100)
    }
    expect(watcher.snapshot!.view!.hand).toEqual([])
    gameViewSchema.parse(watcher.snapshot!.view)

    // The save replays to the very same state.
    await t.host.services.table.host()!.flushSaves()
    const save = saveFileSchema.parse(JSON.parse(await readFile(join(t.dataDir, 'saves', `${host.snapshot!.tableId}.json`), 'utf8')))
    const replayed = replaySave(save)!.state
    expect(replayed.version).toBe(final.version)
    expect(JSON.stringify(replayed) === JSON.stringify(final)).toBe(true)
  })

  it('plays a whole Masters game (phase choices, Save Piles): the Save Pile stays its owner’s secret', async () => {
    t = await startTestHost()
    const host = await operator()
    const ann = await guest()
    await host.join('Host')
    await ann.join('Ann')
    await host.request('lobby.addBot', { level: 'hard' })
    expect(await host.request('lobby.setRules', { rules: { edition: 'masters' } })).toMatchObject({ ok: true, value: { rules: { edition: 'masters', skipCount: 2 } } })
    await ann.request('lobby.setReady', { ready: true })
    expect((await host.request('lobby.start', { seed: 'masters-seed-Qw8zP1' })).ok).toBe(true)
    await ann.until(() => (ann.snapshot?.view ? true : undefined))
    await playUntil([host, ann])
    const final = t.state()!
    expect(final.stage).toBe('gameOver')
    expect(actionLog(final).some((e) => e.action.type === 'choosePhase')).toBe(true)
    for (const [i, c] of [host, ann].entries()) {
      const report = checkSecrecy(t.sent[i], i)
      expect(report.problems.slice(0, 5)).toEqual([])
      for (const f of c.received) if (f.type === 'event' && f.event === 'table.snapshot' && f.payload) tableSnapshotSchema.parse(f.payload)
    }
  })

  it('sends a deck draw card only to its drawer', async () => {
    t = await startTestHost()
    const host = await operator()
    const ann = await guest()
    await host.join('Host')
    await ann.join('Ann')
    await ann.request('lobby.setReady', { ready: true })
    await host.request('lobby.start', {})
    await ann.until(() => (ann.snapshot?.view ? true : undefined))
    const first = [host, ann].find((c) => c.snapshot!.view!.turn === c.snapshot!.mySeat)!
    const other = first === host ? ann : host
    const mark = other.received.length
    const r = await first.request('table.act', { version: first.snapshot!.version, action: { type: 'draw', from: 'deck' } })
    expect(r.ok).toBe(true)
    const drawn = first.snapshot!.view!.hand.at(-1)
    const mine = first.received.findLast((f) => f.type === 'event' && f.event === 'table.events')
    expect(mine).toMatchObject({ payload: { events: [{ type: 'drew', from: 'deck', card: drawn }] } })
    await other.until(() => (other.received.slice(mark).some((f) => f.type === 'event' && f.event === 'table.events') ? true : undefined))
    const theirs = other.received.slice(mark).find((f) => f.type === 'event' && f.event === 'table.events')
    expect(theirs).toMatchObject({ payload: { events: [{ type: 'drew', from: 'deck' }] } })
    expect(JSON.stringify(theirs)).not.toContain('"card"')
  })
})

describe('the first deal', () => {
  it('is reported like every later deal: a handDealt batch at version 0, also in recentEvents', async () => {
    t = await startTestHost()
    const host = await operator()
    await host.join('Host')
    await host.request('lobby.addBot', { level: 'easy' })
    await host.request('settings.set', { botDelayMs: 0 })
    expect((await host.request('lobby.start', { seed: 'first-deal-seed-abc' })).ok).toBe(true)
    const first = host.received.find((f) => f.type === 'event' && f.event === 'table.events')
    const state = t.state()!
    expect(first).toMatchObject({ payload: { version: 0, events: [{ type: 'handDealt', handNumber: 1, seats: [0, 1] }] } })
    const snap = await host.request<{ recentEvents: { version: number; events: { type: string }[] }[] }>('table.get', {})
    if (snap.ok) expect(snap.value.recentEvents[0]).toMatchObject({ version: 0, events: [{ type: 'handDealt' }] })
    expect(state.handNumber).toBeGreaterThanOrEqual(1)
  })
})
