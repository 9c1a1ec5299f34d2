/**
 * Seeded PRNG (RULES.md section 11): every shuffle comes from xoroshiro128+ (pure-rand), whose state is kept
 * as plain numbers inside the game state, so a state serialises and a replay is byte-identical.
 */
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus'
import { uniformInt } from 'pure-rand/distribution/uniformInt'

/** The generator's state: four 32-bit integers. Plain data. */
export type RngState = readonly number[]

/** cyrb128: a fast 128-bit string hash, so any seed string spreads over the whole generator state. */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703
  let h2 = 3144134277
  let h3 = 1013904242
  let h4 = 2773480762
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i)
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067)
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233)
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213)
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179)
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067)
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233)
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213)
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179)
  h1 ^= h2 ^ h3 ^ h4
  h2 ^= h1
  h3 ^= h1
  h4 ^= h1
  return [h1 | 0, h2 | 0, h3 | 0, h4 | 0]
}

export function rngFromSeed(seed: string): RngState {
  const s = hash128(seed)
  // xoroshiro must never start from the all-zero state.
  if (s[0] === 0 && s[1] === 0 && s[2] === 0 && s[3] === 0) s[3] = 1
  return s
}

/**
 * A mutable generator for the duration of one pure function; the caller stores `state()` back into the
 * new game state. The input state array is never written.
 */
export interface Rng {
  int(from: number, to: number): number
  state(): RngState
}

export function openRng(state: RngState): Rng {
  const gen = xoroshiro128plusFromState(state)
  return {
    int: (from, to) => uniformInt(gen, from, to),
    state: () => gen.getState().slice(),
  }
}

/** Fisher–Yates, in place on `cards` (a fresh array the caller owns). */
export function shuffleInPlace<T>(cards: T[], rng: Rng): T[] {
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.int(0, i)
    const t = cards[i]
    cards[i] = cards[j]
    cards[j] = t
  }
  return cards
}

/** A fresh random seed string (8 hex digits × 2) drawn from the game RNG, e.g. for one hand's deal. */
export function drawSeed(rng: Rng): string {
  const a = (rng.int(0, 0xffff) << 16) | rng.int(0, 0xffff)
  const b = (rng.int(0, 0xffff) << 16) | rng.int(0, 0xffff)
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0')
}
