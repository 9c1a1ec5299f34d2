/**
 * Property tests over whole random games: secrecy of views (RULES.md section 11), and purity of `apply`
 * (inputs never mutated; a rejected action changes nothing). Fixed fast-check seed, see test-games.ts.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { apply } from './apply'
import { quickAction, timeoutAction } from './policy'
import { gameArbitrary as game, params, PROPERTY_SEED, RULE_COMBOS } from './test-games'
import { playRandomGame, viewSecrecyError } from './testing'
import { readonlyViewFor } from './live-view'
import { spectatorView, viewFor, type GameView } from './views'

const VIEW_GAMES = 250

/** A plain copy of `live` made by reading, through its getters, every field `plain` has (and each player's). */
function readThrough(live: GameView, plain: GameView): GameView {
  const out = {} as Record<string, unknown>
  for (const k of Object.keys(plain)) out[k] = live[k as keyof GameView]
  out.players = live.players.map((p, i) => Object.fromEntries(Object.keys(plain.players[i]).map((k) => [k, p[k as keyof typeof p]])))
  return out as unknown as GameView
}
const PURITY_GAMES = 150

describe('whole random games', () => {
  it('shows each seat only what section 11 allows at every step, and the timeout and benchmark policy moves are always legal', () => {
    fc.assert(
      fc.property(game, ({ seed, players, combo }) => {
        playRandomGame({
          seed,
          players,
          rules: RULE_COMBOS[combo],
          onStep: (_, after) => {
            for (let s = 0; s < players; s++) {
              const plain = viewFor(after, s)
              const err = viewSecrecyError(after, plain, s)
              if (err) throw new Error(`seat ${s}: ${err}`)
              // The benchmark's live view shows exactly the same, read field by field through its getters.
              const live = readonlyViewFor(after, s)
              const shared = readThrough(live, plain)
              const err2 = viewSecrecyError(after, shared, s)
              if (err2) throw new Error(`seat ${s} (readonlyViewFor): ${err2}`)
              const json = JSON.stringify(plain)
              if (JSON.stringify(shared) !== json) throw new Error(`seat ${s}: readonlyViewFor differs from viewFor`)
              if (JSON.stringify(live) !== json) throw new Error(`seat ${s}: readonlyViewFor's JSON differs`)
            }
            const err = viewSecrecyError(after, spectatorView(after), null)
            if (err) throw new Error(`spectator: ${err}`)
            // The turn timer's safe default move is always legal.
            if (after.turn !== null) {
              const fallback = timeoutAction(viewFor(after, after.turn))
              if (!fallback) throw new Error('no default move for the seat on turn')
              const r = apply(after, after.turn, fallback)
              if (!r.ok) throw new Error(`default move ${JSON.stringify(fallback)} refused: ${r.error.code}`)
              const quick = quickAction(readonlyViewFor(after, after.turn))
              const q = quick && apply(after, after.turn, quick)
              if (!q || !q.ok) throw new Error(`benchmark policy move ${JSON.stringify(quick)} refused`)
            }
          },
        })
      }),
      params(VIEW_GAMES),
    )
  }, 240_000)

  it('never mutates its input, and a rejected action leaves the state exactly as it was', () => {
    const junk = fc.sample(
      fc.record({
        seat: fc.integer({ min: -1, max: 6 }),
        action: fc.oneof(
          fc.record({ type: fc.constant('draw'), from: fc.constantFrom('deck', 'discard', 'saved', 'sky'), card: fc.constantFrom('R1', 'W', 'S', undefined) }),
          fc.record({ type: fc.constantFrom('discard', 'save'), card: fc.constantFrom('R1', 'B12', 'W', 'S', 'X', 'W=5') }),
          fc.record({ type: fc.constant('skip'), card: fc.constant('S'), target: fc.integer({ min: -1, max: 6 }) }),
          fc.record({
            type: fc.constant('hit'),
            card: fc.constantFrom('R1', 'G7', 'W', 'W=3', 'W=R', 'S'),
            target: fc.record({ seat: fc.integer({ min: 0, max: 5 }), group: fc.integer({ min: 0, max: 2 }) }),
          }),
          fc.record({ type: fc.constant('layDown'), groups: fc.array(fc.array(fc.constantFrom('R1', 'R2', 'R3', 'B1', 'W', 'S', 'W=1'), { maxLength: 5 }), { maxLength: 3 }) }),
          fc.record({ type: fc.constant('choosePhase'), phase: fc.integer({ min: 0, max: 12 }) }),
          fc.record({ type: fc.constantFrom('nextHand', 'bogus') }),
          fc.anything(),
        ),
      }),
      { seed: PROPERTY_SEED, numRuns: 400 },
    )
    let tried = 0
    fc.assert(
      fc.property(game, ({ seed, players, combo }) => {
        let k = 0
        playRandomGame({
          seed,
          players,
          rules: RULE_COMBOS[combo],
          onStep: (before, after, seat, action) => {
            // Sampled: a snapshot is the size of the whole state.
            if (k++ % 5 !== 0 || k > 600) return
            const snapshot = JSON.stringify(after)
            const { seat: s, action: a } = junk[(k * 31 + tried) % junk.length]
            const r = apply(after, s, a)
            tried++
            if (JSON.stringify(after) !== snapshot) throw new Error(`${r.ok ? 'accepted' : 'rejected'} ${JSON.stringify(a)} changed its input`)
            // Applying the step just taken again gives the same state: deterministic, and its input was untouched.
            const again = apply(before, seat, action)
            if (!again.ok || JSON.stringify(again.state) !== snapshot) throw new Error('apply is not deterministic or mutated its input')
          },
        })
      }),
      params(PURITY_GAMES),
    )
    expect(tried).toBeGreaterThan(5000)
  }, 120_000)
})
