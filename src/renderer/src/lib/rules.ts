/** Phase-list presets the setup screens offer (all plain rule data, RULES.md section 10). */
import type { RuleOptions } from '../../../shared/engine/rules'

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

export function presetIdOf(list: RuleOptions['phaseList']): string {
  const json = JSON.stringify(list)
  return PHASE_PRESETS.find((p) => JSON.stringify(p.value) === json)?.id ?? 'custom'
}
