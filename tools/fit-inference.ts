/**
 * Fits Expert's opponent model (src/shared/ai/inference.ts) and measures it: plays bot games, and at sampled
 * decisions pairs what the deciding seat could know of each opponent (view, public memory) with the cards that
 * opponent really held. θ maximises the pseudo-likelihood of the true hidden cards: each one, given the rest of
 * that hand, in proportion to its copies left × exp(θ · features) (a conditional logit, fitted by Newton's
 * method). Reports, on games not used for the fit, that log-likelihood per hidden card against the uniform
 * sampler's, and how many of an opponent's hidden cards a hand dealt by the sampler's own `dealOpponent` gets right.
 * Then fits the distance table (`DISTANCE_WEIGHTS`) on the training games and shows, per turns bucket, how far
 * from their phase the true hands, the card-weighted hands and the resampled hands are.
 *
 *   npm run --silent fit:inference -- [--games 400] [--test-games 200] [--seed S] [--levels hard,medium] [--json]
 *   [--theta '[…]']   (evaluate a given θ instead of fitting; `current` for INFERENCE_WEIGHTS)
 *   [--table fit]     (fit the distance table on the training games, the default; `current` for DISTANCE_WEIGHTS;
 *                      or '[[…]…]', a table to evaluate)
 *   [--rounds 1]      (corrections of the distance table by what the resampling sampler deals)
 */
import { parseArgs } from 'node:util'
import { cardIndex, type CardCode } from '../src/shared/engine/cards'
import { rngFromSeed, openRng } from '../src/shared/engine/rng'
import { playGame } from '../src/shared/ai/arena'
import { CODES, unseenCards } from '../src/shared/ai/evaluator'
import {
  CARD_FEATURE_COUNT,
  dealOpponent,
  DISTANCE_CLASSES,
  DISTANCE_WEIGHTS,
  distanceModel,
  distanceClass,
  FEATURE_COUNT,
  FEATURES,
  featureRows,
  handShape,
  INFERENCE_WEIGHTS,
  modelFromRows,
  PAIR_PER_KIND,
  pairFeatures,
  phaseKinds,
  TURN_BUCKETS,
  turnsBucket,
  type DistanceModel,
  type OpponentModel,
} from '../src/shared/ai/inference'
import { newMemory, observe } from '../src/shared/ai/memory'
import type { BotLevel, BotMemory } from '../src/shared/ai/types'

const F = FEATURE_COUNT
const K = CODES.length

/** One opponent at one decision: unseen copies per code, the opponent's true hidden copies, the feature rows. */
interface Sample {
  pool: Int32Array
  truth: Int32Array
  hidden: number
  known: CardCode[]
  kinds: boolean[]
  rows: Float64Array
  /** A not-down opponent's distance model with weights of 1 (the table is the fit's), `null` once down. */
  distance: DistanceModel | null
  /** Its turns bucket (`turnsBucket`). */
  bucket: number
}

const FLAT: readonly (readonly number[])[] = TURN_BUCKETS.map(() => new Array<number>(DISTANCE_CLASSES).fill(1))

function collect(games: number, seed: string, levels: readonly BotLevel[], every: number): Sample[] {
  const out: Sample[] = []
  const pick = openRng(rngFromSeed(`${seed}|pick`))
  for (let g = 0; g < games; g++) {
    const level = levels[g % levels.length]
    const memories: BotMemory[] = Array.from({ length: 4 }, newMemory)
    playGame({
      levels: [level, level, level, level],
      seed: `${seed}|${g}`,
      inspect: (seat, input, hidden) => {
        const memory = observe(memories[seat], input.view, input.history)
        const view = input.view
        if (view.stage !== 'play' || pick.int(0, every - 1) !== 0) return
        const known = view.players.map((p, s) => (s === seat || !p.inHand ? [] : (memory.opponents[s]?.holding ?? []).slice(0, p.handCount)))
        const pool = unseenCards(view, known.flat()).counts
        for (let s = 0; s < view.players.length; s++) {
          if (s === seat || !view.players[s].inHand) continue
          const truth = new Int32Array(K)
          for (const c of hidden.players[s].hand) truth[cardIndex(c)]++
          for (const c of known[s]) truth[cardIndex(c)]--
          let n = 0
          for (let i = 0; i < K; i++) n += truth[i]
          if (n === 0) continue
          const distance = distanceModel(view, memory, s, FLAT)
          const bucket = turnsBucket(memory.opponents[s]?.turns ?? 0)
          out.push({ pool: pool.slice(), truth, hidden: n, known: known[s], kinds: phaseKinds(view, s), rows: featureRows(view, memory, s), distance, bucket })
        }
      },
    })
  }
  return out
}

/**
 * The pseudo-log-likelihood of the samples under θ (each true hidden card given the rest of its hand), with its
 * gradient and Hessian when asked.
 */
function evaluate(samples: readonly Sample[], theta: readonly number[], derivatives: boolean) {
  const C = CARD_FEATURE_COUNT
  let ll = 0
  let cards = 0
  const grad = new Float64Array(F)
  const hess = new Float64Array(F * F)
  const x = new Float64Array(K * F)
  const p = new Float64Array(K)
  const mu = new Float64Array(F)
  const pf = new Float64Array(PAIR_PER_KIND)
  const nz: number[] = []
  for (const s of samples) {
    const hand: number[] = s.known.map((c) => cardIndex(c))
    for (let i = 0; i < K; i++) for (let k = 0; k < s.truth[i]; k++) hand.push(i)
    for (let c = 0; c < K; c++) {
      const mult = s.truth[c]
      if (mult === 0) continue
      // The rest of the hand: every card but one copy of c.
      const rest = hand.slice()
      rest.splice(rest.indexOf(c), 1)
      const shape = handShape(rest)
      let z = 0
      for (let i = 0; i < K; i++) {
        const avail = s.pool[i] - s.truth[i] + (i === c ? 1 : 0)
        if (avail <= 0) {
          p[i] = 0
          continue
        }
        x.set(s.rows.subarray(i * C, i * C + C), i * F)
        pairFeatures(i, shape, pf)
        for (let k = 0; k < 3; k++) for (let f = 0; f < PAIR_PER_KIND; f++) x[i * F + C + k * PAIR_PER_KIND + f] = s.kinds[k] ? pf[f] : 0
        let eta = 0
        for (let f = 0; f < F; f++) eta += theta[f] * x[i * F + f]
        p[i] = avail * Math.exp(eta)
        z += p[i]
        if (i === c) ll += mult * eta
      }
      ll -= mult * Math.log(z)
      cards += mult
      if (!derivatives) continue
      mu.fill(0)
      for (let i = 0; i < K; i++) {
        if (p[i] === 0) continue
        const w = p[i] / z
        nz.length = 0
        for (let f = 0; f < F; f++) if (x[i * F + f] !== 0) nz.push(f)
        for (const f of nz) {
          const xf = x[i * F + f]
          mu[f] += w * xf
          if (i === c) grad[f] += mult * xf
          for (const g of nz) hess[f * F + g] -= mult * w * xf * x[i * F + g]
        }
      }
      for (let f = 0; f < F; f++) {
        grad[f] -= mult * mu[f]
        if (mu[f] !== 0) for (let g = 0; g < F; g++) hess[f * F + g] += mult * mu[f] * mu[g]
      }
    }
  }
  return { ll, cards, grad, hess }
}

/** Solves A x = b (A symmetric positive definite after the ridge), by Gaussian elimination. */
function solve(a: Float64Array, b: Float64Array): Float64Array {
  const n = b.length
  const m = Array.from({ length: n }, (_, r) => [...a.subarray(r * n, r * n + n), b[r]])
  for (let c = 0; c < n; c++) {
    let best = c
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[best][c])) best = r
    ;[m[c], m[best]] = [m[best], m[c]]
    for (let r = 0; r < n; r++) {
      if (r === c || m[c][c] === 0) continue
      const k = m[r][c] / m[c][c]
      for (let j = c; j <= n; j++) m[r][j] -= k * m[c][j]
    }
  }
  return Float64Array.from(m, (row, r) => (row[r] === 0 ? 0 : row[n] / row[r]))
}

function fit(samples: readonly Sample[], ridge: number): number[] {
  let theta = new Array<number>(F).fill(0)
  let cur = evaluate(samples, theta, true)
  for (let it = 0; it < 30; it++) {
    // Newton step on the penalised likelihood: (−H + λI) Δ = ∇ − λθ.
    const a = new Float64Array(F * F)
    const b = new Float64Array(F)
    for (let f = 0; f < F; f++) {
      for (let g = 0; g < F; g++) a[f * F + g] = -cur.hess[f * F + g]
      a[f * F + f] += ridge
      b[f] = cur.grad[f] - ridge * theta[f]
    }
    const step = solve(a, b)
    let t = 1
    let next = theta
    let trial = cur
    for (; t > 1e-4; t /= 2) {
      next = theta.map((x, f) => x + t * step[f])
      trial = evaluate(samples, next, true)
      const pen = (th: readonly number[]) => (ridge / 2) * th.reduce((acc, x) => acc + x * x, 0)
      if (trial.ll - pen(next) >= cur.ll - pen(theta) - 1e-9) break
    }
    const gain = trial.ll - cur.ll
    theta = next
    cur = trial
    if (Math.abs(gain) < 1e-6 * samples.length) break
  }
  return theta
}

/** The sample's model under θ (`null`: uniform) and a distance table (`null`: none). */
function modelOf(s: Sample, theta: readonly number[] | null, table: readonly (readonly number[])[] | null): OpponentModel | null {
  if (!theta) return null
  const model = modelFromRows(s.rows, s.kinds, theta)
  if (table && s.distance) model.distance = { ...s.distance, weights: table[s.bucket] }
  return model
}

const handOf = (s: Sample): CardCode[] => [...s.known, ...CODES.flatMap((c, i) => new Array<CardCode>(s.truth[i]).fill(c))]

/**
 * Per turns bucket, the share of not-down opponents' hands at each distance class: the true hands', and those
 * dealt (`draws` each) by the sampler under θ and `table` (`null`: the card weights alone).
 */
function distanceShares(samples: readonly Sample[], theta: readonly number[] | null, table: readonly (readonly number[])[] | null, draws: number, seed: string) {
  const rng = openRng(rngFromSeed(seed))
  const truth = TURN_BUCKETS.map(() => new Array<number>(DISTANCE_CLASSES).fill(0))
  const dealt = TURN_BUCKETS.map(() => new Array<number>(DISTANCE_CLASSES).fill(0))
  for (const s of samples) {
    if (!s.distance) continue
    truth[s.bucket][distanceClass(s.distance, handOf(s))] += draws
    const model = modelOf(s, theta, table)
    for (let d = 0; d < draws; d++) {
      const got = dealOpponent(s.pool.slice(), model, s.known, s.hidden, rng)
      if (got) dealt[s.bucket][distanceClass(s.distance, [...s.known, ...got])]++
    }
  }
  const share = (rows: number[][]) => rows.map((r) => r.map((x) => x / Math.max(1, r.reduce((a, b) => a + b, 0))))
  return { truth: share(truth), dealt: share(dealt), positions: truth.map((r) => r.reduce((a, b) => a + b, 0) / draws) }
}

/**
 * The distance table: truth over dealt, per bucket and class, from the card weights alone; then `rounds` times
 * corrected by truth over what the resampling sampler deals (a few hands per world only part-way reach the
 * target). A class no true hand is in weighs 0 (e.g. a complete hand after a turn); a small constant keeps the
 * ratio finite where few hands were dealt.
 */
function fitDistance(samples: readonly Sample[], theta: readonly number[], rounds: number, seed: string): number[][] {
  let table: number[][] | null = null
  for (let r = 0; r <= rounds; r++) {
    const { truth, dealt } = distanceShares(samples, theta, table, 1, `${seed}|${r}`)
    const prev: number[][] = table ?? TURN_BUCKETS.map(() => new Array<number>(DISTANCE_CLASSES).fill(1))
    table = prev.map((row, b) => row.map((g, d) => (truth[b][d] === 0 ? 0 : (g * (truth[b][d] + 1e-3)) / (dealt[b][d] + 1e-3))))
    table = table.map((row) => row.map((x) => Math.round(x * 1000) / 1000))
  }
  return table!
}

/** Hidden cards a hand dealt by the sampler (`dealOpponent`) gets right, on average (multiset overlap with the truth). */
function overlap(samples: readonly Sample[], theta: readonly number[] | null, table: readonly (readonly number[])[] | null, draws: number, seed: string): number {
  const rng = openRng(rngFromSeed(seed))
  let right = 0
  let cards = 0
  for (const s of samples) {
    const model = modelOf(s, theta, table)
    for (let d = 0; d < draws; d++) {
      const got = dealOpponent(s.pool.slice(), model, s.known, s.hidden, rng)
      if (!got) throw new Error('a sample with fewer unseen cards than hidden ones')
      const left = s.truth.slice()
      for (const c of got) {
        const i = cardIndex(c)
        if (left[i] > 0) {
          left[i]--
          right++
        }
      }
      cards += s.hidden
    }
  }
  return right / cards
}

function main(): void {
  const { values } = parseArgs({
    options: {
      games: { type: 'string', default: '400' },
      'test-games': { type: 'string', default: '200' },
      seed: { type: 'string', default: 'infer1' },
      levels: { type: 'string', default: 'hard,medium' },
      every: { type: 'string', default: '4' },
      ridge: { type: 'string', default: '1' },
      theta: { type: 'string' },
      table: { type: 'string', default: 'fit' },
      rounds: { type: 'string', default: '1' },
      json: { type: 'boolean', default: false },
    },
  })
  const levels = (values.levels as string).split(',') as BotLevel[]
  const every = Number(values.every)
  const t0 = performance.now()
  const test = collect(Number(values['test-games']), `${values.seed}|test`, levels, every)
  let theta: number[]
  let table: number[][]
  let train: Sample[] = []
  const tableArg = values.table as string
  if (tableArg === 'fit' || !values.theta) train = collect(Number(values.games), `${values.seed}|train`, levels, every)
  if (values.theta) {
    const given: unknown = values.theta === 'current' ? INFERENCE_WEIGHTS : JSON.parse(values.theta)
    if (!Array.isArray(given) || given.length !== F || !given.every((x) => typeof x === 'number' && Number.isFinite(x)))
      throw new Error(`--theta needs ${F} finite numbers (${FEATURES.join(', ')})`)
    theta = given as number[]
  } else theta = fit(train, Number(values.ridge))
  if (tableArg === 'fit') table = fitDistance(train, theta, Number(values.rounds), `${values.seed}|distance`)
  else if (tableArg === 'current') table = DISTANCE_WEIGHTS.map((row) => row.slice())
  else {
    const given: unknown = JSON.parse(tableArg)
    const ok = (row: unknown) => Array.isArray(row) && row.length === DISTANCE_CLASSES && row.every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0)
    if (!Array.isArray(given) || given.length !== TURN_BUCKETS.length || !given.every(ok))
      throw new Error(`--table needs ${TURN_BUCKETS.length} rows of ${DISTANCE_CLASSES} numbers ≥ 0 (turns from ${TURN_BUCKETS.join(', ')}; distance 0 … ${DISTANCE_CLASSES - 1}+)`)
    table = given as number[][]
  }
  const uniform = new Array<number>(F).fill(0)
  const base = evaluate(test, uniform, false)
  const fitted = evaluate(test, theta, false)
  const shares = {
    uniform: distanceShares(test, null, null, 2, 'shares'),
    cards: distanceShares(test, theta, null, 2, 'shares'),
    resampled: distanceShares(test, theta, table, 2, 'shares'),
  }
  const report = {
    seed: values.seed,
    levels,
    trainSamples: train.length,
    testSamples: test.length,
    testCards: base.cards,
    llPerCardUniform: base.ll / base.cards,
    llPerCardFitted: fitted.ll / fitted.cards,
    overlapUniform: overlap(test, null, null, 4, 'overlap'),
    overlapFitted: overlap(test, theta, null, 4, 'overlap'),
    overlapResampled: overlap(test, theta, table, 4, 'overlap'),
    positionsByBucket: shares.uniform.positions,
    distanceTruth: shares.uniform.truth,
    distanceUniform: shares.uniform.dealt,
    distanceCards: shares.cards.dealt,
    distanceResampled: shares.resampled.dealt,
    seconds: (performance.now() - t0) / 1000,
    theta: theta.map((x) => Math.round(x * 1000) / 1000),
    table,
  }
  if (values.json) {
    console.log(JSON.stringify(report, null, 2))
    return
  }
  console.log(`${report.testSamples} test samples (${report.testCards} hidden cards), ${report.trainSamples} train samples, ${report.seconds.toFixed(1)} s`)
  console.log(`pseudo-log-likelihood per hidden card: uniform ${report.llPerCardUniform.toFixed(4)}, fitted ${report.llPerCardFitted.toFixed(4)}`)
  console.log(`hidden cards a sampled hand gets right: uniform ${(100 * report.overlapUniform).toFixed(2)}%, fitted ${(100 * report.overlapFitted).toFixed(2)}%, resampled by distance ${(100 * report.overlapResampled).toFixed(2)}%`)
  const pct = (row: readonly number[]) => row.map((x) => `${(100 * x).toFixed(1)}`.padStart(5)).join(' ')
  console.log(`distance to phase of not-down opponents' hands, % at 0 / 1 / 2 / 3+ (test positions):`)
  TURN_BUCKETS.forEach((lo, b) => {
    const hi = TURN_BUCKETS[b + 1]
    console.log(`  turns ${hi === undefined ? `${lo}+` : `${lo}–${hi - 1}`} (${report.positionsByBucket[b]} positions)`)
    console.log(`    truth     ${pct(report.distanceTruth[b])}`)
    console.log(`    uniform   ${pct(report.distanceUniform[b])}`)
    console.log(`    cards     ${pct(report.distanceCards[b])}`)
    console.log(`    resampled ${pct(report.distanceResampled[b])}    table ${JSON.stringify(table[b])}`)
  })
  for (let f = 0; f < F; f++) console.log(`  ${FEATURES[f].padEnd(24)} ${report.theta[f]}`)
  console.log(JSON.stringify(report.theta))
}

main()
