/** The inlined deal shuffle and seed formatting must give exactly what the generic code gave (replays, saved games and revealed seeds depend on it). */
import { describe, expect, it } from 'vitest'
import { drawSeed, openRng, rngFromSeed, shuffleInPlace, shuffleWithState, seededFloats } from './rng'

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

describe('drawSeed', () => {
  it('writes the two 32-bit draws as 16 lowercase hex digits, as toString(16).padStart did', () => {
    for (let k = 0; k < 500; k++) {
      const state = rngFromSeed(`seed-${k}`)
      const r = openRng(state)
      const a = (r.int(0, 0xffff) << 16) | r.int(0, 0xffff)
      const b = (r.int(0, 0xffff) << 16) | r.int(0, 0xffff)
      expect(drawSeed(openRng(state))).toBe((a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0'))
    }
  })
})

describe('seededFloats', () => {
  it('replays the same floats in [0, 1) from the same seed, and others from another', () => {
    const take = (seed: number) => {
      const next = seededFloats(seed)
      return Array.from({ length: 1000 }, () => next())
    }
    const a = take(42)
    expect(take(42)).toEqual(a)
    expect(take(43)).not.toEqual(a)
    expect(a.every((x) => x >= 0 && x < 1)).toBe(true)
    expect(new Set(a).size).toBe(1000)
  })
})
