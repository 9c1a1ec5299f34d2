/** The games/s benchmark runs and plays whole games (the figures themselves come from `npm run bench:engine`). */
import { describe, expect, it } from 'vitest'
import { benchGames, median, playQuickGame } from './games'

describe('engine benchmark', () => {
  it('plays a whole 4-player Classic game with the quick policy', () => {
    const { state, actions } = playQuickGame('bench-smoke')
    expect(state.stage).toBe('gameOver')
    expect(state.winner).not.toBeNull()
    expect(actions).toBe(state.version)
  })
  it('reports games per second for each round', () => {
    const r = benchGames({ seconds: 0.1, rounds: 3, warmupSeconds: 0.05 })
    expect(r.gamesPerSecond).toHaveLength(3)
    expect(r.applyOnlyGamesPerSecond).toHaveLength(3)
    expect(r.pureApplyGamesPerSecond).toHaveLength(3)
    expect(Math.min(...r.gamesPerSecond, ...r.applyOnlyGamesPerSecond, ...r.pureApplyGamesPerSecond)).toBeGreaterThan(0)
    expect(r.games).toBeGreaterThan(0)
    expect(r.actionsPerGame).toBeGreaterThan(100)
  })
  it('takes the median of the rounds', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
})
