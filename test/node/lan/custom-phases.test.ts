/**
 * Custom phase lists over the wire (127.0.0.1, no advert): the host refuses a list the deck can never make
 * — sent whole, or made impossible by a later change of the Wilds — with the engine's reason, and nothing
 * changes: same rules, no new snapshot to anyone. A possible list is taken and the game deals it.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { TableSnapshot } from '@shared/api'
import { startTestHost, TestClient, type TestHost } from './harness'

let t: TestHost
const open: TestClient[] = []
afterEach(async () => {
  for (const c of open.splice(0)) c.close()
  await t?.stop()
})

const set = (size: number) => ({ kind: 'set' as const, size })
const NINE = 'a set of 9 needs 1 Wild besides the 8 cards of its number, and the deck has no Wilds'

/** The operator (seated) and a guest, in the lobby. */
async function lobby() {
  t = await startTestHost()
  const op = await TestClient.connect(t.wsUrl)
  const guest = await TestClient.connect(t.wsUrl)
  open.push(op, guest)
  await op.request('host.claim', { token: t.host.operatorToken })
  await op.join('Host')
  await guest.join('Ann')
  return { op, guest }
}

const snapshots = (c: TestClient) => c.received.filter((f) => f.type === 'event' && f.event === 'table.snapshot').length
const rulesOf = async (c: TestClient) => ((await c.request<TableSnapshot>('table.get')) as { ok: true; value: TableSnapshot }).value.rules

/** Sends a change the host must refuse; checks the answer's reason and that nobody heard of any change. */
async function refused(op: TestClient, guest: TestClient, rules: unknown, reason: string) {
  const before = await rulesOf(op)
  const heard = [snapshots(op), snapshots(guest)]
  const r = await op.request('lobby.setRules', { rules })
  expect(r.ok).toBe(false)
  if (r.ok) return
  expect(r.error.code).toBe('BAD_REQUEST')
  expect(r.error.message).toContain(reason)
  // A round trip to each after the refusal: any snapshot the change caused would have arrived by now.
  expect(await rulesOf(op)).toEqual(before)
  await guest.request('table.get')
  expect([snapshots(op), snapshots(guest)]).toEqual(heard)
}

describe('the host and custom phase lists', () => {
  it('refuses a list the deck can never make, in words, and changes nothing', async () => {
    const { op, guest } = await lobby()
    await refused(op, guest, { phaseList: [[set(3)], [set(9)]], wildCount: 0 }, `Phase 2, group 1: ${NINE}`)
    // Whatever the Wilds: more cards than a hand holds.
    await refused(op, guest, { phaseList: [[set(5), set(3), { kind: 'run', size: 3 }]] }, 'needs 11 cards, but a hand holds 10')
    expect((await rulesOf(op)).phaseList).toBe('classic')
  })

  it('checks a change against the rules already set: no Wilds, then a set of 9; a set of 10, then fewer Wilds', async () => {
    const { op, guest } = await lobby()
    expect((await op.request('lobby.setRules', { rules: { wildCount: 0 } })).ok).toBe(true)
    // Alone the change is fine (8 Wilds by default); merged with the table's 0 Wilds it is not.
    await refused(op, guest, { phaseList: [[set(9)]] }, `Phase 1, group 1: ${NINE}`)
    expect(await rulesOf(op)).toMatchObject({ wildCount: 0, phaseList: 'classic' })

    expect((await op.request('lobby.setRules', { rules: { wildCount: 2, phaseList: [[set(10)]] } })).ok).toBe(true)
    await refused(op, guest, { wildCount: 1 }, 'a set of 10 needs 2 Wilds besides the 8 cards of its number, and the deck has only 1 Wild')
    expect(await rulesOf(op)).toMatchObject({ wildCount: 2, phaseList: [[set(10)]] })
  })

  it('refuses an impossible list for a solo game or a new table before anything opens', async () => {
    t = await startTestHost()
    const op = await TestClient.connect(t.wsUrl)
    open.push(op)
    await op.request('host.claim', { token: t.host.operatorToken })
    const before = await op.request('table.get')
    for (const [name, params] of [
      ['solo.start', { bots: [{ level: 'easy' }], rules: { phaseList: [[set(9)]], wildCount: 0 } }],
      ['host.open', { rules: { phaseList: [[set(9)]], wildCount: 0 } }],
    ] as const) {
      const r = await op.request(name, params)
      expect(r).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
      if (!r.ok) expect(r.error.message).toContain(NINE)
    }
    expect(await op.request('table.get')).toEqual(before)
  })

  it('takes a possible custom list and deals it', async () => {
    const { op, guest } = await lobby()
    const phaseList = [[set(2), { kind: 'run' as const, size: 3 }], [set(10)]]
    expect((await op.request('lobby.setRules', { rules: { phaseList, wildCount: 2 } })).ok).toBe(true)
    await guest.until(() => (guest.snapshot?.rules.wildCount === 2 ? true : undefined))
    expect(guest.snapshot!.rules.phaseList).toEqual(phaseList)
    await guest.request('lobby.setReady', { ready: true })
    expect((await op.request('lobby.start', { seed: 'custom-phases-1' })).ok).toBe(true)
    await op.until(() => (op.snapshot?.view ? true : undefined))
    expect(op.snapshot!.view!.phases.map((p) => p.groups)).toEqual(phaseList)
  })
})
