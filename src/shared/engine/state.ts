/**
 * Game state (plain data only: it serialises, diffs and replays) and how a game and a hand start
 * (RULES.md sections 2, 8 and 9).
 */
import type { CardCode } from './cards'
import { buildDeck, removeCards } from './deck'
import type { LaidGroup } from './groups'
import { phaseList, type PhaseDef, type PhasePreset } from './phases'
import { phasesFor, resolveRules, type PartialRuleOptions, type RuleOptions } from './rules'
import { firstDealerFor, handSeedFor, reshuffleRngFor, rngFromSeed, shuffleWithState, type RngState } from './rng'
import type { Action } from './actions'
import { gameCommitment, handCommitment } from '../fairness/commitment'

export type Stage = 'choosePhase' | 'draw' | 'play' | 'handOver' | 'gameOver'

export interface PlayerState {
  name: string
  hand: CardCode[]
  /** Masters Save Pile (section 9): carries over between hands, secret to its owner. */
  saved: CardCode[]
  /** Classic: index in `GameState.phases` of the phase being attempted; `phases.length` once all are made. */
  phaseIndex: number
  /** Masters: the phase number chosen for this hand, `null` before choosing. */
  activePhase: number | null
  /** Masters: phase numbers completed, in the order made. */
  completed: number[]
  /** The phase laid down this hand (with hits), `null` before. */
  laidDown: readonly LaidGroup[] | null
  score: number
  /**
   * A Skip played against this player whose turn it will cost (section 4). Under `skipLands: target` the
   * card itself waits here (and is counted here); by default it is already on the discard pile.
   */
  pendingSkip: boolean
  /** This player's most recent turn was lost to a Skip and they have not played since (Classic protection, section 4). */
  lostTurn: boolean
  /** Left the game between hands (`leave`): dealt no more cards, skipped in turn order, never the winner. [decision] */
  left: boolean
  /** Masters: the once-per-hand save has been used. */
  savedThisHand: boolean
}

export interface HandResult {
  wentOut: number | null
  points: number[]
}

export interface LogEntry {
  seat: number
  action: Action
}

export interface GameState {
  /** Incremented on every accepted action (the LAN host rejects stale actions with it). */
  version: number
  rules: RuleOptions
  phases: PhaseDef[]
  players: PlayerState[]
  /**
   * The game key (section 11): the first dealer, every hand's deal seed and its reshuffles are keyed from
   * it (rng.ts). Shown to players only once the game is over (`GameView.gameKey`).
   */
  seed: string
  /** This hand's reshuffle generator (section 7), started from `reshuffleRngFor(handSeed)`. Never shown. */
  rng: RngState
  /** 1-based number of the current hand. */
  handNumber: number
  dealer: number
  /** The seed that dealt the current hand; revealed in `revealedSeeds` once the hand is over. */
  handSeed: string
  /** Deal seeds of finished hands, index = handNumber - 1 (section 11). */
  revealedSeeds: string[]
  /** The table the game is played at: part of every commitment, so one table's deals never vouch for another's. */
  tableId: string
  /** SHA-256 commitments to every hand's seed so far, published at its deal (index = handNumber - 1; fairness/commitment.ts). */
  commitments: string[]
  /** SHA-256 commitment to the game key, published with the first deal, checked once the key is revealed. */
  gameCommitment: string
  /** The current hand as dealt (what a player re-deals from its seed to check it): copies, never written. */
  deal: DealRecord
  stage: Stage
  /** The seat to act (in `choosePhase`, the seat to choose); `null` in `handOver` / `gameOver`. */
  turn: number | null
  /**
   * The draw pile; its top is `drawPile[drawCount - 1]`. Entries at `drawCount` and beyond were already
   * drawn: the array is shared between successive states and never written, so a draw copies nothing.
   */
  drawPile: CardCode[]
  drawCount: number
  /** The discard pile, top last. */
  discard: CardCode[]
  /** The current player laid their phase down during this turn (option `hitOnLayDownTurn`). */
  laidThisTurn: boolean
  /** Seats playing a tie-break hand (section 8), else `null`: every seat plays. */
  tieBreak: number[] | null
  lastHand: HandResult | null
  winner: number | null
  /**
   * The accepted actions (read them with `actionLog`); `null` when the game was started with
   * `recordLog: false` (bot simulations, which need speed, not replays). See `GameLog`.
   */
  log: GameLog | null
}

/**
 * The action log, shared between successive states and never written once made, so appending copies
 * nothing: the newest entries (fewer than LOG_CHUNK) are a linked tail, newest first, one cell per action;
 * a full tail becomes a chunk (seats and actions side by side, oldest first) in `chunks`, whose array alone is
 * copied then. Plain data: it serialises (at most LOG_CHUNK levels deep) and replays.
 */
/** A hand as dealt: each seat's ten cards, the upcard, and the Save Piles kept out of the deck (Masters). */
export interface DealRecord {
  hands: CardCode[][]
  upcard: CardCode | null
  /** Per seat, the Save Pile at the deal (section 9: those cards were not shuffled into the deck). */
  saved: CardCode[][]
}

export interface GameLog {
  chunks: LogChunk[]
  tail: LogCell | null
}
export interface LogChunk {
  seats: number[]
  actions: Action[]
}
export interface LogCell {
  seat: number
  action: Action
  prev: LogCell | null
  /** Cells in the tail up to and including this one. */
  size: number
}

export const HAND_SIZE = 10
/** Phase 10 seats 2 to 6 players (RULES.md section 1). */
export const MIN_PLAYERS = 2
export const MAX_PLAYERS = 6
export const LOG_CHUNK = 32

export interface NewGameOptions {
  rules?: PartialRuleOptions | RuleOptions
  /** Player names, 2 to 6. */
  players: string[]
  seed: string
  /** The first dealer; chosen at random from the seed when omitted (section 2). */
  dealer?: number
  /** Keep the action log in the state (default true); see `GameState.log`. */
  recordLog?: boolean
  /** The table's id, bound into the deal commitments (default ''). */
  tableId?: string
}

export function newGame(opts: NewGameOptions): GameState {
  const rules = resolveRules(opts.rules as PartialRuleOptions)
  const n = opts.players.length
  if (n < MIN_PLAYERS || n > MAX_PLAYERS) throw new Error(`Phase 10 needs ${MIN_PLAYERS} to ${MAX_PLAYERS} players, got ${n}`)
  // Section 11: the seed is the game key; the dealer, each hand's seed and its reshuffles are keyed from it
  // (rng.ts). A given dealer leaves every deal unchanged.
  const dealer = opts.dealer ?? firstDealerFor(opts.seed, n)
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= n) throw new Error(`bad dealer ${dealer}`)
  const phases = typeof rules.phaseList === 'string' ? presetPhases(rules.phaseList) : freezePhases(phasesFor(rules))
  Object.freeze(rules)
  const handSeed = handSeedFor(opts.seed, 1)
  const rng = reshuffleRngFor(handSeed)
  const state = tableBeforeDeal({ rules, phases, names: opts.players, seed: opts.seed, rng, dealer, handSeed, recordLog: opts.recordLog !== false, tableId: opts.tableId })
  const deal = redeal(handSeed, { rules, playerCount: n, dealer })
  return startHand(state, deal)
}

/** A new player record: no cards, phase 1, no score (fields a scenario presets may be given). */
export function newPlayer(name: string, preset: Partial<Pick<PlayerState, 'saved' | 'phaseIndex' | 'completed' | 'score'>> = {}): PlayerState {
  return {
    name,
    hand: [],
    saved: preset.saved ?? [],
    phaseIndex: preset.phaseIndex ?? 0,
    activePhase: null,
    completed: preset.completed ?? [],
    laidDown: null,
    score: preset.score ?? 0,
    pendingSkip: false,
    lostTurn: false,
    left: false,
    savedThisHand: false,
  }
}

/** The table of a new game before its first deal (`startHand` puts the cards out): shared by `newGame` and scenarios. */
export function tableBeforeDeal(o: {
  rules: RuleOptions
  phases: PhaseDef[]
  names: string[]
  players?: PlayerState[]
  seed: string
  rng: RngState
  dealer: number
  handSeed: string
  recordLog: boolean
  tableId?: string
}): GameState {
  const tableId = o.tableId ?? ''
  return {
    version: 0,
    rules: o.rules,
    phases: o.phases,
    players: o.players ?? o.names.map((name) => newPlayer(name)),
    seed: o.seed,
    rng: o.rng,
    handNumber: 1,
    dealer: o.dealer,
    handSeed: o.handSeed,
    revealedSeeds: [],
    tableId,
    commitments: [handCommitment(tableId, 1, o.handSeed)],
    gameCommitment: gameCommitment(tableId, o.seed),
    deal: { hands: [], upcard: null, saved: [] },
    stage: 'draw',
    turn: null,
    drawPile: [],
    drawCount: 0,
    discard: [],
    laidThisTurn: false,
    tieBreak: null,
    lastHand: null,
    winner: null,
    log: o.recordLog ? emptyLog() : null,
  }
}

/** Seats taking part in the current hand, clockwise from seat 0. */
export function seatsInHand(state: Pick<GameState, 'tieBreak' | 'players'>): number[] {
  if (state.tieBreak) return state.tieBreak
  const out: number[] = []
  for (let i = 0; i < state.players.length; i++) if (!state.players[i].left) out.push(i)
  return out
}

/** Takes part in the current hand: not gone from the game, and in the tie-break if one is played. */
export function inHand(state: Pick<GameState, 'tieBreak' | 'players'>, seat: number): boolean {
  return !state.players[seat].left && (state.tieBreak === null || state.tieBreak.includes(seat))
}

/** The next seat clockwise after `seat` that takes part in this hand. */
export function nextSeat(state: Pick<GameState, 'tieBreak' | 'players'>, seat: number): number {
  const n = state.players.length
  for (let k = 1; k <= n; k++) {
    const s = seat + k < n ? seat + k : seat + k - n // (seat + k) % n, without a division
    if (inHand(state, s)) return s
  }
  throw new Error('no seat in hand')
}

export interface Deal {
  /** Per seat (seats not in the hand get `[]`). */
  hands: CardCode[][]
  upcard: CardCode | null
  /** Top last. */
  drawPile: CardCode[]
}

export interface RedealOptions {
  rules: RuleOptions
  playerCount: number
  dealer: number
  /** Seats dealt in (a tie-break hand); default all. */
  seats?: number[]
  /** Cards out of the deck because they sit in Save Piles (Masters, section 9). */
  excluded?: CardCode[]
}

/**
 * Re-creates a hand's deal from its seed (section 11: after a hand, its seed is revealed so anyone can
 * check the deal). Shuffle the deck, then deal 10 cards one at a time from the dealer's left, clockwise;
 * the next card is the upcard, the rest the draw pile (section 2).
 */
export function redeal(handSeed: string, opts: RedealOptions): Deal {
  let deck = buildDeck(opts.rules)
  if (opts.excluded?.length) {
    const rest = removeCards(deck, opts.excluded)
    if (!rest) throw new Error('excluded cards are not in the deck')
    deck = rest
  }
  shuffleWithState(deck, rngFromSeed(handSeed))
  const seats = opts.seats ?? Array.from({ length: opts.playerCount }, (_, i) => i)
  const order: number[] = []
  for (let k = 1; k <= opts.playerCount; k++) {
    const s = (opts.dealer + k) % opts.playerCount
    if (seats.includes(s)) order.push(s)
  }
  const hands: CardCode[][] = []
  for (let s = 0; s < opts.playerCount; s++) hands.push([])
  // Cards come off the top (the end) one at a time; indexed loops, as the deal runs every hand.
  let top = deck.length
  for (let r = 0; r < HAND_SIZE; r++) for (let k = 0; k < order.length; k++) if (top > 0) hands[order[k]].push(deck[--top])
  deck.length = top
  const upcard = deck.pop() ?? null
  return { hands, upcard, drawPile: deck }
}

/**
 * Puts a deal on the table and sets the opening stage: Masters players choose their phase first
 * (section 9); an upcard Skip skips the first player's first turn (section 2).
 */
export function startHand(state: GameState, deal: Deal): GameState {
  const masters = state.rules.edition === 'masters'
  const first = nextSeat(state, state.dealer)
  const tieBreakPhase = state.phases[state.phases.length - 1]
  const players = state.players.map((p, seat) => {
    const playing = inHand(state, seat)
    const q = copyPlayer(p)
    q.hand = deal.hands[seat]
    q.laidDown = null
    q.pendingSkip = false
    q.lostTurn = false
    q.savedThisHand = false
    // A tie-break hand is the last phase for everyone in it (section 8).
    q.activePhase = masters && state.tieBreak && playing ? tieBreakPhase.number : null
    if (!masters && state.tieBreak && playing) q.phaseIndex = state.phases.length - 1
    return q
  })
  const next = copyState(state)
  next.deal = { hands: deal.hands.map((h) => h.slice()), upcard: deal.upcard, saved: state.players.map((p) => p.saved.slice()) }
  next.players = players
  next.drawPile = deal.drawPile
  next.drawCount = deal.drawPile.length
  next.discard = deal.upcard === null ? [] : [deal.upcard]
  next.laidThisTurn = false
  if (masters && !state.tieBreak) {
    next.stage = 'choosePhase'
    next.turn = first
  } else {
    next.stage = 'draw'
    next.turn = openingTurn(next, first)
    if (next.turn !== first) players[first].lostTurn = true
  }
  return next
}

/** Section 2: an upcard Skip consumes the first player's first turn (a lost turn, as section 4 counts them). */
export function openingTurn(state: GameState, first: number): number {
  return state.discard.length === 1 && state.discard[0] === 'S' ? nextSeat(state, first) : first
}

/** Why a Skip played by `me` may not target a player (section 4), or `null` when it may. */
export type SkipBlock = 'self' | 'notInHand' | 'notNext' | 'pending' | 'lostTurn'

/**
 * Section 4's targeting rule, shared by the reducer and the views: `target` is the player record (state or
 * view: both carry `pendingSkip` and `lostTurn`), `isNext` whether they are the next player in turn order.
 */
export function skipBlockOf(
  rules: Pick<RuleOptions, 'skipTarget' | 'skipProtection'>,
  me: number,
  seat: number,
  target: { pendingSkip: boolean; lostTurn: boolean },
  targetInHand: boolean,
  isNext: boolean,
): SkipBlock | null {
  if (seat === me) return 'self'
  if (!targetInHand) return 'notInHand'
  if (rules.skipTarget === 'next' && !isNext) return 'notNext'
  if (target.pendingSkip) return 'pending'
  if (rules.skipProtection === 'round' && target.lostTurn) return 'lostTurn'
  return null
}

/** Whether a played Skip waits in front of its target (`skipLands: target`) instead of going onto the discard pile. */
export function skipWaitsWithTarget(rules: Pick<RuleOptions, 'skipLands'>): boolean {
  return rules.skipLands === 'target'
}

/** The phase a player attempts this hand, or `null` (Masters before choosing; Classic all made). */
export function activePhaseOf(state: Pick<GameState, 'rules' | 'phases'>, p: PlayerState): PhaseDef | null {
  if (state.rules.edition === 'masters') {
    return p.activePhase === null ? null : (state.phases.find((ph) => ph.number === p.activePhase) ?? null)
  }
  return state.phases[p.phaseIndex] ?? null
}

/** The phase number shown for a player (scenario output `phase`). */
export function phaseNumberOf(state: Pick<GameState, 'rules' | 'phases'>, p: PlayerState): number | null {
  if (state.rules.edition === 'masters') return p.activePhase
  const ph = state.phases[p.phaseIndex]
  // All phases made: one past the last phase's number.
  return ph ? ph.number : state.phases[state.phases.length - 1].number + 1
}

/** The accepted actions in order (seed + rules + names + this log replays the game). */
export function actionLog(state: GameState): LogEntry[] {
  if (!state.log) throw new Error('this game keeps no action log (recordLog: false)')
  const out: LogEntry[] = []
  for (const c of state.log.chunks) for (let i = 0; i < c.seats.length; i++) out.push({ seat: c.seats[i], action: c.actions[i] })
  const tail: LogEntry[] = []
  for (let cell = state.log.tail; cell; cell = cell.prev) tail.push({ seat: cell.seat, action: cell.action })
  for (let i = tail.length - 1; i >= 0; i--) out.push(tail[i])
  return out
}

export function emptyLog(): GameLog {
  return { chunks: [], tail: null }
}

/** The log with one more entry (the input log is untouched; see `GameLog`). */
export function appendLog(log: GameLog, seat: number, action: Action): GameLog {
  const size = log.tail === null ? 1 : log.tail.size + 1
  if (size < LOG_CHUNK) return { chunks: log.chunks, tail: { seat, action, prev: log.tail, size } }
  const chunks = log.chunks.slice()
  chunks.push(fullChunk(log.tail, seat, action, size))
  return { chunks, tail: null }
}

/** `appendLog` for an owned log (`applyInPlace`): the same entries, written into `log` itself. */
export function appendLogInPlace(log: GameLog, seat: number, action: Action): void {
  const size = log.tail === null ? 1 : log.tail.size + 1
  if (size < LOG_CHUNK) {
    log.tail = { seat, action, prev: log.tail, size }
  } else {
    log.chunks.push(fullChunk(log.tail, seat, action, size))
    log.tail = null
  }
}

/** A tail of `size - 1` cells plus one more entry, as a chunk (oldest first). */
function fullChunk(tail: LogCell | null, seat: number, action: Action, size: number): LogChunk {
  const seats: number[] = new Array(size)
  const actions: Action[] = new Array(size)
  seats[size - 1] = seat
  actions[size - 1] = action
  let cell = tail
  for (let i = size - 2; i >= 0 && cell; i--, cell = cell.prev) {
    seats[i] = cell.seat
    actions[i] = cell.action
  }
  return { seats, actions }
}

/**
 * A shallow copy of the state's top level, written out field by field: every state then shares one object
 * shape, which keeps `apply` monomorphic (an object spread here was the engine's hottest line).
 */
export function copyState(s: GameState): GameState {
  return {
    version: s.version,
    rules: s.rules,
    phases: s.phases,
    players: s.players,
    seed: s.seed,
    rng: s.rng,
    handNumber: s.handNumber,
    dealer: s.dealer,
    handSeed: s.handSeed,
    revealedSeeds: s.revealedSeeds,
    tableId: s.tableId,
    commitments: s.commitments,
    gameCommitment: s.gameCommitment,
    deal: s.deal,
    stage: s.stage,
    turn: s.turn,
    drawPile: s.drawPile,
    drawCount: s.drawCount,
    discard: s.discard,
    laidThisTurn: s.laidThisTurn,
    tieBreak: s.tieBreak,
    lastHand: s.lastHand,
    winner: s.winner,
    log: s.log,
  }
}

/** A copy of a player record (same shape for every record, see `copyState`). */
export function copyPlayer(p: PlayerState): PlayerState {
  return {
    name: p.name,
    hand: p.hand,
    saved: p.saved,
    phaseIndex: p.phaseIndex,
    activePhase: p.activePhase,
    completed: p.completed,
    laidDown: p.laidDown,
    score: p.score,
    pendingSkip: p.pendingSkip,
    lostTurn: p.lostTurn,
    left: p.left,
    savedThisHand: p.savedThisHand,
  }
}

/** A preset's phases, frozen once and shared by every game (freezing is slow; the solver caches per phase). */
const presets = new Map<string, PhaseDef[]>()
function presetPhases(preset: PhasePreset): PhaseDef[] {
  let phases = presets.get(preset)
  if (!phases) presets.set(preset, (phases = freezePhases(phaseList(preset))))
  return phases
}

/** Rules and phases never change during a game: frozen, so views and states may share them safely. */
export function freezePhases(phases: PhaseDef[]): PhaseDef[] {
  for (const ph of phases) {
    for (const g of ph.groups) Object.freeze(g)
    Object.freeze(ph.groups)
    Object.freeze(ph)
  }
  return Object.freeze(phases) as PhaseDef[]
}
