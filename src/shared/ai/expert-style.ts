/**
 * Expert's policy: Hard's, with the refinements that measured better than Hard in paired same-seed arena runs
 * (docs/ai.md, issue #20). Expert's search (expert.ts) runs on top of it.
 * - No EV draw: before its phase is down it takes the discard pile's top only when the top brings the phase
 *   closer (Hard also takes a card that merely adds outs, by the evaluator's expected draws: a loss against
 *   both a Hard and a Medium field).
 * - Skips, before its own phase is down, the game leader (phases made, then points) unless someone who is down
 *   holds a single card (about to go out); once down, Hard's targets.
 * Measured in Classic, 4 players (docs/ai.md); Masters plays the same refinements untested.
 */
import { HARD } from './hard'
import type { Style } from './policy'

export const EXPERT_STYLE: Style = {
  ...HARD,
  evDraw: false,
  skipLeaderUnlessCards: 1,
}
