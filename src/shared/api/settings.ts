/** Player settings: one schema, its type inferred (style.md "one source of truth for a shape"). */
import { z } from 'zod'
import { cleanPhaseListName, MAX_PHASE_LIST_NAME } from '../engine/phase-code'
import { customPhaseListSchema } from '../engine/rules'

export const CARD_STYLES = ['classic', 'colour-blind'] as const
export const ANIMATION_SPEEDS = ['off', 'fast', 'normal', 'slow'] as const

/** How many named phase lists a player may keep. */
export const MAX_SAVED_PHASE_LISTS = 20

/**
 * A phase list the player built and named (the Phases menu lists them after the built-in presets). Only its
 * shape is checked here: whether the Wilds suffice depends on the table's rules, checked when it is chosen.
 */
export const savedPhaseListSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Give the list a name')
      .refine((name) => cleanPhaseListName(name) === name, `At most ${MAX_PHASE_LIST_NAME} characters, none of them invisible`),
    phaseList: customPhaseListSchema,
  })
  .strict()
export type SavedPhaseList = z.infer<typeof savedPhaseListSchema>

export const settingsSchema = z.object({
  playerName: z.string().trim().min(1, 'Enter a name').max(20, 'At most 20 characters'),
  /** `colour-blind` adds a shape per colour to every card. */
  cardStyle: z.enum(CARD_STYLES),
  sound: z.boolean(),
  animationSpeed: z.enum(ANIMATION_SPEEDS),
  /** How long a bot "thinks" before each action, so humans can follow. */
  botDelayMs: z.number().int().min(0).max(5000),
  /** Desktop app: look for a new release at start and download it in the background (src/main/updater.ts). */
  checkForUpdates: z.boolean(),
  /** Your turn while the window is in the background: flash it and show a system notification (issue #17). */
  turnAlerts: z.boolean(),
  /** Named custom phase lists, newest last; names are unique (compared ignoring case). */
  savedPhaseLists: z
    .array(savedPhaseListSchema)
    .max(MAX_SAVED_PHASE_LISTS, `At most ${MAX_SAVED_PHASE_LISTS} saved phase lists`)
    .refine((presets) => new Set(presets.map((p) => p.name.toLocaleLowerCase('en'))).size === presets.length, 'Two saved phase lists have the same name'),
})
export type Settings = z.infer<typeof settingsSchema>

/** `settings.set` params: any subset of the fields, nothing unknown. */
export const settingsPatchSchema = settingsSchema.partial().strict()
export type SettingsPatch = z.infer<typeof settingsPatchSchema>

export const DEFAULT_SETTINGS: Settings = {
  playerName: 'Player',
  cardStyle: 'classic',
  sound: true,
  animationSpeed: 'normal',
  botDelayMs: 700,
  checkForUpdates: true,
  turnAlerts: true,
  savedPhaseLists: [],
}
