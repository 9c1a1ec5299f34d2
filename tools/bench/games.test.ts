/** The games/s benchmark runs and plays whole games (the number itself is reported by `npx tsx tools/bench/games.ts`). */
import { describe, expect, it } from 'vitest'
import { benchGames, playQuickGame } from './games'

describe('engine benchmark', () => {
  it('plays a whole 4-player Classic game with the quick policy', () => {
    const { state, actions } = playQuickGame('bench-smoke')
    expect(state.stage).toBe('gameOver')
    expect(state.winner).not.toBeNull()
    expect(actions).toBe(state.version)
  })
  it('reports games per second', () => {
    const r = benchGames(0.3)
    expect(r.games).toBeGreaterThan(0)
    expect(r.gamesPerSecond).toBeGreaterThan(0)
    expect(r.applyOnlyGamesPerSecond).toBeGreaterThan(0)
  })
})
