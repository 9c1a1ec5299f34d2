/**
 * `npm run bench:engine`: the engine's two throughput figures (issue #3's targets, one core):
 *   - full 4-player Classic games per second with a trivial legal policy (target ≥ 2,000), after an untimed
 *     JIT warm-up (tools/bench/games.ts);
 *   - phase checks per second of the solver (target ≥ 1,000,000).
 * Rates are per CPU second of this single-threaded process, so a busy machine does not skew them.
 *
 *   npm run --silent bench:engine -- [--seconds 5] [--json]
 */
import { parseArgs } from 'node:util'
import { benchGames } from './bench/games'
import { benchPhaseChecks } from './bench/phase-checks'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, json: { type: 'boolean', default: false } } })
const seconds = Number(values.seconds)
if (!(seconds > 0 && seconds <= 120)) {
  console.error('--seconds must be in (0, 120]')
  process.exit(2)
}

const games = benchGames(seconds)
const checks = benchPhaseChecks({ seconds })
const result = {
  gamesPerSecond: Math.round(games.gamesPerSecond),
  applyOnlyGamesPerSecond: Math.round(games.applyOnlyGamesPerSecond),
  handsPerGame: Number(games.handsPerGame.toFixed(2)),
  actionsPerGame: Math.round(games.actionsPerSecond / games.gamesPerSecond),
  games: games.games,
  phaseChecksPerSecond: checks.canMakePhase.checksPerSecond,
  phaseSolvesPerSecond: checks.solvePhase.checksPerSecond,
  makeableShare: checks.makeable,
}
if (values.json) {
  console.log(JSON.stringify(result))
} else {
  const ok = (v: number, target: number) => (v >= target ? 'meets' : 'BELOW')
  console.log(`games/s (quick policy, 4 players, classic):  ${result.gamesPerSecond}  [${ok(result.gamesPerSecond, 2000)} target 2,000]`)
  console.log(`  engine only (replaying the same logs):     ${result.applyOnlyGamesPerSecond}`)
  console.log(`  hands per game:                            ${result.handsPerGame}`)
  console.log(`  actions per game:                          ${result.actionsPerGame}`)
  console.log(`phase checks/s (canMakePhase, 11 cards):     ${result.phaseChecksPerSecond}  [${ok(result.phaseChecksPerSecond, 1_000_000)} target 1,000,000]`)
  console.log(`phase solves/s (solvePhase with lay-down):   ${result.phaseSolvesPerSecond}`)
}
