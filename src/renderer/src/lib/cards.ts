/**
 * How cards look and read in the UI: names, colours, colour-blind symbols, sort orders. Display only —
 * which card may go where is always asked of the engine (src/shared/engine/views.ts, groups.ts).
 */
import { parseCard, parseDeclaredWild, type CardCode, type Colour } from '@shared/engine/cards'

export const COLOUR_NAMES: Record<Colour, string> = { R: 'red', B: 'blue', Y: 'yellow', G: 'green' }
/** A shape per colour, so colour is never the only signal (also drawn as SVG in Card.svelte). */
export const COLOUR_SHAPES: Record<Colour, 'circle' | 'square' | 'triangle' | 'star'> = {
  R: 'circle',
  B: 'square',
  Y: 'triangle',
  G: 'star',
}
const COLOUR_ORDER: Record<Colour, number> = { R: 0, B: 1, Y: 2, G: 3 }

export type CardFace =
  | { kind: 'number'; colour: Colour; number: number }
  | { kind: 'wild'; meaning: string | null }
  | { kind: 'skip' }
  | { kind: 'unknown' }

/** Reads a hand card (`R7`, `W`, `S`) or a laid card (`W=7`, `W=R`). */
export function faceOf(code: string): CardFace {
  const card = parseCard(code)
  if (card) return card.kind === 'number' ? card : card.kind === 'wild' ? { kind: 'wild', meaning: null } : { kind: 'skip' }
  const m = parseDeclaredWild(code)
  if (m) return { kind: 'wild', meaning: 'number' in m ? String(m.number) : COLOUR_NAMES[m.colour] }
  return { kind: 'unknown' }
}

/** Plain words for a card: "red 7", "Wild", "Wild as 7", "Skip". */
export function cardName(code: string): string {
  const f = faceOf(code)
  switch (f.kind) {
    case 'number':
      return `${COLOUR_NAMES[f.colour]} ${f.number}`
    case 'wild':
      return f.meaning ? `Wild as ${f.meaning}` : 'Wild'
    case 'skip':
      return 'Skip'
    default:
      return code
  }
}

function numberKey(code: CardCode): number {
  const f = faceOf(code)
  if (f.kind === 'number') return f.number * 10 + COLOUR_ORDER[f.colour]
  return f.kind === 'wild' ? 1000 : 2000 // Wilds, then Skips, at the right
}
function colourKey(code: CardCode): number {
  const f = faceOf(code)
  if (f.kind === 'number') return COLOUR_ORDER[f.colour] * 100 + f.number
  return f.kind === 'wild' ? 1000 : 2000
}

export type SortMode = 'number' | 'colour'

export function sortCards(cards: readonly CardCode[], mode: SortMode): CardCode[] {
  const key = mode === 'number' ? numberKey : colourKey
  return cards.slice().sort((a, b) => key(a) - key(b))
}

/** A card in the player's hand with an id that survives reordering (identical codes are interchangeable). */
export interface HandItem {
  id: number
  code: CardCode
}

let nextItemId = 1

/**
 * Keeps the player's own arrangement across snapshots: cards still held stay where they were (with their
 * ids, so a selection survives), cards that left are dropped, new ones are appended at the right.
 */
export function reconcileHand(previous: readonly HandItem[], hand: readonly CardCode[]): HandItem[] {
  const left = new Map<CardCode, number>()
  for (const c of hand) left.set(c, (left.get(c) ?? 0) + 1)
  const out: HandItem[] = []
  for (const item of previous) {
    const n = left.get(item.code) ?? 0
    if (n > 0) {
      out.push(item)
      left.set(item.code, n - 1)
    }
  }
  for (const c of hand) {
    const n = left.get(c) ?? 0
    if (n > 0) {
      out.push({ id: nextItemId++, code: c })
      left.set(c, n - 1)
    }
  }
  return out
}

export function sortHand(items: readonly HandItem[], mode: SortMode): HandItem[] {
  const key = mode === 'number' ? numberKey : colourKey
  return items.slice().sort((a, b) => key(a.code) - key(b.code))
}

/** Moves the card at `from` to `to` (both indices in the current order). */
export function moveCard<T>(order: readonly T[], from: number, to: number): T[] {
  const out = order.slice()
  if (from < 0 || from >= out.length) return out
  const [card] = out.splice(from, 1)
  out.splice(Math.max(0, Math.min(out.length, to)), 0, card)
  return out
}
