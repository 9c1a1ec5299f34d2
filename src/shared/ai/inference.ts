/**
 * What public play says about one opponent's hidden cards (RULES.md section 11: public facts only): a weight per
 * card code, how much likelier that card is in the opponent's hand than a card drawn blind from the unseen pool.
 * Expert's sampler (sampler.ts) deals each opponent's unknown cards in proportion to these weights.
 *
 * The weight is a log-linear model, `exp(θ · features)`, over what the opponent did this hand, read from
 * `BotMemory` and the view: the numbers it discarded, took from the discard pile and passed by (drew from the deck
 * instead), their neighbours and colours, each feature apart for the kinds of group its phase needs; once it is
 * down, whether the card would fit a group that was on the table when it last discarded (it would have been
 * played; `down:fitsSeen`), or one on the table now, and its penalty. A hand is
 * not a bag of independent cards — a player keeps what goes together for their phase — so the weight of a card
 * also depends on the rest of that hand (`PAIR_FEATURES`: cards of the same number, of the neighbouring numbers,
 * of the same colour): `dealHand` draws the cards one by one and then resamples each given the others (Gibbs
 * sweeps). θ (`INFERENCE_WEIGHTS`) was fitted by maximum (pseudo-)likelihood on the true hands of bot games
 * (`npm run fit:inference`, docs/ai.md); at play time the model reads nothing but the view and the memory.
 */
import { cardIndex, COLOURS, parseCard, SKIP, SKIP_INDEX, WILD_INDEX, type CardCode } from '../engine/cards'
import { canHit, type LaidGroup } from '../engine/groups'
import type { GroupRequirement, PhaseDef } from '../engine/phases'
import type { Rng } from '../engine/rng'
import type { SolveOptions } from '../engine/solver'
import type { GameView } from '../engine/views'
import { CODES, distanceOf } from './evaluator'
import { roleOf, shedValue } from './policy'
import { DISTANCE_WEIGHTS, INFERENCE_WEIGHTS } from './inference-weights'
import type { BotMemory, OpponentNotes } from './types'

export { DISTANCE_WEIGHTS, INFERENCE_WEIGHTS }

const KINDS = ['set', 'run', 'colour'] as const

/** A card's features from the rest of the hand, apart for each kind of group in the phase (not once down). */
export const PAIR_FEATURES = KINDS.flatMap((kind) => ['restSame', 'restNear1', 'restNear2', 'restColour'].map((f) => `${f}:${kind}`))
export const PAIR_PER_KIND = 4

/** The features of a card on its own, in `INFERENCE_WEIGHTS` order (the fit tool prints them by these names). */
export const CARD_FEATURES = [
  ...KINDS.flatMap((kind) =>
    ['discardedSame', 'tookSame', 'passedSame', 'discardedNear', 'tookNear', 'passedNear', 'tookColour', 'high'].map((f) => `${f}:${kind}`),
  ),
  'down:fitsTable',
  'down:high',
  'wild',
  'wild:down',
  'skip',
  'skip:down',
  'down:fitsSeen',
] as const

/** θ's layout: the card features, then the pair features. */
export const FEATURES: readonly string[] = [...CARD_FEATURES, ...PAIR_FEATURES]
export const CARD_FEATURE_COUNT = CARD_FEATURES.length
export const FEATURE_COUNT = FEATURES.length
const PER_KIND = 8
const DOWN = PER_KIND * KINDS.length
const FITS_SEEN = DOWN + 6

const count = (xs: readonly number[], pred: (x: number) => boolean, cap = 3): number => {
  let k = 0
  for (const x of xs) if (pred(x)) k++
  return Math.min(k, cap)
}

/** The groups on the table of players still in the hand (what a card held by a player who is down could join). */
export function tableGroups(view: GameView): LaidGroup[] {
  const out: LaidGroup[] = []
  for (const p of view.players) if (p.inHand && p.laidDown) out.push(...p.laidDown)
  return out
}

/** The phase the player in `seat` still has to make this hand; `undefined` once down (or before a Masters choice). */
function openPhase(view: GameView, seat: number): PhaseDef | undefined {
  const p = view.players[seat]
  return p.laidDown === null ? view.phases.find((ph) => ph.number === p.phase) : undefined
}

/** Which kinds of group the opponent's phase needs (set, run, colour), none once it is down. */
export function phaseKinds(view: GameView, seat: number): boolean[] {
  const phase = openPhase(view, seat)
  return KINDS.map((k) => phase?.groups.some((g) => g.kind === k) ?? false)
}

/**
 * The card-feature rows of every card code (CODES order) for the opponent in `seat`: `CARD_FEATURE_COUNT` numbers
 * per code, one flat array. Reads the view and the memory only.
 */
export function featureRows(view: GameView, memory: BotMemory, seat: number, table: readonly LaidGroup[] = tableGroups(view)): Float64Array {
  const F = CARD_FEATURE_COUNT
  const rows = new Float64Array(CODES.length * F)
  const p = view.players[seat]
  const notes: OpponentNotes | undefined = memory.opponents[seat]
  const down = p.laidDown !== null
  const kinds = phaseKinds(view, seat)
  // The groups of the seats that were down when this opponent last discarded (and are still in the hand).
  const seen = down && notes ? notes.sawDown.flatMap((s) => (view.players[s]?.inHand ? (view.players[s].laidDown ?? []) : [])) : []
  for (let i = 0; i < CODES.length; i++) {
    const row = i * F
    if (i === WILD_INDEX || i === SKIP_INDEX) {
      const at = DOWN + 2 + (i === SKIP_INDEX ? 2 : 0)
      rows[row + at] = 1
      if (down) rows[row + at + 1] = 1
      continue
    }
    const c = parseCard(CODES[i])
    if (c?.kind !== 'number') continue
    const high = (c.number - 6.5) / 5.5
    if (down) {
      rows[row + DOWN] = table.some((g) => canHit(g, CODES[i])) ? 1 : 0
      rows[row + DOWN + 1] = high
      rows[row + FITS_SEEN] = seen.some((g) => canHit(g, CODES[i])) ? 1 : 0
      continue
    }
    if (!notes) continue
    const n = c.number
    const near = (x: number) => x !== n && Math.abs(x - n) <= 2
    const base = [
      count(notes.discardedNumbers, (x) => x === n),
      count(notes.tookNumbers, (x) => x === n),
      count(notes.passedNumbers, (x) => x === n),
      count(notes.discardedNumbers, near),
      count(notes.tookNumbers, near),
      count(notes.passedNumbers, near),
      Math.min(3, notes.tookColours.reduce((k, x) => k + (x === c.colour ? 1 : 0), 0)),
      high,
    ]
    for (let k = 0; k < KINDS.length; k++) if (kinds[k]) for (let f = 0; f < PER_KIND; f++) rows[row + k * PER_KIND + f] = base[f]
  }
  return rows
}

/** The number (1–12, 0 for a Wild or Skip) and colour (0–3, −1) of each card code, CODES order. */
const NUMBER_OF = CODES.map((code) => {
  const c = parseCard(code)
  return c?.kind === 'number' ? c.number : 0
})
const COLOUR_OF = CODES.map((code) => {
  const c = parseCard(code)
  return c?.kind === 'number' ? COLOURS.indexOf(c.colour) : -1
})

/** Counts by number (index 0–13, the ends always empty) and by colour of the cards of one hand. */
export interface HandShape {
  numbers: Int32Array
  colours: Int32Array
}

export function handShape(indices: Iterable<number>): HandShape {
  const shape = { numbers: new Int32Array(15), colours: new Int32Array(4) }
  for (const i of indices) addToShape(shape, i, 1)
  return shape
}

function addToShape(shape: HandShape, i: number, k: number): void {
  const n = NUMBER_OF[i]
  if (n === 0) return
  shape.numbers[n] += k
  shape.colours[COLOUR_OF[i]] += k
}

/** The pair features of card code `i` beside the hand `shape` (which must not hold the card itself). */
export function pairFeatures(i: number, shape: HandShape, out: Float64Array | number[]): void {
  const n = NUMBER_OF[i]
  const num = shape.numbers
  if (n === 0) {
    out[0] = out[1] = out[2] = out[3] = 0
    return
  }
  out[0] = Math.min(3, num[n])
  out[1] = Math.min(4, num[n - 1] + num[n + 1])
  out[2] = Math.min(4, (n >= 2 ? num[n - 2] : 0) + num[n + 2])
  out[3] = Math.min(9, shape.colours[COLOUR_OF[i]]) / 3
}

/**
 * How far a hand is from its phase says more than its cards one by one: a player who has had a turn and is not
 * down could not lay down (they would have), and real hands are mostly one card short, while hands dealt by the
 * card weights alone are often complete or far off (docs/ai.md). A distance table's row `b`, class `d` is how much
 * likelier a not-down opponent's hand at distance `d` (0, 1, 2, 3 or more cards short) is in truth than among
 * hands `dealHand` deals, for an opponent whose turns this hand fall in bucket `b` (`turnsBucket`); fitted by
 * `npm run fit:inference`. `dealOpponent` deals `RESAMPLE` hands and keeps one in proportion to it
 * (sampling-importance-resampling).
 */
export const TURN_BUCKETS: readonly number[] = [0, 2, 5, 9]
export const DISTANCE_CLASSES = 4
export const RESAMPLE = 6

export function turnsBucket(turns: number): number {
  let b = 0
  while (b + 1 < TURN_BUCKETS.length && turns >= TURN_BUCKETS[b + 1]) b++
  return b
}

/** Rows per turns bucket, a weight per distance class. */
export type DistanceTable = readonly (readonly number[])[]

/**
 * A distance table per phase, keyed by what the phase asks for (`phaseSignature`: a phase of two sets of 3 is one
 * card short far sooner than one of two sets of 4), and `other` for a phase without its own (custom phase lists,
 * and those the fit saw too little of).
 */
export interface DistanceTables {
  readonly byPhase: Readonly<Record<string, DistanceTable>>
  readonly other: DistanceTable
}

/** A phase's groups as a key: kind and size of each, in order (`set3+run4`). */
export function phaseSignature(groups: readonly GroupRequirement[]): string {
  return groups.map((g) => `${g.kind}${g.size}`).join('+')
}

/** Tables that weigh every phase by the one `table` (the sampler as shipped: `distanceByPhase` off). */
export function oneDistanceTable(table: DistanceTable): DistanceTables {
  return { byPhase: {}, other: table }
}

/** The table a phase is weighed by. */
export function distanceTableFor(tables: DistanceTables, groups: readonly GroupRequirement[]): DistanceTable {
  const key = phaseSignature(groups)
  return Object.hasOwn(tables.byPhase, key) ? tables.byPhase[key] : tables.other
}

/** The distance part of a not-down opponent's model: their phase, the solver's options, the row of weights. */
export interface DistanceModel {
  phase: readonly GroupRequirement[]
  opts: SolveOptions
  weights: readonly number[]
  /**
   * The discard pile's top the opponent passed by on their last draw (`OpponentNotes.lastPassed`), and how much
   * likelier a hand is kept that this card would not bring closer to the phase than one it would (`passedWeight`;
   * 1 or absent: not weighed). A Hard or Medium player who is not down takes the top whenever it helps, so the hand
   * they held then did not need it; the hand now differs from that one by their last draw and discard only.
   */
  passed?: CardCode | null
  passedWeight?: number
}

/** One opponent's model at one decision: each card's own weight, and the pair weights its phase calls for. */
export interface OpponentModel {
  /** `exp(θ · card features)` per card code. */
  weights: Float64Array
  /** The pair-feature weights, summed over the kinds of group the phase needs (all 0 once down). */
  pair: Float64Array
  /** How a whole hand is weighed by its distance to the phase; `null` once down or without a table. */
  distance: DistanceModel | null
  /** How a whole hand is weighed by the card the opponent last discarded from it; `null`: not weighed. */
  discard: DiscardModel | null
}

/**
 * What an opponent's last discard says of the hand they kept (`OpponentNotes.lastDiscard`): until they draw again
 * their hand is exactly the one they kept, so the rule Hard and Medium discard by can be checked on a dealt hand.
 * Not down, they throw a card that leaves the hand as close to the phase as any other would (`chooseDiscard`,
 * policy.ts), never keeping a Skip; down, the card worth most penalty points that fits no group then on the table.
 * A dealt hand that breaks the rule is kept `weight` times as likely (`SearchBudget.discardWeight`; 1: off).
 */
export interface DiscardModel {
  card: CardCode
  /** Not down: their phase (sets, runs, colours) and the solver's options; `null` once down. */
  phase: readonly GroupRequirement[] | null
  opts: SolveOptions
  /** Down: the groups of the seats that were down when they discarded, as they are now. */
  table: readonly LaidGroup[]
  weight: number
}

/** The discard model of the opponent in `seat` (`DiscardModel`), `null` without a last discard or with `weight` 1. */
export function discardModel(view: GameView, memory: BotMemory, seat: number, weight: number): DiscardModel | null {
  const notes = memory.opponents[seat]
  if (weight === 1 || !notes?.lastDiscard) return null
  const opts = { wildsNeedNaturalPerGroup: view.rules.wildsNeedNaturalPerGroup }
  if (notes.lastDiscardDown) {
    const table = notes.sawDown.flatMap((s) => (view.players[s]?.inHand ? (view.players[s].laidDown ?? []) : []))
    return { card: notes.lastDiscard, phase: null, opts, table, weight }
  }
  const phase = openPhase(view, seat)
  return phase ? { card: notes.lastDiscard, phase: phase.groups, opts, table: [], weight } : null
}

/**
 * Whether discarding the model's card from `hand` plus that card follows the rule `DiscardModel` describes; `kept`:
 * the hand's distance to the phase, when the caller has it already (not down only).
 */
export function discardFollowsRule(model: DiscardModel, hand: readonly CardCode[], kept?: number): boolean {
  const thrown = model.card
  if (!model.phase) {
    const value = (c: CardCode) => shedValue(c, model.table.some((g) => canHit(g, c)))
    const v = value(thrown)
    return hand.every((c) => value(c) <= v)
  }
  if (hand.includes(SKIP)) return false
  const phase = model.phase
  kept ??= distanceOf(hand, phase, model.opts)
  const role = roleOf({ groups: phase })
  const tried = new Set<string>([role(thrown)])
  const before = [...hand, thrown]
  for (let i = 0; i < hand.length; i++) {
    const r = role(hand[i])
    if (tried.has(r)) continue
    tried.add(r)
    const other = before.slice()
    other.splice(i, 1)
    if (distanceOf(other, phase, model.opts) < kept) return false
  }
  return true
}

/**
 * The distance model of the opponent in `seat` under distance tables (`DISTANCE_WEIGHTS`), `null` when it has none;
 * `passedWeight` (1: off) weighs a hand the top they last passed by would have helped (`DistanceModel.passed`).
 */
export function distanceModel(view: GameView, memory: BotMemory, seat: number, tables: DistanceTables | null, passedWeight = 1): DistanceModel | null {
  const phase = openPhase(view, seat)
  if (!tables || !phase) return null
  const notes = memory.opponents[seat]
  const turns = notes?.turns ?? 0
  const model: DistanceModel = { phase: phase.groups, opts: { wildsNeedNaturalPerGroup: view.rules.wildsNeedNaturalPerGroup }, weights: distanceTableFor(tables, phase.groups)[turnsBucket(turns)] }
  if (passedWeight !== 1 && notes?.lastPassed) {
    model.passed = notes.lastPassed
    model.passedWeight = passedWeight
  }
  return model
}

export function opponentModel(
  view: GameView,
  memory: BotMemory,
  seat: number,
  theta: readonly number[] = INFERENCE_WEIGHTS,
  table?: readonly LaidGroup[],
  distance: DistanceTables | null = DISTANCE_WEIGHTS,
  passedWeight = 1,
  discardWeight = 1,
): OpponentModel {
  const model = modelFromRows(featureRows(view, memory, seat, table), phaseKinds(view, seat), theta)
  model.distance = distanceModel(view, memory, seat, distance, passedWeight)
  model.discard = discardModel(view, memory, seat, discardWeight)
  return model
}

/** The model of an opponent whose card features are `rows` (`featureRows`) and whose phase needs `kinds`. */
export function modelFromRows(rows: Float64Array, kinds: readonly boolean[], theta: readonly number[]): OpponentModel {
  const F = CARD_FEATURE_COUNT
  const weights = new Float64Array(CODES.length)
  for (let i = 0; i < CODES.length; i++) {
    let eta = 0
    for (let f = 0; f < F; f++) eta += theta[f] * rows[i * F + f]
    weights[i] = Math.exp(eta)
  }
  const pair = new Float64Array(PAIR_PER_KIND)
  for (let k = 0; k < KINDS.length; k++) if (kinds[k]) for (let f = 0; f < PAIR_PER_KIND; f++) pair[f] += theta[F + k * PAIR_PER_KIND + f]
  return { weights, pair, distance: null, discard: null }
}

const UNIT = 2 ** 30

/** A code drawn from `counts` in proportion to copies × `weight(i)`, or −1 when none is left. */
const scratch = new Float64Array(CODES.length)

function drawOne(counts: Int32Array, weight: (i: number) => number, rng: Rng): number {
  let total = 0
  const w = scratch
  w.fill(0)
  for (let i = 0; i < counts.length; i++) if (counts[i] > 0) total += w[i] = counts[i] * weight(i)
  if (!(total > 0)) return -1
  let r = (rng.int(0, UNIT - 1) / UNIT) * total
  let pick = -1
  for (let i = 0; i < counts.length; i++) {
    if (w[i] === 0) continue
    pick = i
    r -= w[i]
    if (r < 0) break
  }
  return pick
}

/** Gibbs sweeps over the drawn cards after the first, one-by-one draw. */
export const SWEEPS = 2

/**
 * Deals `n` unknown cards of one opponent out of `counts` (copies per code, written) under `model` (`null`: each
 * copy alike), beside the cards `known` to be in that hand; `null` when fewer than `n` are left.
 */
export function dealHand(counts: Int32Array, model: OpponentModel | null, known: readonly CardCode[], n: number, rng: Rng, sweeps = SWEEPS): CardCode[] | null {
  const picks: number[] = []
  if (!model) {
    for (let k = 0; k < n; k++) {
      const i = drawOne(counts, () => 1, rng)
      if (i < 0) return null
      counts[i]--
      picks.push(i)
    }
    return picks.map((i) => CODES[i])
  }
  const shape = handShape(known.map(cardIndex))
  const pf = new Float64Array(PAIR_PER_KIND)
  const weight = (i: number) => {
    pairFeatures(i, shape, pf)
    const p = model.pair
    return model.weights[i] * Math.exp(p[0] * pf[0] + p[1] * pf[1] + p[2] * pf[2] + p[3] * pf[3])
  }
  for (let k = 0; k < n; k++) {
    const i = drawOne(counts, weight, rng)
    if (i < 0) return null
    counts[i]--
    addToShape(shape, i, 1)
    picks.push(i)
  }
  for (let s = 0; s < sweeps; s++)
    for (let k = 0; k < n; k++) {
      counts[picks[k]]++
      addToShape(shape, picks[k], -1)
      const i = drawOne(counts, weight, rng)
      counts[i]--
      addToShape(shape, i, 1)
      picks[k] = i
    }
  return picks.map((i) => CODES[i])
}

/** The hand's distance class under a distance model: its distance to the phase, the last class for 3 or more (and for a hopeless hand). */
export function distanceClass(model: DistanceModel, hand: readonly CardCode[]): number {
  return Math.min(DISTANCE_CLASSES - 1, distanceOf(hand, model.phase, model.opts))
}

/** Whether `card` would bring `hand`, at distance `d` (`distanceOf`), closer to the model's phase. */
export function wouldHelp(model: DistanceModel, hand: readonly CardCode[], d: number, card: CardCode): boolean {
  return distanceOf([...hand, card], model.phase, model.opts) < d
}

/**
 * A hand's weight: the table's for its distance class, times `passedWeight` when the top last passed by would help
 * it; `d`: the hand's distance to the phase, when the caller has it already.
 */
export function distanceWeight(model: DistanceModel, hand: readonly CardCode[], d = distanceOf(hand, model.phase, model.opts)): number {
  const w = model.weights[Math.min(DISTANCE_CLASSES - 1, d)]
  const pw = model.passedWeight ?? 1
  if (w === 0 || pw === 1 || !model.passed) return w
  return wouldHelp(model, hand, d, model.passed) ? w * pw : w
}

/** A whole hand's weight under the model's distance and discard parts (1 when it has neither). */
export function handWeight(model: OpponentModel, hand: readonly CardCode[]): number {
  const { distance, discard } = model
  // Both parts read the hand's distance to the same phase (the opponent's, not down): measured once.
  const d = distance ? distanceOf(hand, distance.phase, distance.opts) : undefined
  const w = distance ? distanceWeight(distance, hand, d) : 1
  return w === 0 || !discard || discardFollowsRule(discard, hand, d) ? w : w * discard.weight
}

/**
 * `dealHand`, and then, when the model weighs whole hands (by their distance, by the last discard), `resample` hands
 * kept one in proportion to that weight (the first when all weigh 0); `counts` loses the cards of the one kept.
 */
export function dealOpponent(counts: Int32Array, model: OpponentModel | null, known: readonly CardCode[], n: number, rng: Rng, resample = RESAMPLE): CardCode[] | null {
  if (!model || (!model.distance && !model.discard) || n === 0 || resample <= 1) return dealHand(counts, model, known, n, rng)
  let kept: CardCode[] | null = null
  let keptCounts = counts
  let total = 0
  for (let r = 0; r < resample; r++) {
    const left = counts.slice()
    const hand = dealHand(left, model, known, n, rng)
    if (!hand) return null
    const w = handWeight(model, [...known, ...hand])
    total += w
    // One pass, each hand replacing the one kept with probability w / (total so far): the kept one is drawn in
    // proportion to its weight.
    if (kept === null || (w > 0 && (rng.int(0, UNIT - 1) / UNIT) * total < w)) {
      kept = hand
      keptCounts = left
    }
  }
  counts.set(keptCounts)
  return kept
}
