/**
 * A table's rule options (RULES.md section 10) in plain words: one line per topic, for the Rules screen, the
 * table's Rules view and the lobby — the same words everywhere, generated from the options themselves.
 */
import { describePhase } from '@shared/engine/phases'
import { defaultRules, phasesFor, type RuleOptions } from '@shared/engine/rules'
import { presetIdOf, PHASE_PRESETS } from './rules'

export interface RuleLine {
  /** What the line is about ("Skips"), the options it covers. */
  topic: string
  text: string
  /** Differs from the printed rules of this edition (a house rule). */
  house: boolean
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export function ruleLines(rules: RuleOptions): RuleLine[] {
  const printed = defaultRules(rules.edition)
  const phases = phasesFor(rules)
  const preset = PHASE_PRESETS.find((p) => p.id === presetIdOf(rules.phaseList))
  const masters = rules.edition === 'masters'
  const lines: RuleLine[] = []
  const add = (topic: string, text: string, house: boolean) => lines.push({ topic, text, house })

  add('Edition', masters ? 'Masters: choose any open phase each hand; a Save Pile' : 'Classic: the phases in order', false)
  add(
    'Phases',
    `${preset && preset.id !== 'custom' ? preset.label : `Custom (${plural(phases.length, 'phase')})`}: ${phases.map((p) => `${p.number}. ${describePhase(p)}`).join('; ')}`,
    rules.phaseList !== 'classic',
  )
  add(
    'Deck',
    `${plural(rules.wildCount, 'Wild')} and ${plural(rules.skipCount, 'Skip')}${rules.wildsNeedNaturalPerGroup ? '; every group needs a natural card' : '; a phase needs one natural card'}`,
    rules.wildCount !== printed.wildCount || rules.skipCount !== printed.skipCount || rules.wildsNeedNaturalPerGroup,
  )
  const target = rules.skipTarget === 'choose' ? 'A Skip makes a player you choose lose their next turn' : 'A Skip always makes the next player lose their turn'
  const lands = rules.skipLands === 'discardPile' ? 'it goes straight onto the discard pile' : 'it waits by its target until their turn'
  const again =
    rules.skipProtection === 'round'
      ? 'a player just skipped cannot be skipped again until they have played'
      : 'a player may be skipped again as soon as their turn was skipped'
  add('Skips', `${target}; ${lands}; ${again}`, rules.skipTarget !== printed.skipTarget || rules.skipLands !== printed.skipLands || rules.skipProtection !== printed.skipProtection)
  add('Hitting', rules.hitOnLayDownTurn ? 'Once your phase is down, even on the same turn' : 'Once your phase is down, from your next turn', !rules.hitOnLayDownTurn)
  add('Going out', rules.mustDiscardToGoOut ? 'Needs a final discard' : 'Get rid of your last card by a hit or a discard', rules.mustDiscardToGoOut)
  add(
    'Game length',
    rules.fixedHands === null
      ? `Until someone completes the last phase; lowest score wins a tie`
      : `${plural(rules.fixedHands, 'hand')}; everyone moves on each hand; lowest score wins`,
    rules.fixedHands !== null,
  )
  if (masters) add('Saved cards', rules.scoreSavedCards ? 'Score penalty points at the end of a hand' : 'Never score', rules.scoreSavedCards)
  add('Turn timer', rules.turnTimerSeconds === null ? 'Off' : `${rules.turnTimerSeconds} seconds, then the host plays a safe move`, false)
  return lines
}
