import { describe, expect, it } from 'vitest'
import { makePhase } from './groups'
import { copyPlayer, newGame, type GameState } from './state'
import { isHandStuck } from './stuck'

/**
 * A Masters tie-break hand (seats 0 and 1) of a sets-only phase, both down on sevens and eights; seat 2 sits
 * out. Every card the two can reach is a 1, 2 or 3 — unless `move` puts a fitting 7 somewhere.
 */
function tieBreakPosition(place: { seat2Saved?: string[]; seat0Saved?: string[]; drawPile?: string[] }): GameState {
  const rules = { edition: 'masters' as const, wildCount: 0, skipCount: 0, phaseList: [[{ kind: 'set' as const, size: 3 }], [{ kind: 'set' as const, size: 3 }]] }
  const g = newGame({ players: ['A', 'B', 'C'], seed: 'stuck-tie-break', rules, dealer: 2 })
  const phase = g.phases[1]
  const laid = (cards: string[]) => makePhase([cards], phase, false)!
  const players = g.players.map(copyPlayer)
  players[0] = { ...players[0], hand: ['R1', 'B2'], saved: place.seat0Saved ?? [], laidDown: laid(['R7', 'B7', 'Y7']), activePhase: 2 }
  players[1] = { ...players[1], hand: ['G3', 'Y1'], saved: [], laidDown: laid(['R8', 'B8', 'Y8']), activePhase: 2 }
  players[2] = { ...players[2], hand: [], saved: place.seat2Saved ?? [], laidDown: null, activePhase: null }
  const drawPile = place.drawPile ?? ['R2', 'B3']
  return { ...g, players, tieBreak: [0, 1], stage: 'draw', turn: 0, drawPile, drawCount: drawPile.length, discard: ['Y3'] }
}

describe('isHandStuck', () => {
  it('a tie-break hand is stuck when the only fitting card lies in the Save Pile of a seat not in it', () => {
    expect(isHandStuck(tieBreakPosition({ seat2Saved: ['G7'] }))).toBe(true)
  })
  it('is not stuck when a player in the hand can draw the fitting card back from their own Save Pile', () => {
    expect(isHandStuck(tieBreakPosition({ seat0Saved: ['G7'] }))).toBe(false)
  })
  it('is not stuck when the fitting card is still in the draw pile', () => {
    expect(isHandStuck(tieBreakPosition({ seat2Saved: ['G7'], drawPile: ['R2', 'G8'] }))).toBe(false)
  })
})
