/**
 * Expert's simulations: a sampled world (sampler.ts) played forward to the end of the hand by every seat with a
 * fast policy, and what the end of that hand is worth to one seat. The fast policy is the engine's
 * `quickAction` (lay down at once, hit the first fit, discard the card with the fewest partners) plus one
 * judgement it lacks: take the discard pile's top when it has partners in the hand (or fits the table once
 * down). About 30 µs a hand: cheap enough to play dozens of hands per decision, which a Hard-policy rollout
 * (~20 ms a hand) is not. Every move goes through `applyInPlace`: the rules stay in the engine.
 */
import { parseCard, WILD, type CardCode } from '../engine/cards'
import { DRAW_DECK, type Action } from '../engine/actions'
import { applyInPlace } from '../engine/apply'
import { canHit } from '../engine/groups'
import { readonlyViewFor } from '../engine/live-view'
import { quickAction } from '../engine/policy'
import type { GameState } from '../engine/state'
import { canDraw, myPhase, type GameView } from '../engine/views'

const TAKE_DISCARD: Action = Object.freeze({ type: 'draw', from: 'discard' })

/** Whether the fast policy takes `top` from the discard pile: it fits the table (once down) or joins cards held. */
function wantsTop(view: GameView, top: CardCode): boolean {
  if (top === WILD) return true
  const me = view.players[view.seat as number]
  if (me.laidDown) {
    for (const p of view.players) if (p.inHand && p.laidDown) for (const g of p.laidDown) if (canHit(g, top)) return true
    return false
  }
  const phase = myPhase(view)
  const c = parseCard(top)
  if (!phase || !c || c.kind !== 'number') return false
  let same = 0
  let near = 0
  let colour = 0
  for (const code of view.hand) {
    const h = parseCard(code)
    if (!h || h.kind !== 'number') continue
    if (h.number === c.number) same++
    else if (Math.abs(h.number - c.number) === 1) near++
    if (h.colour === c.colour) colour++
  }
  for (const g of phase.groups) {
    if (g.kind === 'set' && same >= 1) return true
    if (g.kind === 'run' && same === 0 && near >= 1) return true
    if (g.kind === 'colour' && colour >= 3) return true
  }
  return false
}

/** The fast policy's move for the seat whose turn it is (`view` is that seat's). */
export function rolloutAction(view: GameView): Action | null {
  if (view.stage === 'draw' && view.turn === view.seat) {
    const top = view.discard[view.discard.length - 1]
    return top !== undefined && canDraw(view, 'discard') && wantsTop(view, top) ? TAKE_DISCARD : DRAW_DECK
  }
  return quickAction(view)
}

/** What one seat can see of a finished (or abandoned) simulated hand, per seat. */
export interface HandOutcome {
  /** The seat made its phase this hand. */
  made: boolean[]
  /** Penalty points scored this hand. */
  points: number[]
  /** The game ended in this hand, and who won. */
  winner: number | null
  /** The fast policy proposed a move `apply` refused (a bug in it): the hand was scored where it stopped. */
  refused: boolean
  /** Moves played (the search's work counter). */
  actions: number
}

/**
 * Plays `state` (owned: `ownedCopy` or a fresh sample; it is written) to the end of the hand with the fast
 * policy, at most `maxActions` moves. An abandoned hand counts as over with the cards held then.
 */
export function playOut(state: GameState, maxActions: number): HandOutcome {
  let s = state
  const n = s.players.length
  const before = s.players.map((p) => (s.rules.edition === 'masters' ? p.completed.length : p.phaseIndex))
  let refused = false
  let i = 0
  for (; i < maxActions && (s.stage === 'draw' || s.stage === 'play' || s.stage === 'choosePhase'); i++) {
    const seat = s.turn as number
    const action = rolloutAction(readonlyViewFor(s, seat))
    if (!action) break
    const r = applyInPlace(s, seat, action)
    // The fast policy reads the same view apply checks; a refusal is a bug in it, and the simulation stops there.
    if (!r.ok) {
      refused = true
      break
    }
    s = r.state
  }
  const made: boolean[] = new Array(n)
  const points: number[] = new Array(n)
  const over = s.stage === 'handOver' || s.stage === 'gameOver'
  for (let seat = 0; seat < n; seat++) {
    const p = s.players[seat]
    if (over) {
      made[seat] = (s.rules.edition === 'masters' ? p.completed.length : p.phaseIndex) > before[seat]
      points[seat] = s.lastHand?.points[seat] ?? 0
    } else {
      made[seat] = p.laidDown !== null
      points[seat] = 0
      for (const c of p.hand) points[seat] += c === WILD ? 25 : 10
    }
  }
  return { made, points, winner: s.stage === 'gameOver' ? s.winner : null, refused, actions: i }
}

/**
 * What a simulated hand is worth to `seat`, in phases: its own progress against the average opponent's (or, given
 * `rival`, that one opponent's: Expert's `rival: 'leader'`), the points as a fraction of a phase (a phase decides
 * far more games than 50 points do), and the game itself when the hand ended it.
 */
export function outcomeValue(o: HandOutcome, seat: number, inHand: readonly boolean[], rival?: number): number {
  if (o.winner !== null) return o.winner === seat ? 3 : -3
  if (rival !== undefined) return (o.made[seat] ? 1 : 0) - (o.made[rival] ? 1 : 0) - (o.points[seat] - o.points[rival]) / 250
  let others = 0
  let madeSum = 0
  let pointSum = 0
  for (let s = 0; s < o.made.length; s++) {
    if (s === seat || !inHand[s]) continue
    others++
    if (o.made[s]) madeSum++
    pointSum += o.points[s]
  }
  if (others === 0) return 0
  return (o.made[seat] ? 1 : 0) - madeSum / others - (o.points[seat] - pointSum / others) / 250
}
