/**
 * Rule-option combinations and the fast-check arbitrary for whole random games, shared by the engine's
 * property test files.
 */
import fc from 'fast-check'
import type { PartialRuleOptions } from './rules'

export const PROPERTY_SEED = 20261129

/** Whole-length games (10 or 5 phases) and short ones (fixed hands, short custom lists), so thousands of games fit the time budget. */
export const LONG_COMBOS: Record<string, PartialRuleOptions> = {
  classic: {},
  'classic, skip next, floating, no hits on lay-down turn': { skipTarget: 'next', mustDiscardToGoOut: true, hitOnLayDownTurn: false },
  'classic, natural per group, odd phases, 2 Wilds, 8 Skips': { wildsNeedNaturalPerGroup: true, phaseList: 'odd', wildCount: 2, skipCount: 8 },
  masters: { edition: 'masters' },
  'masters, saved cards scored, 4 Skips, even phases': { edition: 'masters', scoreSavedCards: true, skipCount: 4, phaseList: 'even' },
  'masters, floating, skip next, odd phases': { edition: 'masters', mustDiscardToGoOut: true, skipTarget: 'next', phaseList: 'odd' },
}
export const SHORT_COMBOS: Record<string, PartialRuleOptions> = {
  'classic, fixed 2 hands, 12 Wilds': { fixedHands: 2, wildCount: 12 },
  'classic, fixed 1 hand, no Skips, floating': { fixedHands: 1, skipCount: 0, mustDiscardToGoOut: true },
  'classic, custom colour phases': { phaseList: [[{ kind: 'colour', size: 3 }], [{ kind: 'set', size: 2 }, { kind: 'run', size: 3 }]] },
  'classic, custom one run, natural per group, skip next': { phaseList: [[{ kind: 'run', size: 4 }, { kind: 'set', size: 2 }]], wildsNeedNaturalPerGroup: true, skipTarget: 'next' },
  'masters, custom two phases, scored saves': { edition: 'masters', scoreSavedCards: true, phaseList: [[{ kind: 'set', size: 3 }], [{ kind: 'colour', size: 4 }]] },
  'masters, fixed 2 hands': { edition: 'masters', fixedHands: 2, hitOnLayDownTurn: false },
  'classic, fixed 2 hands, 8 Skips waiting with their target, protected until skipped': { fixedHands: 2, skipCount: 8, skipLands: 'target', skipProtection: 'untilSkipped' },
  'masters, fixed 2 hands, 8 Skips, one per player per round': { edition: 'masters', fixedHands: 2, skipCount: 8, skipProtection: 'round' },
}
export const RULE_COMBOS: Record<string, PartialRuleOptions> = { ...LONG_COMBOS, ...SHORT_COMBOS }

/** A game: a seed, 2-6 players and rule options (short combos four times as often as long ones). */
export const gameArbitrary = fc.record({
  seed: fc.string({ minLength: 1, maxLength: 12 }).map((s) => `game:${s}`),
  players: fc.integer({ min: 2, max: 6 }),
  combo: fc.oneof({ arbitrary: fc.constantFrom(...Object.keys(LONG_COMBOS)), weight: 1 }, { arbitrary: fc.constantFrom(...Object.keys(SHORT_COMBOS)), weight: 4 }),
})

/** fast-check parameters: fixed seed (a failure prints it with the path to replay it), stop at the first failure. */
export const params = (numRuns: number) => ({ seed: PROPERTY_SEED, numRuns, endOnFailure: true })
