/** The deck (RULES.md sections 1 and 9): 96 number cards + `wildCount` Wilds + `skipCount` Skips. */
import { CARD_CODES, SKIP, WILD, type CardCode } from './cards'
import type { RuleOptions } from './rules'
import { openRng, shuffleInPlace, type Rng } from './rng'

export function buildDeck(rules: Pick<RuleOptions, 'wildCount' | 'skipCount'>): CardCode[] {
  return deckTemplate(rules.wildCount, rules.skipCount).slice()
}

/** One template per (Wilds, Skips) count, copied by `buildDeck`: every hand deals from one (the deal is hot). */
const templates = new Map<number, readonly CardCode[]>()
function deckTemplate(wildCount: number, skipCount: number): readonly CardCode[] {
  const key = wildCount * 4096 + skipCount
  let deck = Number.isInteger(key) ? templates.get(key) : undefined
  if (deck) return deck
  const cards: CardCode[] = []
  // The same internalised code strings in every deck (see CARD_CODES).
  for (let i = 0; i < 48; i++) cards.push(CARD_CODES[i], CARD_CODES[i])
  for (let i = 0; i < wildCount; i++) cards.push(WILD)
  for (let i = 0; i < skipCount; i++) cards.push(SKIP)
  deck = cards // never exposed: buildDeck hands out copies (a frozen array would copy slowly)
  if (Number.isInteger(key) && wildCount >= 0 && skipCount >= 0 && skipCount < 4096 && templates.size < 64) templates.set(key, deck)
  return deck
}

/** Counts of each code, for multiset arithmetic on hands and decks. */
export function countCards(cards: readonly CardCode[]): Map<CardCode, number> {
  const m = new Map<CardCode, number>()
  for (const c of cards) m.set(c, (m.get(c) ?? 0) + 1)
  return m
}

/**
 * Removes `remove` (a multiset) from `cards`; `null` when `cards` cannot supply one of them.
 * Returns a new array, preserving the order of what remains.
 */
export function removeCards(cards: readonly CardCode[], remove: readonly CardCode[]): CardCode[] | null {
  const out = cards.slice()
  for (const c of remove) {
    const i = out.lastIndexOf(c)
    if (i < 0) return null
    out.splice(i, 1)
  }
  return out
}

export function shuffledDeck(deck: readonly CardCode[], rng: Rng): CardCode[] {
  return shuffleInPlace(deck.slice(), rng)
}

export { openRng }
