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

const NUMBER_CODE = /^([RBYG])(1[0-2]|[1-9])$/

/** Parses a card code; `null` for anything that is not one (including a declared Wild `W=7`). */
export function parseCard(code: unknown): Card | null {
  if (typeof code !== 'string') return null
  if (code === WILD) return { kind: 'wild' }
  if (code === SKIP) return { kind: 'skip' }
  const m = NUMBER_CODE.exec(code)
  if (!m) return null
  return { kind: 'number', colour: m[1] as Colour, number: Number(m[2]) }
}

export function isCardCode(code: unknown): code is CardCode {
  return parseCard(code) !== null
}

export function numberCard(colour: Colour, number: number): CardCode {
  return `${colour}${number}`
}

const PENALTY = new Map<string, number>([
  [WILD, 25],
  [SKIP, 15],
  ...COLOURS.flatMap((c) => Array.from({ length: MAX_NUMBER }, (_, i): [string, number] => [`${c}${i + 1}`, i + 1 <= 9 ? 5 : 10])),
])

/** Penalty points of a card left in hand at the end of a hand (RULES.md section 1). A table lookup: bots call it a lot. */
export function penaltyPoints(code: CardCode): number {
  const points = PENALTY.get(code)
  if (points === undefined) throw new Error(`not a card: ${code}`)
  return points
}

/**
 * A Wild's declared meaning once laid down (RULES.md section 5): a number (in a set or run) or a colour
 * (in a colour group). Written `W=7` / `W=R`. A bare `W` in a lay-down or hit lets the engine choose.
 */
export type WildMeaning = { number: number } | { colour: Colour }

export type LaidCard = CardCode // a natural card code, or `W=7` / `W=R`

const DECLARED_WILD = /^W=(?:(1[0-2]|[1-9])|([RBYG]))$/

export function parseDeclaredWild(code: unknown): WildMeaning | null {
  if (typeof code !== 'string') return null
  const m = DECLARED_WILD.exec(code)
  if (!m) return null
  return m[1] !== undefined ? { number: Number(m[1]) } : { colour: m[2] as Colour }
}

export function declaredWild(meaning: WildMeaning): LaidCard {
  return 'number' in meaning ? `W=${meaning.number}` : `W=${meaning.colour}`
}
