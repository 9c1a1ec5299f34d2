import { describe, expect, it } from 'vitest'
import { COLOURS } from './cards'
import { canHit, makeGroup, type LaidGroup } from './groups'
import { fitsGroup } from './policy'
import { cardIndex } from './cards'

const HAND_CARDS = ['W', ...COLOURS.flatMap((c) => Array.from({ length: 12 }, (_, i) => `${c}${i + 1}`))]

/** Laid groups of every kind: sets of each number, each colour, and runs touching both ends and the middle. */
function groups(): LaidGroup[] {
  const out: LaidGroup[] = []
  for (let n = 1; n <= 12; n++) out.push(makeGroup([`R${n}`, `B${n}`, `W`], { kind: 'set', size: 3 })!)
  for (const c of COLOURS) out.push(makeGroup([`${c}1`, `${c}5`, 'W'], { kind: 'colour', size: 3 })!)
  for (const [low, size] of [[1, 4], [9, 4], [1, 12], [4, 5], [2, 10], [3, 2]])
    out.push(makeGroup(Array.from({ length: size }, (_, i) => (i === 1 ? 'W' : `G${low + i}`)), { kind: 'run', size })!)
  return out
}

describe('fitsGroup (the quick policy\'s hit check)', () => {
  it('agrees with the engine\'s canHit for every hand card and every kind of laid group', () => {
    const all = groups()
    expect(all.every(Boolean)).toBe(true)
    for (const g of all) for (const card of HAND_CARDS) expect(fitsGroup(g, cardIndex(card)), `${card} on ${JSON.stringify(g)}`).toBe(canHit(g, card))
  })
})
