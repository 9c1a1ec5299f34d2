/**
 * `readonlyViewFor`: a seat's `GameView` read live from the state through getters, for in-process callers that
 * read it at once (the benchmark's policy). `views.ts` has the copying `viewFor` it always equals.
 */
import type { CardCode } from './cards'
import type { LaidGroup } from './groups'
import type { PhaseDef } from './phases'
import type { RuleOptions } from './rules'
import { inHand, phaseNumberOf, type GameState, type HandResult, type Stage } from './state'
import { checkSeat, dealView, publicRecord, viewFor, type DealView, type GameView, type PublicPlayer } from './views'

/**
 * The same view as `viewFor` (exactly what the seat may see), but read live from the state instead of copied:
 * for in-process callers that read it at once, such as the benchmark's policy, where views are built for every
 * move. Each field (and each player record's) is a getter over the state, so a caller pays only for what it
 * reads: a draw decision reads three numbers. It shows the state as it is when read: `apply` never writes a
 * state, but `applyInPlace` does, so read it before the next in-place action. Never write to it (its arrays
 * are the state's). `JSON.stringify` gives exactly `viewFor`'s JSON.
 */
export function readonlyViewFor(state: GameState, seat: number): GameView {
  checkSeat(state, seat)
  return new SharedView(state, seat)
}

/**
 * The live player records of `state`. They read the state on every access, so the last state's are reused: a
 * game loop that owns its state (`applyInPlace`) keeps one state object, so its views share one set of records.
 */
function sharedPlayers(state: GameState): PublicPlayer[] {
  if (state === lastState && lastPlayers.length === state.players.length) return lastPlayers
  const out: PublicPlayer[] = new Array(state.players.length)
  for (let s = 0; s < out.length; s++) out[s] = new SharedPlayer(state, s)
  lastState = state
  lastPlayers = out
  return out
}
let lastState: GameState | null = null
let lastPlayers: PublicPlayer[] = []

/** A seat's public record read on demand from the state, like `readonlyViewFor`'s view (see there). */
class SharedPlayer implements PublicPlayer {
  readonly seat: number
  readonly #state: GameState
  constructor(state: GameState, seat: number) {
    this.#state = state
    this.seat = seat
  }
  get name(): string {
    return this.#state.players[this.seat].name
  }
  get phase(): number | null {
    return phaseNumberOf(this.#state, this.#state.players[this.seat])
  }
  get completed(): number[] {
    return this.#state.players[this.seat].completed
  }
  get laidDown(): readonly LaidGroup[] | null {
    return this.#state.players[this.seat].laidDown
  }
  get score(): number {
    return this.#state.players[this.seat].score
  }
  get pendingSkip(): boolean {
    return this.#state.players[this.seat].pendingSkip
  }
  get lostTurn(): boolean {
    return this.#state.players[this.seat].lostTurn
  }
  get handCount(): number {
    return this.#state.players[this.seat].hand.length
  }
  get savedCount(): number {
    return this.#state.players[this.seat].saved.length
  }
  get savedThisHand(): boolean {
    return this.#state.players[this.seat].savedThisHand
  }
  get left(): boolean {
    return this.#state.players[this.seat].left
  }
  get inHand(): boolean {
    return inHand(this.#state, this.seat)
  }
  toJSON(): PublicPlayer {
    return publicRecord(this.#state, this.seat)
  }
}

/** `readonlyViewFor`'s view: every `GameView` field read on demand from the state (see there). */
class SharedView implements GameView {
  readonly seat: number
  readonly #state: GameState
  #players: PublicPlayer[] | null = null
  constructor(state: GameState, seat: number) {
    this.#state = state
    this.seat = seat
  }
  get hand(): CardCode[] {
    return this.#state.players[this.seat].hand
  }
  get saved(): CardCode[] {
    return this.#state.players[this.seat].saved
  }
  get players(): PublicPlayer[] {
    return (this.#players ??= sharedPlayers(this.#state))
  }
  get discard(): CardCode[] {
    return this.#state.discard
  }
  get drawCount(): number {
    return this.#state.drawCount
  }
  get stage(): Stage {
    return this.#state.stage
  }
  get turn(): number | null {
    return this.#state.turn
  }
  get dealer(): number {
    return this.#state.dealer
  }
  get handNumber(): number {
    return this.#state.handNumber
  }
  get version(): number {
    return this.#state.version
  }
  get rules(): RuleOptions {
    return this.#state.rules
  }
  get phases(): PhaseDef[] {
    return this.#state.phases
  }
  get laidThisTurn(): boolean {
    return this.#state.laidThisTurn
  }
  get tieBreak(): number[] | null {
    return this.#state.tieBreak
  }
  get lastHand(): HandResult | null {
    return this.#state.lastHand
  }
  get winner(): number | null {
    return this.#state.winner
  }
  get revealedSeeds(): string[] {
    return this.#state.revealedSeeds
  }
  get gameKey(): string | null {
    return this.#state.stage === 'gameOver' ? this.#state.seed : null
  }
  get commitments(): string[] {
    return this.#state.commitments
  }
  get gameCommitment(): string {
    return this.#state.gameCommitment
  }
  get tableId(): string {
    return this.#state.tableId
  }
  get deal(): DealView {
    return dealView(this.#state, this.seat)
  }
  /** The plain view, as `viewFor` builds it. */
  toJSON(): GameView {
    return viewFor(this.#state, this.seat)
  }
}
