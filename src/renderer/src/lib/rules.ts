/** Phase-list presets the setup screens offer (all plain rule data, RULES.md section 10), and the player's saved lists. */
import type { SavedPhaseList } from '@shared/api'
import type { RuleOptions } from '@shared/engine/rules'

export const PHASE_PRESETS: { id: string; label: string; value: RuleOptions['phaseList'] }[] = [
  { id: 'classic', label: 'Classic (10 phases)', value: 'classic' },
  { id: 'even', label: 'Even phases (5)', value: 'even' },
  { id: 'odd', label: 'Odd phases (5)', value: 'odd' },
  {
    id: 'quick',
    label: 'Quick (3 short phases)',
    value: [[{ kind: 'set', size: 3 }], [{ kind: 'run', size: 4 }], [{ kind: 'set', size: 2 }, { kind: 'set', size: 2 }]],
  },
  { id: 'sprint', label: 'Sprint (1 phase: a set of 3)', value: [[{ kind: 'set', size: 3 }]] },
]

/** A saved list's id in the Phases menu (`saved:` + its place; names may hold any character). */
const SAVED = 'saved:'

/** The menu entry of a list: a built-in preset's id, a saved list's, or `custom`. */
export function presetIdOf(list: RuleOptions['phaseList'], saved: readonly SavedPhaseList[] = []): string {
  const json = JSON.stringify(list)
  const builtIn = PHASE_PRESETS.find((p) => JSON.stringify(p.value) === json)
  if (builtIn) return builtIn.id
  const i = saved.findIndex((s) => JSON.stringify(s.phaseList) === json)
  return i >= 0 ? `${SAVED}${i}` : 'custom'
}

/** The list a menu entry stands for; `null` for `custom` or an id that no longer exists. */
export function phaseListOf(id: string, saved: readonly SavedPhaseList[]): RuleOptions['phaseList'] | null {
  if (id.startsWith(SAVED)) return saved[Number(id.slice(SAVED.length))]?.phaseList ?? null
  return PHASE_PRESETS.find((p) => p.id === id)?.value ?? null
}

export const savedListId = (index: number) => `${SAVED}${index}`

/** The settings' rule for saved names: unique, ignoring case. */
export const sameListName = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en')

/** The saved lists with `entry` added, or in place of the one with its name. */
export function withSavedList(saved: readonly SavedPhaseList[], entry: SavedPhaseList): SavedPhaseList[] {
  const i = saved.findIndex((s) => sameListName(s.name, entry.name))
  return i < 0 ? [...saved, entry] : saved.map((s, k) => (k === i ? entry : s))
}
