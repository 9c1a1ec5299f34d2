import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../engine/actions'
import type { CardCode } from '../engine/cards'
import type { LaidGroup } from '../engine/groups'
import { newGame, type Stage } from '../engine/state'
import { viewFor, type GameView } from '../engine/views'
import { playGame } from './arena'
import { decide } from './bot'
import { explainMove, hintFor } from './explain'
import { newMemory, observe } from './memory'

/** Seat 0's view on its turn in a Classic 4-player game, phase 1 (two sets of three) unless told. */
function seat0(hand: CardCode[], o: { discard?: CardCode[]; stage?: Stage; laid?: Record<number, LaidGroup[]> } = {}): GameView {
  const state = newGame({ players: ['Me', 'Ann', 'Bob', 'Cy'], seed: 'explain', dealer: 3 })
  const view = viewFor(state, 0)
  view.stage = o.stage ?? 'play'
  view.turn = 0
  view.hand = hand
  view.discard = o.discard ?? ['G1']
  view.players = view.players.map((p) => ({ ...p, laidDown: o.laid?.[p.seat] ?? null, handCount: p.seat === 0 ? hand.length : 10 }))
  return view
}

const mem = (view: GameView, history: GameEvent[] = []) => observe(newMemory(), view, history)

describe('the coach says why in one line', () => {
  it('keeps the pair and throws the highest card the phase does not need', () => {
    const view = seat0(['R7', 'B7', 'G3', 'Y3', 'R3', 'B12', 'Y9', 'G2', 'R5', 'Y11', 'B10'])
    const why = explainMove(view, mem(view), { type: 'discard', card: 'B12' })
    expect(why).toBe('keep the 7s: two of a set of three; discard B12: the highest penalty (10) your phase does not need, nobody collects 12s')
  })

  it('names the player who collects the discarded number', () => {
    const view = seat0(['R7', 'B7', 'G3', 'Y3', 'R3', 'B12', 'Y9', 'G2', 'R5', 'Y11', 'B10'])
    const history: GameEvent[] = [{ type: 'drew', seat: 1, from: 'discard', card: 'G12' }]
    expect(explainMove(view, mem(view, history), { type: 'discard', card: 'B12' })).toContain('Ann collects 12s')
  })

  it('explains taking the discard by what it does to the phase', () => {
    const view = seat0(['R7', 'B7', 'G3', 'Y3', 'R3', 'B12', 'Y9', 'G2', 'R5', 'Y11'], { stage: 'draw', discard: ['G7'] })
    expect(explainMove(view, mem(view), { type: 'draw', from: 'discard' })).toBe('take the G7: it completes your phase')
    expect(explainMove(view, mem(view), { type: 'draw', from: 'deck' })).toMatch(/^draw from the deck/)
  })

  it('names the group a hit goes on', () => {
    const laid: LaidGroup[] = [{ kind: 'set', number: 9, cards: ['R9', 'B9', 'G9'] }]
    const view = seat0(['Y9', 'R2'], { laid: { 1: laid, 0: [{ kind: 'set', number: 4, cards: ['R4', 'B4', 'G4'] }] } })
    expect(explainMove(view, mem(view), { type: 'hit', card: 'Y9', target: { seat: 1, group: 0 } })).toBe("hit the Y9 on Ann's set of 9s: 5 points fewer in your hand")
  })

  it('hints exactly what Expert would do, for any position of a real game, with a reason', () => {
    let hints = 0
    playGame({
      levels: ['hard', 'hard', 'hard'],
      seed: 'hints',
      inspect: (seat, input) => {
        if (seat !== 0 || hints >= 40 || input.view.turn !== 0) return
        const hint = hintFor(input.view, input.history, 'coach')
        expect(hint?.action).toEqual(decide({ level: 'expert', view: input.view, history: input.history, salt: 'coach' }))
        expect(hint!.why.length).toBeGreaterThan(8)
        expect(hint!.why).not.toMatch(/undefined|NaN|Infinity/)
        hints++
      },
    })
    expect(hints).toBe(40)
  })
})
