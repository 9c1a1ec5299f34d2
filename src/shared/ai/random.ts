/**
 * A bot's own randomness (Easy's mistakes): a number in [0, 1) from a hash of the bot's salt, the view's
 * version and seat and a draw index. Deterministic: the same inputs always give the same number, and the
 * game's RNG is never touched.
 */
export function botRandom(salt: string, version: number, seat: number, k: number): number {
  const text = `${salt}|${version}|${seat}|${k}`
  let h1 = 0xdeadbeef ^ text.length
  let h2 = 0x41c6ce57 ^ text.length
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return ((h2 >>> 0) * 2 ** 21 + (h1 >>> 11)) / 2 ** 53
}
