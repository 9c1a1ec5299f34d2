/**
 * Text people type that others will see (player and table names, chat): one cleaning for all of it, on the
 * host (src/main/session/table-host.ts), before anything is stored or sent.
 *
 * - NFC, so "é" typed two ways is one name;
 * - control characters become spaces; bidirectional controls (U+202E "right-to-left override" would
 *   reverse the text around a name in the turn banner and chat) and zero-width characters (invisible
 *   look-alike names) are removed; runs of spaces collapse;
 * - cut at a length in code points, never inside a surrogate pair.
 * The renderer still shows names isolated (`<bdi>`), so a right-to-left name cannot reorder its sentence.
 */

// C0/C1 controls and the line/paragraph separators: shown as a space.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
// Bidi embeddings, overrides, isolates and marks; zero-width space/joiners, word joiner, BOM, Mongolian
// vowel separator, invisible operators, Hangul fillers: removed.
const INVISIBLE = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060-\u2064\ufeff\u180e\u115f\u1160\u3164\uffa0]/g

export function cleanText(text: string, maxCodePoints = Infinity): string {
  const cleaned = text.normalize('NFC').replace(INVISIBLE, '').replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim()
  if (cleaned.length <= maxCodePoints) return cleaned
  return Array.from(cleaned).slice(0, maxCodePoints).join('').trim()
}

export const MAX_NAME = 20

/** A player's name as the table keeps it: cleaned, at most 20 code points, `fallback` when nothing is left. */
export function cleanName(text: string, fallback = 'Player'): string {
  return cleanText(text, MAX_NAME) || fallback
}

/** How two names compare for "the same name at one table": case and compatibility forms folded. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim()
}

/**
 * `name`, or `name 2`, `name 3`… — the first that no one at the table has and that is not reserved (the
 * host's label, "Host"). The suffix replaces the name's end when the name is already at full length.
 */
export function uniqueName(name: string, taken: Iterable<string>, reserved: Iterable<string> = []): string {
  const used = new Set<string>()
  for (const t of taken) used.add(nameKey(t))
  for (const r of reserved) used.add(nameKey(r))
  if (!used.has(nameKey(name))) return name
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`
    const base = Array.from(name).slice(0, MAX_NAME - suffix.length).join('').trim()
    const candidate = base + suffix
    if (!used.has(nameKey(candidate))) return candidate
  }
}
