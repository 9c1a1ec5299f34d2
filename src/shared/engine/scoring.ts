/**
 * End of a hand, scoring and the end of the game (RULES.md sections 7, 8 and 9), and dealing the next hand.
 */
import { penaltyPoints, SKIP, type CardCode } from './cards'
import type { GameEvent } from './actions'
import { handSeedFor, reshuffleRngFor } from './rng'
import { handCommitment } from '../fairness/commitment'
import { copyPlayer, copyState, inHand, nextSeat, redeal, seatsInHand, skipWaitsWithTarget, startHand, type GameState, type PlayerState } from './state'
import type { GameView, PublicPlayer } from './views'

/** Penalty points of the cards left (section 7); Masters Save Piles count only with `scoreSavedCards`. */
export function penaltyOf(cards: readonly CardCode[]): number {
  let sum = 0
  for (const c of cards) sum += penaltyPoints(c)
  return sum
}

export function handPoints(state: GameState, wentOut: number | null): number[] {
  return state.players.map((p, seat) => {
    if (!inHand(state, seat) || seat === wentOut) return 0
    return penaltyOf(p.hand) + (state.rules.scoreSavedCards ? penaltyOf(p.saved) : 0)
  })
}

/**
 * Ends the hand: someone went out (`wentOut`) or the draw pile ran dry (`null`). Scores it, advances
 * whoever made their phase, reveals the deal seed, and decides whether the game is over.
 */
export function endHand(state: GameState, wentOut: number | null, events: GameEvent[]): GameState {
  const points = handPoints(state, wentOut)
  const masters = state.rules.edition === 'masters'
  const fixed = state.rules.fixedHands !== null
  const n = state.phases.length
  const tieBreak = state.tieBreak !== null
  const discard = state.discard.slice()
  const waits = skipWaitsWithTarget(state.rules)
  const players: PlayerState[] = state.players.map((p, seat) => {
    // A Skip still waiting in front of its target (skipLands: target) joins the discard pile: the hand is over.
    if (p.pendingSkip && waits) discard.push(SKIP)
    const q = copyPlayer(p)
    q.pendingSkip = false
    q.lostTurn = false
    if (tieBreak) return q // a tie-break hand only decides the winner (section 8)
    q.score = p.score + points[seat]
    const made = p.laidDown !== null
    if (masters) {
      if ((made || fixed) && p.activePhase !== null && !p.completed.includes(p.activePhase))
        q.completed = [...p.completed, p.activePhase]
    } else if (made || fixed) {
      // fixedHands: everyone advances every hand; past the last phase they keep playing it.
      q.phaseIndex = fixed ? Math.min(p.phaseIndex + 1, n - 1) : p.phaseIndex + 1
    }
    return q
  })
  events.push({
    type: 'handEnded',
    handNumber: state.handNumber,
    wentOut,
    points,
    totals: players.map((p) => p.score),
    madePhase: seatsWhere(state.players, (p) => p.laidDown !== null),
    seed: state.handSeed,
  })
  const next = copyState(state)
  next.players = players
  next.discard = discard
  next.stage = 'handOver'
  next.turn = null
  next.laidThisTurn = false
  next.lastHand = { wentOut, points }
  next.revealedSeeds = [...state.revealedSeeds, state.handSeed]

  if (tieBreak) {
    // Section 8: the first to go out wins; with no one out, the tied players play again.
    if (wentOut !== null) return finish(next, wentOut, events)
    events.push({ type: 'tieBreak', seats: state.tieBreak! })
    return next
  }
  let finalists: number[] = []
  // A player who left the game is never among them.
  if (fixed) {
    if (state.handNumber >= state.rules.fixedHands!) finalists = seatsWhere(players, (p) => !p.left)
  } else if (masters) {
    finalists = seatsWhere(players, (p) => !p.left && p.completed.length >= n)
  } else {
    finalists = seatsWhere(players, (p) => !p.left && p.phaseIndex >= n)
  }
  if (finalists.length === 0) return next
  let best = Infinity
  for (const s of finalists) best = Math.min(best, players[s].score)
  const tied = finalists.filter((s) => players[s].score === best)
  if (tied.length === 1) return finish(next, tied[0], events)
  events.push({ type: 'tieBreak', seats: tied })
  next.tieBreak = tied
  return next
}

/** The seats whose player passes `test`, in order (a loop: `flatMap` is slow on the end-of-hand path). */
function seatsWhere(players: readonly PlayerState[], test: (p: PlayerState) => boolean): number[] {
  const out: number[] = []
  for (let i = 0; i < players.length; i++) if (test(players[i])) out.push(i)
  return out
}

function finish(state: GameState, winner: number, events: GameEvent[]): GameState {
  events.push({ type: 'gameEnded', winner })
  const next = copyState(state)
  next.stage = 'gameOver'
  next.winner = winner
  return next
}

/** One line of the final order: `place` 1 is the winner's alone; players the rules cannot tell apart share a place. */
export interface Standing {
  player: PublicPlayer
  place: number
}

/**
 * The players in the order the rules rank them (RULES.md section 8), best first: the winner, then whoever got
 * further (Classic: the phase reached; Masters: how many phases completed, any order), then the lower total.
 * Under `fixedHands` everyone advanced every hand, so the total alone decides. A score alone never ranks a
 * player who is still phases behind above one who finished: the game is a race through the phases first.
 */
export function standings(view: Pick<GameView, 'players' | 'phases' | 'rules' | 'winner'>): Standing[] {
  const n = view.phases.length
  const progress = (p: PublicPlayer): number => {
    if (view.rules.fixedHands !== null) return 0
    if (view.rules.edition === 'masters') return p.completed.length
    // Classic: the index of the phase being attempted; past the last phase (it was made) is n.
    const i = view.phases.findIndex((ph) => ph.number === p.phase)
    return i >= 0 ? i : p.phase === null ? 0 : n
  }
  const won = (p: PublicPlayer) => (p.seat === view.winner ? 1 : 0)
  const order = view.players.slice().sort((a, b) => won(b) - won(a) || progress(b) - progress(a) || a.score - b.score || a.seat - b.seat)
  const out: Standing[] = []
  for (const [i, player] of order.entries()) {
    const prev = out[i - 1]
    const same = prev && !won(prev.player) && !won(player) && progress(prev.player) === progress(player) && prev.player.score === player.score
    out.push({ player, place: same ? prev.place : i + 1 })
  }
  return out
}

/** Deals the next hand from the game RNG; the deal passes left (section 2). */
export function dealNextHand(state: GameState, events: GameEvent[]): GameState {
  const handSeed = handSeedFor(state.seed, state.handNumber + 1) // keyed, section 11
  // The deal passes to the next player still in the game.
  let dealer = (state.dealer + 1) % state.players.length
  while (state.players[dealer].left) dealer = (dealer + 1) % state.players.length
  const base = copyState(state)
  base.rng = reshuffleRngFor(handSeed)
  base.handSeed = handSeed
  base.dealer = dealer
  base.handNumber = state.handNumber + 1
  const commitment = handCommitment(state.tableId, base.handNumber, handSeed)
  base.commitments = [...state.commitments, commitment]
  const seats = seatsInHand(base)
  const excluded: CardCode[] = []
  for (const p of state.players) for (const c of p.saved) excluded.push(c)
  const deal = redeal(handSeed, { rules: state.rules, playerCount: state.players.length, dealer, seats, excluded })
  const next = startHand(base, deal)
  events.push({ type: 'handDealt', handNumber: next.handNumber, dealer, upcard: deal.upcard, seats, commitment })
  const first = nextSeat(next, dealer)
  if (next.stage === 'draw' && next.turn !== first) events.push({ type: 'turnSkipped', seat: first })
  return next
}
