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

// Cards as given in a lay-down or hit are read by `laidIndex` (cards.ts): a natural card 0..47 (colour
// `(i / 12) | 0`, number `i % 12 + 1`), a bare Wild (`WILD_INDEX`: the engine chooses its meaning), a declared
// Wild `W=n` or `W=<colour>`; a Skip or anything else never fits. Integer reading, no per-card objects:
// every lay-down and hit reads every card.

/** A laid index's (≥ 0) number (natural card or `W=n`); 0 for a bare Wild, -1 for a `W=<colour>` or a Skip. */
function numberOfLaid(i: number): number {
  if (i < WILD_INDEX) return (i % 12) + 1
  if (i === WILD_INDEX) return 0
  return i >= WILD_AS_NUMBER_INDEX && i < WILD_AS_COLOUR_INDEX ? i - WILD_AS_NUMBER_INDEX + 1 : -1
}

/** `colourOfLaid` of a bare Wild: it takes any colour (`COLOURS` indices are 0..3). */
const ANY_COLOUR = 4

/** A laid index's (≥ 0) colour (`COLOURS` index; natural card or `W=<colour>`); `ANY_COLOUR` for a bare Wild, -1 for a `W=n` or a Skip. */
function colourOfLaid(i: number): number {
  if (i < WILD_INDEX) return (i / 12) | 0
  if (i === WILD_INDEX) return ANY_COLOUR
  return i >= WILD_AS_COLOUR_INDEX ? i - WILD_AS_COLOUR_INDEX : -1
}

/** The card a laid or given code takes from the hand: `W=7` is one of my Wilds. */
export function handCardOf(code: string): CardCode {
  return code.charCodeAt(0) === 87 ? WILD : code // 'W' (startsWith is a slower builtin call)
}

export function isNatural(code: string): boolean {
  const i = laidIndex(code)
  return i >= 0 && i < WILD_INDEX
}

/** Scratch for the group being read (lay-downs are synchronous): the cards' laid indices, and a run's slots. */
let given = new Int32Array(32)
const runSlot = new Int32Array(MAX_NUMBER + 1)
/** Natural cards in the group `makeGroup` made last (makePhase's natural-card rule reads it). */
let lastNaturals = 0

/**
 * Builds one group of a lay-down, or `null` when the cards do not make it (RULES.md section 5).
 * Needs at least `req.size` cards; Skips never fit. Bare Wilds get a valid meaning chosen here.
 */
export function makeGroup(codes: readonly string[], req: GroupRequirement): LaidGroup | null {
  const len = codes.length
  if (len < req.size) return null
  if (len > given.length) given = new Int32Array(len * 2)
  let naturals = 0
  for (let k = 0; k < len; k++) {
    const i = laidIndex(codes[k])
    if (i < 0 || i === SKIP_INDEX) return null
    if (i < WILD_INDEX) naturals++
    given[k] = i
  }
  lastNaturals = naturals
  switch (req.kind) {
    case 'set':
      return makeSet(len)
    case 'run':
      return makeRun(len)
    case 'colour':
      return makeColour(len)
  }
}

function makeSet(len: number): LaidGroup | null {
  let number = 0
  for (let k = 0; k < len; k++) {
    const n = numberOfLaid(given[k])
    if (n === -1 || (n && number && n !== number)) return null
    if (n) number = n
  }
  if (!number) number = MAX_NUMBER // all bare Wilds: any number is valid
  const wild = wildAsNumber(number)
  const cards: LaidCard[] = new Array(len)
  for (let k = 0; k < len; k++) cards[k] = given[k] < WILD_INDEX ? LAID_CODES[given[k]] : wild
  return { kind: 'set', number, cards }
}

function makeColour(len: number): LaidGroup | null {
  let colour = ANY_COLOUR // none fixed yet
  for (let k = 0; k < len; k++) {
    const c = colourOfLaid(given[k])
    if (c === -1 || (c !== ANY_COLOUR && colour !== ANY_COLOUR && c !== colour)) return null
    if (c !== ANY_COLOUR) colour = c
  }
  const col: Colour = COLOURS[colour === ANY_COLOUR ? 0 : colour] // all bare Wilds: red
  const wild = wildAsColour(col)
  const cards: LaidCard[] = new Array(len)
  for (let k = 0; k < len; k++) cards[k] = given[k] < WILD_INDEX ? LAID_CODES[given[k]] : wild
  return { kind: 'colour', colour: col, cards }
}

function makeRun(len: number): LaidGroup | null {
  if (len > MAX_NUMBER - MIN_NUMBER + 1) return null
  runSlot.fill(-1)
  let lo = 99
  let hi = 0
  let bare = 0
  for (let k = 0; k < len; k++) {
    const n = numberOfLaid(given[k])
    if (n === 0) {
      bare++
      continue
    }
    if (n === -1 || runSlot[n] !== -1) return null // a run has each number once
    runSlot[n] = given[k] < WILD_INDEX ? given[k] : WILD_AS_NUMBER_INDEX + n - 1
    if (n < lo) lo = n
    if (n > hi) hi = n
  }
  // Choose the lowest end: keep the fixed cards, extend upwards first (no wrap-around, section 5).
  const low = hi === 0 ? MIN_NUMBER : Math.min(lo, MAX_NUMBER - len + 1)
  if (low < MIN_NUMBER) return null
  const high = low + len - 1
  if (hi > high) return null
  const cards: LaidCard[] = new Array(len)
  for (let n = low; n <= high; n++) {
    const i = runSlot[n]
    if (i !== -1) cards[n - low] = LAID_CODES[i]
    else if (bare-- > 0) cards[n - low] = wildAsNumber(n)
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
    if (wildsNeedNaturalPerGroup && lastNaturals === 0) return null
    naturals += lastNaturals
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
  const i = laidIndex(code)
  if (i < 0) return null
  const natural = i < WILD_INDEX
  switch (group.kind) {
    case 'set': {
      const n = numberOfLaid(i)
      if (n === -1 || (n !== 0 && n !== group.number)) return null
      return { kind: 'set', number: group.number, cards: withCard(group.cards, natural ? LAID_CODES[i] : wildAsNumber(group.number), false) }
    }
    case 'colour': {
      const c = colourOfLaid(i)
      if (c === -1 || (c !== ANY_COLOUR && COLOURS[c] !== group.colour)) return null
      return { kind: 'colour', colour: group.colour, cards: withCard(group.cards, natural ? LAID_CODES[i] : wildAsColour(group.colour), false) }
    }
    case 'run': {
      let n = numberOfLaid(i)
      if (n === -1) return null
      if (n === 0) n = group.high < MAX_NUMBER ? group.high + 1 : group.low - 1
      const high = n === group.high + 1 && n <= MAX_NUMBER
      if (!high && !(n === group.low - 1 && n >= MIN_NUMBER)) return null
      const laid = natural ? LAID_CODES[i] : wildAsNumber(n)
      return high
        ? { kind: 'run', low: group.low, high: n, cards: withCard(group.cards, laid, false) }
        : { kind: 'run', low: n, high: group.high, cards: withCard(group.cards, laid, true) }
    }
  }
}

/** `cards` with `card` added at the end, or at the front (a new array: laid groups are never written). */
function withCard(cards: readonly LaidCard[], card: LaidCard, atFront: boolean): LaidCard[] {
  const n = cards.length
  const out: LaidCard[] = new Array(n + 1)
  const from = atFront ? 1 : 0
  for (let k = 0; k < n; k++) out[k + from] = cards[k]
  out[atFront ? 0 : n] = card
  return out
}

export function canHit(group: LaidGroup, code: string): boolean {
  const i = laidIndex(code)
  if (i < 0) return false
  switch (group.kind) {
    case 'set': {
      const n = numberOfLaid(i)
      return n === 0 || n === group.number
    }
    case 'colour': {
      const c = colourOfLaid(i)
      return c === ANY_COLOUR || (c !== -1 && COLOURS[c] === group.colour)
    }
    case 'run': {
      const n = numberOfLaid(i)
      if (n === 0) return group.high < MAX_NUMBER || group.low > MIN_NUMBER
      return n !== -1 && ((n === group.high + 1 && n <= MAX_NUMBER) || (n === group.low - 1 && n >= MIN_NUMBER))
    }
  }
}
