/**
 * Trivial legal move policies, computed from a seat's view only: used by the engine's property tests and
 * the games/s benchmark (the real bots live in src/shared/ai). Not rules: every move still goes through `apply`.
 */
import { penaltyPoints, SKIP, WILD, type CardCode } from './cards'
import type { Action } from './actions'
import { bestPartial } from './distance'
import { canMakePhase, solvePhase } from './solver'
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
 * The benchmark's trivial policy: like `greedyAction` but with no search on ordinary turns. It asks the
 * solver's fast `canMakePhase` once per turn (building the lay-down only when it exists) and discards by a
 * counting heuristic: the card with the fewest partners for the phase's group kinds (same number for sets,
 * numbers within 2 for runs, same colour for colour groups), highest penalty first; never a Wild.
 */
const NUMBER_OF = new Map<string, number>(['R', 'B', 'Y', 'G'].flatMap((c) => Array.from({ length: 12 }, (_, i): [string, number] => [`${c}${i + 1}`, i + 1])))

export function quickAction(view: GameView): Action | null {
  if (view.stage === 'gameOver' || view.seat === null) return null
  if (view.stage === 'handOver') return { type: 'nextHand' }
  if (view.turn !== view.seat) return null
  if (view.stage === 'choosePhase') return { type: 'choosePhase', phase: choosablePhases(view)[0] }
  if (view.stage === 'draw') return { type: 'draw', from: 'deck' }
  const me = view.players[view.seat]
  const hand = view.hand
  const phase = myPhase(view)
  const opts = { wildsNeedNaturalPerGroup: view.rules.wildsNeedNaturalPerGroup }
  if (!me.laidDown && phase && canMakePhase(hand, phase.groups, opts)) {
    const groups = solvePhase(hand, phase.groups, opts)
    if (groups && !(view.rules.mustDiscardToGoOut && groups.flat().length === hand.length)) return { type: 'layDown', groups }
  }
  if (me.laidDown) {
    for (const card of hand) {
      if (card === SKIP) continue
      const targets = legalHitsFor(view, card)
      if (targets.length) return { type: 'hit', card, target: targets[0] }
    }
  }
  if (hand.includes(SKIP)) {
    const targets = skipTargets(view)
    if (hand.length === 1 || targets.length === 0 || view.rules.skipTarget === 'next') return { type: 'skip', card: 'S' }
    return { type: 'skip', card: 'S', target: targets[0] }
  }
  // Partner counts per card, from number and colour tallies of the hand.
  const byNumber = new Array<number>(14).fill(0)
  const byColour: Record<string, number> = { R: 0, B: 0, Y: 0, G: 0 }
  const nums: number[] = []
  for (const c of hand) {
    if (c === WILD) {
      nums.push(0)
      continue
    }
    const n = NUMBER_OF.get(c) ?? 0
    nums.push(n)
    byNumber[n]++
    byColour[c[0]]++
  }
  const kinds = phase ? phase.groups.map((g) => g.kind) : ['set']
  let best = -1
  let bestScore = Infinity
  for (let i = 0; i < hand.length; i++) {
    const n = nums[i]
    if (n === 0) continue
    let partners = 0
    for (const k of kinds) {
      if (k === 'set') partners += byNumber[n] - 1
      else if (k === 'run') partners += (byNumber[n - 1] ? 1 : 0) + (byNumber[n + 1] ? 1 : 0) + (n > 1 && byNumber[n - 2] ? 0.5 : 0) + (byNumber[n + 2] ? 0.5 : 0) - (byNumber[n] > 1 ? 1 : 0)
      else partners += byColour[hand[i][0]] - 1
    }
    const score = partners * 100 - penaltyPoints(hand[i])
    if (score < bestScore) {
      bestScore = score
      best = i
    }
  }
  return { type: 'discard', card: best >= 0 ? hand[best] : hand[0] }
}
