/**
 * Engine throughput: plays full 4-player Classic games with the trivial `quickAction` policy (src/shared/engine/
 * policy.ts, reading `readonlyViewFor` views; the solver's quick refusal, `solvePhase` when it may lay down) for
 * `seconds` after an untimed warm-up, and reports games per second of CPU time (robust-ish on a busy machine).
 * Also replays some of the same games' action logs through `apply` alone: the engine's own share.
 *
 *     npx tsx tools/bench/games.ts [seconds]
 */
import { apply } from '../../src/shared/engine/apply'
import { quickAction } from '../../src/shared/engine/policy'
import { actionLog, newGame, type GameState, type LogEntry } from '../../src/shared/engine/state'
import { readonlyViewFor } from '../../src/shared/engine/views'

export interface BenchResult {
  games: number
  /** CPU seconds used by this process while playing. */
  cpuSeconds: number
  gamesPerSecond: number
  actionsPerSecond: number
  handsPerGame: number
  /** Replaying the same games through `apply` only (no policy, no views). */
  applyOnlyGamesPerSecond: number
  /** The same, for states started with `recordLog: false` (how bots simulate). */
  applyOnlyNoLogGamesPerSecond: number
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
    // The seat's view without copying the state's arrays (the policy only reads it): see readonlyViewFor.
    const action = quickAction(readonlyViewFor(state, seat))
    if (!action) throw new Error(`no action at ${seed}`)
    const r = apply(state, seat, action)
    if (!r.ok) throw new Error(`${seed}: the quick policy made an illegal move ${JSON.stringify(action)}: ${r.error.code}`)
    state = r.state
    if (++actions > maxActions) throw new Error(`${seed}: game did not end`)
  }
  return { state, actions }
}

function cpuNow(): number {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1e6
}

export function benchGames(seconds: number): BenchResult {
  // Warm up first (untimed), as the phase-check bench does: until the JIT has optimised the hot path, the
  // first second or two runs several times slower (more so under tsx, whose modules are not bundled).
  const warmCpu = cpuNow() + (seconds >= 1 ? 1.5 : seconds / 2) // 1.5 CPU s (less only for smoke runs)
  for (let w = 0; cpuNow() < warmCpu; w++) playQuickGame(`warm-${w}`)
  const wallUntil = performance.now() + seconds * 1000
  const c0 = cpuNow()
  let games = 0
  let actions = 0
  let hands = 0
  while (performance.now() < wallUntil) {
    const r = playQuickGame(`bench-${games}`)
    games++
    actions += r.actions
    hands += r.state.handNumber
  }
  const cpu = cpuNow() - c0
  // Engine only: replay some of the same games' logs through apply. The logs are collected after the timed
  // loop: keeping hundreds of thousands of log entries alive while timing would tax every GC of the loop.
  const logs: { seed: string; log: LogEntry[] }[] = []
  for (let g = 0; g < Math.min(games, REPLAY_GAMES); g++) logs.push({ seed: `bench-${g}`, log: actionLog(playQuickGame(`bench-${g}`).state) })
  const replayRate = (recordLog: boolean) => {
    const replayOnce = (g: { seed: string; log: LogEntry[] }) => {
      let s = newGame({ players: NAMES, seed: g.seed, recordLog })
      for (const e of g.log) {
        const r = apply(s, e.seat, e.action)
        if (!r.ok) throw new Error('replay diverged')
        s = r.state
      }
    }
    for (const g of logs) replayOnce(g) // warm-up
    const r0 = cpuNow()
    let replayed = 0
    const replayUntil = performance.now() + (seconds * 1000) / 2
    while (performance.now() < replayUntil) {
      for (const g of logs) replayOnce(g)
      replayed += logs.length
    }
    return replayed / (cpuNow() - r0)
  }
  return {
    games,
    cpuSeconds: cpu,
    gamesPerSecond: games / cpu,
    actionsPerSecond: actions / cpu,
    handsPerGame: hands / games,
    applyOnlyGamesPerSecond: replayRate(true),
    applyOnlyNoLogGamesPerSecond: replayRate(false),
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.argv[2] ?? 5)
  const r = benchGames(seconds)
  console.log(
    `${r.gamesPerSecond.toFixed(0)} games/s with the quick policy (${r.games} games, ${r.cpuSeconds.toFixed(1)} CPU s, ` +
      `${r.actionsPerSecond.toFixed(0)} actions/s, ${r.handsPerGame.toFixed(1)} hands/game); ` +
      `apply alone: ${r.applyOnlyGamesPerSecond.toFixed(0)} games/s (${r.applyOnlyNoLogGamesPerSecond.toFixed(0)} with recordLog false)`,
  )
}
