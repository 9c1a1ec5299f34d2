/**
 * Expert: its own refinement of Hard's policy (expert-style.ts), with its discard searched instead of judged (the
 * policy's best few, before and after the phase is down; the draw — deck or discard pile — can be searched too,
 * `searchDraw`, but that measured no better and is off: docs/ai.md). For each candidate
 * it samples worlds consistent with the seat's view and public history (sampler.ts), plays each world to the end
 * of the hand with the fast policy (rollout.ts), and scores the hand for the seat (`outcomeValue`). Every
 * candidate is played in the same worlds (common random numbers), so the comparison measures the move, not the
 * luck of the deal.
 *
 * The work per decision is counted (worlds, moves), never a wall-clock budget: a salt, a view and a history
 * always give the same move. Hard's own choice stays unless a candidate beats it clearly (by `margin`, and
 * by `z` standard errors of the paired differences): the simulations are noisy and the fast policy is cruder than
 * Hard's judgement, so a close call is left to Hard (measured: a plain argmax over 8 worlds won 7.5% of 200 games
 * against three Hards).
 */
import { SKIP, WILD } from '../engine/cards'
import type { Action } from '../engine/actions'
import { applyInPlace, ownedCopy } from '../engine/apply'
import { openRng, rngFromSeed } from '../engine/rng'
import type { GameState } from '../engine/state'
import { canDraw } from '../engine/views'
import { decideWith, discardRanking, progress, skipTargetsByThreat, type Decider } from './policy'
import { outcomeValue, playOut } from './rollout'
import { DISTANCE_WEIGHTS, INFERENCE_WEIGHTS, oneDistanceTable, type DistanceTables } from './inference'
import { opponentModels, sampleWorld, UNIFORM, type PublicKnowledge } from './sampler'

export interface SearchBudget {
  /** Worlds sampled per decision; every candidate is played in each. */
  worlds: number
  /** Most moves one simulated hand may take before it is scored as it stands. */
  maxActions: number
  /**
   * Most simulated moves per decision, all worlds and candidates together: once spent, no further world is
   * sampled (every candidate keeps the same worlds). Caps the slowest decisions — long, stalled hands — by
   * counted work, so the move still depends only on the inputs.
   */
  maxTotalActions: number
  /** Hard's best few discards to compare (its own choice first). */
  discards: number
  /** How much better on average (in phases, `outcomeValue`) a candidate must be than Hard's choice to replace it. */
  margin: number
  /**
   * And how sure: the mean of its per-world differences from Hard's choice, over their standard error (a paired
   * test: both were played in the same worlds), must exceed this.
   */
  z: number
  /**
   * Search the draw (deck or discard pile) too. Off: 25.0% of 1,000 games against 3×Hard with it, 27.6% of
   * 1,000 other games without (docs/ai.md) — after the draw the fast policy plays the rest of the turn, a poor
   * judge of what a pickup is worth.
   */
  searchDraw: boolean
  /** Search the discard after the phase is down too (shedding points, keeping hits). */
  searchAfterLayDown: boolean
  /**
   * Deal opponents' unknown cards by what their public play revealed (inference.ts) rather than uniformly from
   * the unseen pool: each card by its weight, each not-down opponent's whole hand by its distance to the phase.
   * On: 816 against 771 wins of the same 3,000 games against 3×Hard (McNemar z +1.54, docs/ai.md); the card
   * weights alone had given 272 against 269 of 1,000 (z +0.17).
   */
  inference: boolean
  /**
   * With `inference`: weigh a not-down opponent's hand by the distance table of their own phase
   * (`DISTANCE_WEIGHTS.byPhase`), not by the one table of all phases. Off: the dealt hands' distances fit the true
   * ones better (misfit 3.1 → 1.0 points, docs/ai.md), but Expert won 520 against 528 of the same 2,000 games
   * against 3×Hard with it (McNemar z −0.36).
   */
  distanceByPhase: boolean
  /**
   * With `inference`: how much likelier a not-down opponent's dealt hand is kept when the discard pile's top they
   * passed by on their last draw would not have helped it than when it would (`DistanceModel.passed`; Hard takes
   * any top that helps). 1: not weighed, as shipped: 0.05 won 487 against 467 of the same 1,700 games against
   * 3×Hard (McNemar z +0.98, docs/ai.md).
   */
  passedWeight: number
  /**
   * With `inference`: how much likelier an opponent's dealt hand is kept when the card they last discarded follows
   * Hard's discard rule for it than when it does not (`DiscardModel`, inference.ts: not down, no other card would
   * have left the hand closer to the phase, and no Skip kept; down, no card kept worth more penalty points that fits
   * nothing on the table then). 1: not weighed, as shipped: 0.05 won 393 against 403 of the same 1,500 games against
   * 3×Hard (McNemar z −0.50, docs/ai.md), though the hands it deals follow the rule as true ones do.
   */
  discardWeight: number
  /**
   * Whom a simulated hand is scored against (`outcomeValue`): `average`, the mean of the opponents still in the
   * hand (as shipped); `leader`, only the strongest of them in the game at the decision (most phases made, then
   * fewest points) — a 4-player game is won by beating the leader, not the table. `average` as shipped: `leader`
   * won 254 against 252 of the same 900 games against 3×Hard (McNemar z +0.13, docs/ai.md; too few games to judge).
   */
  rival: 'average' | 'leader'
  /**
   * Search a Skip's target too: the policy's target against the other legal targets (most threatening first by
   * Hard's measure, at most `SKIP_CANDIDATES` in all), played in the same worlds like discards. Off as shipped: on,
   * 247 against 252 of the same 900 games against 3×Hard (McNemar z −0.48, docs/ai.md; too few games to judge).
   */
  searchSkip: boolean
}

export const EXPERT_BUDGET: SearchBudget = { worlds: 32, maxActions: 250, maxTotalActions: 12_000, discards: 3, margin: 0.02, z: 1.5, searchDraw: false, searchAfterLayDown: true, inference: true, distanceByPhase: false, passedWeight: 1, discardWeight: 1, rival: 'average', searchSkip: false }

/** Every phase weighed by the table of all phases (`distanceByPhase` off). */
const ONE_DISTANCE_TABLE: DistanceTables = oneDistanceTable(DISTANCE_WEIGHTS.other)

/** One searched decision: the candidates and their mean values, for the coach's explanation and the tests. */
export interface SearchReport {
  candidates: Action[]
  values: number[]
  /** Index of Hard's own choice among `candidates`. */
  policy: number
  chosen: number
  worlds: number
}

/** Skip targets compared with `searchSkip`: with 4 players, every opponent. */
const SKIP_CANDIDATES = 3

/** The moves worth comparing now, with Hard's choice among them; `null` when this decision is not searched. */
function candidatesFor(d: Decider, base: Action, budget: SearchBudget): Action[] | null {
  const view = d.view
  if (view.stage === 'play' && base.type === 'skip' && budget.searchSkip && base.target !== undefined) {
    const others = skipTargetsByThreat(view, d.seat).filter((t) => t !== base.target)
    const targets = [base.target, ...others].slice(0, SKIP_CANDIDATES)
    if (targets.length < 2) return null
    return targets.map((target) => ({ type: 'skip', card: 'S', target }))
  }
  if (view.stage === 'draw' && budget.searchDraw && base.type === 'draw' && base.from !== 'saved') {
    if (!canDraw(view, 'discard')) return null
    return [{ type: 'draw', from: 'deck' }, { type: 'draw', from: 'discard' }]
  }
  if (view.stage === 'play' && base.type === 'discard') {
    const me = view.players[d.seat]
    if (me.laidDown && !budget.searchAfterLayDown) return null
    // A Wild fits every phase and every laid group: never worth throwing away unless Hard itself chose to (a
    // Skip is Hard's to play, not a discard).
    const ranked = discardRanking(d).filter((c) => c !== SKIP && (c !== WILD || c === base.card))
    const cards = [base.card, ...ranked.filter((c) => c !== base.card)].slice(0, budget.discards)
    if (cards.length < 2) return null
    return cards.map((card) => ({ type: 'discard', card }))
  }
  return null
}

const sameAction = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b)

/** Plays each candidate in the same sampled worlds and returns their mean values to the seat. */
export function searchCandidates(d: Decider, candidates: readonly Action[], budget: SearchBudget): { values: number[]; perWorld: number[][]; worlds: number } {
  const view = d.view
  const info: PublicKnowledge = { view, memory: d.memory }
  const rng = openRng(rngFromSeed(`${d.salt}|${view.version}|${d.seat}|expert`))
  const inHand = view.players.map((p) => p.inHand)
  const models = budget.inference ? opponentModels(info, INFERENCE_WEIGHTS, budget.distanceByPhase ? DISTANCE_WEIGHTS : ONE_DISTANCE_TABLE, budget.passedWeight, budget.discardWeight) : UNIFORM
  const rival = budget.rival === 'leader' ? gameLeader(d) : undefined
  const perWorld: number[][] = candidates.map(() => [])
  let worlds = 0
  let work = 0
  for (let w = 0; w < budget.worlds && work < budget.maxTotalActions; w++) {
    const world = sampleWorld(info, rng, models)
    if (!world) break
    worlds++
    for (let i = 0; i < candidates.length; i++) {
      let s: GameState = ownedCopy(world)
      const r = applyInPlace(s, d.seat, candidates[i])
      if (!r.ok) throw new Error(`expert candidate refused: ${JSON.stringify(candidates[i])} (${r.error.code})`)
      s = r.state
      const o = playOut(s, budget.maxActions)
      work += o.actions
      perWorld[i].push(outcomeValue(o, d.seat, inHand, rival))
    }
  }
  const values = perWorld.map((xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0))
  return { values, perWorld, worlds }
}

/**
 * The seat's strongest rival in the game (`rival: 'leader'`): of the opponents still in the hand, the one with most
 * phases made, then fewest points (the lowest seat on a tie); `undefined` when none is.
 */
export function gameLeader(d: Decider): number | undefined {
  const view = d.view
  let best: number | undefined
  for (let s = 0; s < view.players.length; s++) {
    const p = view.players[s]
    if (s === d.seat || !p.inHand) continue
    if (best === undefined) best = s
    else {
      const q = view.players[best]
      const dp = progress(view, p) - progress(view, q)
      if (dp > 0 || (dp === 0 && p.score < q.score)) best = s
    }
  }
  return best
}

/** The paired test statistic of `a` over `b` (per-world values of two candidates): mean difference / its standard error. */
function pairedZ(a: readonly number[], b: readonly number[]): { mean: number; z: number } {
  const n = a.length
  let sum = 0
  for (let i = 0; i < n; i++) sum += a[i] - b[i]
  const mean = sum / n
  let ss = 0
  for (let i = 0; i < n; i++) ss += (a[i] - b[i] - mean) ** 2
  const se = Math.sqrt(ss / Math.max(1, n - 1) / n)
  return { mean, z: se > 0 ? mean / se : mean > 0 ? Infinity : 0 }
}

/** Hard's move, or a searched one (see the module comment), with the search's figures when there was one. */
export function decideExpertWithReport(d: Decider, budget: SearchBudget = EXPERT_BUDGET): { action: Action | null; report: SearchReport | null } {
  const base = decideWith(d)
  if (!base) return { action: base, report: null }
  const candidates = candidatesFor(d, base, budget)
  if (!candidates) return { action: base, report: null }
  const policy = candidates.findIndex((c) => sameAction(c, base))
  if (policy < 0) return { action: base, report: null }
  const { values, perWorld, worlds } = searchCandidates(d, candidates, budget)
  if (worlds < 2) return { action: base, report: null }
  let chosen = policy
  let bestZ = budget.z
  for (let i = 0; i < candidates.length; i++) {
    if (i === policy) continue
    const t = pairedZ(perWorld[i], perWorld[policy])
    if (t.mean > budget.margin && t.z > bestZ) {
      bestZ = t.z
      chosen = i
    }
  }
  return { action: candidates[chosen], report: { candidates, values, policy, chosen, worlds } }
}

export function decideExpert(d: Decider, budget: SearchBudget = EXPERT_BUDGET): Action | null {
  return decideExpertWithReport(d, budget).action
}
