/**
 * Between hands and seats changing hands mid-game (issue #15 items 2 and 5). Ready-up: every human confirms
 * the scores before the next deal; bots are always ready; a dropped or auto-played player never holds it up;
 * the operator may deal on; an optional auto-deal countdown; solo stays one click. Kicks: the operator gives
 * any seat to a bot of a chosen level, or removes it from the game at the next hand; the kicked player's
 * token is revoked and they are told why.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PROTOCOL_VERSION, tableSnapshotSchema, type ApiEvent } from '@shared/api'
import { decide } from '@shared/ai'
import { InProcessBotRunner } from './bot-runner'
import { TableHost } from './table-host'

const hosts: TableHost[] = []
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close()
  vi.useRealTimers()
})

/** One short phase, five hands: a hand ends quickly and is never the game's last one here. */
const QUICK = { phaseList: [[{ kind: 'set' as const, size: 3 }]], fixedHands: 5 }

function table(mode: 'lan' | 'solo' = 'lan') {
  const sent: { to: string; e: ApiEvent }[] = []
  // `now` read through Date each time, so a test's fake clock (installed after the host exists) is the host's clock too.
  const host = new TableHost({ name: 't', mode, bots: new InProcessBotRunner(), deliver: (to, e) => sent.push({ to, e }), rules: QUICK, now: () => Date.now() })
  hosts.push(host)
  return { host, sent }
}

/** Plays the humans (Easy moves) until the first hand is over; bots answer in between. */
async function toHandOver(host: TableHost, clients: string[]): Promise<void> {
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    if (host.engineState!.stage === 'handOver') return
    if (host.engineState!.stage === 'gameOver') throw new Error('the game ended')
    let moved = false
    for (const id of clients) {
      const snap = host.snapshotFor(id)
      if (!snap?.view || snap.view.turn !== snap.mySeat) continue
      const action = decide({ level: 'easy', view: snap.view as never, history: [], salt: id })
      if (action && host.act(id, snap.version, action).ok) moved = true
    }
    if (!moved) await new Promise((r) => setImmediate(r))
  }
  throw new Error('the hand did not end')
}

/** Host (seat 0), Ann (1), Bob (2) and a bot (3), first hand played to its end. */
async function threeHumansAndABot(): Promise<{ host: TableHost; sent: { to: string; e: ApiEvent }[] }> {
  const t = table()
  t.host.attachHost('local', 'Host')
  t.host.join('ws:1', { protocol: PROTOCOL_VERSION, name: 'Ann' })
  t.host.join('ws:2', { protocol: PROTOCOL_VERSION, name: 'Bob' })
  t.host.addBot('easy')
  t.host.setReady('ws:1', true)
  t.host.setReady('ws:2', true)
  expect(t.host.start('ready-up-seed').ok).toBe(true)
  await toHandOver(t.host, ['local', 'ws:1', 'ws:2'])
  return t
}

const ready = (host: TableHost, id: string) => host.act(id, host.engineState!.version, { type: 'nextHand' })

describe('ready-up between hands', () => {
  it('deals only when every human is ready, and every snapshot says who is', async () => {
    const { host } = await threeHumansAndABot()
    const hand = host.engineState!.handNumber
    expect(host.snapshotFor('ws:1')!.handReady).toEqual([])
    expect(ready(host, 'ws:1').ok).toBe(true)
    // Ann's "Next hand" is a vote: nothing is dealt while the others read the scores.
    expect(host.engineState!.stage).toBe('handOver')
    expect(tableSnapshotSchema.parse(host.snapshotFor('ws:2')).handReady).toEqual([1])
    expect(ready(host, 'ws:1').ok).toBe(true) // twice is still once
    expect(ready(host, 'local').ok).toBe(true)
    expect(host.snapshotFor('ws:2')!.handReady).toEqual([0, 1])
    expect(ready(host, 'ws:2').ok).toBe(true)
    expect(host.engineState!.handNumber).toBe(hand + 1)
    expect(host.engineState!.stage).not.toBe('handOver')
    expect(host.snapshotFor('ws:2')!.handReady).toEqual([])
  })

  it('never waits for a dropped player', async () => {
    const { host } = await threeHumansAndABot()
    const hand = host.engineState!.handNumber
    expect(ready(host, 'local').ok).toBe(true)
    expect(ready(host, 'ws:1').ok).toBe(true)
    // Bob's connection goes while he reads: the two who are ready get their hand.
    host.disconnect('ws:2')
    expect(host.engineState!.handNumber).toBe(hand + 1)
    // Play itself waits for him as usual (the drop policy applies).
    expect(host.snapshotFor('ws:1')!.paused).toMatchObject({ seat: 2 })
  })

  it('takes votes while a dropped player pauses the table, and lets the operator deal on', async () => {
    const { host } = await threeHumansAndABot()
    const hand = host.engineState!.handNumber
    host.disconnect('ws:2')
    expect(host.snapshotFor('ws:1')!.paused).toMatchObject({ seat: 2 })
    expect(ready(host, 'ws:1').ok).toBe(true)
    expect(host.engineState!.stage).toBe('handOver') // the host has not said yet
    expect(host.dealNext().ok).toBe(true)
    expect(host.engineState!.handNumber).toBe(hand + 1)
    expect(host.dealNext()).toMatchObject({ ok: false, error: { code: 'WRONG_STATUS' } })
  })

  it('deals on by itself after the table’s auto-deal seconds', async () => {
    const { host } = await threeHumansAndABot()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(1_800_000_000_000)
    const hand = host.engineState!.handNumber
    host.setAutoDeal(10)
    const snap = host.snapshotFor('ws:1')!
    expect(snap.autoDealSeconds).toBe(10)
    expect(snap.turnDeadline! - snap.hostNow!).toBe(10_000)
    await vi.advanceTimersByTimeAsync(9_000)
    expect(host.engineState!.stage).toBe('handOver')
    await vi.advanceTimersByTimeAsync(1_500)
    expect(host.engineState!.handNumber).toBe(hand + 1)
  })

  it('refuses a stale or seatless vote and changes nothing', async () => {
    const { host } = await threeHumansAndABot()
    const v = host.engineState!.version
    expect(host.act('ws:1', v - 1, { type: 'nextHand' })).toMatchObject({ ok: false, error: { code: 'STALE_VERSION' } })
    host.join('ws:9', { protocol: PROTOCOL_VERSION, name: 'Watcher', spectate: true })
    expect(host.act('ws:9', v, { type: 'nextHand' })).toMatchObject({ ok: false, error: { code: 'NOT_SEATED' } })
    expect(host.snapshotFor('ws:1')!.handReady).toEqual([])
    expect(host.engineState!.version).toBe(v)
  })

  it('solo: one click deals', async () => {
    const { host } = table('solo')
    host.attachHost('local', 'Me')
    host.addBot('easy')
    expect(host.start('solo-ready').ok).toBe(true)
    await toHandOver(host, ['local'])
    const hand = host.engineState!.handNumber
    expect(ready(host, 'local').ok).toBe(true)
    expect(host.engineState!.handNumber).toBe(hand + 1)
  })
})

describe('kicking a player mid-game', () => {
  it('gives the seat to a bot of the chosen level, revokes the token and tells the player why', async () => {
    const t = table()
    t.host.attachHost('local', 'Host')
    const ann = t.host.join('ws:1', { protocol: PROTOCOL_VERSION, name: 'Ann' })
    t.host.join('ws:2', { protocol: PROTOCOL_VERSION, name: 'Bob' })
    t.host.setReady('ws:1', true)
    t.host.setReady('ws:2', true)
    expect(t.host.start('kick-seed').ok).toBe(true)
    expect(t.host.removeSeat(1, { botLevel: 'hard' }).ok).toBe(true)
    const toAnn = t.sent.filter((x) => x.to === 'ws:1').map((x) => x.e)
    expect(toAnn.slice(-2)).toEqual([
      { event: 'table.removed', payload: { reason: 'The host gave your seat to a bot.' } },
      { event: 'table.snapshot', payload: null },
    ])
    expect(t.host.snapshotFor('ws:2')!.seats[1]).toMatchObject({ name: 'Ann', autoPlayed: true, botLevel: 'hard' })
    // Her token no longer reclaims the seat; the game goes on without pausing for her.
    const token = ann.ok ? ann.value.token! : ''
    expect(t.host.join('ws:3', { protocol: PROTOCOL_VERSION, name: 'Ann', token })).toMatchObject({ ok: false, error: { code: 'BAD_TOKEN' } })
    expect(t.host.snapshotFor('ws:2')!.paused).toBeNull()
  })

  it('removes a seat from the game at the next hand: dealt no cards after it, never below 2 players', async () => {
    const { host } = await threeHumansAndABot()
    // Hand 1 is over; Bob is removed now: he leaves before the next deal.
    expect(host.removeSeat(2, { atNextHand: true }).ok).toBe(true)
    expect(host.engineState!.players[2].left).toBe(true)
    expect(ready(host, 'local').ok).toBe(true)
    expect(ready(host, 'ws:1').ok).toBe(true)
    expect(host.engineState!.handNumber).toBe(2)
    expect(host.engineState!.players[2].hand).toEqual([])
    expect(host.snapshotFor('ws:1')!.view!.players[2]).toMatchObject({ left: true, inHand: false })
    // Removing more would leave fewer than 2 players.
    expect(host.removeSeat(1, { atNextHand: true })).toMatchObject({ ok: true })
    expect(host.removeSeat(3, { atNextHand: true })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
    // A player cannot send `leave` for themselves: only the host removes seats.
    expect(host.act('local', host.engineState!.version, { type: 'leave' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
  })

  it('a seat removed during a hand leaves when that hand ends (a bot plays it until then)', async () => {
    const t = table()
    t.host.attachHost('local', 'Host')
    t.host.join('ws:1', { protocol: PROTOCOL_VERSION, name: 'Ann' })
    t.host.addBot('easy')
    t.host.setReady('ws:1', true)
    expect(t.host.start('kick-later').ok).toBe(true)
    expect(t.host.removeSeat(1, { atNextHand: true, botLevel: 'easy' }).ok).toBe(true)
    expect(t.host.engineState!.players[1].left).toBe(false)
    await toHandOver(t.host, ['local'])
    expect(t.host.engineState!.players[1].left).toBe(true)
    expect(t.host.toSave().log.at(-1)).toEqual({ seat: 1, action: { type: 'leave' } })
  })
})
