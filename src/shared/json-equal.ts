/**
 * Equality of JSON values, without making their JSON: members that are `undefined` count as absent (as
 * `JSON.stringify` drops them), key order does not matter. For plain data (snapshots, views).
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  const x = a as Record<string, unknown>
  const y = b as Record<string, unknown>
  let n = 0
  for (const k in x) {
    const v = x[k]
    if (v === undefined) continue
    n++
    if (!jsonEqual(v, y[k])) return false
  }
  for (const k in y) if (y[k] !== undefined) n--
  return n === 0
}
