/**
 * Countdowns to a host deadline (turn timer, a dropped player's grace period). Deadlines are on the host's
 * clock; `offset` (host clock minus ours, from the snapshot's `hostNow`) turns them into ours.
 */

/** Whole seconds left until `deadline` (host clock), never below 0. */
export function secondsLeft(deadline: number, now: number, offset = 0): number {
  return Math.max(0, Math.ceil((deadline - (now + offset)) / 1000))
}

/** `0:42`, `1:05`. */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
