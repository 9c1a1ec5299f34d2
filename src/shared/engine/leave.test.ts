/**
 * A player leaves the game between hands (`leave`, docs/engine.md): the host's "remove at the next hand".
 * Their seat stays (scores, the log), but from the next deal they get no cards and no turns, cannot be skipped
 * or hit, and cannot win.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { apply } from './apply'
import { greedyAction } from './policy'
import { replayState } from './replay'
import { newGame, type GameState } from './state'
import { params, PROPERTY_SEED } from './test-games'
import { cardAccountingError } from './testing'
import { skipTargetInfo, viewFor } from './views'

function ok(s: GameState, seat: number, action: unknown): GameState {
  const r = apply(s, seat, action)
  if (!r.ok) throw new Error(`${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`)
  return r.state
}

/** Greedy play until the hand (or game) is over. */
function toHandEnd(s: GameState): GameState {
  for (let i = 0; i < 5000 && s.stage !== 'handOver' && s.stage !== 'gameOver'; i++) s = ok(s, s.turn!, greedyAction(viewFor(s, s.turn!)))
  return s
}

describe('leaving the game between hands', () => {
  it('takes the seat out of the deal, the turn order and the Skip targets, and replays from the log', () => {
    let s = newGame({ players: ['Ann', 'Bob', 'Cy', 'Dee'], seed: 'leave-1', rules: { fixedHands: 4 } })
    expect(apply(s, 2, { type: 'leave' })).toMatchObject({ ok: false, error: { code: 'HAND_NOT_OVER' } })
    s = toHandEnd(s)
    const r = apply(s, 2, { type: 'leave' })
    expect(r).toMatchObject({ ok: true, events: [{ type: 'playerLeft', seat: 2 }] })
    s = (r as { state: GameState }).state
    expect(apply(s, 2, { type: 'leave' })).toMatchObject({ ok: false, error: { code: 'CANNOT_LEAVE' } })
    const score = s.players[2].score
    s = ok(s, 0, { type: 'nextHand' })
    expect(s.players[2].hand).toEqual([])
    expect(s.dealer).not.toBe(2)
    const v = viewFor(s, 0)
    expect(v.players[2]).toMatchObject({ left: true, inHand: false, handCount: 0 })
    expect(skipTargetInfo(v).find((t) => t.seat === 2)?.blocked).toBe('notInHand')
    const turns = new Set<number>()
    for (let i = 0; i < 5000 && s.stage !== 'handOver' && s.stage !== 'gameOver'; i++) {
      turns.add(s.turn!)
      s = ok(s, s.turn!, greedyAction(viewFor(s, s.turn!)))
      expect(cardAccountingError(s)).toBeNull()
    }
    expect([...turns].sort()).toEqual([0, 1, 3])
    expect(s.players[2].score).toBe(score)
    const again = replayState(s)
    expect(again.ok && JSON.stringify(again.state) === JSON.stringify(s)).toBe(true)
  })

  it('never leaves fewer than 2 players', () => {
    let s = toHandEnd(newGame({ players: ['Ann', 'Bob', 'Cy'], seed: 'leave-2', rules: { fixedHands: 3 } }))
    s = ok(s, 0, { type: 'leave' })
    expect(apply(s, 1, { type: 'leave' })).toMatchObject({ ok: false, error: { code: 'CANNOT_LEAVE', message: /at least 2/ } })
  })

  it('in random games with random departures: every card accounted for, the game ends, and who left never wins', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 6 }), fc.string({ maxLength: 8 }), fc.boolean(), (players, seed, masters) => {
        let s = newGame({ players: Array.from({ length: players }, (_, i) => `P${i}`), seed: `leave:${seed}`, rules: { fixedHands: 4, edition: masters ? 'masters' : 'classic' } })
        let k = 0
        while (s.stage !== 'gameOver') {
          s = toHandEnd(s)
          if (s.stage === 'gameOver') break
          const seat = k++ % players
          const r = apply(s, seat, { type: 'leave' })
          if (r.ok) s = r.state
          s = ok(s, 0, { type: 'nextHand' })
          if (s.stage === 'choosePhase') while (s.stage === 'choosePhase') s = ok(s, s.turn!, greedyAction(viewFor(s, s.turn!)))
          if (cardAccountingError(s)) throw new Error(cardAccountingError(s)!)
        }
        expect(s.players.filter((p) => !p.left).length).toBeGreaterThanOrEqual(2)
        expect(s.players[s.winner!].left).toBe(false)
      }),
      { ...params(60), seed: PROPERTY_SEED + 11 },
    )
  })
})
