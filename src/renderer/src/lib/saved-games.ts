/**
 * How the home screen names a saved game it offers to continue. Small and free of the engine: the menu's
 * first bundle carries it.
 */
import type { SavedGame } from '@shared/api'

/** "Solo vs Ada and Babbage" / the LAN table's name. */
export function savedGameTitle(g: SavedGame): string {
  if (g.mode === 'lan') return g.name
  const bots = g.players.filter((p) => !p.isHost).map((p) => p.name)
  const names = bots.length <= 3 ? bots : [...bots.slice(0, 2), `${bots.length - 2} more`]
  return `Solo vs ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'bots')}`
}

/** "Hand 4 · you: Phase 3, 45 pts · 2 h ago" (the "you" part only when this machine has a seat). */
export function savedGameDetail(g: SavedGame, now: number, withAge = true): string {
  const me = g.players.find((p) => p.isHost)
  const parts = [`Hand ${g.handNumber}`]
  if (me) parts.push(`you: ${me.phase === null ? 'choosing a phase' : `Phase ${me.phase}`}, ${me.score} pts`)
  if (withAge) parts.push(timeAgo(now - g.savedAt))
  return parts.join(' · ')
}

export interface SavedGameRow {
  game: SavedGame
  title: string
  detail: string
  /** What names this row alone (its "Forget …" button): the title, with the detail when another row shares it. */
  label: string
}

/**
 * The rows the menu lists, newest first, no two alike: two games against the same bots, both left at hand 1
 * a moment ago, would read the same ("Solo vs Ada and Babbage · Hand 1 · … · just now"), and the player could
 * not tell which one they continue. Rows that share their title say the clock time they were saved instead
 * of "just now"; rows still alike after that are numbered, newest first.
 */
export function savedGameRows(games: readonly SavedGame[], now: number): SavedGameRow[] {
  const title = games.map(savedGameTitle)
  const shared = (i: number) => title.some((t, k) => k !== i && t === title[i])
  const rows: SavedGameRow[] = games.map((game, i) => ({
    game,
    title: title[i],
    detail: shared(i) ? `${savedGameDetail(game, now, false)} · saved ${clockTime(game.savedAt)}` : savedGameDetail(game, now),
    label: title[i],
  }))
  const seen = new Map<string, number>()
  for (const row of rows) {
    const key = `${row.title}\n${row.detail}`
    const n = (seen.get(key) ?? 0) + 1
    seen.set(key, n)
    if (n > 1) row.title = `${row.title} (${n})`
  }
  for (const [i, row] of rows.entries()) if (shared(i)) row.label = `${row.title} (${row.detail})`
  return rows
}

/** 24-hour local clock time, "09:05". */
function clockTime(at: number): string {
  const d = new Date(at)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
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
