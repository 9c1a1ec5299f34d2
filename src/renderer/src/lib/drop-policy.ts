/** What happens to a dropped player's seat once its grace period is over (TableHost's drop policy), in words. */
import type { DropPolicy } from '@shared/api'

export const DROP_POLICIES: { value: DropPolicy; label: string; detail: string }[] = [
  { value: 'wait', label: 'Wait for them', detail: 'the table keeps waiting until they are back' },
  { value: 'bot', label: 'A bot takes over', detail: 'a Medium bot plays their seat; they can still come back' },
  { value: 'remove', label: 'Remove them', detail: 'an Easy bot finishes their game; they cannot come back' },
]

export const GRACE_CHOICES = [30, 60, 120, 300]

export function graceLabel(seconds: number): string {
  return seconds < 60 ? `${seconds} seconds` : seconds === 60 ? '1 minute' : `${seconds / 60} minutes`
}
