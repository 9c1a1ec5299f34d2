/**
 * A hand no one can ever go out of. RULES.md has no rule for it: with
 * reshuffles (section 7) the draw pile never runs dry, so such a hand would go on for ever. It happens when
 * every player in the hand has laid down their phase and no card they can still reach (their hands and Save
 * Piles, the draw and discard piles) fits any laid group: hand
 * sizes then only stay or grow (a draw adds one card, a discard removes one) and the table never changes.
 * [decision] apply() ends such a hand at once with no one going out, scored as usual (docs/engine.md).
 */
import { WILD } from './cards'
import { canHit } from './groups'
import { inHand, seatsInHand, type GameState } from './state'

export function isHandStuck(state: GameState): boolean {
  if (state.stage !== 'draw' && state.stage !== 'play') return false
  // Checked after every lay-down and hit: the usual answer (someone has not laid down) allocates nothing.
  for (let s = 0; s < state.players.length; s++) if (!state.players[s].laidDown && inHand(state, s)) return false
  const seats = seatsInHand(state)
  const groups = seats.flatMap((s) => state.players[s].laidDown!)
  const offTable = new Set<string>()
  // Only cards someone in the hand can still reach: a tie-break hand's onlookers keep their Save Piles
  // (section 9) but may never play them, so those cards count as gone (soak2 games 14319, 45030, 56549).
  for (const s of seats) for (const c of [...state.players[s].hand, ...state.players[s].saved]) offTable.add(c)
  for (let i = 0; i < state.drawCount; i++) offTable.add(state.drawPile[i])
  for (const c of state.discard) offTable.add(c)
  if (offTable.has(WILD)) return groups.length === 0 || !groups.some((g) => canHit(g, WILD))
  for (const c of offTable) if (groups.some((g) => canHit(g, c))) return false
  return true
}
