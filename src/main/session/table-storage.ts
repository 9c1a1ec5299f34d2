/**
 * One table's durability (docs/lan-design.md "Durability"): the journal line of every accepted action, the
 * whole table written at the start, at every hand's end and when a seat changes hands, and what happens when
 * the disk refuses — no move is acknowledged that is not saved, so play pauses (the table stops its bots and
 * timers and tells everyone why), the whole table is written again every few seconds, and play goes on once
 * the disk takes it.
 */
import type { Action } from '@shared/engine/actions'
import type { SaveFile, SaveStore } from './saves'

export interface TableStorageHooks {
  /** The whole table as it stands (TableHost `toSave`); null before there is a game to save. */
  save(): SaveFile | null
  /** The disk refused (`first`: play was going until now): stop bots and timers, show the problem. */
  paused(first: boolean): void
  /** The disk took the whole table again: restart what `paused` stopped. */
  resumed(): void
  warn(message: string): void
}

export class TableStorage {
  /** How many actions the save holds (file + journal): the next journal entry's index. */
  private logged = 0
  /** Why the save cannot be written (a full disk…): play waits, players are told; retried every few seconds. */
  private problemText: string | null = null
  private retryTimer: NodeJS.Timeout | null = null
  private closed = false

  constructor(
    private readonly saves: SaveStore | null,
    private readonly tableId: string,
    private readonly hooks: TableStorageHooks,
    private readonly retryMs = 5000,
  ) {}

  /** Why play is paused, or null while every save is written. */
  get problem(): string | null {
    return this.problemText
  }

  /** A save read back from disk holds this many actions already. */
  resumeFrom(logLength: number): void {
    this.logged = logLength
  }

  /** Appends an accepted action to the journal, before anyone hears of it; false (play paused) when the disk refuses. */
  journal(seat: number, action: Action): boolean {
    if (!this.saves) return true
    if (this.problemText) return false
    try {
      this.saves.append(this.tableId, this.logged, { seat, action })
      this.logged++
      return true
    } catch (err) {
      this.failed(err)
      return false
    }
  }

  /** Writes the whole table and empties the journal; false (play paused) when the disk refuses. */
  writeWhole(): boolean {
    if (!this.saves) return true
    try {
      const save = this.hooks.save()
      if (!save) return true
      this.saves.writeSnapshot(save)
      this.logged = save.log.length
      return true
    } catch (err) {
      this.failed(err)
      return false
    }
  }

  /**
   * `writeWhole` with the disk's part in the background (a hand's end): the journal holds every move until the
   * file does, so the move that ended the hand is acknowledged without waiting for the fsync. A refusal
   * pauses play as `writeWhole`'s does, when it comes.
   */
  writeWholeSoon(): void {
    if (!this.saves) return
    if (this.problemText) return void this.writeWhole() // paused: the retry's synchronous path decides
    let save: SaveFile | null
    try {
      save = this.hooks.save()
    } catch (err) {
      return this.failed(err)
    }
    if (!save) return
    this.saves.writeSnapshotSoon(save).catch((err: unknown) => {
      if (!this.closed) this.failed(err)
    })
  }

  /** Writes still queued (the store's), for a clean shutdown. */
  flush(): Promise<void> {
    return this.saves?.flush() ?? Promise.resolve()
  }

  /** The table closed: no more retries, the store forgets its journal. */
  close(): void {
    this.closed = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
    this.saves?.release(this.tableId)
  }

  private failed(err: unknown): void {
    const code = (err as NodeJS.ErrnoException)?.code
    const problem = code === 'ENOSPC' ? 'the disk is full' : code ? `${code}: ${(err as Error).message}` : String(err)
    const first = this.problemText === null
    this.problemText = problem
    if (first) this.hooks.warn(`saves: cannot save table ${this.tableId}: ${problem}; play is paused until the save can be written`)
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = setTimeout(() => this.retry(), this.retryMs)
    this.retryTimer.unref?.()
    this.hooks.paused(first)
  }

  private retry(): void {
    this.retryTimer = null
    if (!this.writeWhole()) return
    this.hooks.warn(`saves: table ${this.tableId} is saved again; play goes on`)
    this.problemText = null
    this.hooks.resumed()
  }
}
