/**
 * Animation timing from the player's setting, and nothing at all under prefers-reduced-motion.
 * Every transition in the table goes through `ms()` so one setting governs them all.
 */
import type { Settings } from '@shared/api'

const FACTOR: Record<Settings['animationSpeed'], number> = { off: 0, fast: 0.5, normal: 1, slow: 1.8 }

export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
}

/** The duration to use for an animation that takes `base` ms at normal speed. */
export function ms(base: number, speed: Settings['animationSpeed']): number {
  if (reducedMotion()) return 0
  return Math.round(base * FACTOR[speed])
}
