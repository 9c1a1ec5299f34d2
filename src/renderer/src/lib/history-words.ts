/** How the History screen words dates, places, levels and shares. */
import type { OpponentKind } from '@shared/history/stats'

const LEVELS: Record<string, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard', expert: 'Expert' }

export function levelName(level: string): string {
  return LEVELS[level] ?? level
}

/** "Easy bots" … "People" (a game with no bot opponent). */
export function opponentName(kind: OpponentKind): string {
  return kind === 'people' ? 'People' : `${levelName(kind)} bot`
}

/** 1st, 2nd, 3rd, 4th … */
export function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'
  return `${n}${suffix}`
}

/** A share 0..1 as a whole percentage. */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`
}

/** "1 Dec 2026, 17:40" in the reader's own locale. */
export function historyDate(at: number): string {
  return new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}
