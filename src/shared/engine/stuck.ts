/**
 * A hand no one can ever go out of. RULES.md has no rule for it: with
 * reshuffles (section 7) the draw pile never runs dry, so such a hand would go on for ever. It happens when
 * every player in the hand has laid down their phase and no card they can still reach (their hands and Save
 * Piles, the draw and discard piles) fits any laid group: hand
 * sizes then only stay or grow (a draw adds one card, a discard removes one) and the table never changes.
 * [decision] apply() ends such a hand at once with no one going out, scored as usual (docs/engine.md).
 */
import type { CardCode } from './cards'
import { canHit, type LaidGroup } from './groups'
import { inHand, type GameState } from './state'

export function isHandStuck(state: GameState): boolean {
  if (state.stage !== 'draw' && state.stage !== 'play') return false
  const players = state.players
  // Checked after every lay-down and hit: the usual answer (someone has not laid down) allocates nothing.
  for (let s = 0; s < players.length; s++) if (!players[s].laidDown && inHand(state, s)) return false
  // Stuck when no card anyone in the hand can still reach fits a laid group. Only those cards: a tie-break
  // hand's onlookers keep their Save Piles (section 9) but may never play them, so those cards count as gone
  // (soak2 games 14319, 45030, 56549). A fitting card usually turns up at once, so it is looked for directly.
  for (let s = 0; s < players.length; s++) {
    if (!inHand(state, s)) continue
    if (anyFits(state, players[s].hand, players[s].hand.length) || anyFits(state, players[s].saved, players[s].saved.length)) return false
  }
  return !anyFits(state, state.drawPile, state.drawCount) && !anyFits(state, state.discard, state.discard.length)
}

/** Whether one of the first `count` of `cards` fits a group laid by a player in the hand. */
function anyFits(state: GameState, cards: readonly CardCode[], count: number): boolean {
  const players = state.players
  for (let i = 0; i < count; i++)
    for (let s = 0; s < players.length; s++) {
      const laid: readonly LaidGroup[] | null = players[s].laidDown
      if (laid === null || !inHand(state, s)) continue
      for (let g = 0; g < laid.length; g++) if (canHit(laid[g], cards[i])) return true
    }
  return false
}
