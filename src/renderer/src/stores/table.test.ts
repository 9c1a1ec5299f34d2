import { describe, expect, it } from 'vitest'
import type { ApiResult, GameApi } from '@shared/api'
import { friendlyError } from '../lib/words'
import { play, position, snapshotOf } from '../test-support/engine-views'
import { apply } from '@shared/engine'
import { TableStore } from './table.svelte'

describe('TableStore', () => {
  it('logs the deal from the snapshot and each later batch once, in plain words', () => {
    const store = new TableStore()
    const start = position({ hands: [['R1', 'R2'], ['B1', 'B2']], drawPile: ['G5'] })
    store.receiveSnapshot(snapshotOf(start, 0, { recentEvents: [{ version: 0, events: [{ type: 'handDealt', handNumber: 1, dealer: 1, upcard: 'Y9', seats: [0, 1], commitment: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }] }] }))
    expect(store.log.map((l) => l.text)).toEqual(['\u2068Ada\u2069 dealt hand 1; the upcard is yellow 9.'])
    const r = apply(start, 0, { type: 'draw', from: 'deck' })
    if (!r.ok) throw new Error(r.error.message)
    store.receiveEvents(1, r.events)
    store.receiveEvents(1, r.events) // sent twice: logged once
    store.receiveSnapshot(snapshotOf(r.state, 0, { recentEvents: [{ version: 1, events: r.events }] }))
    expect(store.log.map((l) => l.text)).toEqual(['\u2068Ada\u2069 dealt hand 1; the upcard is yellow 9.', 'You drew from the pile.'])
  })

  it('logs the first deal once when its events come before the snapshot that starts the game, and again after a rematch', () => {
    const store = new TableStore()
    const start = position({ hands: [['R1', 'R2'], ['B1', 'B2']], drawPile: ['G5'] })
    const deal = { version: 0, events: [{ type: 'handDealt' as const, handNumber: 1, dealer: 1, upcard: 'Y9', seats: [0, 1], commitment: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }] }
    store.receiveSnapshot({ ...snapshotOf(start), status: 'lobby', view: null })
    store.receiveEvents(deal.version, deal.events) // the host sends the batch, then the snapshot
    store.receiveSnapshot(snapshotOf(start, 0, { recentEvents: [deal] }))
    expect(store.log.map((l) => l.text)).toEqual(['\u2068Ada\u2069 dealt hand 1; the upcard is yellow 9.'])
    // Game over, then a rematch: the versions start again at 0.
    store.receiveSnapshot({ ...snapshotOf(start, 0, { recentEvents: [deal] }), status: 'over' })
    store.receiveEvents(deal.version, deal.events)
    store.receiveSnapshot(snapshotOf(start, 0, { recentEvents: [deal] }))
    expect(store.log.map((l) => l.text)).toEqual(['\u2068Ada\u2069 dealt hand 1; the upcard is yellow 9.', '\u2068Ada\u2069 dealt hand 1; the upcard is yellow 9.'])
  })

  it('sends an action with the snapshot’s version and shows a refusal as a friendly toast, never a code', async () => {
    const calls: unknown[] = []
    const api = {
      async invoke(name: string, params: unknown): Promise<ApiResult<unknown>> {
        calls.push({ name, params })
        if (name === 'table.act') return { ok: false, error: { code: 'RULES', message: 'NOT_YOUR_TURN: seat 1', detail: { engineCode: 'NOT_YOUR_TURN' } } }
        return { ok: true, value: null }
      },
      on: () => () => {},
    } as unknown as GameApi
    const store = new TableStore()
    store.connect(api)
    const s = play(position({ hands: [['R1', 'R2'], ['B1', 'B2']], drawPile: ['G5'] }), [[0, { type: 'draw', from: 'deck' }]])
    store.receiveSnapshot(snapshotOf(s))
    expect(await store.act({ type: 'discard', card: 'R1' })).toBe(false)
    expect(calls).toContainEqual({ name: 'table.act', params: { version: 1, action: { type: 'discard', card: 'R1' } } })
    expect(store.toasts.map((t) => t.text)).toEqual(['Wait for your turn.'])
  })

  it('has words for every failure, and a kind sentence for unknown ones', () => {
    expect(friendlyError({ code: 'STALE_VERSION' })).toMatch(/moved on/)
    expect(friendlyError({ code: 'DISCONNECTED' })).toMatch(/Reconnecting/)
    expect(friendlyError({ code: 'SOMETHING_NEW' })).toBe('Something went wrong. Please try again.')
    expect(friendlyError({ code: 'RULES', detail: { engineCode: 'SKIP_FROM_DISCARD' } })).toMatch(/never be picked up/)
  })
})
