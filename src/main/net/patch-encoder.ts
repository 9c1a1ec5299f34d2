/**
 * The host's encoder of protocol 2's patches (docs/protocol.md "Updates"), built for the cost per action:
 * after every change the table sends each of its clients its own snapshot, and all but a few fields (the own
 * hand, Save Pile, seat, role) are the same for every client. The table builds those public subtrees once per
 * change and gives every client the SAME objects (session/snapshot-share.ts), so here:
 *
 * - the snapshot and its view are walked key by key: an unchanged scalar or object (`===`) costs a compare;
 * - the public part's patch is made once per change (`publicPart`, from the public snapshots the clients'
 *   were composed from) and every client's own fields are diffed on their own: per client, only its own
 *   parts are really diffed. No JSON of subtrees is made to compare them (`jsonEqual` walks them).
 *   (A cache of subtree patches by object pair, from before the public part was diffed once, shared no work
 *   any more and kept old subtrees alive into the old generation: removed in session 11, docs/lan-design.md.)
 *
 * The patch is what `snapshotPatch` (src/shared/api/deltas.ts) describes — the same array strategy, the same
 * ops (`add`, `remove`, `replace`), `recentEvents` left out — and any RFC 6902 applier reads it; the fuzz
 * test (snapshot-stream.test.ts) checks every client's decoded state at every step.
 */
import type { TableSnapshot } from '@shared/api'
import { jsonEqual } from '@shared/json-equal'
import { OWN_SNAPSHOT_FIELDS, OWN_VIEW_FIELDS } from '../session/snapshot-parts'

type Obj = Record<string, unknown>

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null

// ---- the patch, as JSON text ----

/** A subtree's JSON, once per object (every client's patch may carry the same added object). */
const jsonCache = new WeakMap<object, string>()
function valueJson(v: unknown): string {
  if (!isObject(v)) return JSON.stringify(v) ?? 'null'
  let text = jsonCache.get(v)
  if (text === undefined) jsonCache.set(v, (text = JSON.stringify(v)))
  return text
}

const token = (k: string) => (k.includes('~') || k.includes('/') ? k.replace(/~/g, '~0').replace(/\//g, '~1') : k)
const quote = (path: string) => JSON.stringify(path)

function add(ops: string[], path: string, value: unknown): void {
  ops.push(`{"op":"add","path":${quote(path)},"value":${valueJson(value)}}`)
}
function remove(ops: string[], path: string): void {
  ops.push(`{"op":"remove","path":${quote(path)}}`)
}
function replace(ops: string[], path: string, value: unknown): void {
  ops.push(`{"op":"replace","path":${quote(path)},"value":${valueJson(value)}}`)
}

const isPlain = (v: unknown): v is Obj => isObject(v) && !Array.isArray(v)

function diffValue(ops: string[], a: unknown, b: unknown, path: string): void {
  if (a === b) return
  if (Array.isArray(a) && Array.isArray(b)) return arrayDiff(ops, a, b, path)
  if (isPlain(a) && isPlain(b)) {
    for (const k in a) if (a[k] !== undefined && b[k] === undefined) remove(ops, `${path}/${token(k)}`)
    for (const k in b) {
      const v = b[k]
      if (v === undefined) continue
      const w = a[k]
      if (w === v) continue
      if (w === undefined) add(ops, `${path}/${token(k)}`, v)
      else diffValue(ops, w, v, `${path}/${token(k)}`)
    }
    return
  }
  if (!jsonEqual(a, b)) replace(ops, path, b)
}

/**
 * Arrays: trimmed to what lies between their common start and end, then edited position by position; a
 * capped list that dropped up to 3 of its oldest entries and gained new ones (chat) is `remove`s of index 0
 * and `add`s at the end (`snapshotPatch`'s strategy, src/shared/api/deltas.ts).
 */
function arrayDiff(ops: string[], a: unknown[], b: unknown[], path: string): void {
  let start = 0
  while (start < a.length && start < b.length && jsonEqual(a[start], b[start])) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && jsonEqual(a[a.length - 1 - end], b[b.length - 1 - end])) end++
  if (start === 0 && end === 0 && a.length > 0) {
    for (let drop = 1; drop <= 3 && drop < a.length; drop++) {
      let shifted = true
      for (let i = drop; i < a.length && shifted; i++) shifted = i - drop < b.length && jsonEqual(a[i], b[i - drop])
      if (!shifted) continue
      for (let i = 0; i < drop; i++) remove(ops, `${path}/0`)
      for (let i = a.length - drop; i < b.length; i++) add(ops, `${path}/${i}`, b[i])
      return
    }
  }
  const inA = a.length - start - end
  const inB = b.length - start - end
  const both = Math.min(inA, inB)
  for (let i = start; i < start + both; i++) diffValue(ops, a[i], b[i], `${path}/${i}`)
  for (let i = start + inA - 1; i >= start + both; i--) remove(ops, `${path}/${i}`)
  for (let i = start + both; i < start + inB; i++) add(ops, `${path}/${i}`, b[i])
}

/**
 * The paths of the top two levels (the snapshot's and its view's fields), made and quoted once: every
 * client's patch names the same few (`/version`, `/view/hand`…).
 */
type FieldPath = { path: string; quoted: string; last?: { value: unknown; text: string } }
const fieldPaths = new Map<string, Map<string, FieldPath>>()
function fieldPath(parent: string, k: string): FieldPath {
  let fields = fieldPaths.get(parent)
  if (!fields) fieldPaths.set(parent, (fields = new Map()))
  let p = fields.get(k)
  if (!p) {
    const path = `${parent}/${token(k)}`
    // Bounded: field names of snapshots and views (a snapshot is checked against its schema, closed).
    if (fields.size < 256) fields.set(k, (p = { path, quoted: quote(path) }))
    else return { path, quoted: quote(path) }
  }
  return p
}

/** Fields a walk leaves to someone else, per level: none, or the own fields (session/snapshot-parts.ts). */
type Skip = ReadonlySet<string> | null
const OWN_TOP: Skip = new Set<string>(OWN_SNAPSHOT_FIELDS)
const OWN_VIEW: Skip = new Set<string>(OWN_VIEW_FIELDS)

/** One field of the top two levels: an add, a remove, a scalar's replace or a subtree's operations. */
function field(ops: string[], w: unknown, v: unknown, parent: string, k: string, top: boolean, viewSkip: Skip): void {
  if (w === v) return
  if (v === undefined) return remove(ops, fieldPath(parent, k).path)
  if (w === undefined) {
    ops.push(`{"op":"add","path":${fieldPath(parent, k).quoted},"value":${valueJson(v)}}`)
    return
  }
  if (top && k === 'view' && isPlain(w) && isPlain(v)) return walk(ops, w, v, fieldPath(parent, k).path, false, viewSkip, null)
  if (isObject(w) && isObject(v)) return diffValue(ops, w, v, fieldPath(parent, k).path)
  // A scalar field: every client's patch after a change replaces it with the same value (`/version`).
  const p = fieldPath(parent, k)
  if (p.last?.value !== v) p.last = { value: v, text: `{"op":"replace","path":${p.quoted},"value":${valueJson(v)}}` }
  ops.push(p.last.text)
}

/**
 * The top two levels (the snapshot and its view) are walked key by key, scalars compared in place; below
 * them a changed subtree is diffed (`diffValue`). `skip`: this level's fields to leave out (besides
 * `recentEvents`); `viewSkip`: the view's.
 */
function walk(ops: string[], a: Obj, b: Obj, parent: string, top: boolean, skip: Skip, viewSkip: Skip): void {
  let shared = 0
  for (const k in b) {
    const v = b[k]
    if (v === undefined || (top && k === 'recentEvents') || (skip !== null && skip.has(k))) continue
    const w = a[k]
    if (w !== undefined) shared++
    if (w !== v) field(ops, w, v, parent, k, top, viewSkip)
  }
  // A field that went away: only when `a` has more fields than the ones `b` shares with it.
  let fields = 0
  for (const k in a) if (a[k] !== undefined && !(top && k === 'recentEvents') && !(skip !== null && skip.has(k))) fields++
  if (fields === shared) return
  for (const k in a) if (a[k] !== undefined && b[k] === undefined && !(top && k === 'recentEvents') && !(skip !== null && skip.has(k))) remove(ops, fieldPath(parent, k).path)
}

/**
 * The patch between two public snapshots (their own fields left out), once per change: every client of the
 * table gets the same text — and, when its own fields did not change (every client but the one who acted),
 * the same whole patch `[…]` (`alone`), not a copy of it per client.
 */
let publicPatch: { from: TableSnapshot; to: TableSnapshot; text: string; alone: string } | null = null
function publicPart(from: TableSnapshot, to: TableSnapshot): { text: string; alone: string } {
  if (publicPatch && publicPatch.from === from && publicPatch.to === to) return publicPatch
  const ops: string[] = []
  walk(ops, from as unknown as Obj, to as unknown as Obj, '', true, OWN_TOP, OWN_VIEW)
  const text = ops.join(',')
  publicPatch = { from, to, text, alone: `[${text}]` }
  return publicPatch
}

/**
 * The patch from `from` to `to` as JSON text (`[…]`), `recentEvents` left out. `parts`: the public snapshots
 * both were composed from (session/snapshot-parts.ts) — then the public part's patch is made once per change
 * and only the client's own fields are diffed here.
 */
export function patchText(from: TableSnapshot, to: TableSnapshot, parts?: { from: TableSnapshot; to: TableSnapshot }): string {
  const ops: string[] = []
  if (parts && parts.from.view && parts.to.view && from.view && to.view) {
    const pub = publicPart(parts.from, parts.to)
    if (pub.text) ops.push(pub.text)
    const shared = ops.length
    const a = from as unknown as Obj
    const b = to as unknown as Obj
    for (const k of OWN_SNAPSHOT_FIELDS) field(ops, a[k], b[k], '', k, true, null)
    const va = from.view as unknown as Obj
    const vb = to.view as unknown as Obj
    const viewPath = fieldPath('', 'view').path
    for (const k of OWN_VIEW_FIELDS) field(ops, va[k], vb[k], viewPath, k, false, null)
    if (ops.length === shared) return pub.alone
  } else walk(ops, from as unknown as Obj, to as unknown as Obj, '', true, null, null)
  return `[${ops.join(',')}]`
}
