/**
 * A hand no one can ever go out of. RULES.md has no rule for it: with
 * reshuffles (section 7) the draw pile never runs dry, so such a hand would go on for ever. It happens when
 * every player in the hand has laid down their phase and no card off the table fits any laid group: hand
 * sizes then only stay or grow (a draw adds one card, a discard removes one) and the table never changes.
 * [decision] apply() ends such a hand at once with no one going out, scored as usual (docs/engine.md).
 */
import { WILD } from './cards'
import { canHit } from './groups'
import { seatsInHand, type GameState } from './state'

export function isHandStuck(state: GameState): boolean {
  if (state.stage !== 'draw' && state.stage !== 'play') return false
  const seats = seatsInHand(state)
  if (seats.some((s) => !state.players[s].laidDown)) return false
  const groups = seats.flatMap((s) => state.players[s].laidDown!)
  const offTable = new Set<string>()
  for (const p of state.players) for (const c of [...p.hand, ...p.saved]) offTable.add(c)
  for (let i = 0; i < state.drawCount; i++) offTable.add(state.drawPile[i])
  for (const c of state.discard) offTable.add(c)
  if (offTable.has(WILD)) return groups.length === 0 || !groups.some((g) => canHit(g, WILD))
  for (const c of offTable) if (groups.some((g) => canHit(g, c))) return false
  return true
}
