/** The inlined deal shuffle must draw exactly what the generic one draws (replays and saved games depend on it). */
import { describe, expect, it } from 'vitest'
import { openRng, rngFromSeed, shuffleInPlace, shuffleWithState } from './rng'

describe('shuffleWithState', () => {
  it('equals shuffleInPlace(cards, openRng(state)), cards and generator state alike', () => {
    for (let k = 0; k < 300; k++) {
      const state = rngFromSeed(`shuffle-${k}`)
      const n = k % 120
      const a = Array.from({ length: n }, (_, i) => i)
      const b = a.slice()
      const rng = openRng(state)
      shuffleInPlace(a, rng)
      const after = shuffleWithState(b, state)
      expect(b).toEqual(a)
      expect(after).toEqual(rng.state())
    }
  })
})
