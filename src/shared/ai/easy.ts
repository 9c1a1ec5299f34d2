/**
 * Easy: plays legally and lays its phase down whenever it can, but plays like a casual human: it often
 * overlooks a useful discard, throws the wrong card, forgets hits and picks Skip targets and Masters phases
 * at random. Its mistakes come from the bot's own seeded randomness (`random.ts`), so a seed replays it.
 */
import type { Style } from './policy'

export const EASY: Style = {
  useOuts: false,
  countCards: false,
  defence: 0,
  holdingOdds: 0,
  smartSkips: false,
  evDraw: false,
  holdSkips: false,
  savePile: false,
  phaseChoiceBias: 0,
  mistakes: { ignoreDiscard: 0.35, randomDiscard: 0.3, missHit: 0.3, randomChoice: 0.5 },
}
