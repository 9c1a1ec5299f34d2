/**
 * One WebSocket connection's outgoing table events, as protocol 2 sends them (src/shared/api/deltas.ts):
 * the table's `table.events` batches and the `table.snapshot` that follows them become ONE `table.update`
 * frame — the batches and a JSON Patch against the snapshot this connection received last. The first
 * snapshot after a join (or a `null`, or a resync) goes out whole, as revision 0.
 *
 * Events are collected for the rest of the current tick and sent by `flush()`: the bridge flushes before
 * every response (a request's events still precede its answer) and a microtask does it otherwise. Batches
 * whose snapshot has not come yet (spectators' snapshots are coalesced to the next tick) wait for it, at
 * most HOLD_MS; any other event sends them first, so the order of everything a client sees is kept.
 */
import type { TableEvents, TableSnapshot, WsServerFrame } from '@shared/api'
import { ownPartOf, publicPartOf } from '../session/snapshot-parts'
import { collectNextTick } from './next-tick'
import { patchText } from './patch-encoder'

const NONE: readonly never[] = []

/** Longest a batch waits for its snapshot before it goes out on its own (`table.events`). */
const HOLD_MS = 100

/**
 * The last patch, by its (from, to) pair: every spectator of a table gets the same snapshot objects, one
 * after the other, so the same patch. (One entry: a WeakMap entry per client and change cost the collector
 * more than it saved.)
 */
let lastPatch: { from: TableSnapshot; to: TableSnapshot; json: string } | null = null

function patchJson(from: Based, to: TableSnapshot, toPub: TableSnapshot | undefined): string {
  if (lastPatch && lastPatch.from === from.snapshot && lastPatch.to === to) return lastPatch.json
  const json = patchText(from.snapshot, to, from.pub && toPub ? { from: from.pub, to: toPub } : undefined)
  lastPatch = { from: from.snapshot, to, json }
  return json
}

/**
 * What the next patch is made against: a snapshot and, when the table composed it (session/snapshot-parts.ts),
 * its public part. A seat's snapshot is its own object, so then only its own fields are kept (`ownPartOf`: all
 * the patch encoder reads of it; the rest is `pub`'s, which every client of the table shares): a composed
 * snapshot and its view per client per change, kept until the next, were a tenth of what every young-generation
 * collection of a busy host copied (docs/lan-design.md "Performance"). Spectators share one snapshot: kept whole.
 */
interface Based {
  snapshot: TableSnapshot
  pub: TableSnapshot | undefined
  /** `snapshot` is the whole one (not its `ownPartOf`): a patch to any snapshot can be made from it. */
  whole: boolean
}

function based(snapshot: TableSnapshot, pub: TableSnapshot | undefined): Based {
  if (!pub || !snapshot.view || snapshot.mySeat === null) return { snapshot, pub, whole: true }
  return { snapshot: ownPartOf(snapshot), pub, whole: false }
}

/**
 * Whether the patch from `base` to a snapshot (with its public part `pub`) can be made: from an own part, only
 * to a composed snapshot with a view (the encoder's per-client path); otherwise the snapshot goes out whole.
 * (Not met in play — a seat's snapshots are composed and handed over one by one — but never a wrong patch.)
 */
const canPatch = (base: Based, next: TableSnapshot, pub: TableSnapshot | undefined) => base.whole || (pub !== undefined && next.view !== null)


/**
 * A batch's JSON, once per object: the table gives every client without a secret in it the same one, and its
 * clients' streams flush one after the other. Only the last few are kept (not one per batch for the batch's
 * lifetime, as a WeakMap did: a batch stays in the table's recent list for 30 actions, so every text lived
 * long enough to be promoted to the old generation; docs/lan-design.md "Performance").
 */
const BATCH_TEXTS = 4
const batchTexts: Array<{ batch: TableEvents | null; text: string }> = Array.from({ length: BATCH_TEXTS }, () => ({ batch: null, text: '' }))
let nextBatchText = 0
function batchText(b: TableEvents): string {
  for (const e of batchTexts) if (e.batch === b) return e.text
  const e = batchTexts[nextBatchText]
  nextBatchText = (nextBatchText + 1) % BATCH_TEXTS
  e.batch = b
  e.text = JSON.stringify(b)
  return e.text
}
function batchesJson(batches: readonly TableEvents[]): string {
  let out = '['
  for (let i = 0; i < batches.length; i++) out += i ? `,${batchText(batches[i])}` : batchText(batches[i])
  return `${out}]`
}

/**
 * Streams with events queued in this turn of the event loop, flushed by ONE task (a change reaches every client
 * of the table at once: one task for all of them, not one each), a `process.nextTick` (net/next-tick.ts): after
 * the answer to the request that caused the change. The actor's stream is flushed directly before its answer
 * (ws-bridge.ts `respond`); the other clients' patches are encoded after it, so the player who acted does not
 * wait for them. A stream flushed directly meanwhile flushes again with nothing queued. One connection's failure
 * is its own: the others still get their frames.
 */
const flushSoon = collectNextTick<SnapshotStream>((streams) => {
  for (const stream of streams) {
    try {
      stream.flush()
    } catch (err) {
      console.error('[ws] a connection could not be sent its events:', err)
    }
  }
})

export class SnapshotStream {
  private base: Based | null = null
  private rev = 0
  // Both null when empty: an empty list kept per connection between changes is still a list the collector copies.
  private held: TableEvents[] | null = null
  private queue: Array<{ event: string; payload: unknown; pub?: TableSnapshot }> | null = null
  private flushQueued = false
  private holdTimer: ReturnType<typeof setTimeout> | null = null

  /**
   * `sendFrame` sends a frame object; `sendText` an already serialised one (a patch, cached across
   * spectators, is spliced in as text rather than parsed and serialised again).
   */
  constructor(
    private readonly sendFrame: (frame: WsServerFrame) => void,
    private readonly sendText: (text: string) => void,
  ) {}

  /** An event for this connection (sent by the next `flush`, in order). */
  push(event: string, payload: unknown): void {
    // The public part now: the table hands over each snapshot right after composing it.
    this.queue ??= []
    this.queue.push({ event, payload, pub: event === 'table.snapshot' ? publicPartOf(payload) : undefined })
    if (!this.flushQueued) {
      this.flushQueued = true
      flushSoon(this)
    }
  }

  /** Sends everything queued; batches still waiting for their snapshot stay held (at most HOLD_MS). */
  flush(): void {
    this.flushQueued = false
    const queue = this.queue ?? NONE
    this.queue = null
    for (const { event, payload, pub } of queue) {
      if (event === 'table.events' && this.base) (this.held ??= []).push(payload as TableEvents)
      else if (event === 'table.snapshot' && payload && this.base && canPatch(this.base, payload as TableSnapshot, pub)) this.update(payload as TableSnapshot, pub)
      else {
        this.releaseHeld()
        if (event === 'table.snapshot') {
          this.base = payload ? based(payload as TableSnapshot, pub) : null
          this.rev = 0
        }
        this.sendFrame({ type: 'event', event, payload })
      }
    }
    if (this.held && !this.holdTimer) {
      this.holdTimer = setTimeout(() => {
        this.holdTimer = null
        this.flush()
        this.releaseHeld()
      }, HOLD_MS)
      this.holdTimer.unref?.()
    }
  }

  /** Whether this connection has a snapshot (it is at a table): what a resync would send. */
  get atTable(): boolean {
    return this.base !== null
  }

  /**
   * `table.resync`: `current` — the client's snapshot now (the table's `table.get`: the last one this stream
   * sent, or a newer one still on its way, whose patch will then be empty) — whole, as revision 0. Nothing
   * when this stream has no snapshot (the client is at no table).
   */
  resync(current: TableSnapshot | null): void {
    this.flush()
    this.releaseHeld()
    if (!this.base || !current) return
    this.rev = 0
    this.base = based(current, publicPartOf(current))
    this.sendFrame({ type: 'event', event: 'table.snapshot', payload: current })
  }

  close(): void {
    if (this.holdTimer) clearTimeout(this.holdTimer)
    this.holdTimer = null
    this.queue = null
    this.held = null
  }

  private update(snapshot: TableSnapshot, pub: TableSnapshot | undefined): void {
    const from = this.base!
    const batches = this.held ?? NONE
    this.held = null
    this.clearHold()
    const base = this.rev
    this.rev += 1
    const patch = patchJson(from, snapshot, pub)
    this.base = based(snapshot, pub)
    this.sendText(`{"type":"event","event":"table.update","payload":{"base":${base},"rev":${this.rev},"batches":${batchesJson(batches)},"patch":${patch}}}`)
  }

  /** Batches that found no snapshot to ride with go out on their own, as protocol 1 sent them. */
  private releaseHeld(): void {
    this.clearHold()
    for (const batch of this.held ?? NONE) this.sendFrame({ type: 'event', event: 'table.events', payload: batch })
    this.held = null
  }

  private clearHold(): void {
    if (this.holdTimer) clearTimeout(this.holdTimer)
    this.holdTimer = null
  }
}
