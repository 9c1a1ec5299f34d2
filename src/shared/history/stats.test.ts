import { beforeAll, describe, expect, it } from 'vitest'
import { playedRecord, variant } from '../../../test/node/history/records'
import type { GameRecord, RecordHand } from './record'
import { placesOf, statsOf, strongestOpponent, summarize } from './stats'

let base: GameRecord
beforeAll(async () => {
  base = await playedRecord('stats-seed-1')
})

const hand = (n: number, madePhase: number[]): RecordHand => ({ handNumber: n, points: [0, 0, 0], totals: [0, 0, 0], wentOut: null, madePhase, seed: 's' })

/** A made-up game: 3 seats (you at 0), the given levels for seats 1 and 2, winner, scores and hands. */
function game(i: number, o: { levels?: [string | null, string | null]; winner: number; scores: number[]; hands?: RecordHand[]; you?: boolean }): GameRecord {
  const [a, b] = o.levels ?? ['easy', 'medium']
  return variant(base, i, {
    players: [
      { name: 'Me', kind: 'human', botLevel: null, you: o.you ?? true },
      { name: 'A', kind: a ? 'bot' : 'human', botLevel: (a as never) ?? null, you: false },
      { name: 'B', kind: b ? 'bot' : 'human', botLevel: (b as never) ?? null, you: false },
    ],
    winner: o.winner,
    finalScores: o.scores,
    hands: o.hands ?? [hand(1, [0]), hand(2, [])],
    rules: { ...base.rules, fixedHands: null },
  })
}

describe('history statistics', () => {
  it('summarises a played game: players, scores, places, your place', () => {
    const s = summarize(base)
    expect(s.id).toBe(base.id)
    expect(s.edition).toBe('classic')
    expect(s.players.map((p) => [p.name, p.kind, p.botLevel, p.you])).toEqual([
      ['Me', 'human', null, true],
      ['Easy bot 1', 'bot', 'easy', false],
      ['Medium bot 1', 'bot', 'medium', false],
    ])
    expect(s.players.map((p) => p.score)).toEqual(base.finalScores)
    expect(s.players[base.winner!].place).toBe(1)
    expect(s.yourSeat).toBe(0)
    expect(s.yourPlace).toBe(s.players[0].place)
    expect(s.hands).toBe(base.hands.length)
  })

  it('places: the winner first, then phases made, then score; equal standing shares a place', () => {
    const g = game(1, { winner: 2, scores: [50, 50, 80], hands: [hand(1, [0, 1, 2]), hand(2, [2])] })
    expect(placesOf(g)).toEqual([2, 2, 1])
    const h = game(2, { winner: 1, scores: [10, 90, 40], hands: [hand(1, [0, 1, 2]), hand(2, [0, 1])] })
    expect(placesOf(h)).toEqual([2, 1, 3]) // seat 0 made 2 phases, seat 2 only 1
    // A fixed-hands game: the score alone.
    expect(placesOf({ ...h, rules: { ...h.rules, fixedHands: 2 } })).toEqual([2, 1, 3])
    expect(placesOf({ ...h, finalScores: [50, 90, 40], rules: { ...h.rules, fixedHands: 2 } })).toEqual([3, 1, 2])
  })

  it('counts a game against its strongest bot, or people', () => {
    expect(strongestOpponent(game(1, { winner: 0, scores: [0, 0, 0], levels: ['hard', 'easy'] }), 0)).toBe('hard')
    expect(strongestOpponent(game(1, { winner: 0, scores: [0, 0, 0], levels: [null, 'expert'] }), 0)).toBe('expert')
    expect(strongestOpponent(game(1, { winner: 0, scores: [0, 0, 0], levels: [null, null] }), 0)).toBe('people')
  })

  it('wins and losses per opponent, average score, phases per hand, best game', () => {
    const games = [
      game(1, { winner: 0, scores: [40, 60, 70], levels: ['easy', 'medium'], hands: [hand(1, [0]), hand(2, [0])] }),
      game(2, { winner: 1, scores: [90, 20, 70], levels: ['hard', 'easy'], hands: [hand(1, []), hand(2, [1])] }),
      game(3, { winner: 0, scores: [25, 60, 70], levels: ['medium', 'hard'], hands: [hand(1, [0]), hand(2, []), hand(3, [0]), hand(4, [])] }),
      game(4, { winner: 2, scores: [35, 60, 10], levels: [null, null], hands: [hand(1, [0, 2])] }),
      game(5, { winner: 0, scores: [25, 60, 70], levels: ['easy', 'easy'], hands: [hand(1, [0])] }),
      // Nobody here is you (an imported game of another table): counted in games only.
      game(6, { winner: 0, scores: [0, 0, 0], you: false }),
    ]
    const s = statsOf(games)
    expect(s).toMatchObject({ games: 6, played: 5, wins: 3, losses: 2 })
    expect(s.byOpponent).toEqual([
      { opponent: 'easy', games: 1, wins: 1, losses: 0 },
      { opponent: 'medium', games: 1, wins: 1, losses: 0 },
      { opponent: 'hard', games: 2, wins: 1, losses: 1 },
      { opponent: 'people', games: 1, wins: 0, losses: 1 },
    ])
    expect(s.averageScore).toBe((40 + 90 + 25 + 35 + 25) / 5)
    expect(s.hands).toBe(2 + 2 + 4 + 1 + 1)
    expect(s.phaseHands).toBe(2 + 0 + 2 + 1 + 1)
    expect(s.phaseRate).toBeCloseTo(6 / 10)
    // Lowest winning score is 25 twice: the fewer hands (game 5) wins the tie.
    expect(s.best).toMatchObject({ id: 'g5', score: 25, hands: 1 })
  })

  it('is empty before any game', () => {
    expect(statsOf([])).toEqual({ games: 0, played: 0, wins: 0, losses: 0, byOpponent: [], averageScore: null, hands: 0, phaseHands: 0, phaseRate: null, best: null })
  })
})
