/**
 * The phase solver (RULES.md section 5): can this hand make this phase, and how should it be laid down?
 * Used by the bots, the UI's one-click lay-down suggestion and hints; `distance.ts` builds the
 * "how far am I" questions on the same search.
 *
 * How it works, and why it is exact:
 * - The hand is reduced to counts: naturals per number 1..12, per colour, per (colour, number), and Wilds.
 *   Skips are ignored (RULES.md section 4: never part of a phase).
 * - Each group is searched at its exact minimum size. That loses nothing: from a group holding more than
 *   its size, a card can always be dropped keeping it valid (a Wild if the group has one besides its last
 *   natural, else any card of a set or colour group, else a run's end card that is not its only natural),
 *   so a phase that can be made with extras can be made with exact sizes and no fewer naturals per group.
 * - Sets and runs are searched first at the number level: a set picks a number n and uses u naturals of n
 *   plus k-u Wilds; a run picks its start and uses the natural at every position it can. Using an
 *   available natural instead of a Wild never hurts (swap it with the Wild that takes its meaning
 *   elsewhere), except under `wildsNeedNaturalPerGroup`, where the natural may be another group's only one;
 *   so there a group may leave out at most as many naturals as there are groups after it, which the
 *   search enumerates. A group of Wilds only is one representative choice (its meaning is free).
 * - Colour groups come last. Which colours the sets/runs took then matters, so their demand per number is
 *   matched against the hand's (colour, number) counts by a tiny max-flow that leaves as many naturals of
 *   each chosen colour as possible (first one per colour group under the per-group option, then the most).
 * - Cost of a choice: "slots" = group positions not filled by a natural of the hand. The search is a
 *   branch and bound on a monotone cost of (slots, groups without a natural), so one search answers
 *   feasibility (`canMakePhase`), the lay-down using the fewest Wilds (`solvePhase`) and the distance
 *   (`phaseDistance`: how many cards to add).
 *
 * The search uses module-level scratch buffers (no allocation per check); it is synchronous and never
 * re-entered, so this is safe. A phase (the `GroupRequirement[]` array) is compiled once and cached by
 * identity, so phases are treated as immutable data, as everywhere in the engine.
 */
import { CARD_CODES, cardIndex, COLOURS, LAID_CODES, WILD_AS_COLOUR_INDEX, WILD_AS_NUMBER_INDEX, WILD_INDEX, type CardCode, type LaidCard } from './cards'
import type { GroupRequirement } from './phases'

export interface SolveOptions {
  /** RULES.md section 5 / option `wildsNeedNaturalPerGroup`: every group needs a natural card (default: the phase as a whole). */
  wildsNeedNaturalPerGroup: boolean
}

/** One array of laid card codes per group, in the phase's group order; Wilds as `W=5` / `W=R`; runs ascending. */
export type LaidGroups = LaidCard[][]

const SET = 0
const RUN = 1
const COLOUR = 2
const INF = 1 << 29
/** A set's number / run's start meaning "Wilds only" (meaning chosen when building); last, so such groups come last. */
const WILDS_ONLY = 13

// ---------------------------------------------------------------------------------------------------
// Compiled phases (cached per phase array; a phase is plain data that nobody mutates).

interface CompiledPhase {
  groups: number
  /** search position -> index in the phase */
  order: number[]
  kind: Int8Array
  size: Int32Array
  /** 1 when the group equals the previous one in search order (symmetry: choices non-decreasing) */
  sameAsPrev: Uint8Array
  /** sets and runs come first in search order, colour groups after them */
  numberGroups: number
  /** a run longer than 12, or a group of no cards: never makeable */
  impossible: boolean
  /** cards in the phase at minimum sizes */
  total: number
}

const compiledCache = new WeakMap<readonly GroupRequirement[], CompiledPhase>()

function compile(phase: readonly GroupRequirement[]): CompiledPhase {
  let compiled = compiledCache.get(phase)
  if (compiled) return compiled
  const rank = (g: GroupRequirement): number => (g.kind === 'run' ? 0 : g.kind === 'set' ? 1 : 2)
  const order = phase.map((_, i) => i)
  // Runs, then sets, then colour groups (the colour stage needs the others decided); bigger first prunes sooner.
  order.sort((a, b) => rank(phase[a]) - rank(phase[b]) || phase[b].size - phase[a].size || a - b)
  const n = phase.length
  const kind = new Int8Array(n)
  const size = new Int32Array(n)
  const sameAsPrev = new Uint8Array(n)
  let numberGroups = 0
  let impossible = false
  let total = 0
  for (let i = 0; i < n; i++) {
    const g = phase[order[i]]
    kind[i] = g.kind === 'set' ? SET : g.kind === 'run' ? RUN : g.kind === 'colour' ? COLOUR : -1
    if (kind[i] < 0) throw new Error(`unknown group kind: ${String(g.kind)}`)
    size[i] = g.size
    total += g.size
    if (!Number.isInteger(g.size) || g.size < 1 || (g.kind === 'run' && g.size > 12)) impossible = true
    if (kind[i] !== COLOUR) numberGroups++
    sameAsPrev[i] = i > 0 && kind[i] === kind[i - 1] && size[i] === size[i - 1] ? 1 : 0
  }
  compiled = { groups: n, order, kind, size, sameAsPrev, numberGroups, impossible, total }
  compiledCache.set(phase, compiled)
  return compiled
}

// ---------------------------------------------------------------------------------------------------
// Scratch state of the search.

/** naturals per number 1..12 still free (index 0 unused) */
const cnt = new Int32Array(13)
/** naturals per identity `c * 12 + n - 1` in the hand */
const ident = new Int32Array(48)
/** naturals per colour in the hand */
const colTotal = new Int32Array(4)
let wilds = 0
let handNaturals = 0
/** bit n: the hand holds a natural of number n */
let handNumbers = 0

let P: CompiledPhase
let perGroup = false
/** 0: feasibility (stop at the first lay-down), 1: distance (fewest cards to add), 2: fewest Wilds */
let mode = 0
let best = INF
/** the search stops at a choice of this cost or less */
let stopAt = 0

let capacity = 0
let choiceA = new Int32Array(0) // set: number; run: start (WILDS_ONLY for either: no natural); colour: colour
let choiceB = new Int32Array(0) // set: naturals used; run: bit j = position s+j uses a natural
let bestA = new Int32Array(0)
let bestB = new Int32Array(0)

// Colour stage (max-flow between colours and numbers).
const flowX = new Int32Array(48) // naturals of identity (c, n) given to the sets/runs' demand for n
const colUsed = new Int32Array(4) // sum over n of flowX[c][n]
const sinkC = new Int32Array(4) // naturals of colour c given to colour groups
const capC = new Int32Array(4)
const groupsOfColour = new Int32Array(4)
const sizeOfColour = new Int32Array(4)
const demand = new Int32Array(13)

function ensureCapacity(n: number): void {
  if (n <= capacity) return
  capacity = Math.max(n, 8)
  choiceA = new Int32Array(capacity)
  choiceB = new Int32Array(capacity)
  bestA = new Int32Array(capacity)
  bestB = new Int32Array(capacity)
  naturalsInScratch = new Int32Array(capacity)
  reservedScratch = new Uint8Array(capacity)
}

/**
 * Loads a hand into the scratch counts (`ident` and `colTotal` only when `byColour`: a feasibility check
 * of a phase without colour groups needs numbers only). Throws on a code that is not a card: a caller's
 * bug (validate input first).
 */
function loadHand(hand: readonly CardCode[], byColour: boolean): void {
  // Plain loops for a dozen entries (a typed array's fill() is a builtin call); fill() pays off for 48.
  for (let i = 0; i < 13; i++) cnt[i] = 0
  if (byColour) {
    ident.fill(0)
    for (let i = 0; i < 4; i++) colTotal[i] = 0
  }
  let w = 0
  let naturals = 0
  let numbers = 0
  for (let i = 0; i < hand.length; i++) {
    const idx = cardIndex(hand[i])
    if (idx < 48) {
      if (idx < 0) throw new Error(`not a card code: ${String(hand[i])}`)
      const n = (idx % 12) + 1
      cnt[n]++
      numbers |= 1 << n
      naturals++
      if (byColour) {
        ident[idx]++
        colTotal[(idx / 12) | 0]++
      }
    } else if (idx === WILD_INDEX) w++
  }
  wilds = w
  handNaturals = naturals
  handNumbers = numbers
}

/** The search's cost of `slots` unfilled positions and `zeros` groups with no natural; monotone in both. */
function costOf(slots: number, zeros: number): number {
  if (mode === 2) return slots > wilds || zeros > 0 ? INF : slots
  // Distance: added cards can be chosen as naturals of any meaning, so they fill slots and give groups
  // their natural; the hand's Wilds only fill slots.
  const extra = slots - wilds
  return extra > zeros ? extra : zeros
}

function maxSkipAt(gi: number): number {
  return perGroup ? P.groups - 1 - gi : 0
}

/** Returns true to stop the whole search (a cost-0 answer was found). */
function dfs(gi: number, slots: number, zeros: number, nat: number): boolean {
  if (gi === P.numberGroups) return colourStage(slots, zeros, nat)
  const k = P.size[gi]
  const same = P.sameAsPrev[gi] === 1
  const prev = same ? choiceA[gi - 1] : 0
  const zeroCost = perGroup ? 1 : 0
  if (P.kind[gi] === SET) {
    const maxSkip = maxSkipAt(gi)
    for (let n = prev > 0 ? prev : 1; n <= 12; n++) {
      const c = cnt[n]
      if (c === 0) continue
      const umax = c < k ? c : k
      const umin = umax - maxSkip > 1 ? umax - maxSkip : 1
      for (let u = umax; u >= umin; u--) {
        const s2 = slots + k - u
        if (costOf(s2, zeros) >= best) break
        cnt[n] -= u
        choiceA[gi] = n
        choiceB[gi] = u
        const stop = dfs(gi + 1, s2, zeros, nat + u)
        cnt[n] += u
        if (stop) return true
      }
    }
    if (costOf(slots + k, zeros + zeroCost) < best) {
      choiceA[gi] = WILDS_ONLY
      choiceB[gi] = 0
      if (dfs(gi + 1, slots + k, zeros + zeroCost, nat)) return true
    }
    return false
  }
  // RUN
  const maxSkip = maxSkipAt(gi)
  for (let s = prev > 0 ? prev : 1; s + k - 1 <= 12; s++) {
    let mask = 0
    let a = 0
    for (let j = 0; j < k; j++) {
      if (cnt[s + j] > 0) {
        mask |= 1 << j
        a++
      }
    }
    if (a === 0) continue
    const base = slots + k - a
    if (costOf(base, zeros) >= best) continue
    for (let j = 0; j < k; j++) if (mask & (1 << j)) cnt[s + j]--
    choiceA[gi] = s
    choiceB[gi] = mask
    let stop = dfs(gi + 1, base, zeros, nat + a)
    if (!stop && maxSkip > 0 && a > 1) {
      // Leave out some naturals (at most maxSkip, keeping one) for later groups: per-group option only.
      for (let skip = (mask - 1) & mask; skip > 0 && !stop; skip = (skip - 1) & mask) {
        const p = popcount(skip)
        if (p > maxSkip || p >= a || costOf(base + p, zeros) >= best) continue
        for (let j = 0; j < k; j++) if (skip & (1 << j)) cnt[s + j]++
        choiceA[gi] = s
        choiceB[gi] = mask & ~skip
        stop = dfs(gi + 1, base + p, zeros, nat + a - p)
        for (let j = 0; j < k; j++) if (skip & (1 << j)) cnt[s + j]--
      }
    }
    for (let j = 0; j < k; j++) if (mask & (1 << j)) cnt[s + j]++
    if (stop) return true
  }
  if (costOf(slots + k, zeros + zeroCost) < best) {
    choiceA[gi] = WILDS_ONLY
    choiceB[gi] = 0
    if (dfs(gi + 1, slots + k, zeros + zeroCost, nat)) return true
  }
  return false
}

function popcount(x: number): number {
  let n = 0
  while (x) {
    x &= x - 1
    n++
  }
  return n
}

function colourStage(slots: number, zeros: number, nat: number): boolean {
  if (P.numberGroups === P.groups) return leaf(slots, zeros, nat)
  // Demand of the sets/runs per number, for the flow.
  let anyDemand = false
  for (let n = 1; n <= 12; n++) {
    let total = 0
    for (let c = 0; c < 4; c++) total += ident[c * 12 + n - 1]
    demand[n] = total - cnt[n]
    if (demand[n] > 0) anyDemand = true
  }
  return chooseColours(P.numberGroups, slots, zeros, nat, anyDemand)
}

function chooseColours(gi: number, slots: number, zeros: number, nat: number, anyDemand: boolean): boolean {
  if (gi === P.groups) return evaluateColours(slots, zeros, nat, anyDemand)
  const first = P.sameAsPrev[gi] === 1 ? choiceA[gi - 1] : 0
  for (let c = first; c < 4; c++) {
    choiceA[gi] = c
    choiceB[gi] = 0
    if (chooseColours(gi + 1, slots, zeros, nat, anyDemand)) return true
  }
  return false
}

function evaluateColours(slots: number, zeros: number, nat: number, anyDemand: boolean): boolean {
  groupsOfColour.fill(0)
  sizeOfColour.fill(0)
  for (let gi = P.numberGroups; gi < P.groups; gi++) {
    groupsOfColour[choiceA[gi]]++
    sizeOfColour[choiceA[gi]] += P.size[gi]
  }
  if (anyDemand) runFlow()
  let s = slots
  let z = zeros
  let nt = nat
  for (let c = 0; c < 4; c++) {
    if (groupsOfColour[c] === 0) continue
    const naturals = anyDemand ? sinkC[c] : Math.min(colTotal[c], sizeOfColour[c])
    s += sizeOfColour[c] - naturals
    nt += naturals
    if (perGroup && naturals < groupsOfColour[c]) z += groupsOfColour[c] - naturals
  }
  return leaf(s, z, nt)
}

/**
 * Max-flow, colours -> numbers: each natural (c, n) either serves the sets/runs' demand for n or stays for
 * a colour-c group. Saturates the demand, then (per-group option) one natural per colour group, then as
 * many as the colour groups hold. Augmenting paths never lower a flow into the sink, so the stages keep
 * what earlier ones achieved; the last one reaches the maximum.
 */
function runFlow(): void {
  colUsed.fill(0)
  sinkC.fill(0)
  for (let n = 1; n <= 12; n++) {
    let need = demand[n]
    for (let c = 0; c < 4; c++) {
      const i = c * 12 + n - 1
      const take = need < ident[i] ? need : ident[i]
      flowX[i] = take
      colUsed[c] += take
      need -= take
    }
  }
  if (perGroup) {
    for (let c = 0; c < 4; c++) capC[c] = groupsOfColour[c]
    while (augment());
  }
  for (let c = 0; c < 4; c++) capC[c] = sizeOfColour[c]
  while (augment());
}

const bfsPrevColour = new Int32Array(4) // colour reached from: -1 source, else the number node
const bfsPrevNumber = new Int32Array(13) // number reached from colour
const bfsQueue = new Int32Array(4)

/** One unit along a shortest augmenting path source -> colour (-> number -> colour)* -> sink. */
function augment(): boolean {
  bfsPrevColour.fill(-2)
  bfsPrevNumber.fill(-1)
  let head = 0
  let tail = 0
  for (let c = 0; c < 4; c++) {
    if (colTotal[c] - colUsed[c] - sinkC[c] > 0) {
      bfsPrevColour[c] = -1
      bfsQueue[tail++] = c
    }
  }
  while (head < tail) {
    const c = bfsQueue[head++]
    if (sinkC[c] < capC[c]) {
      // Unwind: colour c sends one more to the sink.
      sinkC[c]++
      let cur = c
      while (bfsPrevColour[cur] !== -1) {
        const n = bfsPrevColour[cur]
        const from = bfsPrevNumber[n]
        // `from` takes over one unit of number n's demand from `cur`.
        flowX[from * 12 + n - 1]++
        flowX[cur * 12 + n - 1]--
        colUsed[from]++
        colUsed[cur]--
        cur = from
      }
      return true
    }
    for (let n = 1; n <= 12; n++) {
      if (bfsPrevNumber[n] !== -1 || flowX[c * 12 + n - 1] >= ident[c * 12 + n - 1]) continue
      bfsPrevNumber[n] = c
      for (let c2 = 0; c2 < 4; c2++) {
        if (bfsPrevColour[c2] !== -2 || flowX[c2 * 12 + n - 1] === 0) continue
        bfsPrevColour[c2] = n
        bfsQueue[tail++] = c2
      }
    }
  }
  return false
}

function leaf(slots: number, zeros: number, nat: number): boolean {
  if (!perGroup && nat === 0) zeros = 1 // RULES.md section 5: the phase needs at least one natural card
  const cost = costOf(slots, zeros)
  if (cost < best) {
    best = cost
    for (let i = 0; i < P.groups; i++) {
      bestA[i] = choiceA[i]
      bestB[i] = choiceB[i]
    }
    if (cost <= stopAt) return true
  }
  return false
}

/** Set bits of every 12-bit number (a run's window of numbers). */
const BITS_SET = Uint8Array.from({ length: 1 << 12 }, (_, x) => popcount(x))
const topScratch = new Int32Array(12)

/** The sum of the `k` largest of `values[from..to)` (k small). */
function sumOfLargest(values: ArrayLike<number>, from: number, to: number, k: number): number {
  if (k <= 2) {
    // The usual case (one or two sets or colour groups): the largest two in one pass.
    let first = 0
    let second = 0
    for (let i = from; i < to; i++) {
      const v = values[i]
      if (v > first) {
        second = first
        first = v
      } else if (v > second) second = v
    }
    return k === 1 ? first : first + second
  }
  const m = to - from
  for (let i = 0; i < m; i++) topScratch[i] = values[from + i]
  let sum = 0
  for (let j = 0; j < k && j < m; j++) {
    let at = j
    for (let i = j + 1; i < m; i++) if (topScratch[i] > topScratch[at]) at = i
    sum += topScratch[at]
    topScratch[at] = topScratch[j]
  }
  return sum
}

/**
 * An upper bound on how many of the hand's naturals a lay-down of the phase at minimum sizes can use, each
 * group kind on its own: sets use at most as many numbers as there are sets (two sets may share one), a
 * run at most the numbers present in its best window, colour groups at most as many colours as groups.
 * A phase needs `P.total - naturals` Wilds, so a bound below `P.total - wilds` refuses it without a search.
 * `present`: bit n set when the hand holds a natural of number n.
 */
function naturalsBound(P: CompiledPhase, cnt: ArrayLike<number>, colTotal: ArrayLike<number>, handNaturals: number, present: number): number {
  let sets = 0
  let setSlots = 0
  let colours = 0
  let colourSlots = 0
  let bound = 0
  for (let i = 0; i < P.groups; i++) {
    const k = P.size[i]
    const kind = P.kind[i]
    if (kind === SET) {
      sets++
      setSlots += k
    } else if (kind === COLOUR) {
      colours++
      colourSlots += k
    } else {
      // The most numbers present in any k consecutive: bits lo..lo+k-1 of `present`, counted by table.
      const width = (1 << k) - 1
      let window = 0
      for (let lo = 1; lo + k - 1 <= 12 && window < k; lo++) {
        const inWindow = BITS_SET[(present >> lo) & width]
        if (inWindow > window) window = inWindow
      }
      bound += window
    }
  }
  if (sets) bound += Math.min(setSlots, sumOfLargest(cnt, 1, 13, sets))
  if (colours) bound += Math.min(colourSlots, sumOfLargest(colTotal, 0, 4, colours))
  return Math.min(bound, handNaturals)
}

let lastPhase: readonly GroupRequirement[] | null = null
let lastCompiled: CompiledPhase

function compiled(phase: readonly GroupRequirement[]): CompiledPhase {
  if (phase !== lastPhase) {
    lastCompiled = compile(phase)
    lastPhase = phase
  }
  return lastCompiled
}

/**
 * The solver's quick refusal alone, from counts a caller already has: `false` when the phase certainly cannot
 * be made (then `canMakePhase` is false too), `true` when a search is needed to tell. `byNumber[n]`: naturals
 * of number n (1..12); `byColour[c]`: naturals per colour (`COLOURS` order); `numbers`: bit n set when
 * `byNumber[n] > 0`; `wilds`: the hand's Wilds.
 */
export function mayMakePhase(
  phase: readonly GroupRequirement[],
  byNumber: ArrayLike<number>,
  byColour: ArrayLike<number>,
  numbers: number,
  naturals: number,
  wilds: number,
): boolean {
  const C = compiled(phase)
  if (C.impossible) return false
  if (C.groups === 0) return true
  if (naturals + wilds < C.total || naturals === 0) return false
  return naturalsBound(C, byNumber, byColour, naturals, numbers) + wilds >= C.total
}

/** Runs the search in `searchMode`; returns the best cost (INF when nothing fits). */
function search(hand: readonly CardCode[], phase: readonly GroupRequirement[], opts: SolveOptions, searchMode: number): number {
  P = compiled(phase)
  loadHand(hand, searchMode !== 0 || P.numberGroups < P.groups)
  perGroup = opts.wildsNeedNaturalPerGroup
  mode = searchMode
  best = INF
  if (P.impossible) return INF
  if (P.groups === 0) return 0 // an empty phase is trivially made (no natural needed: no Wild is laid)
  ensureCapacity(P.groups)
  stopAt = 0
  if (mode !== 1) {
    // Quick refusal: not enough cards at all, or not enough naturals that could fit (most hands, cheaply).
    if (handNaturals + wilds < P.total || handNaturals === 0) return INF
    const bound = naturalsBound(P, cnt, colTotal, handNaturals, handNumbers)
    if (bound + wilds < P.total) return INF
    if (mode === 0) best = 1
    // Fewest Wilds: no lay-down leaves fewer than P.total - bound positions to Wilds, so the first one that
    // does is the answer (the search replaces its best only by a strictly better one): stop there.
    else stopAt = P.total - bound
    dfs(0, 0, 0, 0)
    return best
  }
  // Distance: iterative deepening on the answer (small in practice), so every pass prunes hard.
  // Adding the whole phase as naturals always works, so the loop ends by P.total.
  for (let d = Math.max(0, P.total - handNaturals - wilds); ; d++) {
    best = d + 1
    stopAt = d
    if (dfs(0, 0, 0, 0)) return best
  }
}

// ---------------------------------------------------------------------------------------------------
// Public API

/** Whether the hand can make the phase (RULES.md section 5). The fast path: builds no lay-down. */
export function canMakePhase(hand: readonly CardCode[], phase: readonly GroupRequirement[], opts: SolveOptions): boolean {
  return search(hand, phase, opts, 0) === 0
}

/**
 * A valid lay-down of the phase from the hand, or `null` if it cannot be made. Each group has exactly its
 * minimum size (see `extendLayDown` to put more in), and the lay-down uses the fewest Wilds possible, so
 * the rest stay in hand for hits. Wilds carry their meaning (`W=5`, `W=R`); runs are ascending.
 */
export function solvePhase(hand: readonly CardCode[], phase: readonly GroupRequirement[], opts: SolveOptions): LaidGroups | null {
  if (search(hand, phase, opts, 2) >= INF) return null
  return build()
}

/**
 * The distance search behind `phaseDistance` (distance.ts documents the distance), without its
 * `Infinity` conversion: returns `1 << 29` when no additions help. For callers that probe many hands
 * (bots). Leaves the best choice in the scratch state for `buildPartial`.
 */
export function searchDistance(hand: readonly CardCode[], phase: readonly GroupRequirement[], opts: SolveOptions): number {
  return search(hand, phase, opts, 1)
}

/** One group of a closest partial phase: the hand cards it uses and what is missing. */
export interface PartialGroup {
  /** hand cards placed in the group (Wilds with their meaning) */
  cards: LaidCard[]
  /**
   * What the group still needs, one entry per missing card: `'7'` a 7 of any colour, `'R'` a red card of
   * any number. Any Wild also fills such a need — except that a group (or, by default, a phase) with no
   * natural card needs a natural one.
   */
  missing: string[]
}

/**
 * Turns the last search's best choice into groups (phase order). Positions the hand's naturals cannot
 * fill take the hand's Wilds; what is still unfilled becomes a `missing` need (only after a distance
 * search: a solved lay-down has none). A group (per-group option) or phase (default) without a natural
 * keeps one need for a natural card instead of taking a Wild.
 */
function buildGroups(): PartialGroup[] {
  const hasColourGroups = P.numberGroups < P.groups
  // Naturals available to the sets/runs (poolNum) and to the colour groups (poolCol), per identity.
  let flowed = false
  // Without colour groups the sets/runs take straight from the hand's counts (`ident`, reloaded by every search).
  const pool = hasColourGroups ? poolNum : ident
  if (hasColourGroups) {
    // Recompute the chosen sets/runs' demand, then the flow for the chosen colours (as in the search).
    demand.fill(0)
    for (let gi = 0; gi < P.numberGroups; gi++) addDemand(gi)
    for (let n = 1; n <= 12; n++) if (demand[n] > 0) flowed = true
    groupsOfColour.fill(0)
    sizeOfColour.fill(0)
    for (let gi = P.numberGroups; gi < P.groups; gi++) {
      groupsOfColour[bestA[gi]]++
      sizeOfColour[bestA[gi]] += P.size[gi]
    }
    if (flowed) runFlow()
    for (let i = 0; i < 48; i++) {
      poolNum[i] = flowed ? flowX[i] : 0
      poolCol[i] = flowed ? ident[i] - flowX[i] : ident[i]
    }
  }

  const groupCards: (LaidCard | null)[][] = new Array(P.groups)
  const missing: string[][] = new Array(P.groups)
  const naturalsIn = naturalsInScratch
  for (let gi = 0; gi < P.groups; gi++) naturalsIn[gi] = 0
  slotCount = 0

  for (let gi = 0; gi < P.numberGroups; gi++) {
    const k = P.size[gi]
    const cards: (LaidCard | null)[] = new Array(k)
    let naturals = 0
    if (P.kind[gi] === SET) {
      const n = bestA[gi] === WILDS_ONLY ? wildSetNumber() : bestA[gi]
      for (let j = 0; j < k; j++) {
        if (j < bestB[gi]) {
          cards[j] = takeFromPool(pool, n)
          naturals++
        } else {
          cards[j] = null
          addSlot(gi, j, WILD_AS_NUMBER_INDEX + n - 1)
        }
      }
    } else {
      const start = bestA[gi] === WILDS_ONLY ? 1 : bestA[gi]
      for (let j = 0; j < k; j++) {
        if (bestB[gi] & (1 << j)) {
          cards[j] = takeFromPool(pool, start + j)
          naturals++
        } else {
          cards[j] = null
          addSlot(gi, j, WILD_AS_NUMBER_INDEX + start + j - 1)
        }
      }
    }
    groupCards[gi] = cards
    missing[gi] = []
    naturalsIn[gi] = naturals
  }

  if (hasColourGroups) {
    // Each colour's naturals for its groups: as many as the search counted, one per group first.
    const left = leftScratch
    for (let c = 0; c < 4; c++) {
      let available = 0
      for (let n = 0; n < 12; n++) available += poolCol[c * 12 + n]
      left[c] = flowed ? sinkC[c] : Math.min(available, sizeOfColour[c])
    }
    for (let gi = P.numberGroups; gi < P.groups; gi++) {
      groupCards[gi] = new Array<LaidCard | null>(P.size[gi]).fill(null)
      missing[gi] = []
    }
    for (let pass = 0; pass < 2; pass++) {
      for (let gi = P.numberGroups; gi < P.groups; gi++) {
        const c = bestA[gi]
        const want = pass === 0 ? 1 : P.size[gi]
        while (naturalsIn[gi] < want && left[c] > 0) {
          groupCards[gi][naturalsIn[gi]++] = takeColour(c)
          left[c]--
        }
      }
    }
    for (let gi = P.numberGroups; gi < P.groups; gi++) {
      for (let j = naturalsIn[gi]; j < P.size[gi]; j++) addSlot(gi, j, WILD_AS_COLOUR_INDEX + bestA[gi])
    }
  }

  // The hand's Wilds into the slots, in order; a group without a natural keeps a need for one.
  let phaseNaturals = 0
  for (let gi = 0; gi < P.groups; gi++) phaseNaturals += naturalsIn[gi]
  const reserved = reservedScratch
  for (let gi = 0; gi < P.groups; gi++) reserved[gi] = 0
  if (perGroup) {
    for (let gi = 0; gi < P.groups; gi++) if (naturalsIn[gi] === 0) reserved[gi] = 1
  } else if (phaseNaturals === 0 && P.groups > 0) reserved[0] = 1
  let wildsLeft = wilds
  for (let i = 0; i < slotCount; i++) {
    const gi = slotGroup[i]
    if (reserved[gi] === 1) {
      reserved[gi] = 2
      missing[gi].push(needOf(slotNeed[i]))
    } else if (wildsLeft > 0) {
      wildsLeft--
      groupCards[gi][slotPos[i]] = LAID_CODES[slotNeed[i]]
    } else missing[gi].push(needOf(slotNeed[i]))
  }

  // Back to the phase's order; runs are already ascending (cards sit at their positions).
  const ordered: PartialGroup[] = new Array(P.groups)
  for (let gi = 0; gi < P.groups; gi++) {
    const cards = groupCards[gi]
    // A position left null is exactly one of the group's missing needs.
    const laid = missing[gi].length === 0 ? cards : cards.filter((c) => c !== null)
    ordered[P.order[gi]] = { cards: laid as LaidCard[], missing: missing[gi] }
  }
  return ordered
}

const poolNum = new Int32Array(48)
const poolCol = new Int32Array(48)
// Per-group and per-colour scratch of a build (sized with the search's arrays, see ensureCapacity).
let naturalsInScratch = new Int32Array(0)
let reservedScratch = new Uint8Array(0)
const leftScratch = new Int32Array(4)
// The positions of the groups being built that no natural fills (module scratch, no closure per build).
let slotCount = 0
const slotGroup: number[] = []
const slotPos: number[] = []
/** What the position stands for, as the `laidIndex` of the Wild that would fill it (`W=7`, `W=R`). */
const slotNeed: number[] = []

function addSlot(gi: number, pos: number, wildIndex: number): void {
  slotGroup[slotCount] = gi
  slotPos[slotCount] = pos
  slotNeed[slotCount] = wildIndex
  slotCount++
}

/** A position's need as `PartialGroup.missing` writes it: `7` or `R`. */
function needOf(wildIndex: number): string {
  return wildIndex < WILD_AS_COLOUR_INDEX ? NUMBER_NAMES[wildIndex - WILD_AS_NUMBER_INDEX + 1] : COLOURS[wildIndex - WILD_AS_COLOUR_INDEX]
}
const NUMBER_NAMES: readonly string[] = Array.from({ length: 13 }, (_, n) => String(n))

/** One natural of number n from the pool (any colour). */
function takeFromPool(pool: Int32Array, n: number): CardCode {
  for (let c = 0; c < 4; c++) {
    const i = c * 12 + n - 1
    if (pool[i] > 0) {
      pool[i]--
      return CARD_CODES[i]
    }
  }
  throw new Error('solver: no natural left for a chosen number')
}

/** One natural of colour c from the colour groups' pool, lowest number first. */
function takeColour(c: number): CardCode {
  for (let i = c * 12; i < c * 12 + 12; i++) {
    if (poolCol[i] > 0) {
      poolCol[i]--
      return CARD_CODES[i]
    }
  }
  throw new Error('solver: no natural left for a chosen colour')
}

function addDemand(gi: number): void {
  const k = P.size[gi]
  if (bestA[gi] === WILDS_ONLY) return
  if (P.kind[gi] === SET) {
    demand[bestA[gi]] += bestB[gi]
  } else {
    for (let j = 0; j < k; j++) if (bestB[gi] & (1 << j)) demand[bestA[gi] + j]++
  }
}

/** The meaning for a set of Wilds only: any number is valid; prefer one whose naturals stay in hand (they can be hit on it). */
function wildSetNumber(): number {
  let bestN = 12
  let most = -1
  for (let n = 12; n >= 1; n--) {
    if (cnt[n] > most) {
      most = cnt[n]
      bestN = n
    }
  }
  return bestN
}

function build(): LaidGroups {
  prepareBuild()
  return buildGroups().map((g) => g.cards)
}

/** Internal: the last search's best choice as partial groups (`distance.ts`). */
export function buildPartial(): PartialGroup[] {
  prepareBuild()
  return buildGroups()
}

function prepareBuild(): void {
  // `cnt` is back to the hand's counts after the search; take out the chosen sets/runs' naturals so that
  // `wildSetNumber` sees what stays in hand.
  demand.fill(0)
  for (let gi = 0; gi < P.numberGroups; gi++) addDemand(gi)
  for (let n = 1; n <= 12; n++) cnt[n] -= demand[n]
}
