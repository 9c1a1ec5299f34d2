/**
 * A replay step in words: the table's own sentences (words.ts), but a replay hides nothing, so a draw from
 * the pile or a Save Pile names the card.
 */
import type { ReplayStep } from '@shared/history/replay-model'
import { cardName } from './cards'
import { describeEvent, isolate } from './words'

export function stepWords(step: ReplayStep, names: readonly string[]): string[] {
  const out: string[] = []
  for (const e of step.events) {
    if (e.type === 'drew' && e.from !== 'discard' && step.drawn) {
      const who = isolate(names[e.seat] ?? `Seat ${e.seat + 1}`)
      out.push(e.from === 'deck' ? `${who} drew ${cardName(step.drawn)} from the pile.` : `${who} took ${cardName(step.drawn)} from their Save Pile.`)
      continue
    }
    const text = describeEvent(e, names, null)
    if (text) out.push(text)
  }
  return out
}
