/**
 * Rule options (RULES.md section 10) — one zod schema is the source of truth for their shape, used by the
 * scenario runner, the lobby protocol and saved games alike. Every option defaults to the printed rules.
 */
import { z } from 'zod'
import { phaseList, type PhaseDef } from './phases'

const groupRequirementSchema = z.object({
  kind: z.enum(['set', 'run', 'colour']),
  size: z.number().int().min(1).max(12),
})

/** A custom phase: 1 to 4 groups, at most 10 cards in all so it can be held with a 10-card hand + draw. */
const customPhaseSchema = z
  .array(groupRequirementSchema)
  .min(1)
  .max(4)
  .refine((groups) => groups.reduce((n, g) => n + g.size, 0) <= 10, 'a phase needs at most 10 cards')
  .refine((groups) => groups.every((g) => g.kind !== 'run' || g.size >= 2), 'a run has at least 2 cards')

export const ruleOptionsSchema = z
  .object({
    edition: z.enum(['classic', 'masters']),
    phaseList: z.union([z.enum(['classic', 'even', 'odd']), z.array(customPhaseSchema).min(1).max(20)]),
    skipCount: z.number().int().min(0).max(8),
    wildCount: z.number().int().min(0).max(12),
    skipTarget: z.enum(['choose', 'next']),
    /** Section 4: where a played Skip goes — onto the discard pile at once, or in front of its target until their turn. */
    skipLands: z.enum(['discardPile', 'target']),
    /** Section 4: who a Skip may not target — `round`: also a player whose last turn was skipped, until they play again. */
    skipProtection: z.enum(['round', 'untilSkipped']),
    wildsNeedNaturalPerGroup: z.boolean(),
    hitOnLayDownTurn: z.boolean(),
    mustDiscardToGoOut: z.boolean(),
    /** `null`: off. N: everyone advances every hand; lowest score after N hands wins. */
    fixedHands: z.number().int().min(1).max(50).nullable(),
    scoreSavedCards: z.boolean(),
    /** `null`: off (LAN only: the host plays a safe default move when it runs out). */
    turnTimerSeconds: z.number().int().min(5).max(600).nullable(),
  })
  .strict()

export type RuleOptions = z.infer<typeof ruleOptionsSchema>

/** What a scenario file, a lobby or a saved game may give: any subset of the options. */
export const partialRuleOptionsSchema = ruleOptionsSchema.partial().strict()
export type PartialRuleOptions = z.infer<typeof partialRuleOptionsSchema>

export function defaultRules(edition: RuleOptions['edition'] = 'classic'): RuleOptions {
  return {
    edition,
    phaseList: 'classic',
    // RULES.md section 9: the Masters tin has 2 Skips.
    skipCount: edition === 'masters' ? 2 : 4,
    wildCount: 8,
    skipTarget: 'choose',
    skipLands: 'discardPile',
    // Seed 000 (Classic): one Skip per player per round; seed 002 (Masters): only until the turn is skipped.
    skipProtection: edition === 'masters' ? 'untilSkipped' : 'round',
    wildsNeedNaturalPerGroup: false,
    hitOnLayDownTurn: true,
    mustDiscardToGoOut: false,
    fixedHands: null,
    scoreSavedCards: false,
    turnTimerSeconds: null,
  }
}

/**
 * The Skip model of saves and logs written before section 4's revision (the phone-app model): a replay of
 * such a game must keep the rules it was played by.
 */
export const LEGACY_SKIP_RULES = { skipLands: 'target', skipProtection: 'untilSkipped' } as const satisfies PartialRuleOptions

/** Fills every missing option with its default (the edition decides the Skip count and protection defaults). */
export function resolveRules(partial: PartialRuleOptions = {}): RuleOptions {
  return { ...defaultRules(partial.edition ?? 'classic'), ...partial }
}

export function phasesFor(rules: RuleOptions): PhaseDef[] {
  return phaseList(rules.phaseList)
}
