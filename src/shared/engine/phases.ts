/**
 * Phases as data (RULES.md sections 5 and 10): a phase is a list of groups `{kind, size}`.
 * Classic, the `even` / `odd` presets and custom lists all take this one form.
 */
import { COLOURS, MAX_NUMBER, MIN_NUMBER } from './cards'

export type GroupKind = 'set' | 'run' | 'colour'

export interface GroupRequirement {
  kind: GroupKind
  /** The minimum number of cards; a lay-down may put more into the group, never an extra group. */
  size: number
}

export interface PhaseDef {
  /** The phase's number as players know it: classic numbers for the presets, 1..n for a custom list. */
  number: number
  groups: GroupRequirement[]
}

const set = (size: number): GroupRequirement => ({ kind: 'set', size })
const run = (size: number): GroupRequirement => ({ kind: 'run', size })
const colour = (size: number): GroupRequirement => ({ kind: 'colour', size })

export const CLASSIC_PHASES: readonly PhaseDef[] = [
  { number: 1, groups: [set(3), set(3)] },
  { number: 2, groups: [set(3), run(4)] },
  { number: 3, groups: [set(4), run(4)] },
  { number: 4, groups: [run(7)] },
  { number: 5, groups: [run(8)] },
  { number: 6, groups: [run(9)] },
  { number: 7, groups: [set(4), set(4)] },
  { number: 8, groups: [colour(7)] },
  { number: 9, groups: [set(5), set(2)] },
  { number: 10, groups: [set(5), set(3)] },
]

export type PhasePreset = 'classic' | 'even' | 'odd'
export type PhaseListOption = PhasePreset | GroupRequirement[][]

/** The phases a game plays, in order. A custom list is numbered 1..n. */
export function phaseList(option: PhaseListOption): PhaseDef[] {
  if (option === 'classic') return CLASSIC_PHASES.map(clonePhase)
  if (option === 'even') return CLASSIC_PHASES.filter((p) => p.number % 2 === 0).map(clonePhase)
  if (option === 'odd') return CLASSIC_PHASES.filter((p) => p.number % 2 === 1).map(clonePhase)
  return option.map((groups, i) => ({ number: i + 1, groups: groups.map((g) => ({ ...g })) }))
}

function clonePhase(p: PhaseDef): PhaseDef {
  return { number: p.number, groups: p.groups.map((g) => ({ ...g })) }
}

/** Plain words for a phase, e.g. "1 set of 3 + 1 run of 4", for rules pages and hints. */
export function describePhase(phase: PhaseDef): string {
  const words: Record<GroupKind, string> = { set: 'set', run: 'run', colour: 'colour group' }
  const parts: string[] = []
  for (let i = 0; i < phase.groups.length; ) {
    const g = phase.groups[i]
    let n = 1
    while (i + n < phase.groups.length && phase.groups[i + n].kind === g.kind && phase.groups[i + n].size === g.size) n++
    parts.push(
      g.kind === 'colour'
        ? `${n > 1 ? `${n} × ` : ''}${g.size} cards of 1 colour`
        : `${n} ${words[g.kind]}${n > 1 ? 's' : ''} of ${g.size}`,
    )
    i += n
  }
  return parts.join(' + ')
}

// ---------------------------------------------------------------------------------------------------
// Which custom phases can be made at all (RULES.md sections 1, 2, 5 and 10).

/** Copies of one number in the deck: two of each in each colour (RULES.md section 1). */
export const CARDS_PER_NUMBER = 2 * COLOURS.length
/** Cards of one colour in the deck: two of each number. */
export const CARDS_PER_COLOUR = 2 * (MAX_NUMBER - MIN_NUMBER + 1)
/** A run is consecutive numbers within 1-12, never wrapping round (section 5). */
export const MAX_RUN = MAX_NUMBER - MIN_NUMBER + 1
/** A phase is laid from the hand: 10 cards are dealt (section 2), so a phase may ask for at most 10. */
export const MAX_PHASE_CARDS = 10
export const MAX_GROUPS_PER_PHASE = 4
/** How many phases a custom list may have (the rule options' schema). */
export const MAX_CUSTOM_PHASES = 20

/**
 * Why a custom phase can never be made. `form`: not a phase in shape (a run of 1, 5 groups); `hand`: more
 * cards than a hand can lay down; `wilds`: more cards of one kind than the deck holds, even with every Wild.
 */
export type PhaseProblemCause = 'form' | 'hand' | 'wilds'

export interface PhaseProblem {
  /** 1-based position in the list; `null` for the list as a whole (no phases, too many). */
  phase: number | null
  /** 1-based group within the phase; `null` for the phase (or list) as a whole. */
  group: number | null
  cause: PhaseProblemCause
  /** The reason in words, e.g. "a set of 9 needs 1 Wild besides the 8 cards of its number, and the deck has no Wilds". */
  reason: string
}

/** What the deck offers, from the rule options (the only option that changes what a phase can use). */
export interface DeckSupply {
  wildCount: number
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
const wildsInDeck = (n: number) => (n === 0 ? 'the deck has no Wilds' : `the deck has only ${plural(n, 'Wild')}`)

/** "a set of 3", "a run of 4", "7 cards of one colour": one group in words. */
export function describeGroup(group: GroupRequirement): string {
  return group.kind === 'colour' ? `${group.size} cards of one colour` : `a ${group.kind} of ${group.size}`
}

/**
 * Every reason one custom phase can never be made, in words. Only the impossible is refused, never the
 * merely unlikely: a set of 10 with 2 Wilds in the deck needs every card of one number and both Wilds in
 * one hand, but it can happen. What can never happen:
 * - a run of 1 (not a run) or of more than 12 (section 5: no wrap-around), a group of no cards, 0 or 5+ groups;
 * - more than 10 cards in all: a hand is 10 cards, 11 only between the draw and the discard;
 * - a set larger than the 8 copies of a number plus every Wild, a colour group larger than its colour's 24
 *   cards plus every Wild; and the groups of one phase together needing more Wilds than the deck has (the
 *   Wilds a group needs beyond its naturals are its own: no two groups can share one).
 * Given those, a phase can always be made from some deal: its groups (at most 4) take distinct numbers or
 * colours (12 numbers, 4 colours), and at most 10 cards never exhaust a number or colour another group
 * needs. So neither `skipCount` (a Skip is never in a group) nor `wildsNeedNaturalPerGroup` (every group
 * then has a natural anyway: at most 8 + Wilds in a set, and a set larger than 8 holds 8 naturals) makes a
 * phase impossible. `supply` `null` checks only what no rule option changes (`form` and `hand`).
 */
export function phaseProblems(groups: readonly GroupRequirement[], supply: DeckSupply | null): Omit<PhaseProblem, 'phase'>[] {
  const problems: Omit<PhaseProblem, 'phase'>[] = []
  if (groups.length === 0) problems.push({ group: null, cause: 'form', reason: 'a phase needs at least 1 group' })
  if (groups.length > MAX_GROUPS_PER_PHASE)
    problems.push({ group: null, cause: 'form', reason: `a phase has at most ${MAX_GROUPS_PER_PHASE} groups, not ${groups.length}` })
  let cards = 0
  let wildsNeeded = 0
  let groupShort = false
  groups.forEach((g, i) => {
    const at = { group: i + 1 }
    const size = g.size
    if (!Number.isInteger(size) || size < 1) {
      problems.push({ ...at, cause: 'form', reason: 'a group needs a whole number of cards, at least 1' })
      return
    }
    cards += size
    if (g.kind === 'run') {
      if (size < 2) problems.push({ ...at, cause: 'form', reason: 'a run needs at least 2 cards in a row (1 card is not a run)' })
      if (size > MAX_RUN)
        problems.push({ ...at, cause: 'form', reason: `a run of ${size} cannot exist: runs go from 1 to 12 and never wrap around, so at most ${MAX_RUN} cards` })
      return
    }
    if (g.kind !== 'set' && g.kind !== 'colour') {
      problems.push({ ...at, cause: 'form', reason: 'a group is a set, a run or cards of one colour' })
      return
    }
    const naturals = g.kind === 'set' ? CARDS_PER_NUMBER : CARDS_PER_COLOUR
    const short = Math.max(0, size - naturals)
    wildsNeeded += short
    if (supply && short > supply.wildCount) {
      groupShort = true
      const what = g.kind === 'set' ? `the ${naturals} cards of its number` : `the ${naturals} cards of its colour`
      problems.push({ ...at, cause: 'wilds', reason: `${describeGroup(g)} needs ${plural(short, 'Wild')} besides ${what}, and ${wildsInDeck(supply.wildCount)}` })
    }
  })
  if (cards > MAX_PHASE_CARDS)
    problems.push({ group: null, cause: 'hand', reason: `needs ${cards} cards, but a hand holds ${MAX_PHASE_CARDS}: a phase may ask for at most ${MAX_PHASE_CARDS}` })
  // Each group alone may fit while together they need more Wilds than there are (reported once, for the phase).
  if (supply && !groupShort && wildsNeeded > supply.wildCount)
    problems.push({ group: null, cause: 'wilds', reason: `its groups need ${plural(wildsNeeded, 'Wild')} together, and ${wildsInDeck(supply.wildCount)}` })
  return problems
}

/** Every reason a custom phase list can never be played in full, phase by phase (empty: every phase can be made). */
export function phaseListProblems(list: readonly (readonly GroupRequirement[])[], supply: DeckSupply | null): PhaseProblem[] {
  const problems: PhaseProblem[] = []
  if (list.length === 0) problems.push({ phase: null, group: null, cause: 'form', reason: 'a phase list needs at least 1 phase' })
  if (list.length > MAX_CUSTOM_PHASES)
    problems.push({ phase: null, group: null, cause: 'form', reason: `a phase list has at most ${MAX_CUSTOM_PHASES} phases, not ${list.length}` })
  list.forEach((groups, i) => {
    for (const p of phaseProblems(groups, supply)) problems.push({ phase: i + 1, ...p })
  })
  return problems
}

/** One problem as a sentence: "Phase 2, group 1: a run of 1 …". */
export function describePhaseProblem(problem: PhaseProblem): string {
  const where = problem.phase === null ? 'The list' : problem.group === null ? `Phase ${problem.phase}` : `Phase ${problem.phase}, group ${problem.group}`
  return `${where}: ${problem.reason}`
}
