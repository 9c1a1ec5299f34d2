/** The deck (RULES.md sections 1 and 9): 96 number cards + `wildCount` Wilds + `skipCount` Skips. */
import { COLOURS, MAX_NUMBER, MIN_NUMBER, SKIP, WILD, type CardCode } from './cards'
import type { RuleOptions } from './rules'
import { openRng, shuffleInPlace, type Rng } from './rng'

export function buildDeck(rules: Pick<RuleOptions, 'wildCount' | 'skipCount'>): CardCode[] {
  const deck: CardCode[] = []
  for (const colour of COLOURS)
    for (let n = MIN_NUMBER; n <= MAX_NUMBER; n++) deck.push(`${colour}${n}`, `${colour}${n}`)
  for (let i = 0; i < rules.wildCount; i++) deck.push(WILD)
  for (let i = 0; i < rules.skipCount; i++) deck.push(SKIP)
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
