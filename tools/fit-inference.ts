/**
 * Fits Expert's opponent model (src/shared/ai/inference.ts) and measures it: plays bot games, and at sampled
 * decisions pairs what the deciding seat could know of each opponent (view, public memory) with the cards that
 * opponent really held. θ maximises the pseudo-likelihood of the true hidden cards: each one, given the rest of
 * that hand, in proportion to its copies left × exp(θ · features) (a conditional logit, fitted by Newton's
 * method). Reports, on games not used for the fit, that log-likelihood per hidden card against the uniform
 * sampler's, and how many of an opponent's hidden cards a hand dealt by the sampler's own `dealOpponent` gets right.
 * Then fits the distance tables (`DISTANCE_WEIGHTS`: one per phase, by its group signature, and one for all) on the
 * training games and shows, per turns bucket, how far from their phase the true hands, the card-weighted hands and
 * the resampled hands are, for all phases together and for each phase.
 *
 *   npm run --silent fit:inference -- [--games 400] [--test-games 200] [--seed S] [--levels hard,medium] [--json]
 *   [--theta '[…]']   (evaluate a given θ instead of fitting; `current` for INFERENCE_WEIGHTS)
 *   [--table fit]     (fit the distance tables on the training games, the default; `current` for DISTANCE_WEIGHTS;
 *                      `one` for its table of all phases alone; or '{"byPhase":{"set3+set3":[[…]…]},"other":[[…]…]}')
 *   [--rounds 1]      (corrections of the distance tables by what the resampling sampler deals)
 *   [--min-positions 300] (a phase gets its own table when the training games have this many positions of it)
 */
import { parseArgs } from 'node:util'
import { z } from 'zod'
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
  distanceTableFor,
  oneDistanceTable,
  FEATURE_COUNT,
  FEATURES,
  featureRows,
  handShape,
  INFERENCE_WEIGHTS,
  modelFromRows,
  PAIR_PER_KIND,
  pairFeatures,
  phaseKinds,
  phaseSignature,
  TURN_BUCKETS,
  turnsBucket,
  type DistanceModel,
  type DistanceTable,
  type DistanceTables,
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
  /** Its open phase's `phaseSignature` ('' once down). */
  signature: string
}

const FLAT: DistanceTable = TURN_BUCKETS.map(() => new Array<number>(DISTANCE_CLASSES).fill(1))
const FLAT_TABLES: DistanceTables = oneDistanceTable(FLAT)

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
          const distance = distanceModel(view, memory, s, FLAT_TABLES)
          const bucket = turnsBucket(memory.opponents[s]?.turns ?? 0)
          const signature = distance ? phaseSignature(distance.phase) : ''
          out.push({ pool: pool.slice(), truth, hidden: n, known: known[s], kinds: phaseKinds(view, s), rows: featureRows(view, memory, s), distance, bucket, signature })
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

/** The sample's model under θ (`null`: uniform) and distance tables (`null`: none). */
function modelOf(s: Sample, theta: readonly number[] | null, tables: DistanceTables | null): OpponentModel | null {
  if (!theta) return null
  const model = modelFromRows(s.rows, s.kinds, theta)
  if (tables && s.distance) model.distance = { ...s.distance, weights: distanceTableFor(tables, s.distance.phase)[s.bucket] }
  return model
}

const handOf = (s: Sample): CardCode[] => [...s.known, ...CODES.flatMap((c, i) => new Array<CardCode>(s.truth[i]).fill(c))]

/** Hands per turns bucket and distance class. */
type Counts = number[][]
const noCounts = (): Counts => TURN_BUCKETS.map(() => new Array<number>(DISTANCE_CLASSES).fill(0))
const sumOf = (row: readonly number[]) => row.reduce((a, b) => a + b, 0)
const shareOf = (rows: Counts): Counts => rows.map((r) => r.map((x) => x / Math.max(1, sumOf(r))))

/** The true hands' and the dealt hands' distance classes, each counted once per draw. */
interface DistanceCounts {
  truth: Counts
  dealt: Counts
}

/**
 * Per turns bucket, how many not-down opponents' hands are at each distance class: the true hands, and those dealt
 * (`draws` each) by the sampler under θ and `tables` (`null`: the card weights alone); for all phases together and
 * per phase signature.
 */
function distanceCounts(samples: readonly Sample[], theta: readonly number[] | null, tables: DistanceTables | null, draws: number, seed: string) {
  const rng = openRng(rngFromSeed(seed))
  const all: DistanceCounts = { truth: noCounts(), dealt: noCounts() }
  const bySignature = new Map<string, DistanceCounts>()
  for (const s of samples) {
    if (!s.distance) continue
    let mine = bySignature.get(s.signature)
    if (!mine) bySignature.set(s.signature, (mine = { truth: noCounts(), dealt: noCounts() }))
    const t = distanceClass(s.distance, handOf(s))
    all.truth[s.bucket][t] += draws
    mine.truth[s.bucket][t] += draws
    const model = modelOf(s, theta, tables)
    for (let d = 0; d < draws; d++) {
      const got = dealOpponent(s.pool.slice(), model, s.known, s.hidden, rng)
      if (!got) continue
      const c = distanceClass(s.distance, [...s.known, ...got])
      all.dealt[s.bucket][c]++
      mine.dealt[s.bucket][c]++
    }
  }
  return { all, bySignature, draws }
}

/** How far the dealt hands' distances are from the true ones: the total variation distance per bucket, weighted by positions. */
function misfit(c: DistanceCounts): number {
  const t = shareOf(c.truth)
  const d = shareOf(c.dealt)
  let sum = 0
  let n = 0
  c.truth.forEach((row, b) => {
    const w = sumOf(row)
    sum += (w * t[b].reduce((acc, x, k) => acc + Math.abs(x - d[b][k]), 0)) / 2
    n += w
  })
  return n === 0 ? 0 : sum / n
}

const rounded = (table: DistanceTable): number[][] => table.map((row) => row.map((x) => Math.round(x * 1000) / 1000))

/**
 * The distance tables: truth over dealt, per bucket and class, from the card weights alone; then `rounds` times
 * corrected by truth over what the resampling sampler deals (a few hands per world only part-way reach the
 * target). A class no true hand of any phase is in weighs 0 (e.g. a complete hand after a turn); a small constant
 * keeps the ratio finite where few hands were dealt. A phase with `minPositions` positions gets its own table,
 * its ratios shrunk toward all phases' by `prior` positions dealt and true in all phases' shares.
 */
function fitDistance(samples: readonly Sample[], theta: readonly number[], rounds: number, seed: string, minPositions: number, prior = 100): DistanceTables {
  let tables: DistanceTables = FLAT_TABLES
  for (let r = 0; r <= rounds; r++) {
    const { all, bySignature } = distanceCounts(samples, theta, r === 0 ? null : tables, 1, `${seed}|${r}`)
    const t = shareOf(all.truth)
    const d = shareOf(all.dealt)
    const other = rounded(tables.other.map((row, b) => row.map((g, k) => (t[b][k] === 0 ? 0 : (g * (t[b][k] + 1e-3)) / (d[b][k] + 1e-3)))))
    const byPhase: Record<string, DistanceTable> = {}
    for (const [signature, c] of bySignature) {
      if (sumOf(c.truth.map(sumOf)) < minPositions) continue
      const prev = r === 0 ? FLAT : (tables.byPhase[signature] ?? tables.other)
      byPhase[signature] = rounded(
        prev.map((row, b) =>
          row.map((g, k) => (t[b][k] === 0 ? 0 : (g * (c.truth[b][k] + prior * t[b][k] + 1e-3)) / (c.dealt[b][k] + prior * d[b][k] + 1e-3))),
        ),
      )
    }
    tables = { byPhase, other }
  }
  return tables
}

const tableSchema = z.array(z.array(z.number().nonnegative()).length(DISTANCE_CLASSES)).length(TURN_BUCKETS.length)
const tablesSchema = z.object({ byPhase: z.record(z.string(), tableSchema), other: tableSchema }).strict()

/** `--table`: fitted on `train`, the shipped tables, their table of all phases alone, or given as JSON. */
function tablesArg(arg: string, fitted: () => DistanceTables): DistanceTables {
  if (arg === 'fit') return fitted()
  if (arg === 'current') return DISTANCE_WEIGHTS
  if (arg === 'one') return oneDistanceTable(DISTANCE_WEIGHTS.other)
  const got = tablesSchema.safeParse(JSON.parse(arg))
  if (!got.success)
    throw new Error(
      `--table needs {"byPhase": {signature: table}, "other": table}, each table ${TURN_BUCKETS.length} rows of ${DISTANCE_CLASSES} numbers ≥ 0 (turns from ${TURN_BUCKETS.join(', ')}; distance 0 … ${DISTANCE_CLASSES - 1}+): ${got.error.issues[0]?.message}`,
    )
  return got.data
}

/** Hidden cards a hand dealt by the sampler (`dealOpponent`) gets right, on average (multiset overlap with the truth). */
function overlap(samples: readonly Sample[], theta: readonly number[] | null, table: DistanceTables | null, draws: number, seed: string): number {
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
      'min-positions': { type: 'string', default: '300' },
      json: { type: 'boolean', default: false },
    },
  })
  const levels = (values.levels as string).split(',') as BotLevel[]
  /** A whole-number option, at least `min`; anything else stops the tool with the option's name. */
  const whole = (name: keyof typeof values, min: number): number => {
    const n = Number(values[name])
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} needs a whole number ≥ ${min}, not ${JSON.stringify(values[name])}`)
    return n
  }
  const every = whole('every', 1)
  const [games, testGames, rounds, minPositions] = [whole('games', 1), whole('test-games', 1), whole('rounds', 0), whole('min-positions', 0)]
  const ridge = Number(values.ridge)
  if (!(ridge >= 0)) throw new Error(`--ridge needs a number ≥ 0, not ${JSON.stringify(values.ridge)}`)
  const t0 = performance.now()
  const test = collect(testGames, `${values.seed}|test`, levels, every)
  let theta: number[]
  let train: Sample[] = []
  const tableArg = values.table as string
  if (tableArg === 'fit' || !values.theta) train = collect(games, `${values.seed}|train`, levels, every)
  if (values.theta) {
    const given: unknown = values.theta === 'current' ? INFERENCE_WEIGHTS : JSON.parse(values.theta)
    if (!Array.isArray(given) || given.length !== F || !given.every((x) => typeof x === 'number' && Number.isFinite(x)))
      throw new Error(`--theta needs ${F} finite numbers (${FEATURES.join(', ')})`)
    theta = given as number[]
  } else theta = fit(train, ridge)
  const tables = tablesArg(tableArg, () => fitDistance(train, theta, rounds, `${values.seed}|distance`, minPositions))
  const oneTable = oneDistanceTable(tables.other)
  const uniform = new Array<number>(F).fill(0)
  const base = evaluate(test, uniform, false)
  const fitted = evaluate(test, theta, false)
  const counts = {
    uniform: distanceCounts(test, null, null, 2, 'shares'),
    cards: distanceCounts(test, theta, null, 2, 'shares'),
    oneTable: distanceCounts(test, theta, oneTable, 2, 'shares'),
    resampled: distanceCounts(test, theta, tables, 2, 'shares'),
  }
  const phases = [...counts.uniform.bySignature.keys()].sort().map((signature) => {
    const of = (c: ReturnType<typeof distanceCounts>) => c.bySignature.get(signature)!
    return {
      signature,
      ownTable: Object.hasOwn(tables.byPhase, signature),
      positions: of(counts.uniform).truth.map((r) => sumOf(r) / 2),
      truth: shareOf(of(counts.uniform).truth),
      oneTable: shareOf(of(counts.oneTable).dealt),
      resampled: shareOf(of(counts.resampled).dealt),
      misfitOneTable: misfit(of(counts.oneTable)),
      misfitResampled: misfit(of(counts.resampled)),
    }
  })
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
    overlapResampled: overlap(test, theta, tables, 4, 'overlap'),
    positionsByBucket: counts.uniform.all.truth.map((r) => sumOf(r) / 2),
    distanceTruth: shareOf(counts.uniform.all.truth),
    distanceUniform: shareOf(counts.uniform.all.dealt),
    distanceCards: shareOf(counts.cards.all.dealt),
    distanceOneTable: shareOf(counts.oneTable.all.dealt),
    distanceResampled: shareOf(counts.resampled.all.dealt),
    misfitCards: misfit(counts.cards.all),
    misfitOneTable: misfit(counts.oneTable.all),
    misfitResampled: misfit(counts.resampled.all),
    phases,
    seconds: (performance.now() - t0) / 1000,
    theta: theta.map((x) => Math.round(x * 1000) / 1000),
    tables,
  }
  if (values.json) {
    console.log(JSON.stringify(report, null, 2))
    return
  }
  console.log(`${report.testSamples} test samples (${report.testCards} hidden cards), ${report.trainSamples} train samples, ${report.seconds.toFixed(1)} s`)
  console.log(`pseudo-log-likelihood per hidden card: uniform ${report.llPerCardUniform.toFixed(4)}, fitted ${report.llPerCardFitted.toFixed(4)}`)
  console.log(`hidden cards a sampled hand gets right: uniform ${(100 * report.overlapUniform).toFixed(2)}%, fitted ${(100 * report.overlapFitted).toFixed(2)}%, resampled by distance ${(100 * report.overlapResampled).toFixed(2)}%`)
  const pct = (row: readonly number[]) => row.map((x) => `${(100 * x).toFixed(1)}`.padStart(5)).join(' ')
  const turns = (b: number) => (TURN_BUCKETS[b + 1] === undefined ? `${TURN_BUCKETS[b]}+` : `${TURN_BUCKETS[b]}–${TURN_BUCKETS[b + 1] - 1}`)
  const tv = (x: number) => `${(100 * x).toFixed(1)} points`
  console.log(`distance to phase of not-down opponents' hands, % at 0 / 1 / 2 / 3+ (test positions):`)
  TURN_BUCKETS.forEach((_, b) => {
    console.log(`  turns ${turns(b)} (${report.positionsByBucket[b]} positions)`)
    console.log(`    truth     ${pct(report.distanceTruth[b])}`)
    console.log(`    uniform   ${pct(report.distanceUniform[b])}`)
    console.log(`    cards     ${pct(report.distanceCards[b])}`)
    console.log(`    one table ${pct(report.distanceOneTable[b])}    table ${JSON.stringify(tables.other[b])}`)
    console.log(`    resampled ${pct(report.distanceResampled[b])}`)
  })
  console.log(`misfit (total variation from the truth, per position): cards ${tv(report.misfitCards)}, one table ${tv(report.misfitOneTable)}, per phase ${tv(report.misfitResampled)}`)
  for (const ph of phases) {
    console.log(`  ${ph.signature}${ph.ownTable ? '' : ' (all phases\' table)'}: misfit one table ${tv(ph.misfitOneTable)}, resampled ${tv(ph.misfitResampled)}`)
    TURN_BUCKETS.forEach((_, b) => {
      if (ph.positions[b] === 0) return
      console.log(`    turns ${turns(b).padEnd(4)} ${String(ph.positions[b]).padStart(5)}  truth ${pct(ph.truth[b])} | one table ${pct(ph.oneTable[b])} | resampled ${pct(ph.resampled[b])}`)
    })
  }
  for (let f = 0; f < F; f++) console.log(`  ${FEATURES[f].padEnd(24)} ${report.theta[f]}`)
  console.log(JSON.stringify(report.theta))
  console.log(JSON.stringify(report.tables))
}

main()
