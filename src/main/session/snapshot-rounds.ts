/**
 * When a table's clients get their snapshots (table-host.ts `changed()`), and the `SnapshotShare` each round
 * of them is built from.
 *
 * Seated players and the host during play get theirs at once (it follows the action's events). Spectators,
 * and everyone in the lobby, at most once per tick, coalesced: 200 spectators joining, or a flood of ready
 * toggles, cost one round of snapshots, not one per change; and every spectator gets the same snapshot object
 * (the ws bridge serialises it once).
 */
import type { ApiEvent, TableSnapshot } from '@shared/api'
import { SnapshotShare } from './snapshot-share'
import type { Client } from './table-host-types'

/** The table as its snapshot rounds see it. */
export interface RoundsTable {
  readonly clients: ReadonlyMap<string, Client>
  isLobby(): boolean
  isClosed(): boolean
  /** The client's snapshot, built from `SnapshotRounds.share()`. */
  snapshotFor(clientId: string): TableSnapshot | null
  deliver(clientId: string, event: ApiEvent): void
}

/** Watching, not playing: no seat, and not the host machine's own client. */
export const isSpectator = (c: Client): boolean => c.seat === null && !c.host

export class SnapshotRounds {
  private current: SnapshotShare | null = null
  private last: SnapshotShare | null = null
  private due = false
  private flushScheduled = false

  constructor(private readonly table: RoundsTable) {}

  /** The share of the round being delivered; outside one (a join's answer…) a share of its own. */
  share(): SnapshotShare {
    return this.current ?? new SnapshotShare(null)
  }

  /** The table changed: snapshots for the clients that get them now, a coalesced round for the others. */
  changed(): void {
    const lobby = this.table.isLobby()
    this.round(() => {
      for (const [id, c] of this.table.clients) {
        if (lobby || isSpectator(c)) this.due = true
        else this.table.deliver(id, { event: 'table.snapshot', payload: this.table.snapshotFor(id) })
      }
    })
    if (this.due && !this.flushScheduled) {
      this.flushScheduled = true
      setImmediate(() => this.flush())
    }
  }

  /** The coalesced snapshots of `changed()`. */
  private flush(): void {
    this.flushScheduled = false
    if (this.table.isClosed() || !this.due) return
    this.due = false
    const lobby = this.table.isLobby()
    // Unseated clients' snapshots differ only by role (spectator, or a guest between seats).
    const shared = new Map<boolean, TableSnapshot | null>()
    this.round(() => {
      for (const [id, c] of this.table.clients) {
        if (isSpectator(c)) {
          if (!shared.has(c.spectator)) shared.set(c.spectator, this.table.snapshotFor(id))
          this.table.deliver(id, { event: 'table.snapshot', payload: shared.get(c.spectator)! })
        } else if (lobby) this.table.deliver(id, { event: 'table.snapshot', payload: this.table.snapshotFor(id) })
      }
    })
  }

  /** One round of deliveries, every snapshot of it from one share that knows the round before. */
  private round(deliver: () => void): void {
    const share = new SnapshotShare(this.last?.retire() ?? null)
    this.current = this.last = share
    try {
      deliver()
    } finally {
      this.current = null
      // The next round needs this one, not the one before it (kept, that would double what stays alive).
      share.retire()
    }
  }
}
