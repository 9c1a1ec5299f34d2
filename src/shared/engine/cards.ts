/**
 * Cards and their codes (spec/scenario-format.md, "Card codes").
 * A card in engine state is its code string: plain data that serialises, diffs and crosses IPC unchanged.
 * Identical codes are interchangeable, so a hand is a multiset of codes.
 */

export const COLOURS = ['R', 'B', 'Y', 'G'] as const
export type Colour = (typeof COLOURS)[number]

/** `R7`, `B12`, `W` (Wild), `S` (Skip). */
export type CardCode = string

export type Card =
  | { kind: 'number'; colour: Colour; number: number }
  | { kind: 'wild' }
  | { kind: 'skip' }

export const WILD: CardCode = 'W'
export const SKIP: CardCode = 'S'
export const MIN_NUMBER = 1
export const MAX_NUMBER = 12

/** Parses a card code; `null` for anything that is not one (including a declared Wild `W=7`). */
export function parseCard(code: unknown): Card | null {
  const i = cardIndex(code)
  if (i < 0) return null
  if (i === WILD_INDEX) return { kind: 'wild' }
  if (i === SKIP_INDEX) return { kind: 'skip' }
  return { kind: 'number', colour: COLOURS[(i / 12) | 0], number: (i % 12) + 1 }
}

export function isCardCode(code: unknown): code is CardCode {
  return cardIndex(code) >= 0
}

export function numberCard(colour: Colour, number: number): CardCode {
  return `${colour}${number}`
}

/** `cardIndex` of a Wild and of a Skip (number cards are 0..47). */
export const WILD_INDEX = 48
export const SKIP_INDEX = 49

/**
 * The index of a card code: `c * 12 + (n - 1)` for a number card (colours in `COLOURS` order), 48 for a
 * Wild, 49 for a Skip, -1 for anything else (a declared Wild `W=7` is not a hand card). Character arithmetic
 * rather than a regex or a Map: the solver, the bots and the benchmark's policy call it for every card.
 */
export function cardIndex(code: unknown): number {
  if (typeof code !== 'string') return -1
  const len = code.length
  const c0 = code.charCodeAt(0)
  if (len === 1) return c0 === 87 ? WILD_INDEX : c0 === 83 ? SKIP_INDEX : -1
  // Table lookups rather than a switch: hands are random, so fewer unpredictable branches.
  const colour = c0 < 128 ? COLOUR_OF_CHAR[c0] : -1
  const d1 = code.charCodeAt(1) - 48
  if (len === 2) return colour >= 0 && d1 >= 1 && d1 <= 9 ? colour * 12 + d1 - 1 : -1
  const d2 = code.charCodeAt(2) - 48
  return len === 3 && colour >= 0 && d1 === 1 && d2 >= 0 && d2 <= 2 ? colour * 12 + 9 + d2 : -1
}

/** colour index (`COLOURS` order) by character code, -1 for other characters */
const COLOUR_OF_CHAR = new Int8Array(128).fill(-1)
COLOURS.forEach((c, i) => (COLOUR_OF_CHAR[c.charCodeAt(0)] = i))

/**
 * Every hand card's code by `cardIndex` (48 number cards, then `W`, `S`), as internalised strings: the deck
 * is dealt from these, so the engine's many card comparisons are pointer comparisons (two separately built
 * `'R5'` strings would be compared character by character).
 */
export const CARD_CODES: readonly CardCode[] = Object.freeze(
  [...Array.from({ length: 48 }, (_, i) => `${COLOURS[(i / 12) | 0]}${(i % 12) + 1}`), WILD, SKIP].map(internal),
)

/** The internalised copy of `s` (V8 internalises property names). */
function internal(s: string): string {
  return Object.keys({ [s]: 0 })[0]
}

/** Penalty points by `cardIndex` (RULES.md section 1): 1-9 score 5, 10-12 score 10, Skip 15, Wild 25. */
const PENALTY_BY_INDEX = Int8Array.from({ length: 50 }, (_, i) => (i === WILD_INDEX ? 25 : i === SKIP_INDEX ? 15 : (i % 12) + 1 <= 9 ? 5 : 10))

/** Penalty points of the card with index `idx` (a valid `cardIndex`, 0..49). */
export function penaltyOfIndex(idx: number): number {
  return PENALTY_BY_INDEX[idx]
}

/** Penalty points of a card left in hand at the end of a hand (RULES.md section 1). Bots call it a lot. */
export function penaltyPoints(code: CardCode): number {
  const idx = cardIndex(code)
  if (idx < 0) throw new Error(`not a card: ${code}`)
  return PENALTY_BY_INDEX[idx]
}

/**
 * A Wild's declared meaning once laid down (RULES.md section 5): a number (in a set or run) or a colour
 * (in a colour group). Written `W=7` / `W=R`. A bare `W` in a lay-down or hit lets the engine choose.
 */
export type WildMeaning = { number: number } | { colour: Colour }

export type LaidCard = CardCode // a natural card code, or `W=7` / `W=R`

export function parseDeclaredWild(code: unknown): WildMeaning | null {
  const i = laidIndex(code)
  if (i < WILD_AS_NUMBER_INDEX) return null
  return i < WILD_AS_COLOUR_INDEX ? { number: i - WILD_AS_NUMBER_INDEX + 1 } : { colour: COLOURS[i - WILD_AS_COLOUR_INDEX] }
}

export function declaredWild(meaning: WildMeaning): LaidCard {
  return 'number' in meaning ? wildAsNumber(meaning.number) : wildAsColour(meaning.colour)
}

/** `laidIndex` of `W=1` (then `W=2` … `W=12`) and of `W=R` (then `W=B`, `W=Y`, `W=G`, in `COLOURS` order). */
export const WILD_AS_NUMBER_INDEX = 50
export const WILD_AS_COLOUR_INDEX = 62

/**
 * Every laid card's code by `laidIndex`: the hand cards' `CARD_CODES`, then `W=1` … `W=12`, `W=R` … `W=G`, as
 * internalised strings (the solver and the engine lay Wilds with these, so they compare as pointers too).
 */
export const LAID_CODES: readonly LaidCard[] = Object.freeze([
  ...CARD_CODES,
  ...Array.from({ length: 12 }, (_, n) => internal(`W=${n + 1}`)),
  ...COLOURS.map((c) => internal(`W=${c}`)),
])

/** `W=n` for a number 1..12. */
export function wildAsNumber(n: number): LaidCard {
  return LAID_CODES[WILD_AS_NUMBER_INDEX + n - 1]
}

/** `W=R` etc. */
export function wildAsColour(c: Colour): LaidCard {
  return LAID_CODES[WILD_AS_COLOUR_INDEX + COLOUR_OF_CHAR[c.charCodeAt(0)]]
}

/**
 * The index of a card code as laid or given in a lay-down or hit: `cardIndex` for a hand card (0..49), then a
 * declared Wild `W=n` (50..61) or `W=<colour>` (62..65); -1 for anything else. Character arithmetic, no regex.
 */
export function laidIndex(code: unknown): number {
  const i = cardIndex(code)
  if (i >= 0 || typeof code !== 'string') return i
  const len = code.length
  if (len < 3 || len > 4 || code.charCodeAt(0) !== 87 || code.charCodeAt(1) !== 61) return -1 // 'W', '='
  const c2 = code.charCodeAt(2)
  if (len === 3) {
    const colour = c2 < 128 ? COLOUR_OF_CHAR[c2] : -1
    if (colour >= 0) return WILD_AS_COLOUR_INDEX + colour
    return c2 >= 49 && c2 <= 57 ? WILD_AS_NUMBER_INDEX + c2 - 49 : -1 // '1'..'9'
  }
  const c3 = code.charCodeAt(3)
  return c2 === 49 && c3 >= 48 && c3 <= 50 ? WILD_AS_NUMBER_INDEX + 9 + c3 - 48 : -1 // '10'..'12'
}

/** The number a laid natural or a Wild laid as a number stands for (a colour Wild gives NaN). */
export function laidNumber(code: LaidCard): number {
  if (code.startsWith('W=')) return Number(code.slice(2))
  return (cardIndex(code) % 12) + 1
}
