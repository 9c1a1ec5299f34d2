/**
 * An accepted action's events as each client may see them: the same objects for every client without a secret
 * in the batch (a deck or Save Pile draw's card goes only to its drawer).
 */
import type { TableGameEvent } from '@shared/api'
import type { Batch } from './table-host-types'

/**
 * A batch as one client may see it (`{ version, events }`), made once per batch and view: every client without
 * a secret in it gets the same object (a snapshot's `recentEvents` is rebuilt after every change, for every
 * client: from these, not from new copies).
 */
const batchViews = new WeakMap<Batch, Map<number | null, { version: number; events: TableGameEvent[] }>>()
export function batchFor(batch: Batch, seat: number | null): { version: number; events: TableGameEvent[] } {
  const key = seat !== null && batch.secrets.some((s) => s.seat === seat) ? seat : null
  let views = batchViews.get(batch)
  if (!views) batchViews.set(batch, (views = new Map()))
  let view = views.get(key)
  if (!view) views.set(key, (view = { version: batch.version, events: eventsFor(batch, key) }))
  return view
}

/** The events of a batch as one client may see them: a deck/Save Pile draw's card only for its drawer. */
export function eventsFor(batch: Batch, seat: number | null): TableGameEvent[] {
  if (!batch.secrets.length || seat === null) return batch.events as TableGameEvent[]
  return batch.events.map((e, i) => {
    const secret = batch.secrets.find((s) => s.index === i && s.seat === seat)
    return (secret && e.type === 'drew' ? { ...e, card: secret.card } : e) as TableGameEvent
  })
}
