import { describe, expect, it } from 'vitest'
import type { Action, GameEvent } from '../engine/actions'
import type { CardCode } from '../engine/cards'
import type { LaidGroup } from '../engine/groups'
import type { PartialRuleOptions } from '../engine/rules'
import { newGame, type Stage } from '../engine/state'
import { myPhase, viewFor, type GameView } from '../engine/views'
import { playGame } from './arena'
import { decide } from './bot'
import { distanceOf } from './evaluator'
import type { BotLevel } from './types'

interface Table {
  rules?: PartialRuleOptions
  players?: number
  hand: CardCode[]
  saved?: CardCode[]
  discard?: CardCode[]
  stage?: Stage
  /** per seat: laid groups and hand counts of the others */
  laid?: Record<number, LaidGroup[]>
  handCounts?: Record<number, number>
  phase?: number
  completed?: number[]
}

/** A view of seat 0 on its turn, with the table as given (everything else as dealt). */
function tableView(t: Table): GameView {
  const n = t.players ?? 4
  const state = newGame({ players: Array.from({ length: n }, (_, i) => `P${i}`), seed: 'behaviour', rules: t.rules, dealer: n - 1 })
  const view = viewFor(state, 0)
  view.stage = t.stage ?? 'draw'
  view.turn = 0
  view.hand = t.hand.slice()
  view.saved = t.saved ?? []
  view.discard = t.discard ?? ['G12']
  view.players = view.players.map((p) => ({
    ...p,
    laidDown: t.laid?.[p.seat] ?? null,
    handCount: p.seat === 0 ? t.hand.length : (t.handCounts?.[p.seat] ?? 10),
    savedCount: p.seat === 0 ? view.saved.length : 0,
    phase: p.seat === 0 && t.phase !== undefined ? t.phase : p.phase,
    completed: p.seat === 0 && t.completed ? t.completed : p.completed,
  }))
  return view
}

const ask = (level: BotLevel, view: GameView, history: GameEvent[] = []): Action | null => decide({ level, view, history, salt: 'test' })

describe('bot behaviour', () => {
  it('Medium takes a discard that completes its phase, then lays it down', () => {
    // Phase 1 (2 sets of 3): three 3s and two 7s; the discard pile offers the third 7.
    const hand = ['R3', 'B3', 'G3', 'R7', 'B7', 'R1', 'B9', 'Y11', 'G12', 'Y5']
    const draw = ask('medium', tableView({ hand, discard: ['R10', 'Y7'] }))
    expect(draw).toEqual({ type: 'draw', from: 'discard' })
    const play = ask('medium', tableView({ hand: [...hand, 'Y7'], discard: ['R10'], stage: 'play' }))
    expect(play?.type).toBe('layDown')
    if (play?.type !== 'layDown') return
    expect(play.groups.flat()).toEqual(expect.arrayContaining(['R3', 'B3', 'G3', 'R7', 'B7', 'Y7']))
  })

  it('Medium draws from the deck when the discard does not help', () => {
    const hand = ['R3', 'B3', 'G3', 'R7', 'B7', 'R1', 'B9', 'Y11', 'G12', 'Y5']
    expect(ask('medium', tableView({ hand, discard: ['R10'] }))).toEqual({ type: 'draw', from: 'deck' })
  })

  for (const level of ['medium', 'hard', 'expert'] as const) {
    it(`${level} skips the player with 1 card left`, () => {
      const hand = ['S', 'R3', 'B3', 'R7', 'B7', 'R1', 'B9', 'Y11', 'G12', 'Y5', 'Y2']
      const laid: LaidGroup[] = [
        { kind: 'set', number: 4, cards: ['R4', 'B4', 'G4'] },
        { kind: 'set', number: 8, cards: ['R8', 'B8', 'G8'] },
      ]
      const view = tableView({ hand, stage: 'play', laid: { 2: laid }, handCounts: { 1: 10, 2: 1, 3: 9 } })
      expect(ask(level, view)).toEqual({ type: 'skip', card: 'S', target: 2 })
    })
  }

  it('Expert, before its phase is down, skips the game leader where Hard skips a player down with 3 cards', () => {
    const hand = ['S', 'R3', 'B3', 'R7', 'B7', 'R1', 'B9', 'Y11', 'G12', 'Y5', 'Y2']
    const laid: LaidGroup[] = [
      { kind: 'set', number: 4, cards: ['R4', 'B4', 'G4'] },
      { kind: 'set', number: 8, cards: ['R8', 'B8', 'G8'] },
    ]
    const view = tableView({ hand, stage: 'play', laid: { 2: laid }, handCounts: { 1: 10, 2: 3, 3: 9 } })
    view.players = view.players.map((p) => (p.seat === 3 ? { ...p, phase: 4 } : p))
    expect(ask('hard', view)).toEqual({ type: 'skip', card: 'S', target: 2 })
    expect(ask('expert', view)).toEqual({ type: 'skip', card: 'S', target: 3 })
  })

  it('Expert draws as Hard does, except that it leaves a discard that would not bring its phase closer (no EV draw)', () => {
    let differ = 0
    let draws = 0
    for (const seed of ['ev-draw:1', 'ev-draw:2', 'ev-draw:3']) {
      playGame({
        levels: ['hard', 'hard', 'hard', 'hard'],
        seed,
        inspect: (seat, input) => {
          const view = input.view
          if (view.stage !== 'draw' || view.turn !== seat) return
          draws++
          const history = input.history.slice()
          const hard = decide({ level: 'hard', view, history, salt: 'x' })
          const expert = decide({ level: 'expert', view, history, salt: 'x' })
          if (JSON.stringify(hard) === JSON.stringify(expert)) return
          differ++
          expect(hard).toEqual({ type: 'draw', from: 'discard' })
          expect(expert).toEqual({ type: 'draw', from: 'deck' })
          const phase = myPhase(view)!
          const top = view.discard[view.discard.length - 1]
          const opts = { wildsNeedNaturalPerGroup: view.rules.wildsNeedNaturalPerGroup }
          expect(view.players[seat].laidDown).toBeNull()
          expect(distanceOf([...view.hand, top], phase.groups, opts)).toBe(distanceOf(view.hand, phase.groups, opts))
        },
      })
    }
    expect(draws).toBeGreaterThan(300)
    expect(differ).toBeGreaterThan(0)
  })

  it('Hard in Masters chooses a phase it can make with the dealt hand', () => {
    // Seven reds: phase 8 (7 cards of one colour) is made already; phase 1 is still open too.
    const hand = ['R1', 'R3', 'R5', 'R7', 'R9', 'R11', 'R12', 'B2', 'G4', 'Y6']
    const view = tableView({ rules: { edition: 'masters' }, hand, stage: 'choosePhase', phase: undefined, completed: [2, 4] })
    expect(ask('hard', view)).toEqual({ type: 'choosePhase', phase: 8 })
  })

  it('Hard in Masters draws a saved Wild back when it completes the phase', () => {
    const hand = ['R3', 'B3', 'G3', 'R7', 'B7', 'R1', 'B9', 'Y11', 'G12', 'Y5']
    const view = tableView({ rules: { edition: 'masters' }, hand, saved: ['W', 'R12'], discard: ['R10'], phase: 1 })
    expect(ask('hard', view)).toEqual({ type: 'draw', from: 'saved', card: 'W' })
  })

  it('Hard does not discard the number the next player collects', () => {
    // Seat 1 (next) took a 9 from the discard pile this hand; Y9 and B4 are equally spare for seat 0.
    const hand = ['R3', 'B3', 'G3', 'R7', 'B7', 'G7', 'Y9', 'B4', 'R11', 'R11', 'W']
    const history: GameEvent[] = [{ type: 'drew', seat: 1, from: 'discard', card: 'G9' }]
    const view = tableView({ hand, stage: 'play', phase: 2 })
    const action = ask('hard', view, history)
    expect(action?.type).toBe('discard')
    expect(action).not.toEqual({ type: 'discard', card: 'Y9' })
  })

  it('goes out by hitting its last cards', () => {
    const laid: LaidGroup[] = [
      { kind: 'set', number: 4, cards: ['R4', 'B4', 'G4'] },
      { kind: 'set', number: 8, cards: ['R8', 'B8', 'G8'] },
    ]
    const view = tableView({ hand: ['Y4'], stage: 'play', laid: { 0: laid } })
    expect(ask('medium', view)).toEqual({ type: 'hit', card: 'Y4', target: { seat: 0, group: 0 } })
  })
})

describe('bot determinism', () => {
  for (const level of ['easy', 'medium', 'hard'] as const) {
    it(`${level}: the same seed plays the same game`, () => {
      const levels: BotLevel[] = [level, level, level]
      const a = playGame({ levels, seed: `det:${level}`, rules: { edition: 'masters', fixedHands: 3 } })
      const b = playGame({ levels, seed: `det:${level}`, rules: { edition: 'masters', fixedHands: 3 } })
      expect(b.state.log).toEqual(a.state.log)
      expect(b.winner).toBe(a.winner)
    })
  }
})
