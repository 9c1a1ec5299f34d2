/**
 * Phase-check throughput of the solver on one core: pre-generated 11-card hands dealt from a full
 * shuffled 108-card Classic deck (96 number cards, 8 Wilds, 4 Skips), cycling through the ten classic
 * phases, for `canMakePhase` (the bots' fast path) and `solvePhase` (a full lay-down). Rates are per
 * second of this process's CPU time, so a busy machine does not skew them (wall-clock rates alongside).
 *
 * Run by `npm run bench:engine` (tools/bench/engine-cli.ts).
 */
import { COLOURS, type CardCode } from '@shared/engine/cards'
import { CLASSIC_PHASES } from '@shared/engine/phases'
import { seededFloats } from '@shared/engine/rng'
import { cpuSeconds } from './games'
import { canMakePhase, solvePhase, type SolveOptions } from '@shared/engine/solver'

export interface PhaseCheckBench {
  seconds: number
  hands: number
  wildsNeedNaturalPerGroup: boolean
  /** share of (hand, phase) checks that could make the phase */
  makeable: number
  canMakePhase: Throughput
  solvePhase: Throughput
}

export function dealHands(count: number, seed = 1): CardCode[][] {
  const deck: CardCode[] = []
  for (const c of COLOURS) for (let n = 1; n <= 12; n++) deck.push(`${c}${n}`, `${c}${n}`)
  for (let i = 0; i < 8; i++) deck.push('W')
  for (let i = 0; i < 4; i++) deck.push('S')
  const rand = seededFloats(seed) // every run measures the same hands
  const hands: CardCode[][] = []
  for (let h = 0; h < count; h++) {
    // Partial Fisher-Yates: the first 11 cards of a fresh shuffle.
    for (let i = 0; i < 11; i++) {
      const j = i + Math.floor(rand() * (deck.length - i))
      const t = deck[i]
      deck[i] = deck[j]
      deck[j] = t
    }
    hands.push(deck.slice(0, 11))
  }
  return hands
}

export interface Throughput {
  checks: number
  /** checks per second of this process's CPU time (user + system): the one-core rate, robust to a busy machine */
  checksPerSecond: number
  /** checks per second of wall-clock time (lower when other processes share the core) */
  checksPerWallSecond: number
}

/** Runs `check` over the hands × phases in a loop for about `seconds` of CPU time. */
function measure(seconds: number, hands: CardCode[][], check: (hand: CardCode[], phase: number) => unknown): Throughput {
  const phases = CLASSIC_PHASES.length
  const batch = 10_000
  let checks = 0
  let i = 0
  const wallStart = performance.now()
  const cpuStart = cpuSeconds()
  let cpu = cpuStart
  while (cpu - cpuStart < seconds) {
    for (let b = 0; b < batch; b++) {
      check(hands[i % hands.length], i % phases)
      i++
    }
    checks += batch
    cpu = cpuSeconds()
  }
  const wall = (performance.now() - wallStart) / 1000
  return { checks, checksPerSecond: Math.round(checks / (cpu - cpuStart)), checksPerWallSecond: Math.round(checks / wall) }
}

export function benchPhaseChecks(options: { seconds?: number; hands?: number; seed?: number; wildsNeedNaturalPerGroup?: boolean } = {}): PhaseCheckBench {
  const seconds = options.seconds ?? 3
  const hands = dealHands(options.hands ?? 10_007, options.seed ?? 1) // prime: hands and phases go out of step
  const opts: SolveOptions = { wildsNeedNaturalPerGroup: options.wildsNeedNaturalPerGroup ?? false }
  const phases = CLASSIC_PHASES.map((p) => p.groups)
  let makeable = 0
  for (let i = 0; i < hands.length * phases.length; i++) if (canMakePhase(hands[i % hands.length], phases[i % phases.length], opts)) makeable++
  // Warm up, then measure each for `seconds`.
  measure(Math.min(0.5, seconds / 4), hands, (hand, p) => canMakePhase(hand, phases[p], opts))
  const can = measure(seconds, hands, (hand, p) => canMakePhase(hand, phases[p], opts))
  measure(Math.min(0.5, seconds / 4), hands, (hand, p) => solvePhase(hand, phases[p], opts))
  const solve = measure(seconds, hands, (hand, p) => solvePhase(hand, phases[p], opts))
  return {
    seconds,
    hands: hands.length,
    wildsNeedNaturalPerGroup: opts.wildsNeedNaturalPerGroup,
    makeable: Number((makeable / (hands.length * phases.length)).toFixed(4)),
    canMakePhase: can,
    solvePhase: solve,
  }
}
