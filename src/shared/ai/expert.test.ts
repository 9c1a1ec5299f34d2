import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../engine/actions'
import { handCardOf } from '../engine/groups'
import { openRng, rngFromSeed } from '../engine/rng'
import type { GameState } from '../engine/state'
import { viewFor, type GameView } from '../engine/views'
import { playGame } from './arena'
import { decide } from './bot'
import { decideExpertWithReport, EXPERT_BUDGET, gameLeader } from './expert'
import { HARD } from './hard'
import { newMemory, observe } from './memory'
import { decideWith, progress } from './policy'
import { skipTargets } from '../engine/views'
import { outcomeValue, playOut } from './rollout'
import { sampleWorld } from './sampler'
import type { BotMemory } from './types'

interface Position {
  view: GameView
  history: GameEvent[]
  memory: BotMemory
  hidden: GameState
}

/** Positions of seat `seat` on its own turn (draw or play) from a real game, every `every`-th one. */
function positions(seed: string, rules: object, every: number, seat = 1): Position[] {
  const out: Position[] = []
  let k = 0
  playGame({
    levels: ['hard', 'hard', 'medium', 'hard'],
    seed,
    rules,
    inspect: (s, input, hidden) => {
      if (s !== seat || input.view.turn !== seat || (input.view.stage !== 'draw' && input.view.stage !== 'play')) return
      if (k++ % every) return
      const history = input.history.slice()
      out.push({ view: input.view, history, memory: observe(newMemory(), input.view, history), hidden })
    },
  })
  return out
}

const decider = (p: Position, salt = 'salt') => ({ view: p.view, seat: p.view.seat as number, memory: p.memory, style: HARD, salt, opts: { wildsNeedNaturalPerGroup: p.view.rules.wildsNeedNaturalPerGroup }, k: 0 })

describe('Expert samples worlds from what its seat can see', () => {
  for (const edition of ['classic', 'masters'] as const)
    it(`every sampled ${edition} world shows the seat exactly its own view, with the known pickups in their takers' hands`, () => {
      const ps = positions(`sampler:${edition}`, { edition }, 7)
      expect(ps.length).toBeGreaterThan(10)
      const rng = openRng(rngFromSeed('sampler test'))
      for (const p of ps) {
        const world = sampleWorld(p, rng)
        expect(world).not.toBeNull()
        // The seat cannot tell the sampled world from the real one.
        expect(JSON.stringify(viewFor(world!, p.view.seat!))).toBe(JSON.stringify(p.view))
        p.memory.opponents.forEach((o, s) => {
          if (s === p.view.seat) return
          const hand = world!.players[s].hand.slice()
          for (const c of o.holding.slice(0, hand.length)) {
            const i = hand.indexOf(c)
            expect(i, `seat ${s} holds its pickup ${c}`).toBeGreaterThanOrEqual(0)
            hand.splice(i, 1)
          }
        })
        // Every card of the deck is somewhere, exactly once (as many copies as the real game has).
        const all = (s: GameState) => [...s.players.flatMap((q) => [...q.hand, ...q.saved, ...(q.laidDown ?? []).flatMap((g) => g.cards.map(handCardOf))]), ...s.discard, ...s.drawPile.slice(0, s.drawCount)].sort().join()
        expect(all(world!)).toBe(all(p.hidden))
      }
    })

  it('deals differently from different generator states, and the same from the same', () => {
    const [p] = positions('sampler:variety', {}, 5)
    const a = sampleWorld(p, openRng(rngFromSeed('a')))!
    const a2 = sampleWorld(p, openRng(rngFromSeed('a')))!
    const b = sampleWorld(p, openRng(rngFromSeed('b')))!
    expect(a.players.map((q) => q.hand)).toEqual(a2.players.map((q) => q.hand))
    expect(a.drawPile).toEqual(a2.drawPile)
    expect(b.drawPile).not.toEqual(a.drawPile)
  })
})

describe('Expert decides', () => {
  it('the same for the same salt, view and history, and with or without a memory object', () => {
    for (const p of positions('expert:determinism', {}, 4).slice(0, 30)) {
      const ctx = { level: 'expert' as const, view: p.view, history: p.history, salt: 'seat-1' }
      const first = decide(ctx)
      expect(decide(ctx)).toEqual(first)
      expect(decide({ ...ctx, memory: newMemory() })).toEqual(first)
    }
  })

  it('searches its discards (and its draws when asked), and overrules Hard only on a clear difference', () => {
    const counts = { discard: 0, draw: 0, overruled: 0 }
    for (const searchDraw of [false, true]) {
      const budget = { ...EXPERT_BUDGET, searchDraw }
      for (const p of positions('expert:search', {}, 1).slice(0, 80)) {
        const { action, report } = decideExpertWithReport(decider(p), budget)
        if (!report) continue
        const kind = report.candidates[0].type === 'draw' ? 'draw' : 'discard'
        expect(kind === 'draw' && !searchDraw, 'a draw searched with searchDraw off').toBe(false)
        counts[kind]++
        expect(report.worlds).toBeGreaterThanOrEqual(2)
        expect(report.worlds).toBeLessThanOrEqual(budget.worlds)
        expect(report.candidates[report.policy]).toEqual(decide({ level: 'hard', view: p.view, history: p.history, salt: 'salt' }))
        expect(action).toEqual(report.candidates[report.chosen])
        if (report.chosen !== report.policy) {
          counts.overruled++
          expect(report.values[report.chosen]).toBeGreaterThan(report.values[report.policy] + budget.margin)
        }
      }
    }
    expect(counts.discard).toBeGreaterThan(20)
    expect(counts.draw).toBeGreaterThan(5)
    // Not every decision is a close call: most stay Hard's.
    expect(counts.overruled).toBeLessThan(counts.discard / 2)
  })

  it('stops sampling worlds once its counted work is spent, the same way every time', () => {
    const p = positions('expert:cap', {}, 3).find((q) => decideExpertWithReport(decider(q)).report?.candidates[0].type === 'discard')!
    const small = { ...EXPERT_BUDGET, maxTotalActions: 500 }
    const a = decideExpertWithReport(decider(p), small).report!
    expect(a.worlds).toBeLessThan(EXPERT_BUDGET.worlds)
    expect(decideExpertWithReport(decider(p), small).report).toEqual(a)
  })

  it('values a simulated hand by its phase first, then by its points', () => {
    const inHand = [true, true, true, true]
    const made = outcomeValue({ made: [true, false, false, false], points: [0, 50, 50, 50], winner: null, refused: false, actions: 0 }, 0, inHand)
    const missed = outcomeValue({ made: [false, true, true, true], points: [50, 0, 0, 0], winner: null, refused: false, actions: 0 }, 0, inHand)
    const fewerPoints = outcomeValue({ made: [false, false, false, false], points: [5, 50, 50, 50], winner: null, refused: false, actions: 0 }, 0, inHand)
    const morePoints = outcomeValue({ made: [false, false, false, false], points: [95, 50, 50, 50], winner: null, refused: false, actions: 0 }, 0, inHand)
    expect(made).toBeGreaterThan(fewerPoints)
    expect(fewerPoints).toBeGreaterThan(morePoints)
    expect(morePoints).toBeGreaterThan(missed)
    expect(outcomeValue({ made: [false, false, false, false], points: [0, 0, 0, 0], winner: 0, refused: false, actions: 0 }, 0, inHand)).toBeGreaterThan(made)
  })

  it('with rival "leader", values a simulated hand against that one opponent only, not the average', () => {
    const inHand = [true, true, true, true]
    // Seat 1 made its phase and took no points, seats 2 and 3 did not: against the average seat 0 is level with
    // the table; against seat 1 it is a phase and 50 points behind, against seat 2 level.
    const o = { made: [false, true, false, false], points: [50, 0, 50, 100], winner: null, refused: false, actions: 0 }
    expect(outcomeValue(o, 0, inHand)).toBeCloseTo(-1 / 3 - (50 - 50) / 250)
    expect(outcomeValue(o, 0, inHand, 1)).toBeCloseTo(-1 - 50 / 250)
    expect(outcomeValue(o, 0, inHand, 2)).toBeCloseTo(0)
    expect(outcomeValue({ ...o, winner: 0 }, 0, inHand, 1)).toBe(3)
  })

  it('takes the game leader as the rival: most phases made, then fewest points, never itself', () => {
    for (const p of positions('expert:leader', {}, 5).slice(0, 20)) {
      const d = decider(p)
      const leader = gameLeader(d)!
      expect(leader).not.toBe(d.seat)
      for (let s = 0; s < p.view.players.length; s++) {
        if (s === d.seat || !p.view.players[s].inHand) continue
        const [a, b] = [p.view.players[leader], p.view.players[s]]
        const ahead = progress(p.view, b) - progress(p.view, a)
        expect(ahead > 0 || (ahead === 0 && b.score < a.score), `seat ${s} leads ${leader}`).toBe(false)
      }
    }
  })

  it('searches a Skip\'s target only with searchSkip, among the legal targets, its policy\'s first', () => {
    const skips = ['expert:skip1', 'expert:skip2', 'expert:skip3']
      .flatMap((seed) => positions(seed, {}, 1))
      .filter((p) => {
        const a = decideWith(decider(p))
        return a?.type === 'skip' && a.target !== undefined && skipTargets(p.view).length > 1
      })
      .slice(0, 6)
    expect(skips.length).toBeGreaterThan(2)
    for (const p of skips) {
      expect(decideExpertWithReport(decider(p)).report, 'searched with searchSkip off').toBeNull()
      const { action, report } = decideExpertWithReport(decider(p), { ...EXPERT_BUDGET, searchSkip: true })
      expect(report).not.toBeNull()
      expect(report!.candidates[report!.policy]).toEqual(decideWith(decider(p)))
      expect(report!.policy).toBe(0)
      const targets = report!.candidates.map((c) => (c.type === 'skip' ? c.target : -1))
      expect(new Set(targets).size).toBe(targets.length)
      expect(skipTargets(p.view)).toEqual(expect.arrayContaining(targets))
      expect(action).toEqual(report!.candidates[report!.chosen])
    }
  })

  it('plays a sampled world to the end of the hand with legal moves only', () => {
    const rng = openRng(rngFromSeed('playout'))
    let finished = 0
    for (const p of positions('expert:playout', {}, 6)) {
      const o = playOut(sampleWorld(p, rng)!, 2000)
      expect(o.refused).toBe(false)
      expect(o.made.length).toBe(4)
      if (o.made.some(Boolean) || o.points.some((x) => x > 0)) finished++
    }
    expect(finished).toBeGreaterThan(5)
  })
})
