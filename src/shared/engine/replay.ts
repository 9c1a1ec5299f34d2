/**
 * Replays (RULES.md section 11; autosave = seed + action log): a game is its setup plus its accepted actions,
 * and replaying them gives a byte-identical state.
 */
import { fail, type ApplyResult, type GameEvent } from './actions'
import { apply } from './apply'
import { actionLog, newGame, type GameState, type LogEntry, type NewGameOptions } from './state'

/** The options `newGame` was called with, recovered from any state of a game it started. */
export function setupOf(state: GameState): Required<Omit<NewGameOptions, 'recordLog'>> {
  const n = state.players.length
  return {
    rules: state.rules,
    players: state.players.map((p) => p.name),
    seed: state.seed,
    tableId: state.tableId,
    // The deal passes left once per hand (section 2).
    dealer: (((state.dealer - (state.handNumber - 1)) % n) + n) % n,
  }
}

/** Replays a log from a fresh game; the first rejected entry is returned as an error. */
export function replay(setup: NewGameOptions, log: readonly LogEntry[]): ApplyResult<GameState> {
  let state = newGame(setup)
  const events: GameEvent[] = []
  for (const [i, entry] of log.entries()) {
    const r = apply(state, entry.seat, entry.action)
    if (!r.ok) return fail(r.error.code, `log entry ${i}: ${r.error.message}`)
    state = r.state
    events.push(...r.events)
  }
  return { ok: true, state, events }
}

/** Replays a state's own log from its setup (a check that the log and seed explain the state). */
export function replayState(state: GameState): ApplyResult<GameState> {
  return replay(setupOf(state), actionLog(state))
}
