import { describe, expect, it } from 'vitest'
import { CLASSIC_PHASES, type GroupRequirement } from './phases'
import { COLOURS, parseCard, type CardCode } from './cards'
import { cardIndex } from './cards'
import { extendLayDown } from './extend-lay-down'
import { canMakePhase, solvePhase, type LaidGroups } from './solver'
import { seededFloats } from './rng'
import { bruteCan, layDownProblem, randomHand } from './solver-brute'

const byPhase = (n: number): GroupRequirement[] => CLASSIC_PHASES[n - 1].groups
const perPhase = { wildsNeedNaturalPerGroup: false }
const perGroup = { wildsNeedNaturalPerGroup: true }
const set = (size: number): GroupRequirement => ({ kind: 'set', size })
const run = (size: number): GroupRequirement => ({ kind: 'run', size })
const colour = (size: number): GroupRequirement => ({ kind: 'colour', size })

/** Solves, checks the lay-down independently, and returns it. */
function solved(hand: string[], phase: GroupRequirement[], opts = perPhase): LaidGroups {
  const groups = solvePhase(hand, phase, opts)
  expect(groups, `expected ${JSON.stringify(hand)} to make ${JSON.stringify(phase)}`).not.toBeNull()
  expect(layDownProblem(hand, phase, groups!, opts.wildsNeedNaturalPerGroup, true)).toBeNull()
  expect(canMakePhase(hand, phase, opts)).toBe(true)
  return groups!
}

function refused(hand: string[], phase: GroupRequirement[], opts = perPhase): void {
  expect(solvePhase(hand, phase, opts)).toBeNull()
  expect(canMakePhase(hand, phase, opts)).toBe(false)
}

describe('sets', () => {
  it('makes phase 1 from two natural sets, writing the Wild with its number', () => {
    expect(solved(['R5', 'B5', 'W', 'G7', 'Y7', 'R7', 'S', 'G9', 'B1'], byPhase(1))).toEqual([
      ['R5', 'B5', 'W=5'],
      ['R7', 'Y7', 'G7'],
    ])
  })

  it('lets two sets of one phase share a number', () => {
    const groups = solved(['R8', 'B8', 'Y8', 'G8', 'R8', 'B8', 'G2'], byPhase(1))
    expect(groups.flat().every((c) => c.endsWith('8'))).toBe(true)
  })

  it('makes a set of Wilds only when the phase has a natural elsewhere (the default)', () => {
    expect(solved(['R4', 'B4', 'Y4', 'W', 'W', 'W'], byPhase(1))).toEqual([
      ['R4', 'B4', 'Y4'],
      ['W=12', 'W=12', 'W=12'],
    ])
  })

  it('refuses a phase of Wilds only', () => {
    refused(['W', 'W', 'W', 'W', 'W', 'W'], byPhase(1))
    refused(['W', 'W', 'W', 'W', 'W', 'W', 'W', 'W'], byPhase(4))
  })

  it('with wildsNeedNaturalPerGroup, gives every group a natural, splitting a pair if it must', () => {
    refused(['R4', 'W', 'W', 'W', 'W', 'W'], byPhase(1), perGroup)
    expect(solved(['R4', 'W', 'W', 'W', 'W', 'W'], byPhase(1))).toEqual([
      ['R4', 'W=4', 'W=4'],
      ['W=12', 'W=12', 'W=12'],
    ])
    expect(solved(['R4', 'B4', 'Y4', 'W', 'W', 'W'], byPhase(1), perGroup)).toEqual([
      ['R4', 'B4', 'W=4'],
      ['Y4', 'W=4', 'W=4'],
    ])
    expect(solved(['R5', 'B5', 'W', 'W', 'W', 'W'], byPhase(1), perGroup)).toEqual([
      ['R5', 'W=5', 'W=5'],
      ['B5', 'W=5', 'W=5'],
    ])
  })

  it('uses the fewest Wilds, keeping the rest for hits', () => {
    const groups = solved(['R3', 'B3', 'Y3', 'G9', 'B9', 'W', 'W', 'R9'], byPhase(1))
    expect(groups.flat().filter((c) => c.startsWith('W=')).length).toBe(0)
  })

  it('makes phase 9 and 10 (set of 5 with Wilds, and a second set)', () => {
    solved(['R6', 'B6', 'W', 'W', 'Y6', 'G1', 'B1', 'S'], byPhase(9))
    refused(['R6', 'B6', 'W', 'W', 'Y6', 'G1', 'B1', 'S'], byPhase(10))
    solved(['R6', 'B6', 'W', 'W', 'Y6', 'G1', 'B1', 'W'], byPhase(10))
  })
})

describe('runs', () => {
  it('makes a run with Wilds in the gaps, ascending', () => {
    expect(solved(['R1', 'W', 'W', 'B4', 'G5', 'Y6', 'R7', 'R12'], byPhase(4))).toEqual([['R1', 'W=2', 'W=3', 'B4', 'G5', 'Y6', 'R7']])
  })

  it('puts Wilds below a run that ends at 12, since nothing follows 12', () => {
    expect(solved(['B9', 'G10', 'R11', 'Y12', 'W'], [run(5)])).toEqual([['W=8', 'B9', 'G10', 'R11', 'Y12']])
  })

  it('puts Wilds above a run that starts at 1, since nothing comes before 1', () => {
    expect(solved(['B1', 'G2', 'R3', 'W', 'W'], [run(5)])).toEqual([['B1', 'G2', 'R3', 'W=4', 'W=5']])
  })

  it('refuses a run that would wrap from 12 to 1', () => {
    refused(['R11', 'R12', 'R1', 'R2'], [run(4)])
  })

  it('never makes a run longer than 12', () => {
    refused(['W', 'R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9', 'R10', 'R11', 'R12'], [run(13)])
    expect(solved(['W', 'R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9', 'R10', 'R11'], [run(12)])[0]).toHaveLength(12)
  })

  it('refuses a run with the same number twice and no Wild', () => {
    refused(['R3', 'B3', 'Y4', 'G5', 'R6'], [run(5)])
  })

  it('makes phases 2 and 3: a set and a run from one hand', () => {
    solved(['R5', 'B5', 'Y5', 'G6', 'R7', 'B8', 'W', 'S'], byPhase(2))
    refused(['R5', 'B5', 'Y5', 'G6', 'R7', 'B8', 'W', 'S'], byPhase(3))
    solved(['R5', 'B5', 'Y5', 'G6', 'R7', 'B8', 'W', 'G5', 'Y9'], byPhase(3))
  })
})

describe('colour groups', () => {
  it('makes phase 8 with a Wild declared as the colour', () => {
    expect(solved(['R1', 'W', 'R3', 'B4', 'R5', 'R6', 'R7', 'R12', 'G2'], byPhase(8))).toEqual([['R1', 'R3', 'R5', 'R6', 'R7', 'R12', 'W=R']])
  })

  it('refuses phase 8 when no colour reaches 7 even with the Wilds', () => {
    refused(['R1', 'R2', 'R3', 'R4', 'B1', 'B2', 'B3', 'B4', 'W', 'W'], byPhase(8))
  })

  it('in a custom phase, leaves the colour group the cards it needs (the set takes the other colours)', () => {
    const phase = [set(2), colour(6)]
    expect(solved(['R1', 'R2', 'R3', 'B4', 'R5', 'R6', 'R7', 'R12', 'G2', 'R9'], phase)).toEqual([
      ['R2', 'G2'],
      ['R1', 'R3', 'R5', 'R6', 'R7', 'R9'],
    ])
    refused(['R1', 'R2', 'R3', 'R4', 'R5', 'R6'], [run(3), colour(4)])
    expect(solved(['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'B7'], [run(3), colour(4)])).toEqual([
      ['R5', 'R6', 'B7'],
      ['R1', 'R2', 'R3', 'R4'],
    ])
  })
})

describe('card codes', () => {
  it('indexes every card code as parseCard reads it, and nothing else', () => {
    for (const c of COLOURS) {
      for (let n = 1; n <= 12; n++) {
        expect(parseCard(`${c}${n}`)).toEqual({ kind: 'number', colour: c, number: n })
        expect(cardIndex(`${c}${n}`)).toBe(COLOURS.indexOf(c) * 12 + n - 1)
      }
    }
    expect(cardIndex('W')).toBe(48)
    expect(cardIndex('S')).toBe(49)
    for (const bad of ['', 'R0', 'R13', 'R01', 'R1 ', 'r1', 'X1', 'W=5', 'W=R', 'RR', 'R1a', 'B20', 'G100', 'WW', 5, null]) {
      expect(cardIndex(bad), String(bad)).toBe(-1)
    }
  })
})

describe('odd hands and phases', () => {
  it('never uses Skips', () => {
    refused(['S', 'S', 'R5', 'B5'], [set(4)])
    expect(solved(['S', 'R5', 'S', 'B5', 'Y5'], [set(3)])).toEqual([['R5', 'B5', 'Y5']])
  })

  it('refuses everything from an empty hand', () => {
    for (const phase of CLASSIC_PHASES) refused([], phase.groups)
  })

  it('solves custom phases of up to four groups', () => {
    solved(['R1', 'R2', 'B1', 'G3', 'Y3', 'W', 'R9', 'R10', 'B11', 'Y4'], [set(2), set(2), run(3), colour(2)])
    solved(['R7'], [run(1)])
  })

  it('throws on a code that is not a card (a bug in the caller)', () => {
    expect(() => canMakePhase(['R13'], [set(1)], perPhase)).toThrow()
    expect(() => canMakePhase(['W=5'], [set(1)], perPhase)).toThrow()
  })
})

describe('putting more cards in (extendLayDown)', () => {
  it('adds same-number cards to sets and extends runs at both ends', () => {
    const hand = ['R5', 'B5', 'Y5', 'G5', 'R6', 'R7', 'B8', 'Y9', 'G4', 'W', 'S']
    const laid = solved(hand, byPhase(2))
    const more = extendLayDown(hand, laid, byPhase(2))
    expect(layDownProblem(hand, byPhase(2), more, false, false)).toBeNull()
    expect(more.flat().length).toBeGreaterThan(laid.flat().length)
    expect(more.flat()).not.toContain('S')
  })

  it('adds same-colour cards to colour groups, and the Wilds only when asked', () => {
    const hand = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'W', 'B2']
    const laid = solved(hand, byPhase(8))
    expect(extendLayDown(hand, laid, byPhase(8))).toEqual([['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8']])
    expect(extendLayDown(hand, laid, byPhase(8), { useWilds: true })).toEqual([['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'W=R']])
  })

  it('bridges a gap in a run with a Wild when asked', () => {
    const hand = ['R3', 'R4', 'R5', 'R6', 'B8', 'W']
    const more = extendLayDown(hand, [['R3', 'R4', 'R5', 'R6']], [run(4)], { useWilds: true })
    expect(more).toEqual([['R3', 'R4', 'R5', 'R6', 'W=7', 'B8']])
  })
})

/*
 * The solver against the brute force (solver-brute.ts), for every classic phase and both Wild rules, on
 * seeded random hands of 6 to 11 cards biased towards makeable phases. Set SOLVER_SEED to replay.
 */
const SEED = Number(process.env.SOLVER_SEED ?? 20261129)

/** `hand` with only its first `k` Wilds. */
function keepWilds(hand: readonly CardCode[], k: number): CardCode[] {
  let kept = 0
  return hand.filter((c) => c !== 'W' || kept++ < k)
}
const HANDS = Number(process.env.SOLVER_HANDS ?? 100_000)

describe(`agrees with a brute force on ${HANDS} random hands (seed ${SEED})`, () => {
  it.each(CLASSIC_PHASES.map((p) => [p.number, p.groups] as const))('phase %i, both Wild rules', (number, phase) => {
    const rand = seededFloats(SEED + number)
    let makeable = [0, 0]
    for (let h = 0; h < HANDS; h++) {
      const hand = randomHand(rand, 6 + Math.floor(rand() * 6))
      const brute = bruteCan(hand, phase)
      for (const opts of [perPhase, perGroup]) {
        const expected = opts.wildsNeedNaturalPerGroup ? brute.perGroup : brute.perPhase
        const where = `seed ${SEED + number}, hand #${h} ${JSON.stringify(hand)}, phase ${number}, ${JSON.stringify(opts)}`
        const can = canMakePhase(hand, phase, opts)
        const groups = solvePhase(hand, phase, opts)
        if (can !== expected || (groups !== null) !== expected) {
          expect.fail(`${where}: brute force says ${expected}, canMakePhase ${can}, solvePhase ${JSON.stringify(groups)}`)
        }
        if (groups) {
          const problem = layDownProblem(hand, phase, groups, opts.wildsNeedNaturalPerGroup, true)
          if (problem) expect.fail(`${where}: invalid lay-down ${JSON.stringify(groups)}: ${problem}`)
          // The fewest Wilds: with one Wild fewer than it lays, the hand cannot make the phase (canMakePhase is
          // exact: checked against the brute force just above).
          const laidWilds = groups.flat().filter((c) => c.startsWith('W=')).length
          if (laidWilds > 0 && canMakePhase(keepWilds(hand, laidWilds - 1), phase, opts))
            expect.fail(`${where}: ${JSON.stringify(groups)} lays ${laidWilds} Wilds, but ${laidWilds - 1} would do`)
          const more = extendLayDown(hand, groups, phase, { useWilds: h % 2 === 0 })
          const moreProblem = layDownProblem(hand, phase, more, opts.wildsNeedNaturalPerGroup, false)
          if (moreProblem) expect.fail(`${where}: invalid extension ${JSON.stringify(more)}: ${moreProblem}`)
          makeable[opts.wildsNeedNaturalPerGroup ? 1 : 0]++
        }
      }
    }
    // The bias must make a fair share makeable, or the comparison proves little.
    expect(makeable[0]).toBeGreaterThan(HANDS * 0.05)
    expect(makeable[1]).toBeGreaterThan(HANDS * 0.05)
  })

  it('on 1,000 big hands of 12 to 20 cards, every classic phase', () => {
    const rand = seededFloats(SEED + 100)
    for (let h = 0; h < 1000; h++) {
      const hand = randomHand(rand, 12 + Math.floor(rand() * 9))
      for (const { number, groups: phase } of CLASSIC_PHASES) {
        const brute = bruteCan(hand, phase)
        for (const opts of [perPhase, perGroup]) {
          const expected = opts.wildsNeedNaturalPerGroup ? brute.perGroup : brute.perPhase
          const where = `seed ${SEED + 100}, hand #${h} ${JSON.stringify(hand)}, phase ${number}, ${JSON.stringify(opts)}`
          const groups = solvePhase(hand, phase, opts)
          if (canMakePhase(hand, phase, opts) !== expected || (groups !== null) !== expected) expect.fail(`${where}: brute force says ${expected}`)
          const problem = groups && layDownProblem(hand, phase, groups, opts.wildsNeedNaturalPerGroup, true)
          if (problem) expect.fail(`${where}: invalid lay-down ${JSON.stringify(groups)}: ${problem}`)
        }
      }
    }
  })

  it('on 10,000 random custom phases of 1 to 4 groups mixing sets, runs and colour groups', () => {
    const rand = seededFloats(SEED)
    const kinds = ['set', 'run', 'colour'] as const
    for (let h = 0; h < 10_000; h++) {
      const phase: GroupRequirement[] = []
      let total = 0
      for (let i = 1 + Math.floor(rand() * 4); i > 0; i--) {
        const size = 1 + Math.floor(rand() * 4)
        phase.push({ kind: kinds[Math.floor(rand() * 3)], size })
        total += size
      }
      const hand = randomHand(rand, Math.max(3, total - 2 + Math.floor(rand() * 5)))
      const brute = bruteCan(hand, phase)
      for (const opts of [perPhase, perGroup]) {
        const expected = opts.wildsNeedNaturalPerGroup ? brute.perGroup : brute.perPhase
        const where = `seed ${SEED}, case #${h} ${JSON.stringify(hand)}, phase ${JSON.stringify(phase)}, ${JSON.stringify(opts)}`
        const groups = solvePhase(hand, phase, opts)
        if (canMakePhase(hand, phase, opts) !== expected || (groups !== null) !== expected) expect.fail(`${where}: brute force says ${expected}`)
        const problem = groups && layDownProblem(hand, phase, groups, opts.wildsNeedNaturalPerGroup, true)
        if (problem) expect.fail(`${where}: invalid lay-down ${JSON.stringify(groups)}: ${problem}`)
      }
    }
  })
})
