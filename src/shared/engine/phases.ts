/**
 * Phases as data (RULES.md sections 5 and 10): a phase is a list of groups `{kind, size}`.
 * Classic, the `even` / `odd` presets and custom lists all take this one form.
 */

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
