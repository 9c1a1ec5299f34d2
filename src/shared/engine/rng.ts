/**
 * Seeded PRNG (RULES.md section 11): every shuffle comes from xoroshiro128+ (pure-rand), whose state is kept
 * as plain numbers inside the game state, so a state serialises and a replay is byte-identical.
 *
 * Where the seeds come from (section 11, "Keyed deals"): the game's seed is a secret **game key**; every
 * hand's deal seed, the first dealer and each hand's reshuffles are derived from it with HMAC-SHA-256
 * (`keyedSeed`). xoroshiro is linear: seeds drawn from one game-long generator let anyone who saw a few
 * revealed seeds rebuild it and predict every later deal. A keyed hash has no such structure, so the
 * seeds revealed after each hand say nothing about the next one, and the key is revealed only at game over.
 */
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus'
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64'
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

/** pure-rand's rejection bound for each range up to a deck's size: the largest multiple of it up to 2^32. */
const MAX_ALLOWED: number[] = Array.from({ length: 129 }, (_, range) => (range > 2 ? ~~(4294967296 / range) * range : 4294967296))

/**
 * Exactly `shuffleInPlace(cards, openRng(state))` (same generator, same `uniformInt` draws, same swaps), with
 * the generator inlined: dealing shuffles 108 cards every hand, and the generic path costs a call chain and a
 * floating-point remainder per card. Returns the generator's state afterwards (`rng.state()`).
 */
export function shuffleWithState<T>(cards: T[], state: RngState): RngState {
  let s01 = state[0] | 0
  let s00 = state[1] | 0
  let s11 = state[2] | 0
  let s10 = state[3] | 0
  for (let i = cards.length - 1; i > 0; i--) {
    // uniformInt(gen, 0, i): rejection sampling of a 32-bit draw into i + 1 values (pure-rand's algorithm).
    const range = i + 1
    const maxAllowed = range < MAX_ALLOWED.length ? MAX_ALLOWED[range] : ~~(4294967296 / range) * range
    let v: number
    do {
      // xoroshiro128+ next(), as pure-rand computes it on 32-bit halves.
      const out = (s00 + s10) | 0
      const a0 = s10 ^ s00
      const a1 = s11 ^ s01
      const n00 = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16)
      const n01 = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16))
      s10 = (a1 << 5) ^ (a0 >>> 27)
      s11 = (a0 << 5) ^ (a1 >>> 27)
      s00 = n00
      s01 = n01
      v = (out ^ 0x80000000) >>> 0 // out + 2^31, as an unsigned 32-bit integer
    } while (v >= maxAllowed)
    // v % range without `%` on a value that may exceed 2^31 (a slow floating-point remainder there): v / range
    // is correctly rounded and its fraction is at most 1 - 1/range, far from the next integer, so the floor is
    // exact, and so is the product (at most v < 2^32).
    const j = v - Math.floor(v / range) * range
    const t = cards[i]
    cards[i] = cards[j]
    cards[j] = t
  }
  return [s01, s00, s11, s10]
}

/**
 * HMAC-SHA-256 of `label` under `key` (both as UTF-8 bytes), as the first 32 hex digits (128 bits). Labels
 * are the ones below; docs/engine.md lists the exact bytes so that anyone can check a revealed game.
 */
export function keyedSeed(key: string, label: string): string {
  // The keyed state after the key block is the same for every label of one key: keep it for the game's key
  // (one entry; a host runs one game at a time per table, a bench one after another).
  if (keyCache?.key !== key) keyCache = { key, base: hmac.create(sha256, utf8ToBytes(key)) }
  return bytesToHex(keyCache.base.clone().update(utf8ToBytes(label)).digest()).slice(0, 32)
}
let keyCache: { key: string; base: ReturnType<typeof hmac.create> } | null = null

/** Hand `handNumber`'s deal seed (1-based): HMAC(gameKey, "phase10/hand/<n>"). */
export function handSeedFor(gameKey: string, handNumber: number): string {
  return keyedSeed(gameKey, `phase10/hand/${handNumber}`)
}

/**
 * The generator of a hand's reshuffles (section 7): from that hand's seed the same way as its deal's
 * (`redeal` seeds from the hand seed itself), so it is exactly as secret as the deal and a revealed hand
 * replays whole. No second HMAC: one keyed hash per hand is all the secrecy needs.
 */
export function reshuffleRngFor(handSeed: string): RngState {
  return rngFromSeed(`${handSeed}/reshuffles`)
}

/** The first dealer, drawn from HMAC(gameKey, "phase10/dealer"). */
export function firstDealerFor(gameKey: string, playerCount: number): number {
  return openRng(rngFromSeed(keyedSeed(gameKey, 'phase10/dealer'))).int(0, playerCount - 1)
}

/**
 * A seed string (8 hex digits × 2) drawn from a generator. Not for deals (those are keyed: `handSeedFor`);
 * kept for the bench's and tests' own seeded inputs.
 */
export function drawSeed(rng: Rng): string {
  const a = (rng.int(0, 0xffff) << 16) | rng.int(0, 0xffff)
  const b = (rng.int(0, 0xffff) << 16) | rng.int(0, 0xffff)
  return hex8(a) + hex8(b)
}

const HEX = '0123456789abcdef'
/** `(x >>> 0).toString(16).padStart(8, '0')`, without the slow generic radix conversion (a deal per hand). */
function hex8(x: number): string {
  let out = ''
  for (let shift = 28; shift >= 0; shift -= 4) out += HEX[(x >>> shift) & 15]
  return out
}

/**
 * A seeded stream of floats in [0, 1) (pure-rand's xoroshiro128+): random test data and benchmark inputs that
 * print their seed and replay. Not for game randomness, which goes through the game state's `RngState`.
 */
export function seededFloats(seed: number): () => number {
  const gen = xoroshiro128plus(seed)
  return () => uniformFloat64(gen)
}
