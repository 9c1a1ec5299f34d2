import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '@shared/engine/actions'
import { RecentLists, batchFor, makeBatch } from './table-batches'

describe('RecentLists', () => {
  it("gives every seat (and the unseated) exactly batchFor of each batch, whoever's secrets are in them (seeded)", () => {
    const drew = (seat: number): GameEvent => ({ type: 'drew', seat, from: 'deck' }) as GameEvent
    const batchArb = fc.array(fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }), { maxLength: 3 })
    fc.assert(
      fc.property(fc.array(batchArb, { maxLength: 30 }), (spec) => {
        const recent = spec.map((drawers, v) => {
          const events = drawers.map((s) => drew(s ?? 0))
          const secrets = drawers.flatMap((s, index) => (s === null ? [] : [{ index, seat: s, card: `R${(v % 12) + 1}` }]))
          return makeBatch(v + 1, events, secrets)
        })
        const lists = new RecentLists(recent)
        for (const seat of [null, 0, 1, 2, 3, 4, 5]) {
          const list = lists.for(seat)
          expect(list).toHaveLength(recent.length)
          recent.forEach((b, i) => expect(list[i]).toBe(batchFor(b, seat)))
        }
      }),
      { seed: 18, numRuns: 300 },
    )
  })
})
