/**
 * applyUpdate's copy-on-write applier (the host's ops: add, remove, replace) against RFC 6902: the base is
 * never changed, what a patch does not touch is shared, anything else (other ops, ops that do not apply)
 * goes the general way or fails as rfc6902 does.
 */
import { applyPatch, type Operation } from 'rfc6902'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { RECENT_BATCHES, SnapshotReader, appendBatches, applyUpdate, type TableUpdate } from './deltas'
import type { TableSnapshot } from './table'

const base = () =>
  ({
    version: 1,
    seats: [{ seat: 0, name: 'A' }],
    view: { hand: ['R1', 'G2', 'B3'], players: [{ handCount: 3 }, { handCount: 4 }], discard: ['Y5'] },
    chat: [],
    recentEvents: [],
  }) as unknown as TableSnapshot
const any = (s: unknown): s is TableSnapshot => typeof s === 'object' && s !== null
const update = (patch: TableUpdate['patch']): TableUpdate => ({ base: 0, rev: 1, batches: [], patch })
const general = (from: TableSnapshot, patch: TableUpdate['patch']) => {
  const { recentEvents: _r, ...doc } = structuredClone(from) as unknown as Record<string, unknown>
  try {
    const errors = applyPatch(doc, patch as Operation[]).filter((e) => e !== null)
    return errors.length ? null : { ...doc, recentEvents: [] }
  } catch {
    return null // rfc6902 throws for some paths through a scalar: a refusal
  }
}

describe('applyUpdate', () => {
  const cases: Array<[string, TableUpdate['patch']]> = [
    ['scalars and array edits', [
      { op: 'replace', path: '/version', value: 2 },
      { op: 'remove', path: '/view/hand/1' },
      { op: 'add', path: '/view/hand/2', value: 'W' },
      { op: 'replace', path: '/view/players/1/handCount', value: 5 },
      { op: 'add', path: '/view/discard/-', value: 'S' },
      { op: 'add', path: '/paused', value: { seat: 0 } },
      { op: 'remove', path: '/chat' },
    ]],
    ['a move (not the host\'s): the general applier', [{ op: 'move', from: '/view/hand/0', path: '/view/discard/0' }]],
    ['an escaped key', [{ op: 'add', path: '/view/a~1b~0c', value: 1 }]],
  ]
  for (const [name, patch] of cases)
    it(`${name}: the same result as rfc6902, the base unchanged`, () => {
      const from = base()
      const before = JSON.stringify(from)
      const r = applyUpdate(from, update(patch), any)
      expect(r.ok).toBe(true)
      expect(r.ok && r.snapshot).toEqual(general(base(), patch))
      expect(JSON.stringify(from)).toBe(before)
    })

  it('shares what the patch does not touch', () => {
    const from = base()
    const r = applyUpdate(from, update([{ op: 'replace', path: '/view/players/1/handCount', value: 5 }]), any)
    if (!r.ok) throw new Error(r.reason)
    expect(r.snapshot.seats).toBe(from.seats)
    expect(r.snapshot.view!.hand).toBe(from.view!.hand)
    expect(r.snapshot.view!.players[0]).toBe(from.view!.players[0])
    expect(r.snapshot.view!.players[1]).not.toBe(from.view!.players[1])
  })

  it('refuses ops that do not apply, as RFC 6902 does', () => {
    for (const patch of [
      [{ op: 'replace', path: '/nothing', value: 1 }],
      [{ op: 'remove', path: '/view/hand/3' }],
      [{ op: 'add', path: '/view/hand/9', value: 'W' }],
      [{ op: 'add', path: '/missing/x', value: 1 }],
    ] as TableUpdate['patch'][])
      expect(applyUpdate(base(), update(patch), any).ok, JSON.stringify(patch)).toBe(false)
  })

  // Random patches of the host's ops on a small snapshot: paths that exist, and ones that do not (an index past
  // the end, a leading zero, '-', a missing key, escaped keys). The result is rfc6902's, or both refuse.
  const pathArb = fc.constantFrom(
    '/version', '/view/hand/0', '/view/hand/1', '/view/hand/2', '/view/hand/3', '/view/hand/-', '/view/hand/01', '/view/hand/x',
    '/view/players/0/handCount', '/view/players/1/handCount', '/view/players/2/handCount', '/view/players/1', '/view/players/-',
    '/view/discard/0', '/view/discard/-', '/view/a~1b', '/view/a~0c', '/paused', '/paused/seat', '/chat/0', '/missing/x', '/view',
  )
  const valueArb = fc.oneof(fc.integer({ min: -3, max: 99 }), fc.constantFrom('W', 'S', 'R7'), fc.constant({ seat: 1 }), fc.constant(null))
  const opArb = fc.oneof(
    fc.record({ op: fc.constant('add' as const), path: pathArb, value: valueArb }),
    fc.record({ op: fc.constant('replace' as const), path: pathArb, value: valueArb }),
    fc.record({ op: fc.constant('remove' as const), path: pathArb }),
  )
  // rfc6902 also takes a non-index token on an array ('x', '01', '-' in a replace or remove); the host never
  // sends one, and the copy-on-write path leaves such a patch to it. Every other patch that applies takes that path.
  const hostShaped = (patch: TableUpdate['patch']) => patch.every((o) => !/\/(x|01)$/.test(o.path) && (o.op === 'add' || !o.path.endsWith('/-')))
  it('equals rfc6902 on random patches of add, remove and replace (seeded), sharing what they do not touch', () => {
    let shared = 0
    let applied = 0
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 6 }), (patch) => {
        const from = base()
        const before = JSON.stringify(from)
        const r = applyUpdate(from, update(patch), any)
        const want = general(base(), patch)
        expect(r.ok).toBe(want !== null)
        if (r.ok) {
          expect(r.snapshot).toEqual(want)
          applied++
          // No op reaches `seats`: the copy-on-write path keeps base's own array (the general one copies it).
          if (r.snapshot.seats === from.seats) shared++
          else expect(hostShaped(patch), JSON.stringify(patch)).toBe(false)
        }
        expect(JSON.stringify(from)).toBe(before)
      }),
      { seed: 18, numRuns: 3000 },
    )
    expect(applied).toBeGreaterThan(300)
    expect(shared).toBeGreaterThan(applied / 2)
  })

  it('a reader given a patch through a scalar asks for a resync instead of throwing (rfc6902 throws on it)', () => {
    const reader = new SnapshotReader(any)
    reader.read('table.snapshot', base())
    const patch = [
      { op: 'replace', path: '/view', value: 'W' },
      { op: 'add', path: '/view/x', value: 1 },
    ] as TableUpdate['patch']
    expect(reader.read('table.update', { base: 0, rev: 1, batches: [], patch })).toEqual({ deliver: [], resync: true })
    expect(reader.snapshot).toBeNull()
  })

  it('never touches a prototype', () => {
    applyUpdate(base(), update([{ op: 'add', path: '/__proto__', value: { polluted: true } }]), any)
    applyUpdate(base(), update([{ op: 'add', path: '/view/__proto__/polluted', value: true }]), any)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('appendBatches', () => {
  // The rule as stated (docs/protocol.md "Updates"): append each batch in order, a deal starts the list
  // afresh, the last RECENT_BATCHES stay. The implementation copies once; this is the plain reading.
  function plain<B extends { events: { type: string }[] }>(recent: readonly B[], batches: readonly B[]): B[] {
    let list = [...recent]
    for (const b of batches) {
      if (b.events.some((e) => e.type === 'handDealt')) list = [b]
      else list.push(b)
    }
    return list.slice(-RECENT_BATCHES)
  }
  const batchArb = fc.record({ id: fc.nat(), events: fc.array(fc.constantFrom({ type: 'drew' }, { type: 'discarded' }, { type: 'handDealt' }), { maxLength: 3 }) })

  it('is the plain rule, for any list and any batches (seeded)', () => {
    fc.assert(
      fc.property(fc.array(batchArb, { maxLength: 40 }), fc.array(batchArb, { maxLength: 40 }), (recent, batches) => {
        const before = [...recent]
        expect(appendBatches(recent, batches)).toEqual(plain(recent, batches))
        expect(recent).toEqual(before) // the list it was given is not written
      }),
      { seed: 18, numRuns: 2000 },
    )
  })
})
