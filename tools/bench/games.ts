/**
 * Engine throughput: plays full 4-player Classic games with the trivial `quickAction` policy (src/shared/engine/
 * policy.ts, reading live `readonlyViewFor` views; the solver's quick refusal, `solvePhase` when it may lay
 * down), the loop owning its state (`applyInPlace`, as a simulation would), and replays the same games' action
 * logs through the engine alone: in place (the engine's share of the loop) and through the pure `apply` (what
 * the host pays, which copies what an action changes). Rates are games per CPU second of this process, measured
 * in rounds after an untimed warm-up; see tools/bench-engine.ts.
 */
import { apply, applyInPlace } from '@shared/engine/apply'
import { quickAction } from '@shared/engine/policy'
import { actionLog, newGame, type GameState, type LogEntry } from '@shared/engine/state'
import { readonlyViewFor } from '@shared/engine/live-view'

export interface GamesBenchOptions {
  /** CPU seconds per round. */
  seconds: number
  rounds: number
  /** Untimed CPU seconds first, until the JIT has optimised the hot path. */
  warmupSeconds: number
}

export interface GamesBench {
  /** Games per CPU second, one entry per round. */
  gamesPerSecond: number[]
  /** Replaying the same games' logs through `applyInPlace` only (no policy, no views), per round. */
  applyOnlyGamesPerSecond: number[]
  /** The same replay through the pure `apply`, per round. */
  pureApplyGamesPerSecond: number[]
  games: number
  handsPerGame: number
  actionsPerGame: number
}

const NAMES = ['P1', 'P2', 'P3', 'P4']
/** Games whose logs the apply-only replay cycles through. */
const REPLAY_GAMES = 60

/** Plays one game to the end; returns the final state and the number of accepted actions. */
export function playQuickGame(seed: string, names = NAMES, maxActions = 100_000): { state: GameState; actions: number } {
  let state = newGame({ players: names, seed })
  let actions = 0
  while (state.stage !== 'gameOver') {
    const seat = state.turn ?? 0
    // The seat's view read live from the state (the policy reads it before the move): see readonlyViewFor.
    const action = quickAction(readonlyViewFor(state, seat))
    if (!action) throw new Error(`no action at ${seed}`)
    // The loop owns its state (newGame's, then each result): see applyInPlace.
    const r = applyInPlace(state, seat, action)
    if (!r.ok) throw new Error(`${seed}: the quick policy made an illegal move ${JSON.stringify(action)}: ${r.error.code}`)
    state = r.state
    if (++actions > maxActions) throw new Error(`${seed}: game did not end`)
  }
  return { state, actions }
}

/** CPU seconds this process has used (user + system): rates per CPU second are one core's, busy machine or not. */
export function cpuSeconds(): number {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1e6
}

/** Runs `work` (which returns how many units it did) for `seconds` of CPU time; units per CPU second. */
function rate(seconds: number, work: () => number): number {
  const c0 = cpuSeconds()
  let units = 0
  let c = c0
  while (c - c0 < seconds) {
    units += work()
    c = cpuSeconds()
  }
  return units / (c - c0)
}

export function benchGames(o: GamesBenchOptions): GamesBench {
  let next = 0
  const warmUntil = cpuSeconds() + o.warmupSeconds
  while (cpuSeconds() < warmUntil) playQuickGame(`warm-${next++}`)
  let games = 0
  let actions = 0
  let hands = 0
  const gamesPerSecond: number[] = []
  for (let r = 0; r < o.rounds; r++)
    gamesPerSecond.push(
      rate(o.seconds, () => {
        const g = playQuickGame(`bench-${games++}`)
        actions += g.actions
        hands += g.state.handNumber
        return 1
      }),
    )
  // Engine only: replay some of the same games' logs through apply. The logs are collected after the timed
  // rounds: keeping hundreds of thousands of log entries alive while timing would tax every GC of the loop.
  const logs: { seed: string; log: LogEntry[] }[] = []
  for (let g = 0; g < Math.min(games, REPLAY_GAMES); g++) logs.push({ seed: `bench-${g}`, log: actionLog(playQuickGame(`bench-${g}`).state) })
  const replayAll = (step: typeof apply) => () => {
    for (const g of logs) {
      let s = newGame({ players: NAMES, seed: g.seed })
      for (const e of g.log) {
        const r = step(s, e.seat, e.action)
        if (!r.ok) throw new Error('replay diverged')
        s = r.state
      }
    }
    return logs.length
  }
  const inPlace = replayAll(applyInPlace)
  const pure = replayAll(apply)
  inPlace() // warm-up
  pure()
  const applyOnlyGamesPerSecond: number[] = []
  const pureApplyGamesPerSecond: number[] = []
  for (let r = 0; r < o.rounds; r++) {
    applyOnlyGamesPerSecond.push(rate(o.seconds / 2, inPlace))
    pureApplyGamesPerSecond.push(rate(o.seconds / 2, pure))
  }
  return { gamesPerSecond, applyOnlyGamesPerSecond, pureApplyGamesPerSecond, games, handsPerGame: hands / games, actionsPerGame: actions / games }
}

/** The median of some rounds' rates. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}
