/**
 * `applyInPlace` is `apply` for a caller that owns its state: over whole random games (every rule combination)
 * it must give exactly `apply`'s states and events, refuse exactly what `apply` refuses without changing
 * anything, and never touch a state it does not own. Fixed fast-check seed, see test-games.ts.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { apply, applyInPlace, ownedCopy } from './apply'
import { newGame } from './state'
import { gameArbitrary as game, params, RULE_COMBOS } from './test-games'
import { playRandomGame } from './testing'

const GAMES = 30

// Actions that are usually refused (wrong turn, stage, card or target), tried in place between real steps.
const JUNK: [number, unknown][] = [
  [0, { type: 'draw', from: 'discard' }],
  [1, { type: 'discard', card: 'R1' }],
  [2, { type: 'skip', card: 'S', target: 0 }],
  [0, { type: 'hit', card: 'W', target: { seat: 1, group: 0 } }],
  [1, { type: 'layDown', groups: [['R1', 'R1', 'W']] }],
  [0, { type: 'save', card: 'G7' }],
  [3, { type: 'nextHand' }],
  [0, { type: 'draw', from: 'sky' }],
]

describe('applyInPlace', () => {
  it('plays whole random games exactly as apply does, refusing what apply refuses without a change', () => {
    let refused = 0
    fc.assert(
      fc.property(game, ({ seed, players, combo }) => {
        const rules = RULE_COMBOS[combo]
        // A second newGame is a state this loop owns, as the benchmark's loop does.
        let own = newGame({ players: Array.from({ length: players }, (_, i) => `P${i}`), seed, rules })
        let step = 0
        playRandomGame({
          seed,
          players,
          rules,
          onStep: (before, after, seat, action) => {
            step++
            const [js, ja] = JUNK[step % JUNK.length]
            if (!apply(before, js, ja).ok) {
              const snapshot = JSON.stringify(own)
              const r = applyInPlace(own, js, ja)
              expect(r.ok).toBe(false)
              expect(JSON.stringify(own)).toBe(snapshot)
              refused++
            }
            const pure = apply(before, seat, action)
            const r = applyInPlace(own, seat, action)
            if (!r.ok || !pure.ok) throw new Error(`step ${step}: ${JSON.stringify(action)} refused in place`)
            expect(JSON.stringify(r.events)).toBe(JSON.stringify(pure.events))
            expect(JSON.stringify(r.state)).toBe(JSON.stringify(after))
            own = r.state
          },
        })
      }),
      params(GAMES),
    )
    expect(refused).toBeGreaterThan(1000)
  }, 120_000)

  it('leaves alone the state an owned copy was made from', () => {
    fc.assert(
      fc.property(game, ({ seed, players, combo }) => {
        let step = 0
        playRandomGame({
          seed,
          players,
          rules: RULE_COMBOS[combo],
          onStep: (before, after, seat, action) => {
            if (step++ % 7 !== 0) return
            const snapshot = JSON.stringify(before)
            const r = applyInPlace(ownedCopy(before), seat, action)
            if (!r.ok) throw new Error('refused in place')
            expect(JSON.stringify(r.state)).toBe(JSON.stringify(after))
            expect(JSON.stringify(before)).toBe(snapshot)
          },
        })
      }),
      params(GAMES / 2),
    )
  }, 120_000)
})
