import { describe, expect, it } from 'vitest'
import type { SavedGame } from '../../../shared/api'
import { savedGameDetail, savedGameTitle, timeAgo } from './saved-games'

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
})
