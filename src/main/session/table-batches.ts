/**
 * An accepted action's events as each client may see them: the same object for every client without a secret
 * in the batch (a deck or Save Pile draw's card goes only to its drawer).
 */
import type { TableGameEvent } from '@shared/api'
import type { GameEvent } from '@shared/engine/actions'
import type { Batch, BatchSecret, BatchView } from './table-host-types'

/**
 * A batch with its views made at once: one for everyone without a secret in it, one per seat with one. Kept
 * on the batch itself (a snapshot's `recentEvents` is rebuilt after every change, for every client: from these,
 * not from new copies) — not in a WeakMap of Maps, which cost a Map and an ephemeron per action that the
 * collector then copied and promoted (bench:table --host-only under --trace-gc-nvp).
 */
export function makeBatch(version: number, events: GameEvent[], secrets: readonly BatchSecret[]): Batch {
  // Most batches have no secret, the rest one seat's: no list, or one of its exact length (a batch lives for
  // the 30 actions of the recent list, long enough to be promoted: a list grown by `push` is 17 slots).
  const own = secrets.length === 0 ? NO_OWN : [...new Set(secrets.map((s) => s.seat))].map((seat) => ({ seat, view: { version, events: eventsFor(events, secrets, seat) } }))
  return { version, events, shared: { version, events: events as TableGameEvent[] }, own }
}

const NO_OWN: Batch['own'] = Object.freeze([]) as unknown as Batch['own']

/** `batch` as the client at `seat` (null: not seated) may see it. */
export function batchFor(batch: Batch, seat: number | null): BatchView {
  const own = batch.own
  // Indexed, not for…of: called for every entry of every client's `recentEvents` after every change.
  if (seat !== null) for (let i = 0; i < own.length; i++) if (own[i].seat === seat) return own[i].view
  return batch.shared
}

/** The events as one seat may see them: a deck/Save Pile draw's card only for its drawer. */
function eventsFor(events: GameEvent[], secrets: readonly BatchSecret[], seat: number): TableGameEvent[] {
  return events.map((e, i) => {
    const secret = secrets.find((s) => s.index === i && s.seat === seat)
    return (secret && e.type === 'drew' ? { ...e, card: secret.card } : e) as TableGameEvent
  })
}

/**
 * The `recentEvents` lists of one round of snapshots (session/snapshot-share.ts), from the table's `recent`
 * batches: the shared views once, then per seat a copy with its own views in place — or the shared list
 * itself for a seat with no secret among them (and for everyone not seated). Made once per change instead
 * of a `batchFor` per batch per client (180 calls a change at a 6-seat table). Snapshots never write their
 * lists.
 */
export class RecentLists {
  private readonly shared: BatchView[]
  /** Per seat: the indices of the batches with a view of its own. */
  private readonly ownAt = new Map<number, number[]>()

  constructor(private readonly recent: readonly Batch[]) {
    this.shared = new Array(recent.length)
    for (let i = 0; i < recent.length; i++) {
      const b = recent[i]
      this.shared[i] = b.shared
      for (let j = 0; j < b.own.length; j++) {
        const seat = b.own[j].seat
        const at = this.ownAt.get(seat)
        if (at) at.push(i)
        else this.ownAt.set(seat, [i])
      }
    }
  }

  /** The list as the client at `seat` (null: not seated) sees it: `batchFor` of every batch. */
  for(seat: number | null): BatchView[] {
    const at = seat === null ? undefined : this.ownAt.get(seat)
    if (!at) return this.shared
    const list = this.shared.slice()
    for (const i of at) list[i] = batchFor(this.recent[i], seat)
    return list
  }
}
