/**
 * One laid-down group (RULES.md sections 5 and 6): validating a lay-down, fixing every Wild's meaning, and
 * hits. A laid group is compact plain data: its kind, its cards (Wilds written `W=7` / `W=R`, runs in
 * ascending order) and what it stands for (number, low..high, or colour).
 */
import {
  COLOURS,
  LAID_CODES,
  MAX_NUMBER,
  MIN_NUMBER,
  SKIP_INDEX,
  WILD,
  WILD_AS_COLOUR_INDEX,
  WILD_AS_NUMBER_INDEX,
  WILD_INDEX,
  laidIndex,
  wildAsColour,
  wildAsNumber,
  type CardCode,
  type Colour,
  type LaidCard,
} from './cards'
import type { GroupRequirement, PhaseDef } from './phases'

export type LaidGroup =
  | { readonly kind: 'set'; readonly number: number; readonly cards: readonly LaidCard[] }
  | { readonly kind: 'run'; readonly low: number; readonly high: number; readonly cards: readonly LaidCard[] }
  | { readonly kind: 'colour'; readonly colour: Colour; readonly cards: readonly LaidCard[] }

/** A card as given in a lay-down or hit, read once. */
type Given =
  | { t: 'n'; code: CardCode; number: number; colour: Colour }
  | { t: 'w' } // bare Wild: the engine chooses
  | { t: 'wn'; number: number } // W=7
  | { t: 'wc'; colour: Colour } // W=R
  | { t: 'x' } // a Skip or anything else that never fits

/** Every laid code's reading by `laidIndex`, made once (plain shared data, never written). */
const GIVEN: readonly Given[] = LAID_CODES.map((code, i): Given => {
  if (i === WILD_INDEX) return { t: 'w' }
  if (i === SKIP_INDEX) return { t: 'x' }
  if (i >= WILD_AS_COLOUR_INDEX) return { t: 'wc', colour: COLOURS[i - WILD_AS_COLOUR_INDEX] }
  if (i >= WILD_AS_NUMBER_INDEX) return { t: 'wn', number: i - WILD_AS_NUMBER_INDEX + 1 }
  return { t: 'n', code, number: (i % 12) + 1, colour: COLOURS[(i / 12) | 0] }
})
const NEVER_FITS: Given = { t: 'x' }

/** What a given code stands for (character arithmetic and a table: lay-downs and hits read every card). */
function readGiven(code: string): Given {
  const i = laidIndex(code)
  return i < 0 ? NEVER_FITS : GIVEN[i]
}

/** The card a laid or given code takes from the hand: `W=7` is one of my Wilds. */
export function handCardOf(code: string): CardCode {
  return code.charCodeAt(0) === 87 ? WILD : code // 'W' (startsWith is a slower builtin call)
}

export function isNatural(code: string): boolean {
  return readGiven(code).t === 'n'
}

/**
 * Builds one group of a lay-down, or `null` when the cards do not make it (RULES.md section 5).
 * Needs at least `req.size` cards; Skips never fit. Bare Wilds get a valid meaning chosen here.
 */
export function makeGroup(codes: readonly string[], req: GroupRequirement): LaidGroup | null {
  if (codes.length < req.size) return null
  const given = codes.map(readGiven)
  if (given.some((g) => g.t === 'x')) return null
  switch (req.kind) {
    case 'set':
      return makeSet(given)
    case 'run':
      return makeRun(given)
    case 'colour':
      return makeColour(given)
  }
}

function makeSet(given: Given[]): LaidGroup | null {
  let number = 0
  for (const g of given) {
    const n = g.t === 'n' || g.t === 'wn' ? g.number : g.t === 'wc' ? -1 : 0
    if (n === -1) return null
    if (n && number && n !== number) return null
    if (n) number = n
  }
  if (!number) number = MAX_NUMBER // all bare Wilds: any number is valid
  const cards = given.map((g) => (g.t === 'n' ? g.code : wildAsNumber(number)))
  return { kind: 'set', number, cards }
}

function makeColour(given: Given[]): LaidGroup | null {
  let colour: Colour | null = null
  for (const g of given) {
    const c = g.t === 'n' || g.t === 'wc' ? g.colour : g.t === 'wn' ? 'X' : null
    if (c === 'X') return null
    if (c && colour && c !== colour) return null
    if (c) colour = c as Colour
  }
  const col: Colour = colour ?? 'R'
  const cards = given.map((g) => (g.t === 'n' ? g.code : wildAsColour(col)))
  return { kind: 'colour', colour: col, cards }
}

function makeRun(given: Given[]): LaidGroup | null {
  const len = given.length
  if (len > MAX_NUMBER - MIN_NUMBER + 1) return null
  const at: (string | null)[] = new Array(MAX_NUMBER + 1).fill(null)
  let lo = 99
  let hi = 0
  let bare = 0
  for (const g of given) {
    if (g.t === 'w') {
      bare++
      continue
    }
    if (g.t === 'wc') return null
    const n = (g as { number: number }).number
    if (at[n] !== null) return null // a run has each number once
    at[n] = g.t === 'n' ? g.code : wildAsNumber(n)
    if (n < lo) lo = n
    if (n > hi) hi = n
  }
  // Choose the lowest end: keep the fixed cards, extend upwards first (no wrap-around, section 5).
  let low = hi === 0 ? MIN_NUMBER : Math.min(lo, MAX_NUMBER - len + 1)
  if (low < MIN_NUMBER) return null
  const high = low + len - 1
  if (hi > high) return null
  const cards: LaidCard[] = []
  for (let n = low; n <= high; n++) {
    const c = at[n]
    if (c !== null) cards.push(c)
    else if (bare-- > 0) cards.push(wildAsNumber(n))
    else return null
  }
  return { kind: 'run', low, high, cards }
}

/**
 * Validates a whole lay-down against a phase: exactly its groups, in order, each fitting, and the
 * natural-card rule (section 5; option `wildsNeedNaturalPerGroup`). `null` when it does not make the phase.
 */
export function makePhase(
  groups: readonly (readonly string[])[],
  phase: PhaseDef,
  wildsNeedNaturalPerGroup: boolean,
): LaidGroup[] | null {
  if (groups.length !== phase.groups.length) return null
  const laid: LaidGroup[] = []
  let naturals = 0
  for (let i = 0; i < groups.length; i++) {
    const g = makeGroup(groups[i], phase.groups[i])
    if (!g) return null
    // Naturals keep their code in the laid group; every Wild is laid as `W=…`.
    let n = 0
    for (const c of g.cards) if (c.charCodeAt(0) !== 87) n++
    if (wildsNeedNaturalPerGroup && n === 0) return null
    naturals += n
    laid.push(g)
  }
  if (naturals === 0) return null
  return laid
}

/**
 * The group after hitting `code` on it (RULES.md section 6), or `null` when it does not fit.
 * A bare Wild on a run goes to the high end when it can, else the low end.
 */
export function applyHit(group: LaidGroup, code: string): LaidGroup | null {
  const g = readGiven(code)
  switch (group.kind) {
    case 'set': {
      if (g.t === 'n' || g.t === 'wn') {
        if (g.number !== group.number) return null
      } else if (g.t !== 'w') return null
      const laid = g.t === 'n' ? g.code : wildAsNumber(group.number)
      return { kind: 'set', number: group.number, cards: [...group.cards, laid] }
    }
    case 'colour': {
      if (g.t === 'n' || g.t === 'wc') {
        if (g.colour !== group.colour) return null
      } else if (g.t !== 'w') return null
      const laid = g.t === 'n' ? g.code : wildAsColour(group.colour)
      return { kind: 'colour', colour: group.colour, cards: [...group.cards, laid] }
    }
    case 'run': {
      let n: number
      if (g.t === 'n' || g.t === 'wn') n = g.number
      else if (g.t === 'w') n = group.high < MAX_NUMBER ? group.high + 1 : group.low - 1
      else return null
      const laid = g.t === 'n' ? g.code : wildAsNumber(n)
      if (n === group.high + 1 && n <= MAX_NUMBER)
        return { kind: 'run', low: group.low, high: n, cards: [...group.cards, laid] }
      if (n === group.low - 1 && n >= MIN_NUMBER)
        return { kind: 'run', low: n, high: group.high, cards: [laid, ...group.cards] }
      return null
    }
  }
}

export function canHit(group: LaidGroup, code: string): boolean {
  const g = readGiven(code)
  switch (group.kind) {
    case 'set':
      return g.t === 'w' || ((g.t === 'n' || g.t === 'wn') && g.number === group.number)
    case 'colour':
      return g.t === 'w' || ((g.t === 'n' || g.t === 'wc') && g.colour === group.colour)
    case 'run':
      if (g.t === 'w') return group.high < MAX_NUMBER || group.low > MIN_NUMBER
      if (g.t !== 'n' && g.t !== 'wn') return false
      return (g.number === group.high + 1 && g.number <= MAX_NUMBER) || (g.number === group.low - 1 && g.number >= MIN_NUMBER)
  }
}
