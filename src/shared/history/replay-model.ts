/**
 * The replay viewer's model (issue #19): a finished game's record replayed through the engine into steps —
 * the first deal, then one step per accepted action — each with the whole table as it was, every hand
 * revealed. Pure data, no UI.
 *
 * Every state is kept: `apply` copies only what an action changes and shares the rest (arrays in a state are
 * never written), so 1,500 states cost little more than one, and stepping or jumping anywhere is an array
 * read. The table at a step (a spectator's view plus the hidden hands) is built on first look and cached.
 */
import type { GameEvent } from '../engine/actions'
import { apply } from '../engine/apply'
import type { CardCode } from '../engine/cards'
import { newGame, nextSeat, seatsInHand, type GameState } from '../engine/state'
import { spectatorView, type GameView } from '../engine/views'
import type { GameRecord } from './record'

export interface ReplayStep {
  /** Index in the record's log of the action this step plays; -1 for the first hand's deal. */
  action: number
  /** Who acted (`null` for the first deal). */
  seat: number | null
  /** What happened, as the engine told the table. */
  events: GameEvent[]
  /** The hand this step belongs to, 1-based (the deal of hand n is hand n's first step). */
  handNumber: number
  /** The card drawn from the pile or a Save Pile: secret at the table, shown in a replay. */
  drawn: CardCode | null
}

/** The table at one step with nothing hidden. */
export interface ReplayTable {
  /** The public picture (laid groups, piles, scores, phases, turn) as a spectator saw it. */
  view: GameView
  /** Every seat's hand, index = seat. */
  hands: CardCode[][]
  /** Every seat's Save Pile (Masters), index = seat. */
  saved: CardCode[][]
}

/** One hand's result as the replay scored it. */
export interface ReplayHand {
  handNumber: number
  points: number[]
  totals: number[]
  wentOut: number | null
  /** The step at which the hand ended. */
  endStep: number
}

export interface ReplayModel {
  names: string[]
  steps: ReplayStep[]
  /** Index = hand number - 1: the step that dealt that hand (for hand jump). */
  handStarts: number[]
  /** Hands as they ended in the replay, in order. */
  hands: ReplayHand[]
  finalScores: number[]
  winner: number | null
  /** The table at step `i` (built on first look, then cached). */
  tableAt(i: number): ReplayTable
  /** 0-based index into `handStarts` of the hand step `i` belongs to. */
  handIndexOf(i: number): number
}

export type ReplayResult = { ok: true; model: ReplayModel } | { ok: false; error: string }

/** Replays a record into its steps; a log the engine refuses is an error (a damaged or foreign record). */
export function buildReplay(record: GameRecord): ReplayResult {
  const names = record.players.map((p) => p.name)
  let state: GameState
  try {
    state = newGame({ rules: record.rules, players: names, seed: record.gameKey, dealer: record.dealer, tableId: record.tableId, recordLog: false })
  } catch (err) {
    return { ok: false, error: `the game cannot be set up: ${(err as Error).message}` }
  }
  const states: GameState[] = [state]
  const steps: ReplayStep[] = [{ action: -1, seat: null, events: firstDeal(state), handNumber: 1, drawn: null }]
  const handStarts = [0]
  const hands: ReplayHand[] = []
  for (const [i, entry] of record.log.entries()) {
    const r = apply(state, entry.seat, entry.action)
    if (!r.ok) return { ok: false, error: `move ${i + 1} does not replay: ${r.error.message}` }
    const drawn = entry.action.type === 'draw' && entry.action.from !== 'discard' ? newCard(state.players[entry.seat].hand, r.state.players[entry.seat].hand) : null
    const at = steps.length
    steps.push({ action: i, seat: entry.seat, events: r.events, handNumber: r.state.handNumber, drawn })
    for (const e of r.events) {
      if (e.type === 'handDealt') handStarts.push(at)
      else if (e.type === 'handEnded') hands.push({ handNumber: e.handNumber, points: e.points, totals: e.totals, wentOut: e.wentOut, endStep: at })
    }
    state = r.state
    states.push(state)
  }
  const tables = new Map<number, ReplayTable>()
  const model: ReplayModel = {
    names,
    steps,
    handStarts,
    hands,
    finalScores: state.players.map((p) => p.score),
    winner: state.winner,
    tableAt(i) {
      const at = Math.max(0, Math.min(states.length - 1, Math.trunc(i)))
      let t = tables.get(at)
      if (!t) {
        const s = states[at]
        t = { view: spectatorView(s), hands: s.players.map((p) => p.hand.slice()), saved: s.players.map((p) => p.saved.slice()) }
        tables.set(at, t)
      }
      return t
    },
    handIndexOf(i) {
      // Binary search: the last hand start at or before i.
      let lo = 0
      let hi = handStarts.length - 1
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1
        if (handStarts[mid] <= i) lo = mid
        else hi = mid - 1
      }
      return lo
    },
  }
  return { ok: true, model }
}

/**
 * Where a replay disagrees with its record (empty: it reproduces the recorded final scores, winner and every
 * hand's points). A record is checked when written, so a difference means it was edited or the rules changed.
 */
export function replayProblems(model: ReplayModel, record: GameRecord): string[] {
  const problems: string[] = []
  const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i])
  if (!same(model.finalScores, record.finalScores)) problems.push(`final scores ${model.finalScores.join('/')} ≠ recorded ${record.finalScores.join('/')}`)
  if (model.winner !== record.winner) problems.push(`winner seat ${model.winner} ≠ recorded ${record.winner}`)
  if (model.hands.length !== record.hands.length) problems.push(`${model.hands.length} hands ≠ recorded ${record.hands.length}`)
  for (const [i, h] of record.hands.entries()) {
    const m = model.hands[i]
    if (m && (!same(m.points, h.points) || !same(m.totals, h.totals) || m.wentOut !== h.wentOut)) problems.push(`hand ${h.handNumber} scored differently`)
  }
  return problems
}

/** The first hand's deal as an event (newGame deals without one): who dealt and the upcard. */
function firstDeal(state: GameState): GameEvent[] {
  const seats = seatsInHand(state)
  const events: GameEvent[] = [{ type: 'handDealt', handNumber: 1, dealer: state.dealer, upcard: state.discard[0] ?? null, seats, commitment: state.commitments[0] }]
  // An upcard Skip costs the first player their turn (section 4), as `dealNextHand` reports for later hands.
  const first = nextSeat(state, state.dealer)
  if (state.stage === 'draw' && state.turn !== first) events.push({ type: 'turnSkipped', seat: first })
  return events
}

/** The one card in `after` that `before` did not hold (a draw adds exactly one). */
function newCard(before: readonly CardCode[], after: readonly CardCode[]): CardCode | null {
  const left = new Map<CardCode, number>()
  for (const c of before) left.set(c, (left.get(c) ?? 0) + 1)
  for (const c of after) {
    const n = left.get(c) ?? 0
    if (n === 0) return c
    left.set(c, n - 1)
  }
  return null
}
