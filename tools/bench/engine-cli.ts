/**
 * The body of `npm run bench:engine` (tools/bench-engine.ts bundles this file and runs it in plain Node):
 * issue #3's two throughput figures on one core, per CPU second of this single-threaded process —
 *   - full 4-player Classic games per second with the trivial `quickAction` policy (target ≥ 2,000);
 *   - solver phase checks per second (target ≥ 1,000,000).
 * Games are timed in `--rounds` rounds of `--seconds` CPU seconds after `--warmup` untimed CPU seconds;
 * the figure is the median round (a shared machine slows some rounds; the range is printed too).
 */
import { parseArgs } from 'node:util'
import { benchGames, median } from './games'
import { benchPhaseChecks } from './phase-checks'

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--unbundled'),
  options: {
    seconds: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
})
const seconds = Number(values.seconds)
const rounds = Number(values.rounds)
const warmupSeconds = Number(values.warmup)
if (!(seconds > 0 && seconds <= 60) || !(Number.isInteger(rounds) && rounds >= 1 && rounds <= 50) || !(warmupSeconds >= 0 && warmupSeconds <= 60)) {
  console.error('usage: npm run --silent bench:engine -- [--seconds 2 (per round, ≤ 60)] [--rounds 5 (1..50)] [--warmup 3] [--json]')
  process.exit(2)
}

const games = benchGames({ seconds, rounds, warmupSeconds })
const checks = benchPhaseChecks({ seconds })
const whole = (xs: number[]) => xs.map(Math.round)
const result = {
  gamesPerSecond: Math.round(median(games.gamesPerSecond)),
  gamesPerSecondRounds: whole(games.gamesPerSecond),
  applyOnlyGamesPerSecond: Math.round(median(games.applyOnlyGamesPerSecond)),
  applyOnlyGamesPerSecondRounds: whole(games.applyOnlyGamesPerSecond),
  handsPerGame: Number(games.handsPerGame.toFixed(2)),
  actionsPerGame: Math.round(games.actionsPerGame),
  games: games.games,
  phaseChecksPerSecond: checks.canMakePhase.checksPerSecond,
  phaseSolvesPerSecond: checks.solvePhase.checksPerSecond,
  makeableShare: checks.makeable,
}
if (values.json) {
  console.log(JSON.stringify(result))
} else {
  const ok = (v: number, target: number) => (v >= target ? 'meets' : 'BELOW')
  const range = (xs: number[]) => `rounds ${Math.min(...xs)}–${Math.max(...xs)}`
  console.log(`games/s (quick policy, 4 players, classic):  ${result.gamesPerSecond}  [${ok(result.gamesPerSecond, 2000)} target 2,000]  (median; ${range(result.gamesPerSecondRounds)})`)
  console.log(`  engine only (replaying the same logs):     ${result.applyOnlyGamesPerSecond}  (median; ${range(result.applyOnlyGamesPerSecondRounds)})`)
  console.log(`  hands per game:                            ${result.handsPerGame}`)
  console.log(`  actions per game:                          ${result.actionsPerGame}`)
  console.log(`phase checks/s (canMakePhase, 11 cards):     ${result.phaseChecksPerSecond}  [${ok(result.phaseChecksPerSecond, 1_000_000)} target 1,000,000]`)
  console.log(`phase solves/s (solvePhase with lay-down):   ${result.phaseSolvesPerSecond}`)
}
