import { describe, expect, it } from 'vitest'
import type { TableSnapshot } from '@shared/api'
import { OWN_SNAPSHOT_FIELDS, OWN_VIEW_FIELDS, ownPartOf } from './snapshot-parts'

describe('ownPartOf', () => {
  it('keeps exactly the own fields of the snapshot and of its view', () => {
    const view = { seat: 2, hand: ['R1'], saved: ['B3'], deal: { hand: [], upcard: 'G4', saved: [], hiddenSaved: 0 }, players: [], discard: ['Y5'] }
    const snapshot = { role: 'guest', mySeat: 2, joinUrls: [], recentEvents: [], version: 7, chat: [], view } as unknown as TableSnapshot
    const own = ownPartOf(snapshot) as unknown as Record<string, unknown>
    expect(Object.keys(own).sort()).toEqual([...OWN_SNAPSHOT_FIELDS, 'view'].sort())
    for (const k of OWN_SNAPSHOT_FIELDS) expect(own[k]).toBe(snapshot[k])
    const ownView = own.view as Record<string, unknown>
    expect(Object.keys(ownView).sort()).toEqual([...OWN_VIEW_FIELDS].sort())
    for (const k of OWN_VIEW_FIELDS) expect(ownView[k]).toBe((view as Record<string, unknown>)[k])
  })

  it('keeps a null view as null', () => {
    const own = ownPartOf({ role: 'spectator', mySeat: null, joinUrls: [], view: null } as unknown as TableSnapshot)
    expect(own.view).toBeNull()
  })
})
