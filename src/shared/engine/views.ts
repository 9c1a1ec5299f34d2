/**
 * What each seat may see (RULES.md section 11) and pure helpers a UI or bot needs, computed from a view only:
 * own hand and Save Pile; every laid group; the discard pile; counts of everything else. Never another
 * player's cards, the draw pile's order, the RNG state or the seed of the hand in progress.
 */
import { SKIP, type CardCode } from './cards'
import type { Action } from './actions'
import { applyHit, canHit, type LaidGroup } from './groups'
import type { PhaseDef } from './phases'
import type { RuleOptions } from './rules'
import { inHand, phaseNumberOf, skipBlockOf, type GameState, type HandResult, type SkipBlock, type Stage } from './state'

export interface PublicPlayer {
  seat: number
  name: string
  /** Classic: the phase being attempted; Masters: the active phase (`null` before choosing). */
  phase: number | null
  completed: number[]
  laidDown: readonly LaidGroup[] | null
  score: number
  /** A Skip played against them will cost their next turn (section 4). */
  pendingSkip: boolean
  /** Their most recent turn was lost to a Skip and they have not played since (under `skipProtection: round` this protects them). */
  lostTurn: boolean
  handCount: number
  savedCount: number
  savedThisHand: boolean
  /** Takes part in the current hand (false for players outside a tie-break hand, and for those who left). */
  inHand: boolean
  /** Left the game between hands (the host removed the seat). */
  left: boolean
}

export interface GameView {
  /** The seat this view belongs to; `null` for a spectator. */
  seat: number | null
  /** Own cards (empty for a spectator). */
  hand: CardCode[]
  saved: CardCode[]
  players: PublicPlayer[]
  discard: CardCode[]
  drawCount: number
  stage: Stage
  turn: number | null
  dealer: number
  handNumber: number
  version: number
  rules: RuleOptions
  phases: PhaseDef[]
  laidThisTurn: boolean
  tieBreak: number[] | null
  lastHand: HandResult | null
  winner: number | null
  /** Deal seeds of finished hands only (section 11). */
  revealedSeeds: string[]
  /** The game key every deal seed was keyed from (section 11): `null` until the game is over. */
  gameKey: string | null
  /** SHA-256 commitments to every hand's seed so far, each published at its deal (fairness/commitment.ts). */
  commitments: string[]
  /** SHA-256 commitment to the game key (fairness/commitment.ts). */
  gameCommitment: string
  /** The table id bound into the commitments. */
  tableId: string
  /** This hand as dealt, as far as this seat may know it: what a client re-deals from the revealed seed. */
  deal: DealView
}

export interface DealView {
  /** The ten cards this seat was dealt (empty for a spectator or a seat not in the hand). */
  hand: CardCode[]
  upcard: CardCode | null
  /** This seat's Save Pile at the deal (Masters): those cards were not in the deck. */
  saved: CardCode[]
  /** How many cards other players' Save Piles kept out of the deck: while > 0 the deal can only be re-created
   * from the whole game (at game over), since which cards they were stays secret. */
  hiddenSaved: number
}

export function spectatorView(state: GameState): GameView {
  return buildView(state, null, true)
}

/**
 * The spectator view without copies: its discard pile and completed lists ARE the state's arrays. For readers
 * that never write a view (a table's snapshots, which are only serialised and diffed): `apply` never writes a
 * state's arrays (it copies on write), so they stay as they are, and a snapshot keeps no second copy of them
 * alive — nor does the patch encoder compare a fresh copy of an unchanged pile (it is the same array).
 */
export function readonlySpectatorView(state: GameState, players?: PublicPlayer[]): GameView {
  return buildView(state, null, false, players)
}

export function viewFor(state: GameState, seat: number): GameView {
  checkSeat(state, seat)
  return buildView(state, seat, true)
}

/** Throws unless `seat` is one of the state's seats (a caller's bug, not a player's move). */
export function checkSeat(state: GameState, seat: number): void {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players.length) throw new Error(`no seat ${seat}`)
}

/** Seat `s`'s public record (a copy: its arrays are new, laid groups shared; `copy` false: the state's own arrays). */
export function publicRecord(state: GameState, s: number, copy = true): PublicPlayer {
  const p = state.players[s]
  return {
    seat: s,
    name: p.name,
    phase: phaseNumberOf(state, p),
    completed: copy ? p.completed.slice() : p.completed,
    // Laid groups are read-only (LaidGroup): shared, not copied.
    laidDown: p.laidDown,
    score: p.score,
    pendingSkip: p.pendingSkip,
    lostTurn: p.lostTurn,
    handCount: p.hand.length,
    savedCount: p.saved.length,
    savedThisHand: p.savedThisHand,
    inHand: inHand(state, s),
    left: p.left,
  }
}

/** `given`: the players' public records, made by the caller (`publicRecord` of each seat of this state). */
function buildView(state: GameState, seat: number | null, copy: boolean, given?: PublicPlayer[]): GameView {
  const me = seat === null ? null : state.players[seat]
  let players = given
  if (!players) {
    players = new Array(state.players.length)
    for (let s = 0; s < players.length; s++) players[s] = publicRecord(state, s, copy)
  }
  const lastHand = state.lastHand
  return {
    seat,
    hand: me ? me.hand.slice() : [],
    saved: me ? me.saved.slice() : [],
    players,
    discard: copy ? state.discard.slice() : state.discard,
    drawCount: state.drawCount,
    stage: state.stage,
    turn: state.turn,
    dealer: state.dealer,
    handNumber: state.handNumber,
    version: state.version,
    // Frozen for the whole game (see `freezePhases`): shared, not copied.
    rules: state.rules,
    phases: state.phases,
    laidThisTurn: state.laidThisTurn,
    tieBreak: state.tieBreak && state.tieBreak.slice(),
    lastHand: lastHand && { wentOut: lastHand.wentOut, points: lastHand.points.slice() },
    winner: state.winner,
    revealedSeeds: state.revealedSeeds.slice(),
    gameKey: state.stage === 'gameOver' ? state.seed : null,
    // Replaced (never written) at each deal, like `phases`: shared, not copied.
    commitments: state.commitments,
    gameCommitment: state.gameCommitment,
    tableId: state.tableId,
    deal: dealView(state, seat),
  }
}

const NONE: CardCode[] = Object.freeze([]) as unknown as CardCode[]

/** What `seat` (or a spectator, `null`) may know of the current hand's deal. */
export function dealView(state: GameState, seat: number | null): DealView {
  const d = state.deal
  let hiddenSaved = 0
  for (let s = 0; s < d.saved.length; s++) if (s !== seat) hiddenSaved += d.saved[s].length
  // The deal record's arrays are copies made at the deal and never written: shared, not copied.
  return {
    hand: seat === null ? NONE : (d.hands[seat] ?? NONE),
    upcard: d.upcard,
    saved: seat === null ? NONE : (d.saved[seat] ?? NONE),
    hiddenSaved,
  }
}

// ---- helpers from a view (hints for the UI, moves for bots) ----

const myTurn = (view: GameView) => view.seat !== null && view.turn === view.seat

/** The phase this seat attempts this hand, or `null`. */
export function myPhase(view: GameView): PhaseDef | null {
  if (view.seat === null) return null
  const n = view.players[view.seat].phase
  return view.phases.find((ph) => ph.number === n) ?? null
}

/** Whether drawing from `from` is legal now (section 3; Masters section 9). */
export function canDraw(view: GameView, from: 'deck' | 'discard' | 'saved'): boolean {
  if (!myTurn(view) || view.stage !== 'draw') return false
  if (from === 'deck') return true
  if (from === 'discard') {
    const top = view.discard[view.discard.length - 1]
    return top !== undefined && top !== SKIP
  }
  return view.rules.edition === 'masters' && view.saved.length > 0
}

/** Whether the hitting rules allow this seat to hit now (section 6, option hitOnLayDownTurn). */
export function canHitNow(view: GameView): boolean {
  if (!myTurn(view) || view.stage !== 'play' || view.seat === null) return false
  if (!view.players[view.seat].laidDown) return false
  return view.rules.hitOnLayDownTurn || !view.laidThisTurn
}

/** Every laid group `card` may hit now, as targets. A hit that would empty the hand under mustDiscardToGoOut is excluded. */
export function legalHitsFor(view: GameView, card: CardCode): { seat: number; group: number }[] {
  if (!canHitNow(view) || !view.hand.includes(card)) return []
  if (view.hand.length === 1 && view.rules.mustDiscardToGoOut) return []
  const out: { seat: number; group: number }[] = []
  for (const p of view.players) {
    if (!p.laidDown || !p.inHand) continue
    p.laidDown.forEach((g, i) => {
      if (canHit(g, card)) out.push({ seat: p.seat, group: i })
    })
  }
  return out
}

/** The laid group after a hit, for previews (`null` when it does not fit). */
export function previewHit(group: LaidGroup, card: CardCode): LaidGroup | null {
  return applyHit(group, card)
}

/** One other player as a Skip target now (section 4): `blocked` says why they cannot be, `null` when they can. */
export interface SkipTargetInfo {
  seat: number
  blocked: SkipBlock | null
}

/** Every other seat, in seat order, with whether a Skip from this view's seat may target it now (section 4). */
export function skipTargetInfo(view: GameView): SkipTargetInfo[] {
  const me = view.seat
  if (me === null) return []
  const n = view.players.length
  let next = me
  for (let k = 1; k < n; k++) {
    const s = (me + k) % n
    if (view.players[s].inHand) {
      next = s
      break
    }
  }
  const out: SkipTargetInfo[] = []
  for (const p of view.players) {
    if (p.seat === me) continue
    out.push({ seat: p.seat, blocked: skipBlockOf(view.rules, me, p.seat, p, p.inHand, p.seat === next) })
  }
  return out
}

/** The seats a Skip may target now (section 4): `[]` means it can be played with no target and no effect. */
export function skipTargets(view: GameView): number[] {
  const out: number[] = []
  for (const t of skipTargetInfo(view)) if (t.blocked === null) out.push(t.seat)
  return out
}

/** Masters: phases this seat may choose now. */
export function choosablePhases(view: GameView): number[] {
  if (!myTurn(view) || view.stage !== 'choosePhase' || view.seat === null) return []
  const done = view.players[view.seat].completed
  const open = view.phases.filter((ph) => !done.includes(ph.number)).map((ph) => ph.number)
  return open.length ? open : view.phases.map((ph) => ph.number)
}

/**
 * Every simple legal action now, excluding lay-downs (finding those is the solver's job): draws, hits,
 * discards, Skips with each target, saves, phase choices, next hand.
 */
export function legalActions(view: GameView): Action[] {
  const out: Action[] = []
  if (view.stage === 'gameOver' || view.seat === null) return out
  if (view.stage === 'handOver') return [{ type: 'nextHand' }]
  if (!myTurn(view)) return out
  if (view.stage === 'choosePhase') return choosablePhases(view).map((phase) => ({ type: 'choosePhase', phase }))
  if (view.stage === 'draw') {
    out.push({ type: 'draw', from: 'deck' })
    if (canDraw(view, 'discard')) out.push({ type: 'draw', from: 'discard' })
    if (view.rules.edition === 'masters')
      for (const card of new Set(view.saved)) out.push({ type: 'draw', from: 'saved', card })
    return out
  }
  const distinct = [...new Set(view.hand)]
  for (const card of distinct) for (const target of legalHitsFor(view, card)) out.push({ type: 'hit', card, target })
  for (const card of distinct) {
    if (card === SKIP) {
      const targets = skipTargets(view)
      if (view.hand.length === 1 || targets.length === 0 || view.rules.skipTarget === 'next') out.push({ type: 'skip', card: 'S' })
      else for (const target of targets) out.push({ type: 'skip', card: 'S', target })
    } else out.push({ type: 'discard', card })
  }
  const me = view.players[view.seat]
  if (view.rules.edition === 'masters' && !me.savedThisHand && view.hand.length > 1)
    for (const card of distinct) out.push({ type: 'save', card })
  return out
}
