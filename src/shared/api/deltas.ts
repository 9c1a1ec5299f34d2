/**
 * Versioned snapshot deltas on the WebSocket (protocol 2, docs/protocol.md section 8 "Updates").
 *
 * The host's table sends every client a whole `TableSnapshot` after each change, and the action's events
 * before it. On the wire that is two frames and ~5.6 KiB per client per action, mostly unchanged. The ws
 * bridge sends instead ONE `table.update` frame: the events and an RFC 6902 JSON Patch from the snapshot this
 * connection last received to the new one. `recentEvents` is never in a patch: the receiver appends the
 * update's own batches to the ones it holds (the host keeps the last RECENT_BATCHES of exactly those), so a
 * log after a reload still works while each update carries each event once.
 *
 * Revisions count the snapshots of one connection: a full `table.snapshot` is revision 0, each update
 * names the revision it applies to (`base`) and the one it makes (`rev` = base + 1). A receiver that does
 * not hold `base` (a bug, or a frame it could not apply) asks for `table.resync` and gets a full snapshot.
 *
 * Pure: both clients' decoder (src/shared/api/ws-client.ts, used by browsers and joining desktops) calls
 * these. The host encodes with src/main/net/patch-encoder.ts (the same patches as `snapshotPatch`, made
 * once per change for what all clients share, as text); `snapshotPatch` is the plain reference.
 */
import { applyPatch, Pointer, type Operation } from 'rfc6902'
import { diffAny } from 'rfc6902/diff'
import { z } from 'zod'
import { tableEventsSchema, type TableEvents, type TableSnapshot } from './table'

/** How many event batches a snapshot's `recentEvents` holds (the host's table keeps exactly these). */
export const RECENT_BATCHES = 30

const pointer = z.string().max(200)
/** One RFC 6902 operation. Values are checked afterwards, as the whole snapshot they make. */
export const patchOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), path: pointer, value: z.unknown() }),
  z.object({ op: z.literal('remove'), path: pointer }),
  z.object({ op: z.literal('replace'), path: pointer, value: z.unknown() }),
  z.object({ op: z.literal('move'), from: pointer, path: pointer }),
  z.object({ op: z.literal('copy'), from: pointer, path: pointer }),
  z.object({ op: z.literal('test'), path: pointer, value: z.unknown() }),
])

/** The `table.update` event's payload. */
export const tableUpdateSchema = z
  .object({
    /** The revision this patch applies to (the receiver's current one). */
    base: z.number().int().min(0),
    /** The revision it makes: base + 1. */
    rev: z.number().int().min(1),
    /** What happened since `base`, oldest first (what `table.events` carried in protocol 1). */
    batches: z.array(tableEventsSchema).max(1000),
    /** From the `base` snapshot (without `recentEvents`) to the new one. */
    patch: z.array(patchOperationSchema).max(5000),
  })
  .refine((u) => u.rev === u.base + 1, { message: 'rev must be base + 1' })
export type TableUpdate = z.infer<typeof tableUpdateSchema>

type Stripped = Omit<TableSnapshot, 'recentEvents'>

function strip(snapshot: TableSnapshot): Stripped {
  const { recentEvents: _recent, ...rest } = snapshot
  return rest
}

/** A subtree's JSON, once per object: the last snapshot's subtrees are compared again with the next one's. */
const jsonCache = new WeakMap<object, string>()
function json(v: object): string {
  let text = jsonCache.get(v)
  if (text === undefined) jsonCache.set(v, (text = JSON.stringify(v)))
  return text
}

const same = (a: unknown, b: unknown): boolean =>
  a === b || (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && json(a) === json(b))

/**
 * rfc6902's differ, with our array strategy through its `diff` hook (and `walk` below for the top):
 * - arrays are trimmed to what lies between their common start and end, then edited position by position
 *   (a discard is one `add`, a card leaving the hand one `remove`, a chat line that pushes the oldest out
 *   one `remove` and one `add`). The library's own array diff is an edit-distance search, quadratic in
 *   the length: on a 100-card discard pile it cost more than everything else the host does per action.
 */
const snapshotDiff = (a: unknown, b: unknown, ptr: Pointer): Operation[] => {
  if (a === b) return []
  if (Array.isArray(a) && Array.isArray(b)) return arrayDiff(a, b, ptr)
  return diffAny(a, b, ptr, snapshotDiff)
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The snapshot and its view are walked key by key here (no pointer objects: most keys are unchanged and
 * skipped on a string compare); a changed field goes to rfc6902 with the strategies above.
 */
function walk(ops: Operation[], a: unknown, b: unknown, tokens: string[], depth: number): void {
  if (a === b) return
  if (depth > 0 && isPlainObject(a) && isPlainObject(b)) {
    const at = (k: string) => new Pointer([...tokens, k]).toString()
    for (const k of Object.keys(a)) if (a[k] !== undefined && (!(k in b) || b[k] === undefined)) ops.push({ op: 'remove', path: at(k) })
    for (const [k, v] of Object.entries(b)) {
      if (v === undefined) continue
      if (!(k in a) || a[k] === undefined) ops.push({ op: 'add', path: at(k), value: v })
      else walk(ops, a[k], v, [...tokens, k], depth - 1)
    }
    return
  }
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    if (a !== b) ops.push({ op: 'replace', path: new Pointer(tokens).toString(), value: b })
    return
  }
  if (same(a, b)) return
  ops.push(...snapshotDiff(a, b, new Pointer(tokens)))
}

function arrayDiff(a: unknown[], b: unknown[], ptr: Pointer): Operation[] {
  let start = 0
  while (start < a.length && start < b.length && same(a[start], b[start])) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && same(a[a.length - 1 - end], b[b.length - 1 - end])) end++
  const ops: Operation[] = []
  // A capped list that dropped its oldest entries and gained new ones (chat): the rest moved up by `drop`.
  if (start === 0 && end === 0 && a.length > 0) {
    const drop = [1, 2, 3].find((k) => k < a.length && a.slice(k).every((x, i) => same(x, b[i])))
    if (drop !== undefined) {
      for (let i = 0; i < drop; i++) ops.push({ op: 'remove', path: ptr.add('0').toString() })
      for (let i = a.length - drop; i < b.length; i++) ops.push({ op: 'add', path: ptr.add(String(i)).toString(), value: b[i] })
      return ops
    }
  }
  const inA = a.length - start - end
  const inB = b.length - start - end
  const both = Math.min(inA, inB)
  for (let i = start; i < start + both; i++) ops.push(...snapshotDiff(a[i], b[i], ptr.add(String(i))))
  for (let i = start + inA - 1; i >= start + both; i--) ops.push({ op: 'remove', path: ptr.add(String(i)).toString() })
  for (let i = start + both; i < start + inB; i++) ops.push({ op: 'add', path: ptr.add(String(i)).toString(), value: b[i] })
  return ops
}

/** The patch from `from` to `to`, `recentEvents` left out (the receiver rebuilds it from the batches). */
export function snapshotPatch(from: TableSnapshot, to: TableSnapshot): Operation[] {
  const ops: Operation[] = []
  walk(ops, strip(from), strip(to), [''], 2)
  return ops
}

/**
 * `recentEvents` after `batches` — the host's rule, which receivers of updates apply too: a batch that
 * deals a hand starts the list again (the log after a reload shows this hand), others are appended, and
 * only the last RECENT_BATCHES are kept.
 */
export function appendBatches<B extends { events: readonly { type: string }[] }>(recent: readonly B[], batches: readonly B[]): B[] {
  // A deal starts the list afresh: only the batches from the last deal on count.
  let from = 0
  let kept: readonly B[] = recent
  for (let i = batches.length - 1; i >= 0; i--) {
    if (batches[i].events.some((e) => e.type === 'handDealt')) {
      from = i
      kept = []
      break
    }
  }
  // One copy of what stays (the host appends one batch per action to a full list).
  const drop = Math.max(0, kept.length + batches.length - from - RECENT_BATCHES)
  const list = drop < kept.length ? kept.slice(drop) : []
  for (let i = Math.max(from, from + drop - kept.length); i < batches.length; i++) list.push(batches[i])
  return list
}

export type UpdateResult = { ok: true; snapshot: TableSnapshot } | { ok: false; reason: string }

type Container = Record<string, unknown> | unknown[]

const hasOwn = Object.prototype.hasOwnProperty
const unescapeToken = (t: string) => (t.indexOf('~') < 0 ? t : t.replace(/~1/g, '/').replace(/~0/g, '~'))
/** An array index as RFC 6902 reads one: digits, no leading zero (-1 for anything else). */
function arrayIndex(t: string): number {
  const n = t.length
  if (n === 0 || n > 9 || (n > 1 && t.charCodeAt(0) === 48)) return -1
  let v = 0
  for (let i = 0; i < n; i++) {
    const d = t.charCodeAt(i) - 48
    if (d < 0 || d > 9) return -1
    v = v * 10 + d
  }
  return v
}

/**
 * `add`, `remove` and `replace` (what the host sends) applied copy-on-write: only the containers on an op's
 * path are copied (once per update), everything else is `base`'s own objects. Copying a whole snapshot for
 * every update (structuredClone) was most of a client's cost per action. `null` when an op does not apply
 * (RFC 6902: a missing parent, an index out of range, removing or replacing what is not there), or when the
 * patch has other ops or touches the root: the caller then applies it the general way.
 * Every client runs this once per action (a phone too): the path is read in place (no split, no regex) and the
 * containers already copied are a short list (an update touches a handful), ~45 % less than with those
 * (a replay of recorded updates, docs/lan-design.md "Session 18"); deltas.test.ts holds it to rfc6902 on random
 * patches.
 */
function applyShared(base: TableSnapshot, ops: readonly TableUpdate['patch'][number][]): Record<string, unknown> | null {
  // One copy of the top level (an object rest, `strip`, is a slow path): `recentEvents` is set afterwards.
  const root: Record<string, unknown> = { ...base, recentEvents: undefined }
  const fresh: Container[] = [root]
  for (let o = 0; o < ops.length; o++) {
    const op = ops[o]
    const kind = op.op
    if ((kind !== 'add' && kind !== 'remove' && kind !== 'replace') || op.path.charCodeAt(0) !== 47 /* '/' */) return null
    const path = op.path
    const value = kind === 'remove' ? undefined : op.value
    let parent: Container = root
    let from = 1
    for (let slash = path.indexOf('/', from); slash >= 0; from = slash + 1, slash = path.indexOf('/', from)) {
      const token = unescapeToken(path.slice(from, slash))
      let index = -1
      let child: unknown
      if (Array.isArray(parent)) {
        index = arrayIndex(token)
        if (index < 0 || index >= parent.length) return null
        child = parent[index]
      } else {
        if (!hasOwn.call(parent, token)) return null
        child = parent[token]
      }
      if (typeof child !== 'object' || child === null) return null
      let own = child as Container
      if (!fresh.includes(own)) {
        own = Array.isArray(own) ? own.slice() : { ...own }
        fresh.push(own)
        if (index >= 0) (parent as unknown[])[index] = own
        else (parent as Record<string, unknown>)[token] = own
      }
      parent = own
    }
    const last = unescapeToken(path.slice(from))
    if (last === '__proto__') return null
    if (Array.isArray(parent)) {
      const i = last === '-' && kind === 'add' ? parent.length : arrayIndex(last)
      if (i < 0 || (kind === 'add' ? i > parent.length : i >= parent.length)) return null
      if (kind === 'add') parent.splice(i, 0, value)
      else if (kind === 'remove') parent.splice(i, 1)
      else parent[i] = value
    } else {
      if (kind !== 'add' && !hasOwn.call(parent, last)) return null
      if (kind === 'remove') delete parent[last]
      else parent[last] = value
    }
  }
  return root
}

/**
 * The snapshot `update` makes from `base` (which is left untouched), or why it cannot be applied: the
 * receiver then asks for a full snapshot. The result is re-validated as a whole: a patch can produce
 * nothing that a full snapshot could not carry. It shares what the patch did not touch with `base`:
 * snapshots are read-only to their receivers (a UI store copies what it changes).
 */
export function applyUpdate(base: TableSnapshot, update: TableUpdate, validate: (s: unknown) => s is TableSnapshot): UpdateResult {
  let next = applyShared(base, update.patch)
  if (!next) {
    // Not the host's usual ops (or one that does not apply): the general applier, on a whole copy.
    next = structuredClone(strip(base)) as Record<string, unknown>
    let errors: Array<Error | null>
    try {
      errors = applyPatch(next, update.patch as Operation[]).filter((e) => e !== null)
    } catch (err) {
      // rfc6902 throws on some paths through a non-container (adding a key to a string): a refusal like any other.
      return { ok: false, reason: `patch failed: ${err instanceof Error ? err.name : 'error'}` }
    }
    if (errors.length) return { ok: false, reason: `patch failed: ${errors[0]!.name}` }
  }
  next.recentEvents = appendBatches(base.recentEvents, update.batches)
  if (!validate(next)) return { ok: false, reason: 'the patched snapshot is not a valid snapshot' }
  return { ok: true, snapshot: next }
}

/**
 * A receiver's side of the stream: feed it every event frame in order; it answers what protocol 1 would
 * have delivered (`table.events` batches, then the whole `table.snapshot`) and whether to ask the host for
 * `table.resync` (then updates are dropped until a whole snapshot comes). Used by the WebSocket client
 * (browsers and joining desktops alike).
 */
export class SnapshotReader {
  private held: TableSnapshot | null = null
  private rev = 0
  /** Batches that came on their own (`table.events`) since the last snapshot: they join `recentEvents` too. */
  private loose: TableEvents[] = []
  private resyncing = false

  constructor(private readonly validate: (s: unknown) => s is TableSnapshot) {}

  /** The snapshot as it stands after the frames read so far. */
  get snapshot(): TableSnapshot | null {
    return this.held
  }

  read(event: string, payload: unknown): { deliver: Array<{ event: string; payload: unknown }>; resync: boolean } {
    if (event === 'table.update') {
      if (this.resyncing) return { deliver: [], resync: false }
      const update = tableUpdateSchema.safeParse(payload)
      if (!update.success || !this.held || update.data.base !== this.rev) return this.lost()
      const result = applyUpdate(this.held, { ...update.data, batches: [...this.loose, ...update.data.batches] }, this.validate)
      if (!result.ok) return this.lost()
      this.held = result.snapshot
      this.rev = update.data.rev
      this.loose = []
      return {
        deliver: [...update.data.batches.map((b) => ({ event: 'table.events', payload: b as unknown })), { event: 'table.snapshot', payload: result.snapshot }],
        resync: false,
      }
    }
    if (event === 'table.snapshot') {
      // A whole snapshot is revision 0 of a new run of updates.
      this.held = payload && this.validate(payload) ? payload : null
      this.rev = 0
      this.loose = []
      this.resyncing = false
    } else if (event === 'table.events' && this.held) {
      // Kept for the next update's `recentEvents`: only a real batch (a bad one would break that list).
      const batch = tableEventsSchema.safeParse(payload)
      if (batch.success) this.loose.push(payload as TableEvents)
    }
    return { deliver: [{ event, payload }], resync: false }
  }

  private lost(): { deliver: []; resync: boolean } {
    this.held = null
    this.resyncing = true
    return { deliver: [], resync: true }
  }
}
