/**
 * Rule options (RULES.md section 10) — one zod schema is the source of truth for their shape, used by the
 * scenario runner, the lobby protocol and saved games alike. Every option defaults to the printed rules.
 */
import { z } from 'zod'
import { describePhaseProblem, MAX_CUSTOM_PHASES, MAX_GROUPS_PER_PHASE, phaseList, phaseListProblems, phaseProblems, type PhaseDef, type PhaseProblem } from './phases'

const groupRequirementSchema = z.object({
  kind: z.enum(['set', 'run', 'colour']),
  size: z.number().int().min(1).max(12),
})

/**
 * A custom phase: 1 to 4 groups, at most 10 cards in all so it can be held with a 10-card hand + draw, runs of
 * 2 or more. What no rule option changes (`phaseProblems` with no deck; the Wilds are checked per game below).
 */
export const customPhaseSchema = z
  .array(groupRequirementSchema)
  .min(1)
  .max(MAX_GROUPS_PER_PHASE)
  .superRefine((groups, ctx) => {
    for (const p of phaseProblems(groups, null)) ctx.addIssue({ code: 'custom', path: p.group === null ? [] : [p.group - 1], message: p.reason })
  })

/** A custom phase list (section 10): 1 to 20 phases. */
export const customPhaseListSchema = z.array(customPhaseSchema).min(1).max(MAX_CUSTOM_PHASES)

export const ruleOptionsSchema = z
  .object({
    edition: z.enum(['classic', 'masters']),
    phaseList: z.union([z.enum(['classic', 'even', 'odd']), customPhaseListSchema]),
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

/**
 * The phases of these rules that can never be made with this deck, in words (empty: all can). The schema
 * already refuses what no option changes (a run of 1, 11 cards); this adds what the Wild count decides.
 */
export function impossiblePhases(rules: Pick<RuleOptions, 'phaseList' | 'wildCount'>): PhaseProblem[] {
  if (typeof rules.phaseList === 'string') return [] // the presets are Classic's phases: sets of at most 5
  return phaseListProblems(rules.phaseList, { wildCount: rules.wildCount }).filter((p) => p.cause === 'wilds')
}

function refuseImpossiblePhases(rules: RuleOptions, ctx: z.RefinementCtx): void {
  for (const p of impossiblePhases(rules)) ctx.addIssue({ code: 'custom', path: ['phaseList'], message: describePhaseProblem(p) })
}

/**
 * Rule options a new game may be played by: the shape, and every phase possible with the deck they make
 * (the host checks a lobby's rules with it after merging a change). Saves and snapshots keep the bare
 * `ruleOptionsSchema`: a game already played is read as it was.
 */
export const playableRuleOptionsSchema = ruleOptionsSchema.superRefine(refuseImpossiblePhases)

/**
 * What a scenario file, a lobby or a new game may give: any subset of the options, every phase possible
 * with the deck they make (missing options take their defaults, as `resolveRules` fills them in). A lobby's
 * change is a subset of options merged into the table's: checked alone it is never refused wrongly (the
 * default 8 Wilds cover any phase of at most 10 cards), and the host checks the merged rules again.
 */
export const partialRuleOptionsSchema = ruleOptionsSchema
  .partial()
  .strict()
  .superRefine((partial, ctx) => refuseImpossiblePhases(resolveRules(partial), ctx))
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
