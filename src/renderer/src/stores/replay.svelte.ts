/**
 * The game the replay viewer shows (issue #19), and the way in and out of it: the game-over screen and
 * History call `openReplay(record)`; Close goes back to the screen it came from.
 */
import type { GameRecord } from '@shared/history/record'
import { router, type Screen } from './router.svelte'

class ReplayStore {
  /** Raw, not a deep proxy: a record holds ~1,500 log entries and is never edited. */
  record = $state.raw<GameRecord | null>(null)
  /** Where Close goes. */
  from: Screen = 'home'
}

export const replay = new ReplayStore()

export function openReplay(record: GameRecord): void {
  if (router.current !== 'replay') replay.from = router.current
  replay.record = record
  router.go('replay')
}

export function closeReplay(): void {
  const to = replay.from
  replay.record = null
  router.go(to)
}
