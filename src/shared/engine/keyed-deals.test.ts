/**
 * RULES.md section 11, keyed deals: every hand's seed is HMAC-SHA-256 of the secret game key, so the seeds
 * revealed after each hand tell nothing about the next one; the key itself is revealed at game over.
 */
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { drawSeed, firstDealerFor, handSeedFor, keyedSeed, openRng, reshuffleRngFor, rngFromSeed } from './rng'
import { apply } from './apply'
import { actionLog, newGame, redeal, type GameState } from './state'
import { playRandomGame } from './testing'
import { viewFor } from './views'

describe('keyed deal seeds', () => {
  it('are HMAC-SHA-256(key, label), first 128 bits in hex, with the documented labels', () => {
    const key = 'Zx81-game-key'
    const hmac = (k: string, label: string) => createHmac('sha256', k).update(label, 'utf8').digest('hex').slice(0, 32)
    expect(keyedSeed(key, 'anything')).toBe(hmac(key, 'anything'))
    expect(handSeedFor(key, 1)).toBe(hmac(key, 'phase10/hand/1'))
    expect(handSeedFor(key, 12)).toBe(hmac(key, 'phase10/hand/12'))
    expect(reshuffleRngFor(handSeedFor(key, 3))).toEqual(rngFromSeed(`${hmac(key, 'phase10/hand/3')}/reshuffles`))
    expect(keyedSeed('another key', 'phase10/hand/3')).toBe(hmac('another key', 'phase10/hand/3')) // the cached key state follows the key
    expect(firstDealerFor(key, 4)).toBe(openRng(rngFromSeed(hmac(key, 'phase10/dealer'))).int(0, 3))
    expect(keyedSeed('ünïcødé', 'x')).toBe(hmac('ünïcødé', 'x')) // UTF-8 bytes on both sides
  })

  it('deal every hand of a game from its keyed seed; the key revealed at game over checks them all', () => {
    const { state: end } = playRandomGame({ players: 3, seed: 'keyed-full-game', rules: { fixedHands: 3 } })
    expect(end.stage).toBe('gameOver')
    const key = viewFor(end, 0).gameKey!
    expect(key).toBe('keyed-full-game')
    expect(end.revealedSeeds.length).toBeGreaterThan(0)
    end.revealedSeeds.forEach((seed, i) => expect(seed).toBe(handSeedFor(key, i + 1)))
    // Before the end nobody sees the key, at any step (the game replayed from its log).
    let s: GameState = newGame({ players: ['P0', 'P1', 'P2'], seed: key, rules: { fixedHands: 3 } })
    const first = s
    for (const entry of actionLog(end)) {
      for (const seat of [0, 1, 2]) expect(viewFor(s, seat).gameKey).toBeNull()
      const r = apply(s, entry.seat, entry.action)
      if (!r.ok) throw new Error(r.error.message)
      s = r.state
    }
    expect(s.stage).toBe('gameOver')
    // And each hand's first deal re-creates from its revealed seed.
    const dealt = redeal(end.revealedSeeds[0], { rules: first.rules, playerCount: 3, dealer: first.dealer })
    expect(dealt.hands).toEqual(first.players.map((p) => p.hand))
  })

  it('depend on the key and the hand number only: no game-long generator to rebuild', () => {
    const a = newGame({ players: ['a', 'b'], seed: 'same-key' })
    const b = newGame({ players: ['x', 'y', 'z', 'w'], seed: 'same-key', rules: { edition: 'masters' } })
    expect(a.handSeed).toBe(b.handSeed)
    expect(newGame({ players: ['a', 'b'], seed: 'other-key' }).handSeed).not.toBe(a.handSeed)
  })
})

/**
 * The attack the security review ran, in its linear form: the lowest bit of every xoroshiro128+ output is
 * a linear function of its 128-bit state, so the low bits of revealed seeds obey a recurrence of length
 * <= 128 (Berlekamp–Massey finds it) and predict every later seed's low bits. Keyed seeds obey none.
 */
describe('revealed seeds do not predict the next hand', () => {
  /** The generator's output low bits inside a 64-bit hex seed made by `drawSeed` (bits 16 and 0 of each word). */
  const lowBits = (seed: string) => [0, 8].flatMap((at) => {
    const word = parseInt(seed.slice(at, at + 8), 16)
    return [(word >>> 16) & 1, word & 1]
  })

  it('the old single-generator seeds: a recurrence of length <= 128 predicts every later low bit', () => {
    const rng = openRng(rngFromSeed('old-style'))
    const bits = Array.from({ length: 120 }, () => drawSeed(rng)).flatMap(lowBits)
    const { length, predict } = berlekampMassey(bits.slice(0, 360))
    expect(length).toBeLessThanOrEqual(128)
    expect(predict(bits.slice(0, 360), 120)).toEqual(bits.slice(360)) // the next 30 "hands", exactly
  })

  it('keyed seeds: the same recovery finds no short recurrence and predicts no better than a coin', () => {
    const bits = Array.from({ length: 120 }, (_, i) => handSeedFor('secret game key', i + 1)).flatMap(lowBits)
    const { length, predict } = berlekampMassey(bits.slice(0, 360))
    expect(length).toBeGreaterThan(150) // a random sequence of 360 bits has linear complexity ~180
    const predicted = predict(bits.slice(0, 360), 120)
    const right = predicted.filter((b, i) => b === bits[360 + i]).length
    expect(right).toBeGreaterThan(120 * 0.3)
    expect(right).toBeLessThan(120 * 0.7)
  })
})

/** GF(2) Berlekamp–Massey: the shortest linear recurrence generating `s`, and its continuation. */
function berlekampMassey(s: number[]): { length: number; predict: (prefix: number[], count: number) => number[] } {
  let c = [1]
  let b = [1]
  let l = 0
  let m = -1
  for (let n = 0; n < s.length; n++) {
    let d = s[n]
    for (let i = 1; i <= l; i++) d ^= (c[i] ?? 0) & s[n - i]
    if (d === 0) continue
    const t = c.slice()
    const shift = n - m
    for (let i = 0; i < b.length; i++) c[i + shift] = (c[i + shift] ?? 0) ^ b[i]
    if (2 * l <= n) {
      l = n + 1 - l
      m = n
      b = t
    }
  }
  const taps = c
  return {
    length: l,
    predict: (prefix, count) => {
      const out = prefix.slice()
      for (let k = 0; k < count; k++) {
        const n = out.length
        let bit = 0
        for (let i = 1; i <= l; i++) bit ^= (taps[i] ?? 0) & out[n - i]
        out.push(bit)
      }
      return out.slice(prefix.length)
    },
  }
}
