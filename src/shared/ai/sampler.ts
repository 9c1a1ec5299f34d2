/**
 * Expert's sampler: a complete game state ("world") that agrees with everything one seat can see (RULES.md
 * section 11), with the cards it cannot see dealt at random (each opponent's hand, optionally, by what their public
 * play revealed: inference.ts). Its input type, `PublicKnowledge`, is the seat's
 * `GameView` and the memory built from public events: it has no field through which a `GameState` (another
 * hand, the draw pile, the RNG, the hand's seed) could reach it, and fairness.test.ts checks that and that a
 * decision never changes when only hidden state does.
 *
 * Consistency with the public facts: the unseen cards are the deck minus the own hand and Save Pile, the
 * discard pile and every laid card (`unseenCards`); an opponent's cards taken from the discard pile and not
 * seen again are in their hand for sure (`BotMemory.holding`); every other opponent card, every opponent's
 * Save Pile and the draw pile are drawn from what is left, in the counts the view shows.
 */
import type { CardCode } from '../engine/cards'
import { shuffleInPlace, type Rng } from '../engine/rng'
import { newPlayer, type GameState, type PlayerState } from '../engine/state'
import type { GameView } from '../engine/views'
import { CODES, unseenCards } from './evaluator'
import { dealOpponent, DISTANCE_WEIGHTS, INFERENCE_WEIGHTS, opponentModel, tableGroups, type DistanceTables, type OpponentModel } from './inference'
import type { BotMemory } from './types'

/** All a sample may be built from: the seat's own view and what it remembers of public events. */
export interface PublicKnowledge {
  readonly view: GameView
  readonly memory: BotMemory
}

/** Cards known to be in opponents' hands (public discard-pile pickups), at most each one's hand size. */
function knownHoldings(info: PublicKnowledge, seat: number): CardCode[][] {
  return info.view.players.map((p, s) => {
    if (s === seat || !p.inHand) return []
    return (info.memory.opponents[s]?.holding ?? []).slice(0, p.handCount)
  })
}

/** What is left in `counts`, as a list in a random order. */
function shuffledRest(counts: Int32Array, rng: Rng): CardCode[] {
  const out: CardCode[] = []
  for (let i = 0; i < counts.length; i++) for (let k = 0; k < counts[i]; k++) out.push(CODES[i])
  return shuffleInPlace(out, rng)
}

/**
 * Each opponent's model (inference.ts) under `theta`, the distance tables, `passedWeight` and `discardWeight`, `null` for the
 * own seat: the same for every world of one decision, so built once for all of them.
 */
export function opponentModels(info: PublicKnowledge, theta: readonly number[] = INFERENCE_WEIGHTS, distance: DistanceTables = DISTANCE_WEIGHTS, passedWeight = 1, discardWeight = 1): (OpponentModel | null)[] {
  const view = info.view
  const table = tableGroups(view)
  return view.players.map((p, s) => (s === view.seat || !p.inHand ? null : opponentModel(view, info.memory, s, theta, table, distance, passedWeight, discardWeight)))
}

/** No model: every unseen card is as likely as any other in every hand (the plain sampler). */
export const UNIFORM: readonly null[] = []

/**
 * One world consistent with `info`, or `null` when the public counts cannot be met (a view this sampler does not
 * understand: the caller then decides without search). Deterministic for the generator's state. The world keeps
 * no action log and its hand seed is a placeholder: it is only ever played forward to the end of this hand.
 */
export function sampleWorld(info: PublicKnowledge, rng: Rng, models: readonly (OpponentModel | null)[] = opponentModels(info)): GameState | null {
  const view = info.view
  const seat = view.seat
  if (seat === null) return null
  const known = knownHoldings(info, seat)
  const counts = unseenCards(view, known.flat()).counts.slice()
  // Opponents' unknown hand cards first, each weighted by what that opponent's play revealed (inference.ts);
  // Save Piles and the draw pile get what is left, in a random order.
  const rest = view.players.map((p, s) => (s === seat ? [] : dealOpponent(counts, models[s] ?? null, known[s], p.handCount - known[s].length, rng)))
  const pool = shuffledRest(counts, rng)
  let next = 0
  const take = (n: number): CardCode[] | null => {
    if (next + n > pool.length) return null
    const out = pool.slice(next, next + n)
    next += n
    return out
  }
  const players: PlayerState[] = []
  for (let s = 0; s < view.players.length; s++) {
    const p = view.players[s]
    const q = newPlayer(p.name, { score: p.score, completed: p.completed.slice() })
    if (s === seat) {
      q.hand = view.hand.slice()
      q.saved = view.saved.slice()
    } else {
      const hidden = rest[s]
      const saved = take(p.savedCount)
      if (!hidden || !saved) return null
      q.hand = [...known[s], ...hidden]
      q.saved = saved
    }
    const index = view.phases.findIndex((ph) => ph.number === p.phase)
    if (view.rules.edition === 'masters') q.activePhase = p.phase
    else q.phaseIndex = index < 0 ? view.phases.length : index
    q.laidDown = p.laidDown
    q.pendingSkip = p.pendingSkip
    q.lostTurn = p.lostTurn
    q.left = p.left
    q.savedThisHand = p.savedThisHand
    players.push(q)
  }
  const drawPile = take(view.drawCount)
  if (!drawPile) return null
  return {
    version: view.version,
    rules: view.rules,
    phases: view.phases,
    players,
    seed: 'sampled world',
    // Reshuffles inside the simulation come from the sampler's own generator, never the game's.
    rng: [rng.int(0, 0x7fffffff), rng.int(0, 0x7fffffff), rng.int(0, 0x7fffffff), rng.int(1, 0x7fffffff)],
    handNumber: view.handNumber,
    dealer: view.dealer,
    handSeed: 'sampled world',
    revealedSeeds: view.revealedSeeds.slice(),
    // Commitments and the deal record only serve players' deal checks: the world shows the seat its own
    // (the other seats' part of the deal is unknown and never read in a simulation).
    tableId: view.tableId,
    commitments: view.commitments,
    gameCommitment: view.gameCommitment,
    deal: sampledDeal(view),
    stage: view.stage,
    turn: view.turn,
    drawPile,
    drawCount: drawPile.length,
    discard: view.discard.slice(),
    laidThisTurn: view.laidThisTurn,
    tieBreak: view.tieBreak && view.tieBreak.slice(),
    lastHand: view.lastHand && { wentOut: view.lastHand.wentOut, points: view.lastHand.points.slice() },
    winner: view.winner,
    log: null,
  }
}

/** The deal record of a sampled world: the seat's own part as its view shows it; only the count of the rest. */
function sampledDeal(view: GameView): GameState['deal'] {
  const me = view.seat ?? -1
  const hands = view.players.map((p) => (p.seat === me ? view.deal.hand.slice() : []))
  const saved = view.players.map((p) => (p.seat === me ? view.deal.saved.slice() : []))
  // Others' Save Piles at the deal are secret; a placeholder of the right size keeps `hiddenSaved` the same.
  const other = view.players.findIndex((p) => p.seat !== me)
  if (other >= 0) saved[other] = new Array<string>(view.deal.hiddenSaved).fill('W')
  return { hands, upcard: view.deal.upcard, saved }
}
