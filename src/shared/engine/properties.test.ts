/**
 * Property tests over whole random games (fast-check, fixed seed: a failure prints the seed, the path and the
 * shrunk case), for several rule-option combinations, both editions, 2 to 6 players: card accounting, scores,
 * deadlock freedom and termination, replay.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { replayState } from './replay'
import { resolveRules } from './rules'
import { actionLog } from './state'
import { gameArbitrary as game, params, PROPERTY_SEED, RULE_COMBOS } from './test-games'
import { cardAccountingError, playRandomGame } from './testing'

const GAMES = 1000
const REPLAYS = 600

describe('whole random games', () => {
  // In four parts (another fast-check seed each), so each stays well inside the per-test timeout on a busy machine.
  for (const part of [0, 1, 2, 3])
  it(`accounts for every card at every step, never lowers a score, always offers a legal action, and ends (part ${part + 1} of 4)`, () => {
    let games = 0
    let stuck = 0
    fc.assert(
      fc.property(game, ({ seed, players, combo }) => {
        const r = playRandomGame({
          seed,
          players,
          rules: RULE_COMBOS[combo],
          onStep: (before, after) => {
            const err = cardAccountingError(after)
            if (err) throw new Error(`cards: ${err}`)
            for (let s = 0; s < players; s++)
              if (after.players[s].score < before.players[s].score) throw new Error(`seat ${s}'s score fell`)
            if (after.version !== before.version + 1) throw new Error('version did not step by one')
          },
        })
        games++
        if (r.stuck) stuck++
      }),
      { ...params(GAMES / 4), seed: PROPERTY_SEED + part },
    )
    expect(games).toBe(GAMES / 4)
    // apply() ends a hand no one can go out of (docs/engine.md decision): none may be left in play.
    expect(stuck).toBe(0)
  }, 120_000)

  it('keeps section 4: a Skip covers the discard pile at once (or waits with its target), and one per player per round where that protects', () => {
    let skipped = 0
    fc.assert(
      fc.property(game, ({ seed, players, combo }) => {
        const rules = resolveRules(RULE_COMBOS[combo])
        // Seats whose last turn was lost and who have not drawn since: derived from the events, not the engine's flags.
        const lost = new Set<number>()
        playRandomGame({
          seed,
          players,
          rules,
          onStep: (_before, after, seat, _action, events) => {
            for (const e of events) {
              if (e.type === 'handEnded') lost.clear()
              if (e.type === 'drew') lost.delete(e.seat)
              if (e.type === 'skipPlayed' && e.target !== null) {
                if (e.target === seat) throw new Error('a Skip targeted its player')
                if (rules.skipProtection === 'round' && lost.has(e.target)) throw new Error(`seat ${e.target} skipped twice in one round`)
                // Turns it costs add nothing to the pile (by default), so whoever draws next sees the Skip on top.
                if (rules.skipLands === 'discardPile' && after.discard[after.discard.length - 1] !== 'S')
                  throw new Error('the Skip is not on top of the discard pile')
              }
              if (e.type === 'turnSkipped') {
                skipped++
                lost.add(e.seat)
              }
            }
          },
        })
      }),
      { ...params(300), seed: PROPERTY_SEED + 7 },
    )
    expect(skipped).toBeGreaterThan(100)
  }, 120_000)

  it('replays from seed and action log to an identical state', () => {
    fc.assert(
      fc.property(game, ({ seed, players, combo }) => {
        const { state } = playRandomGame({ seed, players, rules: RULE_COMBOS[combo] })
        const again = replayState(state)
        if (!again.ok) throw new Error(again.error.message)
        expect(JSON.stringify(again.state)).toBe(JSON.stringify(state))
        expect(actionLog(state).length).toBe(state.version)
      }),
      params(REPLAYS),
    )
  }, 120_000)
})
