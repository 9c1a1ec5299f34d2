/** The reducer, views and replays, in positions the scenario format cannot name (RULES.md sections 2-11). */
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { actionSchema, readAction } from './actions'
import { apply } from './apply'
import { greedyAction } from './policy'
import { runScenario } from './scenario'
import { actionLog, newGame, redeal, type GameState } from './state'
import { canDraw, legalActions, legalHitsFor, skipTargetInfo, skipTargets, spectatorView, viewFor } from './views'
import { replay, setupOf } from './replay'

const NAMES = ['Ann', 'Bob', 'Cy']

function ok(state: GameState, seat: number, action: unknown) {
  const r = apply(state, seat, action)
  if (!r.ok) throw new Error(`${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`)
  return r
}

/** Plays with the greedy policy until `until(state)` holds. */
function playUntil(state: GameState, until: (s: GameState) => boolean, max = 5000): GameState {
  for (let i = 0; i < max && !until(state); i++) {
    const seat = state.turn ?? 0
    state = ok(state, seat, greedyAction(viewFor(state, seat))).state
  }
  if (!until(state)) throw new Error('condition never reached')
  return state
}

function scenarioState(file: string): GameState {
  const json = JSON.parse(readFileSync(join(__dirname, '../../../test/scenarios', file), 'utf8'))
  const run = runScenario(json)
  if (!run.valid) throw new Error(run.reason)
  return run.state
}

describe('dealing (section 2)', () => {
  it('deals ten cards one at a time from the dealer\'s left, and the first player is left of the dealer', () => {
    const s = newGame({ players: NAMES, seed: 'deal', dealer: 1 })
    expect(s.players.map((p) => p.hand.length)).toEqual([10, 10, 10])
    const deal = redeal(s.handSeed, { rules: s.rules, playerCount: 3, dealer: 1 })
    expect(deal.hands).toEqual(s.players.map((p) => p.hand))
    expect(deal.drawPile.length).toBe(108 - 31)
    // One at a time from the dealer's left: the deck's top card went to seat 2, the next to seat 0, then seat 1.
    const deck = [...deal.drawPile, deal.upcard!]
    for (let r = 9; r >= 0; r--) for (const seat of [1, 0, 2]) deck.push(deal.hands[seat][r])
    expect(deck.length).toBe(108)
    expect(deck[deck.length - 1]).toBe(s.players[2].hand[0])
    expect(deck[deck.length - 2]).toBe(s.players[0].hand[0])
    expect(s.turn === 2 || (s.discard[0] === 'S' && s.turn === 0)).toBe(true)
  })
  it('chooses the first dealer at random from the seed, the same for the same seed', () => {
    const dealers = new Set(Array.from({ length: 30 }, (_, i) => newGame({ players: NAMES, seed: `d${i}` }).dealer))
    expect(dealers.size).toBe(3)
    expect(newGame({ players: NAMES, seed: 'same' })).toEqual(newGame({ players: NAMES, seed: 'same' }))
  })
  it('deals a scenario that names no cards exactly like newGame', () => {
    const run = runScenario({ players: 4, seed: 'same deal', steps: [] })
    const game = newGame({ players: ['a', 'b', 'c', 'd'], seed: 'same deal' })
    if (!run.valid) throw new Error(run.reason)
    expect(run.state.players.map((p) => p.hand)).toEqual(game.players.map((p) => p.hand))
    expect(run.state.drawPile).toEqual(game.drawPile)
    expect(run.state.dealer).toBe(game.dealer)
  })
  it('refuses fewer than 2 or more than 6 players', () => {
    expect(() => newGame({ players: ['solo'], seed: 'x' })).toThrow()
    expect(() => newGame({ players: Array(7).fill('p'), seed: 'x' })).toThrow()
  })
})

describe('fairness (section 11)', () => {
  it('reveals a hand\'s seed only after the hand, and the revealed seed re-creates that deal', () => {
    const start = newGame({ players: NAMES, seed: 'fair', dealer: 0 })
    expect(start.revealedSeeds).toEqual([])
    expect(JSON.stringify(viewFor(start, 0))).not.toContain(start.handSeed)
    const over = playUntil(start, (s) => s.stage === 'handOver' || s.stage === 'gameOver')
    expect(over.revealedSeeds).toEqual([start.handSeed])
    const deal = redeal(over.revealedSeeds[0], { rules: over.rules, playerCount: 3, dealer: 0 })
    expect(deal.hands).toEqual(start.players.map((p) => p.hand))
    expect(deal.upcard).toBe(start.discard[0])
    expect(deal.drawPile).toEqual(start.drawPile)
  })
  it('replays a game from its setup and action log, byte for byte', () => {
    const s = playUntil(newGame({ players: NAMES, seed: 'replay' }), (x) => x.handNumber === 3)
    const again = replay(setupOf(s), actionLog(s))
    expect(again.ok && JSON.stringify(again.state)).toBe(JSON.stringify(s))
  })
})

describe('apply', () => {
  it('steps the version on every accepted action and returns the very same state on a rejection', () => {
    const s = newGame({ players: NAMES, seed: 'v', dealer: 2 })
    const seat = s.turn!
    const r = ok(s, seat, { type: 'draw', from: 'deck' })
    expect(r.state.version).toBe(1)
    const bad = apply(r.state, seat, { type: 'draw', from: 'deck' })
    expect(bad).toMatchObject({ ok: false, error: { code: 'ALREADY_DREW' } })
    expect(r.state.version).toBe(1)
  })
  it('does not reveal a card drawn from the deck in its event, but does for the discard pile', () => {
    const s = newGame({ players: NAMES, seed: 'ev', dealer: 2 })
    const seat = s.turn!
    expect(ok(s, seat, { type: 'draw', from: 'deck' }).events).toEqual([{ type: 'drew', seat, from: 'deck' }])
    if (s.discard[0] !== 'S') expect(ok(s, seat, { type: 'draw', from: 'discard' }).events[0]).toMatchObject({ card: s.discard[0] })
  })
  it('reports the end of a hand with its points and revealed seed', () => {
    let s = newGame({ players: NAMES, seed: 'end', dealer: 2 })
    let events: unknown[] = []
    while (s.stage !== 'handOver' && s.stage !== 'gameOver') {
      const r = ok(s, s.turn!, greedyAction(viewFor(s, s.turn!)))
      s = r.state
      events = r.events
    }
    expect(events).toContainEqual(expect.objectContaining({ type: 'handEnded', handNumber: 1, seed: s.revealedSeeds[0], points: s.lastHand!.points }))
  })
})

describe('Skips (section 4)', () => {
  it('can be played with no target and no effect when every other player already has one pending', () => {
    // skipLands target: the pending Skips are cards waiting in front of seats 1 and 2.
    let s = newGame({ players: NAMES, seed: 'pending', dealer: 2, rules: { skipCount: 4, skipLands: 'target' } })
    s = { ...s, discard: ['R1'], players: s.players.map((p, i) => ({ ...p, hand: i === 0 ? ['S', 'R2'] : p.hand, pendingSkip: i !== 0 })), turn: 0 }
    s = ok(s, 0, { type: 'draw', from: 'deck' }).state
    expect(skipTargets(viewFor(s, 0))).toEqual([])
    expect(apply(s, 0, { type: 'skip', card: 'S', target: 1 })).toMatchObject({ ok: false, error: { code: 'INVALID_TARGET' } })
    const r = ok(s, 0, { type: 'skip', card: 'S' })
    expect(r.events).toContainEqual({ type: 'skipPlayed', seat: 0, target: null })
    // The pending Skips then consume seats 1 and 2: seat 0 plays again.
    expect(r.state.turn).toBe(0)
    expect(r.state.discard.slice(-3)).toEqual(['S', 'S', 'S'])
  })
})

describe('tie-break hand (section 8)', () => {
  const tied = () => scenarioState('winning/tie-goes-to-a-tie-break-hand.json')
  it('deals only the tied players, on the last phase, and leaves the others out', () => {
    const s = tied()
    expect(s.tieBreak).toEqual([0, 1])
    expect(s.players[2].hand).toEqual([])
    expect(viewFor(s, 0).players.map((p) => p.inHand)).toEqual([true, true, false])
    expect(apply(s, 2, { type: 'draw', from: 'deck' })).toMatchObject({ ok: false, error: { code: 'NOT_YOUR_TURN' } })
  })
  it('is won by the first tied player to go out, without changing the totals', () => {
    let s = tied()
    const seat = s.turn!
    s = { ...s, players: s.players.map((p, i) => (i === seat ? { ...p, hand: [] } : p)) }
    s = ok(s, seat, { type: 'draw', from: 'deck' }).state
    const card = s.players[seat].hand[0]
    const end = card === 'S' ? ok(s, seat, { type: 'skip', card: 'S', target: 1 - seat }) : ok(s, seat, { type: 'discard', card })
    expect(end.state.stage).toBe('gameOver')
    expect(end.state.winner).toBe(seat)
    expect(end.state.players.map((p) => p.score)).toEqual([5, 5, 65])
  })
})

describe('views and hints (section 11)', () => {
  it('shows a seat its own hand and only counts of the others', () => {
    const s = newGame({ players: NAMES, seed: 'view' })
    const v = viewFor(s, 1)
    expect(v.hand).toEqual(s.players[1].hand)
    expect(v.players[0]).not.toHaveProperty('hand')
    expect(v.players[0].handCount).toBe(10)
    expect(JSON.stringify(v)).not.toContain('drawPile')
    expect(spectatorView(s).hand).toEqual([])
  })
  it('offers draws only on your turn, and never a Skip from the discard pile', () => {
    const s = newGame({ players: NAMES, seed: 'hint', dealer: 2 })
    const other = (s.turn! + 1) % 3
    expect(canDraw(viewFor(s, other), 'deck')).toBe(false)
    const mine = viewFor({ ...s, discard: ['S'] }, s.turn!)
    expect(canDraw(mine, 'deck')).toBe(true)
    expect(canDraw(mine, 'discard')).toBe(false)
    expect(legalActions(mine)).toEqual([{ type: 'draw', from: 'deck' }])
  })
  it('lists the groups a card can hit, only once your phase is down', () => {
    const played = scenarioState('hits/hits-allowed-on-the-lay-down-turn-by-default.json')
    const s = { ...played, players: played.players.map((p, i) => (i === 0 ? { ...p, hand: ['G5', 'G12'] } : { ...p, hand: ['G5'] })) }
    expect(legalHitsFor(viewFor(s, 0), 'G5')).toEqual([{ seat: 0, group: 0 }])
    expect(legalHitsFor(viewFor(s, 0), 'G12')).toEqual([])
    expect(legalHitsFor(viewFor(s, 1), 'G5')).toEqual([])
  })
})

describe('actions', () => {
  it('reads exactly what the zod action schema accepts', () => {
    const samples = fc.sample(
      fc.oneof(
        fc.record({ type: fc.constantFrom('draw', 'discard', 'save', 'skip', 'hit', 'layDown', 'choosePhase', 'nextHand'), from: fc.constantFrom('deck', 'discard', 'saved', 'x'), card: fc.constantFrom('R1', 'G12', 'R13', 'B0', 'W', 'S', 'W=4', 'Q', undefined) }, { requiredKeys: ['type'] }),
        fc.record({ type: fc.constant('hit'), card: fc.constantFrom('R1', 'W=R', 'W=13'), target: fc.record({ seat: fc.integer({ min: -1, max: 7 }), group: fc.integer({ min: -1, max: 9 }) }) }),
        fc.record({ type: fc.constant('layDown'), groups: fc.array(fc.array(fc.constantFrom('R1', 'W', 'W=2', 'S', 'X'), { maxLength: 3 }), { maxLength: 3 }) }),
        fc.record({ type: fc.constantFrom('skip', 'choosePhase'), card: fc.constantFrom('S', 'R1'), target: fc.integer({ min: -1, max: 7 }), phase: fc.integer({ min: 0, max: 100 }) }),
        fc.anything(),
      ),
      { seed: 7, numRuns: 3000 },
    )
    for (const a of samples) {
      const read = readAction(a)
      const parsed = actionSchema.safeParse(a)
      expect(read !== null, JSON.stringify(a)).toBe(parsed.success)
      if (read && parsed.success) expect(read).toEqual(parsed.data)
    }
  })
})

describe('a hand no one can go out of', () => {
  it('is detected when everyone has laid down and no card off the table fits any group', async () => {
    const { isHandStuck } = await import('./stuck')
    const s = scenarioState('phases/phase-1-two-sets.json')
    expect(isHandStuck(s)).toBe(false)
    const set = (n: number) => ({ kind: 'set' as const, number: n, cards: ['R' + n, 'B' + n, 'Y' + n] })
    const stuck: GameState = {
      ...s,
      players: s.players.map((p, i) => ({ ...p, laidDown: [set(i + 1)], hand: ['G12'], saved: [] })),
      drawPile: ['R12', 'B12'],
      drawCount: 2,
      discard: ['Y12'],
    }
    expect(isHandStuck(stuck)).toBe(true)
    expect(isHandStuck({ ...stuck, discard: ['G1'] })).toBe(false)
    expect(isHandStuck({ ...stuck, discard: ['W'] })).toBe(false)
  })
  it('says who a Skip may not target and why, from the view (the reducer applies the same rule)', () => {
    let s = newGame({ players: NAMES, seed: 'why', dealer: 2, rules: { skipCount: 4 } })
    s = { ...s, discard: ['R1'], players: s.players.map((p) => ({ ...p, hand: ['S', 'S', 'R2', 'R3'] })), turn: 0 }
    s = ok(s, 0, { type: 'draw', from: 'deck' }).state
    s = ok(s, 0, { type: 'skip', card: 'S', target: 1 }).state // seat 1 loses the turn: seat 2 plays
    expect(s.turn).toBe(2)
    s = ok(s, 2, { type: 'draw', from: 'deck' }).state
    const v = viewFor(s, 2)
    expect(v.players[1]).toMatchObject({ pendingSkip: false, lostTurn: true })
    expect(skipTargetInfo(v)).toEqual([
      { seat: 0, blocked: null },
      { seat: 1, blocked: 'lostTurn' },
    ])
    expect(skipTargets(v)).toEqual([0])
    expect(apply(s, 2, { type: 'skip', card: 'S', target: 1 })).toMatchObject({ ok: false, error: { code: 'INVALID_TARGET', message: expect.stringMatching(/one Skip per player per round/) } })
    // Masters' rule on the same table: seat 1 may be skipped again at once.
    const masters = { ...s, rules: { ...s.rules, skipProtection: 'untilSkipped' as const } }
    expect(skipTargets(viewFor(masters, 2))).toEqual([0, 1])
    s = ok(s, 2, { type: 'skip', card: 'S', target: 0 }).state
    // Seat 0 was next, so their turn goes at once; seat 1 plays, no longer protected now their turn has come.
    expect(s.turn).toBe(1)
    expect(skipTargetInfo(viewFor(s, 1))).toEqual([
      { seat: 0, blocked: 'lostTurn' },
      { seat: 2, blocked: null },
    ])
    expect(s.players[1].lostTurn).toBe(false)
  })
})
