import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../engine/actions'
import { cardIndex, WILD } from '../engine/cards'
import { canHit } from '../engine/groups'
import { openRng, rngFromSeed } from '../engine/rng'
import { newGame, type GameState } from '../engine/state'
import { viewFor, type GameView } from '../engine/views'
import { playGame } from './arena'
import { CODES, unseenCards } from './evaluator'
import { dealHand, FEATURE_COUNT, INFERENCE_WEIGHTS, modelFromRows, opponentModel, tableGroups, type OpponentModel } from './inference'
import { newMemory, observe } from './memory'
import type { BotMemory } from './types'

const view2 = (): GameView => viewFor(newGame({ players: ['a', 'b', 'c', 'd'], seed: 'infer-memory' }), 0)

describe('what public play says about hidden hands', () => {
  it('has one fitted weight per feature', () => {
    expect(INFERENCE_WEIGHTS).toHaveLength(FEATURE_COUNT)
    expect(INFERENCE_WEIGHTS.every(Number.isFinite)).toBe(true)
  })

  it('remembers the numbers each player passed by: drew from the deck with a number on the discard pile', () => {
    const history: GameEvent[] = [
      { type: 'drew', seat: 1, from: 'deck' }, // the first hand has no handDealt event: nothing known on top yet
      { type: 'discarded', seat: 1, card: 'R7' },
      { type: 'drew', seat: 2, from: 'deck' }, // passed the 7
      { type: 'discarded', seat: 2, card: 'B9' },
      { type: 'drew', seat: 3, from: 'discard', card: 'B9' }, // took it: the 7 is on top again
      { type: 'discarded', seat: 3, card: 'G2' },
      { type: 'skipPlayed', seat: 0, target: 1 },
      { type: 'drew', seat: 1, from: 'deck' }, // a Skip on top cannot be taken: no pass
      { type: 'discarded', seat: 1, card: 'Y12' },
      { type: 'drew', seat: 2, from: 'deck' }, // passed the 12
    ]
    const memory = observe(newMemory(), view2(), history)
    expect(memory.opponents.map((o) => o.passedNumbers)).toEqual([[], [], [7, 12], []])
    expect(memory.opponents[3].holding).toEqual(['B9'])
    expect(memory.pile).toEqual(['R7', 'G2', 'S', 'Y12'])
  })

  it('starts each hand with its upcard, and keeps only the top over a reshuffle', () => {
    const history: GameEvent[] = [
      { type: 'handDealt', handNumber: 1, dealer: 0, upcard: 'G5', seats: [0, 1, 2, 3], commitment: 'x' },
      { type: 'drew', seat: 1, from: 'deck' },
      { type: 'discarded', seat: 1, card: 'R3' },
      { type: 'reshuffled', count: 1 },
      { type: 'drew', seat: 2, from: 'deck' },
    ]
    const memory = observe(newMemory(), view2(), history)
    expect(memory.opponents[1].passedNumbers).toEqual([5])
    expect(memory.opponents[2].passedNumbers).toEqual([3])
    expect(memory.pile).toEqual(['R3'])
  })

  const counts = () => {
    const c = new Int32Array(CODES.length)
    for (let i = 0; i < 48; i++) c[i] = 2
    c[cardIndex(WILD)] = 8
    return c
  }

  it('deals exactly the cards asked for out of the unseen ones, the same for the same generator', () => {
    const model: OpponentModel = modelFromRows(new Float64Array(CODES.length * FEATURE_COUNT), [true, false, false], INFERENCE_WEIGHTS)
    for (const m of [null, model]) {
      const pool = counts()
      const hand = dealHand(pool, m, ['R1'], 9, openRng(rngFromSeed('deal')))
      expect(hand).toHaveLength(9)
      let left = 0
      for (let i = 0; i < pool.length; i++) left += pool[i]
      expect(left).toBe(104 - 9)
      for (const c of hand!) expect(pool[cardIndex(c)]).toBeLessThan(counts()[cardIndex(c)])
      expect(dealHand(counts(), m, ['R1'], 9, openRng(rngFromSeed('deal')))).toEqual(hand)
      const two = new Int32Array(CODES.length)
      two[0] = 2
      expect(dealHand(two, m, [], 3, openRng(rngFromSeed('deal')))).toBeNull()
    }
  })

  it('keeps cards that go together in one hand when the pair weights say so (the Gibbs sweeps)', () => {
    // Only "another card of the same number" weighted, strongly: hands of pairs and triples.
    const pairs = (model: OpponentModel | null) => {
      const rng = openRng(rngFromSeed('pairs'))
      let same = 0
      for (let k = 0; k < 200; k++) {
        const hand = dealHand(counts(), model, [], 8, rng)!
        const byNumber = new Map<string, number>()
        for (const c of hand) byNumber.set(c.slice(1), (byNumber.get(c.slice(1)) ?? 0) + 1)
        for (const n of byNumber.values()) same += n - 1
      }
      return same / 200
    }
    const model: OpponentModel = { weights: new Float64Array(CODES.length).fill(1), pair: Float64Array.from([2, 0, 0, 0]) }
    expect(pairs(model)).toBeGreaterThan(pairs(null) + 2)
  })

  /** Positions of seat 0 at its turn in real Hard games, with the truth beside them. */
  function positions(seed: string, games: number): { view: GameView; memory: BotMemory; hidden: GameState }[] {
    const out: { view: GameView; memory: BotMemory; hidden: GameState }[] = []
    for (let g = 0; g < games; g++) {
      const memory = newMemory()
      playGame({
        levels: ['hard', 'hard', 'hard', 'hard'],
        seed: `${seed}${g}`,
        inspect: (seat, input, hidden) => {
          if (seat !== 0) return
          observe(memory, input.view, input.history)
          if (input.view.stage === 'play' && input.view.turn === 0) out.push({ view: input.view, memory: structuredClone(memory), hidden })
        },
      })
    }
    return out
  }

  it("almost never deals a player who is down a Wild or a card that fits the table: they would have played it", () => {
    let fits = 0
    let fitsUniform = 0
    let cards = 0
    const rng = openRng(rngFromSeed('down'))
    for (const { view, memory } of positions('infer-down', 4)) {
      const table = tableGroups(view)
      for (let s = 1; s < 4; s++) {
        const p = view.players[s]
        if (!p.laidDown || p.handCount < 2) continue
        const model = opponentModel(view, memory, s)
        const fitting = (h: string[]) => h.filter((c) => table.some((g) => canHit(g, c))).length
        fits += fitting(dealHand(unseenCards(view).counts.slice(), model, [], p.handCount, rng)!)
        fitsUniform += fitting(dealHand(unseenCards(view).counts.slice(), null, [], p.handCount, rng)!)
        cards += p.handCount
      }
    }
    expect(cards).toBeGreaterThan(200)
    expect(fits).toBeLessThan(fitsUniform / 3)
  })

  it('deals hands closer to the real ones than a uniform deal does, on games it was not fitted on', () => {
    let right = 0
    let rightUniform = 0
    let cards = 0
    const rng = openRng(rngFromSeed('closer'))
    for (const { view, memory, hidden } of positions('infer-closer', 6)) {
      for (let s = 1; s < 4; s++) {
        const p = view.players[s]
        if (!p.inHand) continue
        const known = memory.opponents[s].holding.slice(0, p.handCount)
        const truth = hidden.players[s].hand.slice()
        for (const c of known) truth.splice(truth.indexOf(c), 1)
        const pool = unseenCards(view, known).counts
        const score = (hand: string[]) => {
          const left = truth.slice()
          let k = 0
          for (const c of hand) {
            const i = left.indexOf(c)
            if (i >= 0) {
              left.splice(i, 1)
              k++
            }
          }
          return k
        }
        right += score(dealHand(pool.slice(), opponentModel(view, memory, s), known, truth.length, rng)!)
        rightUniform += score(dealHand(pool.slice(), null, known, truth.length, rng)!)
        cards += truth.length
      }
    }
    expect(cards).toBeGreaterThan(2000)
    // Measured by `npm run fit:inference` on 27,000 positions: 19.8% of hidden cards right uniformly, 22.1% fitted.
    expect(right / cards).toBeGreaterThan(rightUniform / cards + 0.01)
  }, 60_000)
})
