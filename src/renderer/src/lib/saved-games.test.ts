import { describe, expect, it } from 'vitest'
import type { SavedGame } from '@shared/api'
import { savedGameDetail, savedGameRows, savedGameTitle, timeAgo } from './saved-games'

const player = (name: string, isHost = false, phase: number | null = 1, score = 0): SavedGame['players'][number] => ({
  name,
  kind: isHost ? 'human' : 'bot',
  botLevel: isHost ? null : 'easy',
  isHost,
  score,
  phase,
})
const game = (over: Partial<SavedGame>): SavedGame => ({
  tableId: 't1',
  name: 'Solo',
  mode: 'solo',
  savedAt: 0,
  edition: 'classic',
  handNumber: 4,
  players: [player('Me', true, 3, 45), player('Ada'), player('Babbage')],
  ...over,
})

describe('saved games on the home screen', () => {
  it('names a solo game by its bots and a LAN game by its table', () => {
    expect(savedGameTitle(game({}))).toBe('Solo vs Ada and Babbage')
    expect(savedGameTitle(game({ players: [player('Me', true), player('Ada')] }))).toBe('Solo vs Ada')
    expect(savedGameTitle(game({ players: ['Me', 'A', 'B', 'C', 'D', 'E'].map((n, i) => player(n, i === 0)) }))).toBe('Solo vs A, B and 3 more')
    expect(savedGameTitle(game({ mode: 'lan', name: "Ann's table" }))).toBe("Ann's table")
  })
  it('says where the game stands for this machine, and when it was left', () => {
    expect(savedGameDetail(game({}), 2 * 3_600_000 + 5)).toBe('Hand 4 · you: Phase 3, 45 pts · 2 h ago')
    expect(savedGameDetail(game({ players: [player('Me', true, null, 10), player('Ada')] }), 30_000)).toBe('Hand 4 · you: choosing a phase, 10 pts · just now')
    expect(savedGameDetail(game({ mode: 'lan', players: [player('Ann'), player('Ben')] }), 90 * 60_000)).toBe('Hand 4 · 1 h ago')
  })
  it('tells time roughly', () => {
    expect([59_000, 5 * 60_000, 25 * 3_600_000, 4 * 86_400_000].map(timeAgo)).toEqual(['just now', '5 min ago', 'yesterday', '4 days ago'])
  })
  it('never lists two rows alike: the same bots left a moment ago read apart by clock time, then by number (issue #16)', () => {
    const at = new Date(2026, 11, 1, 10, 31).getTime()
    const now = at + 20_000
    const hand1 = (tableId: string, savedAt: number) => game({ tableId, savedAt, handNumber: 1, players: [player('Me', true, 1, 0), player('Ada'), player('Babbage')] })
    const rows = savedGameRows([hand1('a', at + 5_000), hand1('b', at - 60_000), hand1('c', at), game({ tableId: 'd', savedAt: at, players: [player('Me', true), player('Cy')] })], now)
    expect(rows.map((r) => `${r.title} · ${r.detail}`)).toEqual([
      'Solo vs Ada and Babbage · Hand 1 · you: Phase 1, 0 pts · saved 10:31',
      'Solo vs Ada and Babbage · Hand 1 · you: Phase 1, 0 pts · saved 10:30',
      'Solo vs Ada and Babbage (2) · Hand 1 · you: Phase 1, 0 pts · saved 10:31',
      'Solo vs Cy · Hand 4 · you: Phase 1, 0 pts · just now',
    ])
    expect(new Set(rows.map((r) => `${r.title} · ${r.detail}`)).size).toBe(rows.length)
  })
})
