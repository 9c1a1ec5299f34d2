/**
 * How good a hand is for a phase, from what the seat can see: the distance to the phase (cards still
 * needed, `distance.ts`) and the outs (unseen cards that would bring it closer, counted by copies not
 * visible in the own hand, Save Pile, discard pile or laid groups, nor known to be in an opponent's hand).
 * The single number used to compare hands is the expected number of draws to make the phase:
 * `distance / P(a draw helps)`, 0 when it can be made now.
 */
import { cardIndex, COLOURS, SKIP_INDEX, WILD_INDEX, type CardCode } from '../engine/cards'
import { handCardOf, type LaidGroup } from '../engine/groups'
import type { GroupRequirement } from '../engine/phases'
import { searchDistance, type SolveOptions } from '../engine/solver'
import type { GameView } from '../engine/views'
import { skipWaitsWithTarget } from '../engine/state'

const INF = 1 << 29
/** A hand that can never make the phase. */
export const HOPELESS = 1e9

/** Copies of each card (index `cardIndex`) the seat has not seen, and their total. */
export interface Unseen {
  counts: Int32Array
  total: number
}

export const CODES: readonly CardCode[] = [
  ...Array.from({ length: 48 }, (_, i) => `${COLOURS[(i / 12) | 0]}${(i % 12) + 1}`),
  'W',
  'S',
]

/**
 * Unseen copies: the deck's composition minus the own hand and Save Pile, the discard pile, every laid
 * card, and `known` (cards known to be in other hands, e.g. taken from the discard pile).
 */
export function unseenCards(view: GameView, known: readonly CardCode[] = []): Unseen {
  const counts = new Int32Array(50)
  for (let i = 0; i < 48; i++) counts[i] = 2
  counts[WILD_INDEX] = view.rules.wildCount
  counts[SKIP_INDEX] = view.rules.skipCount
  const see = (code: CardCode) => {
    const i = cardIndex(code)
    if (i >= 0 && counts[i] > 0) counts[i]--
  }
  for (const c of view.hand) see(c)
  for (const c of view.saved) see(c)
  for (const c of view.discard) see(c)
  for (const p of view.players) {
    if (p.pendingSkip && skipWaitsWithTarget(view.rules)) see('S') // else it is already on the discard pile
    if (p.laidDown) for (const g of p.laidDown) for (const c of g.cards) see(handCardOf(c))
  }
  for (const c of known) see(c)
  let total = 0
  for (let i = 0; i < 50; i++) total += counts[i]
  return { counts, total }
}

/**
 * Phases with a colour group cost the solver a max-flow per search (tens of µs): their distances are
 * remembered by hand (a pure function of hand, phase and option), which the bots ask about repeatedly.
 */
const colourCache = new Map<string, number>()
const phaseKeys = new WeakMap<readonly GroupRequirement[], string | null>()

function colourKey(phase: readonly GroupRequirement[]): string | null {
  let key = phaseKeys.get(phase)
  if (key === undefined) {
    key = phase.some((g) => g.kind === 'colour') ? phase.map((g) => `${g.kind[0]}${g.size}`).join('') : null
    phaseKeys.set(phase, key)
  }
  return key
}

function rawDistance(hand: readonly CardCode[], phase: readonly GroupRequirement[], opts: SolveOptions): number {
  const key = colourKey(phase)
  if (key === null) return searchDistance(hand, phase, opts)
  const full = `${key}${opts.wildsNeedNaturalPerGroup ? '!' : ''}|${hand.slice().sort().join()}`
  let d = colourCache.get(full)
  if (d === undefined) {
    d = searchDistance(hand, phase, opts)
    if (colourCache.size >= 20_000) colourCache.clear()
    colourCache.set(full, d)
  }
  return d
}

export function distanceOf(hand: readonly CardCode[], phase: readonly GroupRequirement[], opts: SolveOptions): number {
  const d = rawDistance(hand, phase, opts)
  return d >= INF ? Infinity : d
}

/** Which kinds of card matter to a phase: only numbers, only colours, or both. */
function phaseShape(phase: readonly GroupRequirement[]): 'number' | 'colour' | 'mixed' {
  const colour = phase.some((g) => g.kind === 'colour')
  const number = phase.some((g) => g.kind !== 'colour')
  return colour && number ? 'mixed' : colour ? 'colour' : 'number'
}

/** Unseen copies of the cards that would lower the distance `d` of `hand` (d > 0, finite). */
export function outsOf(hand: readonly CardCode[], phase: readonly GroupRequirement[], opts: SolveOptions, d: number, unseen: Unseen): number {
  const probe = hand.slice()
  probe.push('W')
  const last = probe.length - 1
  const helps = (code: CardCode) => {
    probe[last] = code
    return rawDistance(probe, phase, opts) < d
  }
  const c = unseen.counts
  let outs = 0
  switch (phaseShape(phase)) {
    case 'number':
      for (let n = 0; n < 12; n++) {
        const k = c[n] + c[12 + n] + c[24 + n] + c[36 + n]
        if (k > 0 && helps(CODES[n])) outs += k
      }
      break
    case 'colour':
      for (let col = 0; col < 4; col++) {
        let k = 0
        for (let n = 0; n < 12; n++) k += c[col * 12 + n]
        if (k > 0 && helps(CODES[col * 12])) outs += k
      }
      break
    case 'mixed': {
      // 48 exact probes of a colour-and-number phase cost too much per decision: probe each number in
      // the colour the hand holds least of (least likely to be a colour group's), each colour with the
      // number the hand holds least of, and count a card when either helps.
      const perColour = [0, 0, 0, 0]
      const perNumber = new Array<number>(12).fill(0)
      for (const code of hand) {
        const i = cardIndex(code)
        if (i >= 0 && i < 48) {
          perColour[(i / 12) | 0]++
          perNumber[i % 12]++
        }
      }
      const rareColour = perColour.indexOf(Math.min(...perColour))
      const rareNumber = perNumber.indexOf(Math.min(...perNumber))
      const numberHelps = new Array<boolean>(12)
      for (let n = 0; n < 12; n++) numberHelps[n] = helps(CODES[rareColour * 12 + n])
      for (let col = 0; col < 4; col++) {
        const colourHelps = helps(CODES[col * 12 + rareNumber])
        for (let n = 0; n < 12; n++) if (colourHelps || numberHelps[n]) outs += c[col * 12 + n]
      }
      break
    }
  }
  if (c[WILD_INDEX] > 0 && helps('W')) outs += c[WILD_INDEX]
  return outs
}

/** Expected draws to make the phase: 0 when it can be made now, `HOPELESS` when it never can. */
export function expectedDraws(hand: readonly CardCode[], phase: readonly GroupRequirement[], opts: SolveOptions, unseen: Unseen, d = distanceOf(hand, phase, opts)): number {
  if (d === 0) return 0
  if (!Number.isFinite(d)) return HOPELESS
  const outs = outsOf(hand, phase, opts, d, unseen)
  // A draw from a pile of `total` cards, plus the discard pile's chances (roughly one more look per turn).
  const p = Math.min(0.95, (outs + 0.25) / Math.max(1, unseen.total))
  return d / p
}

/** Numbers that would fit a laid group now (its set number, its run's ends), for "could I hit this later". */
export function fitsGroup(group: LaidGroup, code: CardCode): boolean {
  const i = cardIndex(code)
  if (i === WILD_INDEX) return true
  if (i < 0 || i >= 48) return false
  const n = (i % 12) + 1
  switch (group.kind) {
    case 'set':
      return n === group.number
    case 'colour':
      return COLOURS[(i / 12) | 0] === group.colour
    case 'run':
      return n === group.low - 1 || n === group.high + 1
  }
}
