/** Player settings: one schema, its type inferred (style.md "one source of truth for a shape"). */
import { z } from 'zod'

export const CARD_STYLES = ['classic', 'colour-blind'] as const
export const ANIMATION_SPEEDS = ['off', 'fast', 'normal', 'slow'] as const

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
}
