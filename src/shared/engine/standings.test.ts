/** The final order of a game (RULES.md section 8): the winner, then the phases, then the score. */
import { describe, expect, it } from 'vitest'
import { apply } from './apply'
import { buildScenario } from './scenario'
import { standings } from './scoring'
import type { GameState } from './state'
import { viewFor, type GameView, type PublicPlayer } from './views'

function start(input: Record<string, unknown>): GameState {
  const built = buildScenario({ seed: 'standings', steps: [], ...input })
  if (!built.ok) throw new Error(built.reason)
  return built.state
}
function play(state: GameState, moves: [number, unknown][]): GameState {
  for (const [seat, action] of moves) {
    const r = apply(state, seat, action)
    if (!r.ok) throw new Error(`${JSON.stringify(action)}: ${r.error.code}`)
    state = r.state
  }
  return state
}
const order = (v: GameView) => standings(v).map((s) => `${s.place}. ${s.player.name}`)
/** A view with some public records changed (positions the scenario format cannot reach in one hand). */
const withPlayers = (v: GameView, patch: Record<number, Partial<PublicPlayer>>): GameView => ({
  ...v,
  players: v.players.map((p) => ({ ...p, ...patch[p.seat] })),
})

describe('standings (section 8)', () => {
  it('Classic: the winner who completed the last phase comes first though others have fewer points', () => {
    const s = play(
      start({
        players: ['Ann', 'Bob', 'Cy'],
        hands: [['G2', 'G3'], ['B1'], ['R5', 'B5', 'G5']],
        drawPile: ['Y12'],
        dealer: 1,
        scores: [20, 10, 60],
        rules: { phaseList: [[{ kind: 'set', size: 3 }]] },
      }),
      [
        [2, { type: 'draw', from: 'deck' }],
        [2, { type: 'layDown', groups: [['R5', 'B5', 'G5']] }],
        [2, { type: 'discard', card: 'Y12' }],
      ],
    )
    expect(s.stage).toBe('gameOver')
    expect(order(viewFor(s, 0))).toEqual(['1. Cy', '2. Bob', '3. Ann'])
  })

  it('Classic: behind the winner, a player further through the phases ranks above a lower score; equals share a place', () => {
    const v = viewFor(start({ players: ['Ann', 'Bob', 'Cy', 'Dee'], phases: [1, 3, 3, 2] }), 0)
    const over = withPlayers({ ...v, winner: 0 }, { 0: { phase: 11, score: 90 }, 1: { score: 40 }, 2: { score: 40 }, 3: { score: 5 } })
    expect(order(over)).toEqual(['1. Ann', '2. Bob', '2. Cy', '4. Dee'])
  })

  it('Masters: more completed phases (any order) rank first, then the score', () => {
    const v = viewFor(start({ players: ['Ann', 'Bob', 'Cy'], rules: { edition: 'masters' }, completed: [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [2, 5], [1, 7, 9]] }), 0)
    const over = withPlayers({ ...v, winner: 0 }, { 0: { score: 300 }, 1: { score: 20 }, 2: { score: 80 } })
    expect(order(over)).toEqual(['1. Ann', '2. Cy', '3. Bob'])
  })

  it('fixedHands: everyone advanced alike, so the lowest total ranks first behind the winner', () => {
    const v = viewFor(start({ players: ['Ann', 'Bob', 'Cy'], phases: [1, 4, 2], rules: { fixedHands: 3 } }), 0)
    const over = withPlayers({ ...v, winner: 2 }, { 0: { score: 30 }, 1: { score: 50 }, 2: { score: 10 } })
    expect(order(over)).toEqual(['1. Cy', '2. Ann', '3. Bob'])
  })

  it('the winner of a tie-break hand is first even when the tied players share the total', () => {
    const v = viewFor(start({ players: ['Ann', 'Bob', 'Cy'], phases: [1, 1, 1] }), 0)
    const over = withPlayers({ ...v, winner: 1 }, { 0: { phase: 11, score: 40 }, 1: { phase: 11, score: 40 }, 2: { score: 10 } })
    expect(order(over)).toEqual(['1. Bob', '2. Ann', '3. Cy'])
  })
})
