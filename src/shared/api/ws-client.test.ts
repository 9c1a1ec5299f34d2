/**
 * The WebSocket client (browsers, phones and joining desktops) against a host that sends anything: random
 * frames — garbage, wrong shapes, updates whose patches go through scalars, past array ends, to `__proto__` —
 * never throw out of `onmessage` (an exception there would reach a joining desktop's main process), and the
 * channel still answers requests and follows a whole snapshot afterwards.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRpcChannel, type WebSocketLike } from './ws-client'

function fakeSocket(): WebSocketLike & { sent: string[] } {
  const sent: string[] = []
  return { readyState: 1, sent, send: (d) => void sent.push(d), close: () => {}, onopen: null, onmessage: null, onclose: null, onerror: null }
}

const snapshot = { version: 3, seats: [], view: { hand: ['R1', 'W'], players: [{ handCount: 2 }], discard: [] }, chat: [], recentEvents: [] }
const pathArb = fc.oneof(
  fc.constantFrom('/view', '/view/hand/0', '/view/hand/9', '/view/hand/-', '/view/players/0/handCount/x', '/version/x', '/__proto__/x', '/chat/0/a', ''),
  fc.array(fc.constantFrom('view', 'hand', '0', '-', 'x', '__proto__', '~1', 'seats'), { maxLength: 5 }).map((t) => `/${t.join('/')}`),
)
const opArb = fc.record({ op: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test'), path: pathArb, from: pathArb, value: fc.jsonValue({ maxDepth: 2 }) })
const updateArb = fc.record({
  base: fc.constantFrom(0, 1, -1, 0.5),
  rev: fc.constantFrom(1, 2),
  batches: fc.oneof(fc.constant([]), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 2 })),
  patch: fc.array(opArb, { maxLength: 5 }),
})
const frameArb = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string(),
  updateArb.map((payload) => JSON.stringify({ type: 'event', event: 'table.update', payload })),
  fc.jsonValue({ maxDepth: 2 }).map((payload) => JSON.stringify({ type: 'event', event: 'table.snapshot', payload })),
  fc.jsonValue({ maxDepth: 2 }).map((payload) => JSON.stringify({ type: 'event', event: 'table.events', payload })),
  fc.jsonValue({ maxDepth: 2 }).map((result) => JSON.stringify({ type: 'response', id: 99, result })),
)

describe('createRpcChannel against a hostile host', () => {
  it('never throws out of onmessage, and keeps answering and following snapshots (seeded)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frameArb, { minLength: 1, maxLength: 12 }), async (frames) => {
        const ws = fakeSocket()
        const channel = createRpcChannel(ws)
        const snapshots: unknown[] = []
        channel.onEvent((event, payload) => {
          if (event === 'table.snapshot') snapshots.push(payload)
        })
        ws.onmessage!({ data: JSON.stringify({ type: 'event', event: 'table.snapshot', payload: snapshot }) })
        for (const data of frames) expect(() => ws.onmessage!({ data })).not.toThrow()
        // Still a working channel: a request is answered, a whole snapshot is followed.
        const answer = channel.invoke('app.info', {})
        const { id } = JSON.parse(ws.sent.at(-1)!) as { id: number }
        ws.onmessage!({ data: JSON.stringify({ type: 'response', id, result: { ok: true, value: 'fine' } }) })
        expect(await answer).toEqual({ ok: true, value: 'fine' })
        ws.onmessage!({ data: JSON.stringify({ type: 'event', event: 'table.snapshot', payload: { ...snapshot, version: 9 } }) })
        expect((snapshots.at(-1) as { version: number }).version).toBe(9)
      }),
      { seed: 18, numRuns: 1500 },
    )
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})
