/**
 * A client's snapshot as the table's public snapshot of the same change plus the client's own fields.
 *
 * After a change every client of a table gets its own snapshot, and they differ only in a few fields: the
 * ones below. The table builds the rest once per change (the public snapshot, whose view is the spectator
 * view) and composes each client's from it (`composeSnapshot`), so every client's snapshot holds the SAME
 * objects and values for everything public. The ws bridge's stream (net/snapshot-stream.ts) takes note of
 * the public part when the table hands it a snapshot (`publicPartOf`, at once: the table delivers each
 * snapshot right after composing it), and the patch encoder diffs two public snapshots once per change and
 * every client only for its own fields.
 */
import type { TableSnapshot } from '@shared/api'

/** The snapshot fields that differ between clients of one change (`recentEvents` is never patched). */
export const OWN_SNAPSHOT_FIELDS = ['role', 'mySeat', 'joinUrls'] as const
/** …and the view's (views.ts `buildView`: the seat, its hand, Save Pile and deal record; snapshot-share.ts `seatView`). */
export const OWN_VIEW_FIELDS = ['seat', 'hand', 'saved', 'deal'] as const

export type OwnSnapshotFields = Pick<TableSnapshot, 'role' | 'mySeat' | 'joinUrls' | 'recentEvents' | 'view'>

/**
 * The last composition. One slot, not a WeakMap entry per snapshot: a WeakMap entry per client and change
 * cost the collector more than the shared patch saves (measured), and the snapshot is delivered at once.
 */
const last: { snapshot: TableSnapshot | null; pub: TableSnapshot | null } = { snapshot: null, pub: null }

/**
 * `pub` with `own` in place of its own fields. `own.view` must be `pub.view` itself or made from it by
 * `seatView` (the same objects in every other field).
 */
export function composeSnapshot(pub: TableSnapshot, own: OwnSnapshotFields): TableSnapshot {
  const snapshot: TableSnapshot = { ...pub, role: own.role, mySeat: own.mySeat, view: own.view, recentEvents: own.recentEvents, joinUrls: own.joinUrls }
  last.snapshot = snapshot
  last.pub = pub
  return snapshot
}

/** The public snapshot `snapshot` was composed from, if it is the one composed last. */
export function publicPartOf(snapshot: unknown): TableSnapshot | undefined {
  return last.snapshot === snapshot && last.pub ? last.pub : undefined
}

/**
 * Only the fields of `snapshot` that are its client's own (the ones above, the view's too), as a snapshot-shaped
 * object: all the patch encoder reads of a snapshot it diffs against the public part (net/snapshot-stream.ts).
 * Written out field by field (one object literal each, not a loop over the lists above: a keyed load and store
 * per field, for every client after every change, went through V8's megamorphic stubs); snapshot-parts.test.ts
 * holds it to OWN_SNAPSHOT_FIELDS and OWN_VIEW_FIELDS.
 */
export function ownPartOf(snapshot: TableSnapshot): TableSnapshot {
  const view = snapshot.view
  const own = {
    role: snapshot.role,
    mySeat: snapshot.mySeat,
    joinUrls: snapshot.joinUrls,
    view: view && { seat: view.seat, hand: view.hand, saved: view.saved, deal: view.deal },
  } satisfies Record<(typeof OWN_SNAPSHOT_FIELDS)[number] | 'view', unknown>
  return own as unknown as TableSnapshot
}
