/** Laying one group and hitting it (RULES.md sections 5 and 6). */
import { describe, expect, it } from 'vitest'
import { applyHit, canHit, makeGroup, makePhase, type LaidGroup } from './groups'
import { CLASSIC_PHASES } from './phases'

const set = (size: number) => ({ kind: 'set' as const, size })
const run = (size: number) => ({ kind: 'run' as const, size })
const colour = (size: number) => ({ kind: 'colour' as const, size })

describe('laying a group', () => {
  it('makes a set, a bare Wild taking the set number', () => {
    expect(makeGroup(['R5', 'W', 'B5'], set(3))).toEqual({ kind: 'set', number: 5, cards: ['R5', 'W=5', 'B5'] })
  })
  it('refuses a set of mixed numbers or a Wild declared as another number', () => {
    expect(makeGroup(['R5', 'B6', 'Y5'], set(3))).toBeNull()
    expect(makeGroup(['R5', 'W=6', 'Y5'], set(3))).toBeNull()
    expect(makeGroup(['R5', 'W=R', 'Y5'], set(3))).toBeNull()
  })
  it('refuses a group smaller than required', () => {
    expect(makeGroup(['R5', 'B5'], set(3))).toBeNull()
  })
  it('orders a run ascending whatever order it was listed in', () => {
    expect(makeGroup(['R7', 'B5', 'G4', 'Y6'], run(4))).toEqual({ kind: 'run', low: 4, high: 7, cards: ['G4', 'B5', 'Y6', 'R7'] })
  })
  it('refuses a run that wraps from 12 to 1', () => {
    expect(makeGroup(['R11', 'B12', 'G1', 'Y2'], run(4))).toBeNull()
    expect(makeGroup(['R11', 'B12', 'W=1'], run(3))).toBeNull()
  })
  it('puts a bare Wild below a run that already reaches 12', () => {
    expect(makeGroup(['R10', 'W', 'B11', 'G12'], run(4))?.cards).toEqual(['W=9', 'R10', 'B11', 'G12'])
  })
  it('fills a gap in a run with a bare Wild, and refuses a gap no Wild fills', () => {
    expect(makeGroup(['R3', 'W', 'R5', 'R6'], run(4))?.cards).toEqual(['R3', 'W=4', 'R5', 'R6'])
    expect(makeGroup(['R3', 'R5', 'R6', 'R7'], run(4))).toBeNull()
  })
  it('refuses a run with a repeated number', () => {
    expect(makeGroup(['R3', 'B3', 'R4', 'R5'], run(4))).toBeNull()
  })
  it('allows a run of all twelve numbers and no longer', () => {
    const all = Array.from({ length: 12 }, (_, i) => `B${i + 1}`)
    expect(makeGroup(all, run(9))?.cards).toEqual(all)
    expect(makeGroup([...all, 'W'], run(9))).toBeNull()
  })
  it('makes a colour group, Wilds standing for the colour', () => {
    expect(makeGroup(['R1', 'R5', 'W', 'R9'], colour(4))).toEqual({ kind: 'colour', colour: 'R', cards: ['R1', 'R5', 'W=R', 'R9'] })
    expect(makeGroup(['R1', 'B5', 'R7'], colour(3))).toBeNull()
    expect(makeGroup(['R1', 'W=7', 'R7'], colour(3))).toBeNull()
  })
  it('never fits a Skip anywhere', () => {
    expect(makeGroup(['R5', 'B5', 'S'], set(3))).toBeNull()
    expect(makeGroup(['R5', 'R6', 'S'], run(3))).toBeNull()
    expect(makeGroup(['R5', 'R6', 'S'], colour(3))).toBeNull()
  })
})

describe('laying a phase', () => {
  const phase1 = CLASSIC_PHASES[0]
  it('needs exactly the phase groups, no fewer and no extra', () => {
    expect(makePhase([['R5', 'B5', 'Y5']], phase1, false)).toBeNull()
    expect(makePhase([['R5', 'B5', 'Y5'], ['R7', 'B7', 'Y7'], ['R9', 'B9', 'Y9']], phase1, false)).toBeNull()
    expect(makePhase([['R5', 'B5', 'Y5'], ['R7', 'B7', 'Y7']], phase1, false)).toHaveLength(2)
  })
  it('needs one natural card in the whole phase by default, one per group with wildsNeedNaturalPerGroup', () => {
    const groups = [['W', 'W', 'W'], ['R7', 'B7', 'Y7']]
    expect(makePhase(groups, phase1, false)).not.toBeNull()
    expect(makePhase(groups, phase1, true)).toBeNull()
    expect(makePhase([['W', 'W', 'W'], ['W', 'W', 'W']], phase1, false)).toBeNull()
  })
})

describe('hitting a laid group', () => {
  const fives: LaidGroup = { kind: 'set', number: 5, cards: ['R5', 'B5', 'Y5'] }
  const fourToSeven: LaidGroup = { kind: 'run', low: 4, high: 7, cards: ['R4', 'R5', 'R6', 'R7'] }
  const upTo12: LaidGroup = { kind: 'run', low: 9, high: 12, cards: ['R9', 'R10', 'R11', 'R12'] }
  const full: LaidGroup = { kind: 'run', low: 1, high: 12, cards: Array.from({ length: 12 }, (_, i) => `G${i + 1}`) }
  const reds: LaidGroup = { kind: 'colour', colour: 'R', cards: ['R1', 'R2', 'R3'] }

  it('takes the same number on a set', () => {
    expect(applyHit(fives, 'G5')?.cards).toEqual(['R5', 'B5', 'Y5', 'G5'])
    expect(applyHit(fives, 'G6')).toBeNull()
  })
  it('takes the next number at either end of a run', () => {
    expect(applyHit(fourToSeven, 'B8')).toMatchObject({ low: 4, high: 8 })
    expect(applyHit(fourToSeven, 'B3')).toMatchObject({ low: 3, high: 7, cards: ['B3', 'R4', 'R5', 'R6', 'R7'] })
    expect(applyHit(fourToSeven, 'B9')).toBeNull()
    expect(applyHit(fourToSeven, 'B5')).toBeNull()
  })
  it('never extends a run past 12 or below 1', () => {
    expect(applyHit(upTo12, 'B1')).toBeNull()
    expect(applyHit(upTo12, 'W')?.cards[0]).toBe('W=8')
    expect(applyHit(full, 'W')).toBeNull()
    expect(canHit(full, 'W')).toBe(false)
  })
  it('takes the same colour on a colour group, a Wild as that colour', () => {
    expect(applyHit(reds, 'R12')?.cards).toHaveLength(4)
    expect(applyHit(reds, 'B12')).toBeNull()
    expect(applyHit(reds, 'W')?.cards[3]).toBe('W=R')
    expect(applyHit(reds, 'W=B')).toBeNull()
  })
  it('respects a declared Wild meaning', () => {
    expect(applyHit(fives, 'W=5')?.cards[3]).toBe('W=5')
    expect(applyHit(fives, 'W=6')).toBeNull()
    expect(applyHit(fourToSeven, 'W=3')?.cards[0]).toBe('W=3')
    expect(applyHit(fourToSeven, 'W=9')).toBeNull()
  })
  it('never takes a Skip', () => {
    for (const g of [fives, fourToSeven, reds]) expect(applyHit(g, 'S')).toBeNull()
  })
  it('agrees with canHit for every card on every kind of group', () => {
    const codes = ['W', 'S', 'W=R', 'W=3', 'W=8', 'W=12']
    for (const c of 'RBYG') for (let n = 1; n <= 12; n++) codes.push(`${c}${n}`)
    for (const g of [fives, fourToSeven, upTo12, full, reds]) for (const code of codes) expect(canHit(g, code), `${code} on ${g.cards}`).toBe(applyHit(g, code) !== null)
  })
})
