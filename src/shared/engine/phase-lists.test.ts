/**
 * Custom phase lists (RULES.md sections 5 and 10): which phases can never be made, and why, in words; the
 * rule options refusing them; and the shareable `P10-…` code.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { cleanPhaseListName, decodePhaseList, encodePhaseList, MAX_PHASE_CODE_LENGTH } from './phase-code'
import { CLASSIC_PHASES, describePhaseProblem, phaseListProblems, phaseProblems, type GroupKind, type GroupRequirement } from './phases'
import { impossiblePhases, partialRuleOptionsSchema, playableRuleOptionsSchema, resolveRules, ruleOptionsSchema } from './rules'
import { runScenario } from './scenario'

const set = (size: number): GroupRequirement => ({ kind: 'set', size })
const run = (size: number): GroupRequirement => ({ kind: 'run', size })
const colour = (size: number): GroupRequirement => ({ kind: 'colour', size })
const reasons = (groups: GroupRequirement[], wildCount: number | null) =>
  phaseProblems(groups, wildCount === null ? null : { wildCount }).map((p) => `${p.cause}@${p.group ?? '-'}: ${p.reason}`)

describe('which custom phases can never be made', () => {
  it('accepts every Classic phase, with any number of Wilds, and the largest phases a hand can hold', () => {
    for (const wildCount of [0, 1, 8, 12]) {
      expect(phaseListProblems(CLASSIC_PHASES.map((p) => p.groups), { wildCount })).toEqual([])
      expect(phaseListProblems([[set(8), set(2)], [run(10)], [colour(10)], [set(4), set(4), run(2)], [set(1)]], { wildCount })).toEqual([])
    }
  })

  it('accepts the merely unlikely: a set of 10 when the deck has exactly the 2 Wilds it needs', () => {
    expect(phaseProblems([set(10)], { wildCount: 2 })).toEqual([])
    expect(phaseProblems([set(9), set(1)], { wildCount: 1 })).toEqual([])
  })

  it('refuses a set larger than the 8 copies of a number plus every Wild in the deck', () => {
    expect(reasons([set(9)], 0)).toEqual(['wilds@1: a set of 9 needs 1 Wild besides the 8 cards of its number, and the deck has no Wilds'])
    expect(reasons([set(10)], 1)).toEqual(['wilds@1: a set of 10 needs 2 Wilds besides the 8 cards of its number, and the deck has only 1 Wild'])
  })

  it('refuses a colour group larger than its colour’s 24 cards plus every Wild', () => {
    expect(reasons([colour(26)], 1)).toContain('wilds@1: 26 cards of one colour needs 2 Wilds besides the 24 cards of its colour, and the deck has only 1 Wild')
    expect(reasons([colour(25)], 1).filter((r) => r.startsWith('wilds'))).toEqual([])
  })

  it('refuses groups that each fit but together need more Wilds than the deck has (no Wild serves two groups)', () => {
    // Each set of 9 fits with the 1 Wild alone; both would need 2. (Also far more than a hand holds.)
    expect(reasons([set(9), set(9)], 1)).toEqual([
      'hand@-: needs 18 cards, but a hand holds 10: a phase may ask for at most 10',
      'wilds@-: its groups need 2 Wilds together, and the deck has only 1 Wild',
    ])
    expect(reasons([set(9), set(9)], 2).filter((r) => r.startsWith('wilds'))).toEqual([])
  })

  it('refuses a run longer than 12 (no wrap-around) and a run of 1', () => {
    expect(reasons([run(13)], 12)).toEqual([
      'form@1: a run of 13 cannot exist: runs go from 1 to 12 and never wrap around, so at most 12 cards',
      'hand@-: needs 13 cards, but a hand holds 10: a phase may ask for at most 10',
    ])
    expect(reasons([run(1), set(3)], 8)).toEqual(['form@1: a run needs at least 2 cards in a row (1 card is not a run)'])
  })

  it('refuses a phase needing more cards than a hand holds', () => {
    expect(reasons([set(5), set(3), run(3)], 8)).toEqual(['hand@-: needs 11 cards, but a hand holds 10: a phase may ask for at most 10'])
  })

  it('refuses a phase of no groups, of more than 4, and a group of no cards', () => {
    expect(reasons([], 8)).toEqual(['form@-: a phase needs at least 1 group'])
    expect(reasons([set(2), set(2), set(2), set(2), run(2)], 8)).toContain('form@-: a phase has at most 4 groups, not 5')
    expect(reasons([set(0)], 8)).toEqual(['form@1: a group needs a whole number of cards, at least 1'])
    expect(reasons([set(2.5)], 8)).toEqual(['form@1: a group needs a whole number of cards, at least 1'])
    expect(reasons([{ kind: 'pair' as GroupKind, size: 2 }], 8)).toEqual(['form@1: a group is a set, a run or cards of one colour'])
  })

  it('refuses a list of no phases or more than 20, and names the phase of every problem', () => {
    expect(phaseListProblems([], null).map(describePhaseProblem)).toEqual(['The list: a phase list needs at least 1 phase'])
    expect(phaseListProblems(Array.from({ length: 21 }, () => [set(3)]), null).map(describePhaseProblem)).toEqual(['The list: a phase list has at most 20 phases, not 21'])
    expect(phaseListProblems([[set(3)], [set(9)], [run(1)]], { wildCount: 0 }).map(describePhaseProblem)).toEqual([
      'Phase 2, group 1: a set of 9 needs 1 Wild besides the 8 cards of its number, and the deck has no Wilds',
      'Phase 3, group 1: a run needs at least 2 cards in a row (1 card is not a run)',
    ])
  })

  it('without a deck checks only what no rule option changes', () => {
    expect(reasons([set(10)], null)).toEqual([])
    expect(reasons([set(6), set(6)], null)).toEqual(['hand@-: needs 12 cards, but a hand holds 10: a phase may ask for at most 10'])
  })

  it('never refuses for the Skips or for a natural card in every group: neither can make a phase impossible', () => {
    // The worst cases a hand can hold: every group then still has a natural (a set of 10 holds 8 of them).
    const lists = [[[set(10)]], [[set(9), set(1)]], [[colour(10)]], [[set(2), set(2), set(2), set(4)]]]
    for (const phaseList of lists)
      for (const skipCount of [0, 8])
        expect(playableRuleOptionsSchema.safeParse(resolveRules({ phaseList, skipCount, wildCount: 2, wildsNeedNaturalPerGroup: true })).success).toBe(true)
  })
})

describe('the rule options refuse an impossible list', () => {
  const nineWithoutWilds = { phaseList: [[set(3)], [set(9)]], wildCount: 0 }

  it('in any subset of options a game starts from (solo, host, lobby change, scenario), with the reason', () => {
    const r = partialRuleOptionsSchema.safeParse(nineWithoutWilds)
    expect(r.success).toBe(false)
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phaseList', 'Phase 2, group 1: a set of 9 needs 1 Wild besides the 8 cards of its number, and the deck has no Wilds'],
    ])
    expect(partialRuleOptionsSchema.safeParse({ ...nineWithoutWilds, wildCount: 1 }).success).toBe(true)
    // Missing options take their defaults: 8 Wilds.
    expect(partialRuleOptionsSchema.safeParse({ phaseList: nineWithoutWilds.phaseList }).success).toBe(true)
    expect(impossiblePhases(resolveRules(nineWithoutWilds))).toHaveLength(1)
    expect(impossiblePhases(resolveRules({ phaseList: 'classic', wildCount: 0 }))).toEqual([])
  })

  it('in whole options (the host, after merging a change), while saves and snapshots read the bare shape', () => {
    const rules = resolveRules({ wildCount: 0 })
    const impossible = { ...rules, phaseList: nineWithoutWilds.phaseList }
    expect(playableRuleOptionsSchema.safeParse(impossible).error?.issues[0]?.message).toMatch(/^Phase 2, group 1: a set of 9 needs 1 Wild/)
    expect(ruleOptionsSchema.safeParse(impossible).success).toBe(true)
  })

  it('says in words why a phase is refused whatever the Wilds', () => {
    const r = partialRuleOptionsSchema.safeParse({ phaseList: [[set(5), set(3), run(3)]] })
    expect(r.error?.issues.map((i) => i.message)).toEqual(['needs 11 cards, but a hand holds 10: a phase may ask for at most 10'])
    expect(partialRuleOptionsSchema.safeParse({ phaseList: [[run(1)]] }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phaseList.0.0', 'a run needs at least 2 cards in a row (1 card is not a run)'],
    ])
  })

  it('makes such a scenario invalid (the runner exits 2)', () => {
    const scenario = { rules: nineWithoutWilds, players: 2, seed: 'impossible', steps: [] }
    const r = runScenario(scenario)
    expect(r).toEqual({ valid: false, reason: 'rules.phaseList: Phase 2, group 1: a set of 9 needs 1 Wild besides the 8 cards of its number, and the deck has no Wilds' })
    expect(runScenario({ ...scenario, rules: { ...nineWithoutWilds, wildCount: 1 } }).valid).toBe(true)
  })
})

describe('the shareable phase list code', () => {
  it('writes a list as letters and sizes, phases separated by dots, the name after a dash', () => {
    expect(encodePhaseList([[set(3), set(3)], [set(3), run(4)], [run(7)]], 'Quick three')).toBe('P10-s3s3.s3r4.r7-Quick_three')
    expect(encodePhaseList([[colour(7)]])).toBe('P10-c7')
    expect(encodePhaseList([[colour(7)]], '   ')).toBe('P10-c7')
    expect(encodePhaseList([[set(2)]], 'Spiel für Oma_2 - 100%')).toBe('P10-s2-Spiel_f%C3%BCr_Oma%5F2_-_100%25')
  })

  it('reads back exactly what it wrote (round trip, any list and name)', () => {
    const group = fc.record({ kind: fc.constantFrom<GroupKind>('set', 'run', 'colour'), size: fc.integer({ min: 2, max: 4 }) })
    const list = fc.array(fc.array(group, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 20 })
    // Any text as a name, controls and invisible characters too: the code carries it cleaned.
    const name = fc.option(fc.string({ unit: 'binary', maxLength: 60 }), { nil: null })
    fc.assert(
      fc.property(list, name, (phaseList, raw) => {
        const clean = cleanPhaseListName(raw ?? '')
        expect(Array.from(clean).length).toBeLessThanOrEqual(40)
        const back = decodePhaseList(encodePhaseList(phaseList, raw))
        expect(back).toEqual({ ok: true, value: { phaseList, name: clean === '' ? null : clean } })
      }),
      { seed: 20261215, numRuns: 500 },
    )
    expect(cleanPhaseListName('  Ann\u202e  \u0000 Bob ')).toBe('Ann Bob')
  })

  it('is forgiving only about case and surrounding spaces (phones capitalise)', () => {
    expect(decodePhaseList('  p10-S3R4.c7-Ann  ')).toEqual({ ok: true, value: { phaseList: [[set(3), run(4)], [colour(7)]], name: 'Ann' } })
  })

  const bad: [string, unknown, string][] = [
    ['not text', 42, 'a phase list code is text'],
    ['empty', '  ', 'paste a phase list code (it starts with P10-)'],
    ['another prefix', 'Q10-s3', 'a phase list code starts with P10-'],
    ['no phases', 'P10-', 'the code has no phases after P10-'],
    ['no phases, only a name', 'P10--Ann', 'the code has no phases after P10-'],
    ['an empty phase', 'P10-s3..r4', 'phase 2 is empty (two dots in a row, or a dot at an end)'],
    ['a dot at the end', 'P10-s3.', 'phase 2 is empty (two dots in a row, or a dot at an end)'],
    ['an unknown group letter', 'P10-s3x4', 'phase 1: "x" is not a group: use s (set), r (run) or c (one colour)'],
    ['a letter without a size', 'P10-s3r', 'phase 1: "r" needs a size after it, e.g. r3'],
    ['a stray character', 'P10-s3+r4', 'phase 1: "+" does not belong in a code: groups are a letter and a size, e.g. s3r4'],
    ['a size of 0', 'P10-s0', 'phase 1: a group has 1 to 12 cards, not 0'],
    ['a size over 12', 'P10-r13', 'phase 1: a group has 1 to 12 cards, not 13'],
    ['a huge size', 'P10-s99999999999999999999', 'phase 1: a group has 1 to 12 cards, not 999999'],
    ['a leading zero', 'P10-s03', 'phase 1: write s3, without a leading 0'],
    ['five groups', 'P10-s2s2s2s2s2', 'phase 1 has 5 groups: a phase has at most 4'],
    ['more cards than a hand', 'P10-s3.s5s3r3', 'phase 2: needs 11 cards, but a hand holds 10: a phase may ask for at most 10'],
    ['a run of 1', 'P10-r1', 'phase 1, group 1: a run needs at least 2 cards in a row (1 card is not a run)'],
    ['21 phases', `P10-${Array(21).fill('s3').join('.')}`, 'a phase list has at most 20 phases, this code has 21'],
    ['too long', `P10-s3-${'a'.repeat(MAX_PHASE_CODE_LENGTH)}`, 'this is too long to be a phase list code'],
    ['an empty name', 'P10-s3-', 'the name after the last "-" is empty'],
    ['a space in the name', 'P10-s3-Ann Bob', 'the name has characters a code never contains (spaces are written _)'],
    ['a broken escape', 'P10-s3-Ann%E2%82', 'the name has a broken %-escape'],
    ['a bad escape', 'P10-s3-100%', 'the name has a broken %-escape'],
    ['a control character', 'P10-s3-Ann%00', 'the name has control or invisible characters, or stray spaces'],
    ['a right-to-left override', 'P10-s3-%E2%80%AEnnA', 'the name has control or invisible characters, or stray spaces'],
    ['spaces around the name', 'P10-s3-_Ann_', 'the name has control or invisible characters, or stray spaces'],
    ['a name over 40', `P10-s3-${'a'.repeat(41)}`, 'the name is longer than 40 characters'],
  ]
  for (const [what, code, reason] of bad)
    it(`refuses a code with ${what}: "${reason}"`, () => {
      expect(decodePhaseList(code)).toEqual({ ok: false, reason })
    })

  it('reads a valid list whose Wilds are for the table to check (a set of 10)', () => {
    expect(decodePhaseList('P10-s10')).toEqual({ ok: true, value: { phaseList: [[set(10)]], name: null } })
  })
})
