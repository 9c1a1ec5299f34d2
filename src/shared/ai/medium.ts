/**
 * Medium: the evaluator's distance-plus-outs hand value, takes the discard when it brings the phase
 * closer, lays down at once with every extra card that fits, hits the highest penalties, goes out when it
 * can, discards the least useful card, and Skips the player nearest to going out. No memory, no defence.
 */
import type { Style } from './policy'

export const MEDIUM: Style = {
  useOuts: true,
  countCards: false,
  defence: 0,
  holdingOdds: 0,
  smartSkips: false,
  evDraw: true,
  holdSkips: false,
  savePile: false,
  phaseChoiceBias: 0,
  mistakes: { ignoreDiscard: 0, randomDiscard: 0, missHit: 0, randomChoice: 0 },
}
