/**
 * Hard: Medium plus card counting (cards an opponent took from the discard pile are not in the draw pile),
 * defence (does not discard what the next player collects or can hit, most of all when they are about to
 * go out), Skip timing, the Masters Save Pile, and Masters phase choice by odds relative to each phase's
 * general difficulty. All of it from the seat's view and public events only.
 */
import type { Style } from './policy'

export const HARD: Style = {
  useOuts: true,
  countCards: true,
  defence: 1,
  holdingOdds: 1,
  smartSkips: true,
  evDraw: true,
  holdSkips: false,
  savePile: true,
  phaseChoiceBias: 0.5,
  mistakes: { ignoreDiscard: 0, randomDiscard: 0, missHit: 0, randomChoice: 0 },
}
