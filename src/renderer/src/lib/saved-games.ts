/**
 * How the home screen names a saved game it offers to continue. Small and free of the engine: the menu's
 * first bundle carries it.
 */
import type { SavedGame } from '../../../shared/api'

/** "Solo vs Ada and Babbage" / the LAN table's name. */
export function savedGameTitle(g: SavedGame): string {
  if (g.mode === 'lan') return g.name
  const bots = g.players.filter((p) => !p.isHost).map((p) => p.name)
  const names = bots.length <= 3 ? bots : [...bots.slice(0, 2), `${bots.length - 2} more`]
  return `Solo vs ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'bots')}`
}

/** "Hand 4 · you: Phase 3, 45 pts · 2 h ago" (the "you" part only when this machine has a seat). */
export function savedGameDetail(g: SavedGame, now: number): string {
  const me = g.players.find((p) => p.isHost)
  const parts = [`Hand ${g.handNumber}`]
  if (me) parts.push(`you: ${me.phase === null ? 'choosing a phase' : `Phase ${me.phase}`}, ${me.score} pts`)
  parts.push(timeAgo(now - g.savedAt))
  return parts.join(' · ')
}

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago". */
export function timeAgo(ms: number): string {
  const min = Math.floor(ms / 60_000)
  if (min < 1) return 'just now'
  if (min < 60) return `${min} min ago`
  const h = Math.floor(min / 60)
  if (h < 24) return `${h} h ago`
  const days = Math.floor(h / 24)
  return days === 1 ? 'yesterday' : `${days} days ago`
}
