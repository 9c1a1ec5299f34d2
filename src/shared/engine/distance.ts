/**
 * How far a hand is from a phase, for bots and hints (built on the solver's search, `solver.ts`).
 *
 * **Distance** of a hand to a phase: the least number of cards that must be ADDED to the hand so that the
 * phase can be made from it (RULES.md section 5), 0 when it can be made now. Any cards may be added,
 * regardless of which ones the deck still holds; nothing is taken away (discards are the bot's choice).
 * `Infinity` when no additions help (a run longer than 12). Because an added card can be chosen as any
 * natural card, the distance is the number of group positions the hand's cards cannot fill beyond its
 * Wilds, but at least the number of groups (per-group option) or phases (default) left with no natural.
 * Drawing one card lowers the distance by at most 1.
 */
import { cardIndex, COLOURS, type CardCode, type Colour } from './cards'
import type { GroupRequirement } from './phases'
import { buildPartial, searchDistance, type PartialGroup, type SolveOptions } from './solver'

const INF = 1 << 29

/** The least number of cards to add to the hand so that the phase can be made; 0 if it can be made now. */
export function phaseDistance(hand: readonly CardCode[], phase: readonly GroupRequirement[], opts: SolveOptions): number {
  const d = searchDistance(hand, phase, opts)
  return d >= INF ? Infinity : d
}

/**
 * The cards that would bring the hand one card closer to the phase if drawn (distance − 1).
 * - `codes`: every such card code, exactly: number cards `R1`..`G12` in colour-then-number order, then
 *   `W` if a Wild helps. Empty when the phase can already be made (or never can).
 * - `numbers`: numbers for which a card of ANY colour helps (all four codes are in `codes`).
 * - `colours`: colours for which a card of ANY number helps (all twelve codes are in `codes`).
 * - `wild`: whether a Wild helps. Usually true when the distance is above 0, but not always: a hand
 *   that lacks only a natural card (e.g. Wilds only) is not helped by another Wild.
 */
export interface UsefulCards {
  distance: number
  codes: CardCode[]
  numbers: number[]
  colours: Colour[]
  wild: boolean
}

export function usefulCards(hand: readonly CardCode[], phase: readonly GroupRequirement[], opts: SolveOptions): UsefulCards {
  const distance = phaseDistance(hand, phase, opts)
  const result: UsefulCards = { distance, codes: [], numbers: [], colours: [], wild: false }
  if (distance === 0 || distance === Infinity) return result
  const hasColour = phase.some((g) => g.kind === 'colour')
  const hasNumber = phase.some((g) => g.kind !== 'colour')
  const helps = (code: CardCode): boolean => searchDistance([...hand, code], phase, opts) < distance
  const helpful = new Array<boolean>(48).fill(false)
  if (!hasColour) {
    // Only numbers matter: one try per number.
    for (let n = 1; n <= 12; n++) if (helps(`R${n}`)) for (let c = 0; c < 4; c++) helpful[c * 12 + n - 1] = true
  } else if (!hasNumber) {
    for (let c = 0; c < 4; c++) if (helps(`${COLOURS[c]}1`)) for (let n = 1; n <= 12; n++) helpful[c * 12 + n - 1] = true
  } else {
    for (let i = 0; i < 48; i++) helpful[i] = helps(`${COLOURS[(i / 12) | 0]}${(i % 12) + 1}`)
  }
  for (let i = 0; i < 48; i++) if (helpful[i]) result.codes.push(`${COLOURS[(i / 12) | 0]}${(i % 12) + 1}`)
  for (let n = 1; n <= 12; n++) if ([0, 1, 2, 3].every((c) => helpful[c * 12 + n - 1])) result.numbers.push(n)
  for (let c = 0; c < 4; c++) {
    let all = true
    for (let n = 1; n <= 12; n++) all &&= helpful[c * 12 + n - 1]
    if (all) result.colours.push(COLOURS[c])
  }
  result.wild = helps('W')
  if (result.wild) result.codes.push('W')
  return result
}

/** A closest partial phase: what to keep building on, what is missing, and what is spare. */
export interface BestPartial {
  /** as `phaseDistance`; `groups` is empty when it is `Infinity` */
  distance: number
  /**
   * One entry per group in the phase's order: the hand cards placed in it (Wilds with their meaning) and
   * the missing cards (see `PartialGroup.missing`); `missing.length` summed over groups is `distance`.
   */
  groups: PartialGroup[]
  /** the hand cards the partial phase uses (Wilds as `W`) — worth keeping */
  keep: CardCode[]
  /** the other hand cards (including Skips) — the discard candidates */
  spare: CardCode[]
}

/**
 * The closest partial phase (one of them, when several are equally close). At distance 0 its groups are
 * a valid lay-down, though not necessarily with the fewest Wilds (`solvePhase` gives that one).
 */
export function bestPartial(hand: readonly CardCode[], phase: readonly GroupRequirement[], opts: SolveOptions): BestPartial {
  const d = searchDistance(hand, phase, opts)
  if (d >= INF) return { distance: Infinity, groups: [], keep: [], spare: hand.slice() }
  const groups = buildPartial()
  const used = new Map<CardCode, number>()
  for (const g of groups) {
    for (const code of g.cards) {
      const key = code.startsWith('W=') ? 'W' : code
      used.set(key, (used.get(key) ?? 0) + 1)
    }
  }
  const keep: CardCode[] = []
  const spare: CardCode[] = []
  for (const code of hand) {
    const left = used.get(code) ?? 0
    if (left > 0 && cardIndex(code) !== 49) {
      used.set(code, left - 1)
      keep.push(code)
    } else spare.push(code)
  }
  return { distance: d, groups, keep, spare }
}
