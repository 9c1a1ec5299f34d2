/**
 * Trivial legal move policies, computed from a seat's view only: used by the engine's property tests and
 * the games/s benchmark (the real bots live in src/shared/ai). Not rules: every move still goes through `apply`.
 */
import { cardIndex, COLOURS, penaltyOfIndex, penaltyPoints, SKIP, SKIP_INDEX, WILD, WILD_INDEX, type CardCode } from './cards'
import { DRAW_DECK, NEXT_HAND, skipAction, type Action } from './actions'
import { bestPartial } from './distance'
import type { LaidGroup } from './groups'
import type { PhaseDef } from './phases'
import { mayMakePhase, solvePhase, type SolveOptions } from './solver'
import { legalActions, legalHitsFor, myPhase, skipTargets, choosablePhases, type GameView } from './views'

/** Greedy: draw from the deck, lay down as soon as possible, hit whatever fits, discard the least useful card. */
export function greedyAction(view: GameView): Action | null {
  if (view.stage === 'gameOver' || view.seat === null) return null
  if (view.stage === 'handOver') return { type: 'nextHand' }
  if (view.turn !== view.seat) return null
  if (view.stage === 'choosePhase') return { type: 'choosePhase', phase: choosablePhases(view)[0] }
  if (view.stage === 'draw') return { type: 'draw', from: 'deck' }
  const me = view.players[view.seat]
  const opts = { wildsNeedNaturalPerGroup: view.rules.wildsNeedNaturalPerGroup }
  const phase = myPhase(view)
  // One search per decision: at distance 0 the closest partial phase is a lay-down.
  const partial = !me.laidDown && phase ? bestPartial(view.hand, phase.groups, opts) : null
  if (partial && partial.distance === 0) {
    const groups = partial.groups.map((g) => g.cards)
    if (!(view.rules.mustDiscardToGoOut && groups.flat().length === view.hand.length)) return { type: 'layDown', groups }
  }
  if (me.laidDown) {
    for (const card of view.hand) {
      if (card === SKIP) continue
      const targets = legalHitsFor(view, card)
      if (targets.length) return { type: 'hit', card, target: targets[0] }
    }
  }
  if (view.hand.includes(SKIP)) {
    const targets = skipTargets(view)
    if (view.hand.length === 1 || targets.length === 0 || view.rules.skipTarget === 'next') return { type: 'skip', card: 'S' }
    return { type: 'skip', card: 'S', target: targets[0] }
  }
  let candidates: CardCode[] = view.hand
  if (partial && partial.spare.length) candidates = partial.spare
  let best = candidates[0]
  for (const c of candidates) if (c !== WILD && (best === WILD || penaltyPoints(c) > penaltyPoints(best))) best = c
  return { type: 'discard', card: best }
}

/**
 * Random legal: any simple legal action, or (usually) a lay-down when the solver finds one; `rand` in [0, 1).
 * Sometimes extends the lay-down with every spare card that fits, to exercise bigger groups.
 */
export function randomAction(view: GameView, rand: () => number): Action | null {
  if (view.stage === 'gameOver' || view.seat === null) return null
  const actions = legalActions(view)
  if (view.stage === 'play' && view.turn === view.seat) {
    const me = view.players[view.seat]
    const phase = myPhase(view)
    if (!me.laidDown && phase && rand() < 0.9) {
      const groups = solvePhase(view.hand, phase.groups, { wildsNeedNaturalPerGroup: view.rules.wildsNeedNaturalPerGroup })
      if (groups && !(view.rules.mustDiscardToGoOut && groups.flat().length === view.hand.length)) return { type: 'layDown', groups }
    }
    // Prefer hits a little, so hands end by going out.
    const hits = actions.filter((a) => a.type === 'hit')
    if (hits.length && rand() < 0.7) return hits[Math.floor(rand() * hits.length)]
  }
  if (!actions.length) return null
  return actions[Math.floor(rand() * actions.length)]
}

/**
 * The safe default move when a seat's turn timer runs out (RULES.md section 10, `turnTimerSeconds`): choose
 * the lowest open phase, draw from the deck, never lay down or hit, discard the highest-penalty card (keeping
 * Wilds; a Skip goes to the first possible target). `null` when the seat has nothing to do.
 */
export function timeoutAction(view: GameView): Action | null {
  if (view.seat === null || view.turn !== view.seat) return null
  if (view.stage === 'choosePhase') return { type: 'choosePhase', phase: choosablePhases(view)[0] }
  if (view.stage === 'draw') return { type: 'draw', from: 'deck' }
  if (view.stage !== 'play') return null
  const plain = view.hand.filter((c) => c !== WILD && c !== SKIP)
  if (plain.length === 0 && view.hand.includes(SKIP)) {
    const targets = skipTargets(view)
    return targets.length && view.rules.skipTarget === 'choose' && view.hand.length > 1 ? { type: 'skip', card: 'S', target: targets[0] } : { type: 'skip', card: 'S' }
  }
  const pool = plain.length ? plain : view.hand
  let worst = pool[0]
  for (const c of pool) if (penaltyPoints(c) > penaltyPoints(worst)) worst = c
  return { type: 'discard', card: worst }
}

/**
 * The benchmark's trivial policy: like `greedyAction` but with no search on ordinary turns. While the phase is
 * not down it asks the solver's quick refusal (`mayMakePhase`, from the tallies it keeps anyway) and searches
 * (`solvePhase`) only when that allows the phase; hits the first laid group a card fits, and discards by a counting heuristic: the card with the
 * fewest partners for the phase's group kinds (same number for sets, numbers within 2 for runs, same colour
 * for colour groups), highest penalty first; never a Wild. The benchmark's hot path: it decides from the
 * view alone but allocates nothing beyond the action (tallies in module-level scratch, cards by index).
 */
/** Scratch tallies (the policy is synchronous and never re-entered). Index 0 and 13..15 stay 0. */
const byNumber = new Int32Array(16)
const byColour = new Int32Array(4)
/**
 * Twice a card's run partners from the hand's numbers around its own, n − 2 … n + 2 as bits 0..4: a neighbour
 * (n ± 1) counts 2, a number two away counts 1 (bit 2, the card's own number, counts nothing).
 */
const RUN_PARTNERS = Int8Array.from({ length: 32 }, (_, w) => 2 * (((w >> 1) & 1) + ((w >> 3) & 1)) + (w & 1) + ((w >> 4) & 1))
let handIndex = new Int32Array(64)

/**
 * Whether hand card `idx` (cardIndex) may hit `g`: `canHit` for plain hand cards, without parsing the code — the
 * benchmark's inner loop (cards × laid groups); `canHit` there cost ~15 % of games/s. A test holds them equal.
 */
export function fitsGroup(g: LaidGroup, idx: number): boolean {
  if (idx === WILD_INDEX) return g.kind !== 'run' || g.high < 12 || g.low > 1
  const n = (idx % 12) + 1
  switch (g.kind) {
    case 'set':
      return n === g.number
    case 'colour':
      return COLOURS[(idx / 12) | 0] === g.colour
    case 'run':
      return n === g.high + 1 || n === g.low - 1
  }
}

export function quickAction(view: GameView): Action | null {
  if (view.stage === 'gameOver' || view.seat === null) return null
  if (view.stage === 'handOver') return NEXT_HAND
  if (view.turn !== view.seat) return null
  if (view.stage === 'choosePhase') return { type: 'choosePhase', phase: choosablePhases(view)[0] }
  if (view.stage === 'draw') return DRAW_DECK
  const me = view.players[view.seat]
  const hand = view.hand
  // Indexed loops throughout: phases are frozen arrays, which for-of iterates slowly.
  const phases = view.phases
  const number = me.phase // read once: a live view's record computes it
  const laidDown = me.laidDown
  // Phase lists are usually numbered 1, 2, 3…: try that slot first.
  let phase: PhaseDef | null = number !== null && number >= 1 && number <= phases.length && phases[number - 1].number === number ? phases[number - 1] : null
  if (phase === null)
    for (let i = 0; i < phases.length; i++)
      if (phases[i].number === number) {
        phase = phases[i]
        break
      }
  const opts = view.rules.wildsNeedNaturalPerGroup ? NATURAL_PER_GROUP : NATURAL_PER_PHASE
  // The hand as card indices, with number and colour tallies (for the solver's quick refusal and the discard).
  const len = hand.length
  if (len > handIndex.length) handIndex = new Int32Array(len * 2)
  for (let i = 0; i < 16; i++) byNumber[i] = 0
  for (let i = 0; i < 4; i++) byColour[i] = 0
  let skips = 0
  let wilds = 0
  let naturals = 0
  let numbers = 0 // bit n + 2: the hand holds a number-n card
  for (let i = 0; i < len; i++) {
    const idx = cardIndex(hand[i])
    handIndex[i] = idx
    if (idx === SKIP_INDEX) skips++
    else if (idx === WILD_INDEX) wilds++
    else if (idx >= 0) {
      naturals++
      const n = (idx % 12) + 1
      byNumber[n]++
      numbers |= 1 << (n + 2)
      byColour[(idx / 12) | 0]++
    }
  }
  // One search, and only when the counts allow the phase: solvePhase answers null exactly when it cannot be made.
  if (!laidDown && phase && mayMakePhase(phase.groups, byNumber, byColour, numbers >>> 2, naturals, wilds)) {
    const groups = solvePhase(hand, phase.groups, opts)
    if (groups && !(view.rules.mustDiscardToGoOut && groups.flat().length === hand.length)) return { type: 'layDown', groups }
  }
  // Hits (as `legalHitsFor`): the first card, in hand order, that fits a laid group; the first such group.
  // Groups outermost, so each player record is read once: each group looks for a card before the best so far,
  // and only a strictly earlier card replaces it (the first group in seat order keeps a card).
  // (`canHitNow`, knowing it is this seat's turn to play.)
  if (laidDown && (view.rules.hitOnLayDownTurn || !view.laidThisTurn) && !(hand.length === 1 && view.rules.mustDiscardToGoOut)) {
    const players = view.players
    let card = len
    let seat = 0
    let group = 0
    for (let s = 0; s < players.length; s++) {
      const p = players[s]
      const laid = p.laidDown
      if (!laid || !p.inHand) continue
      for (let gi = 0; gi < laid.length; gi++) {
        const g = laid[gi]
        for (let i = 0; i < card; i++) {
          const idx = handIndex[i]
          if (idx !== SKIP_INDEX && idx >= 0 && fitsGroup(g, idx)) {
            card = i
            seat = s
            group = gi
            break
          }
        }
      }
    }
    if (card < len) return { type: 'hit', card: hand[card], target: { seat, group } }
  }
  if (skips > 0) {
    // The first of `skipTargets` (seat order), found without building the list.
    if (hand.length === 1 || view.rules.skipTarget === 'next') return skipAction()
    const players = view.players
    for (let s = 0; s < players.length; s++) {
      const p = players[s]
      if (s !== view.seat && p.inHand && !p.pendingSkip && !(p.lostTurn && view.rules.skipProtection === 'round')) return skipAction(s)
    }
    return skipAction()
  }
  // The discard: partner counts per card from the tallies, by the phase's group kinds (no phase: one set).
  let sets = phase ? 0 : 1
  let runs = 0
  let colours = 0
  if (phase)
    for (let k = 0; k < phase.groups.length; k++) {
      const kind = phase.groups[k].kind
      if (kind === 'set') sets++
      else if (kind === 'run') runs++
      else colours++
    }
  // Scores in integers: p2 is twice the partner count (runs count near neighbours ½), score = partners × 100 − penalty.
  // Runs read which numbers the hand holds as bits (number n at bit n + 2, so n − 2 is never negative): the five
  // bits around n index RUN_PARTNERS.
  let best = -1
  let bestScore = 0x3fffffff
  for (let i = 0; i < len; i++) {
    const idx = handIndex[i]
    if (idx < 0 || idx >= WILD_INDEX) continue
    const n = (idx % 12) + 1
    let p2 = 0
    if (sets) p2 += sets * 2 * (byNumber[n] - 1)
    if (runs) p2 += runs * (RUN_PARTNERS[(numbers >>> n) & 31] - (byNumber[n] > 1 ? 2 : 0))
    if (colours) p2 += colours * 2 * (byColour[(idx / 12) | 0] - 1)
    const score = p2 * 50 - penaltyOfIndex(idx)
    if (score < bestScore) {
      bestScore = score
      best = i
    }
  }
  return { type: 'discard', card: best >= 0 ? hand[best] : hand[0] }
}

const NATURAL_PER_GROUP: SolveOptions = Object.freeze({ wildsNeedNaturalPerGroup: true })
const NATURAL_PER_PHASE: SolveOptions = Object.freeze({ wildsNeedNaturalPerGroup: false })
