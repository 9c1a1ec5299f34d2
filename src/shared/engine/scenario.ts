/**
 * Rules scenarios (spec/scenario-format.md): parse and validate a scenario, build its position exactly as
 * named, run its steps through `apply` (the one rules implementation) and produce the spec's output object.
 * Pure: the CLI (tools/scenario.ts) and the tests do the I/O.
 */
import { z } from 'zod'
import { isCardCode, type CardCode } from './cards'
import { ERROR_CODES, type GameEvent } from './actions'
import { apply } from './apply'
import { buildDeck, removeCards } from './deck'
import type { LaidGroup } from './groups'
import { partialRuleOptionsSchema, phasesFor, resolveRules } from './rules'
import { firstDealerFor, handSeedFor, openRng, reshuffleRngFor, rngFromSeed, shuffleInPlace } from './rng'
import { freezePhases, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, newPlayer, nextSeat, openingTurn, phaseNumberOf, startHand, tableBeforeDeal, type Deal, type GameState } from './state'

const cardCode = z.string().refine(isCardCode, 'not a card code (R7, B12, W, S)')

const stepSchema = z
  .object({
    seat: z.number().int(),
    do: z.string(),
    expectError: z.union([z.literal(true), z.string()]).optional(),
  })
  .loose()

/** Unknown top-level fields are ignored (the spec does not name them); our own expectations live in sidecars. */
export const scenarioSchema = z.object({
  name: z.string().optional(),
  rules: partialRuleOptionsSchema.optional(),
  players: z.union([z.number().int().min(MIN_PLAYERS).max(MAX_PLAYERS), z.array(z.string()).min(MIN_PLAYERS).max(MAX_PLAYERS)]),
  seed: z.string(),
  dealer: z.number().int().min(0).max(5).optional(),
  hands: z.array(z.array(cardCode)).optional(),
  upcard: cardCode.optional(),
  drawPile: z.array(cardCode).optional(),
  phases: z.array(z.number().int()).optional(),
  scores: z.array(z.number().int()).optional(),
  completed: z.array(z.array(z.number().int())).optional(),
  saved: z.array(z.array(cardCode)).optional(),
  steps: z.array(stepSchema),
})

export type Scenario = z.infer<typeof scenarioSchema>
export type ScenarioStep = z.infer<typeof stepSchema>

export interface StepResult {
  seat: number
  do: string
  result: 'ok' | 'error'
  error?: string
}

export interface OutputPlayer {
  seat: number
  phase: number | null
  hand: CardCode[]
  laidDown: string[][] | null
  score: number
  pendingSkip: boolean
  completed: number[]
  saved: CardCode[]
  madePhaseThisHand: boolean
}

export interface ScenarioOutput {
  ok: boolean
  steps: StepResult[]
  state: {
    hand: number
    dealer: number
    turn: number | null
    stage: GameState['stage']
    discardTop: CardCode | null
    drawCount: number
    players: OutputPlayer[]
    lastHand: { wentOut: number | null; points: number[] } | null
    winner: number | null
  }
}

export type ScenarioRun =
  | { valid: false; reason: string }
  | { valid: true; output: ScenarioOutput; state: GameState; events: GameEvent[][] }

/** Parses, validates and builds the starting position; `reason` says why a scenario is invalid. */
export function buildScenario(input: unknown): { ok: true; scenario: Scenario; state: GameState } | { ok: false; reason: string } {
  const parsed = scenarioSchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, reason: `${issue.path.join('.') || 'scenario'}: ${issue.message}` }
  }
  const sc = parsed.data
  const names = typeof sc.players === 'number' ? Array.from({ length: sc.players }, (_, i) => `Player ${i + 1}`) : sc.players
  const n = names.length
  const rules = resolveRules(sc.rules ?? {})
  const phases = freezePhases(phasesFor(rules))
  Object.freeze(rules)
  const masters = rules.edition === 'masters'
  const perSeat = <T>(what: string, list: T[] | undefined): string | null =>
    list !== undefined && list.length !== n ? `${what} must list one entry per player (${n})` : null
  const bad =
    perSeat('hands', sc.hands) ?? perSeat('phases', sc.phases) ?? perSeat('scores', sc.scores) ?? perSeat('completed', sc.completed) ?? perSeat('saved', sc.saved)
  if (bad) return { ok: false, reason: bad }
  if (sc.dealer !== undefined && sc.dealer >= n) return { ok: false, reason: `dealer ${sc.dealer} is not a seat` }
  const phaseNumbers = new Set(phases.map((p) => p.number))
  for (const list of [sc.phases ?? [], ...(sc.completed ?? [])])
    for (const ph of list) if (!phaseNumbers.has(ph)) return { ok: false, reason: `there is no phase ${ph} in this phase list` }
  if (!masters && sc.saved?.some((s) => s.length)) return { ok: false, reason: 'Save Piles are a Masters rule' }

  // Named cards come out of the deck first; naming a card the deck cannot supply is invalid.
  const named: CardCode[] = [...(sc.hands ?? []).flat(), ...(sc.upcard ? [sc.upcard] : []), ...(sc.drawPile ?? []), ...(sc.saved ?? []).flat()]
  const rest = removeCards(buildDeck(rules), named)
  if (!rest) return { ok: false, reason: 'a named card is more than the deck holds (per the rule options)' }

  const randomDealer = firstDealerFor(sc.seed, n) // keyed from the seed, as in newGame
  const dealer = sc.dealer ?? randomDealer
  const handSeed = handSeedFor(sc.seed, 1)
  // Same shuffle and deal as `redeal`, so a scenario naming nothing deals exactly like `newGame`.
  shuffleInPlace(rest, openRng(rngFromSeed(handSeed)))
  let hands: CardCode[][]
  if (sc.hands) hands = sc.hands.map((h) => h.slice())
  else {
    hands = names.map(() => [])
    for (let r = 0; r < HAND_SIZE; r++)
      for (let k = 1; k <= n; k++) {
        const c = rest.pop()
        if (c !== undefined) hands[(dealer + k) % n].push(c)
      }
  }
  const upcard = sc.upcard ?? rest.pop() ?? null
  const drawPile = [...rest, ...(sc.drawPile ?? []).slice().reverse()]
  const deal: Deal = { hands, upcard, drawPile }

  const players = names.map((name, seat) =>
    newPlayer(name, {
      saved: sc.saved ? sc.saved[seat].slice() : [],
      phaseIndex: !masters && sc.phases ? phases.findIndex((p) => p.number === sc.phases![seat]) : 0,
      completed: sc.completed ? sc.completed[seat].slice() : [],
      score: sc.scores ? sc.scores[seat] : 0,
    }),
  )
  let state = tableBeforeDeal({ rules, phases, names, players, seed: sc.seed, rng: reshuffleRngFor(handSeed), dealer, handSeed, recordLog: true })
  state = startHand(state, deal)
  if (masters && sc.phases) {
    // Masters with `phases`: those are the active phases already chosen; play starts at once.
    const players = state.players.map((p, seat) => ({ ...p, activePhase: sc.phases![seat] }))
    state = { ...state, players, stage: 'draw', turn: openingTurn(state, nextSeat(state, dealer)) }
  }
  return { ok: true, scenario: sc, state }
}

const KNOWN_CODES = new Set<string>(ERROR_CODES)

/** Runs a scenario object end to end. */
export function runScenario(input: unknown): ScenarioRun {
  const built = buildScenario(input)
  if (!built.ok) return { valid: false, reason: built.reason }
  for (const [i, step] of built.scenario.steps.entries())
    if (typeof step.expectError === 'string' && !KNOWN_CODES.has(step.expectError))
      return { valid: false, reason: `steps.${i}.expectError: unknown error code ${step.expectError}` }
  let state = built.state
  let ok = true
  const steps: StepResult[] = []
  const events: GameEvent[][] = []
  for (const step of built.scenario.steps) {
    const { seat, do: type, expectError, ...fields } = step
    const before = JSON.stringify(state)
    const r = apply(state, seat, { type, ...fields })
    if (r.ok) {
      state = r.state
      events.push(r.events)
      steps.push({ seat, do: type, result: 'ok' })
      if (expectError !== undefined) ok = false
    } else {
      if (JSON.stringify(state) !== before) throw new Error('bug: a rejected action changed the state')
      steps.push({ seat, do: type, result: 'error', error: r.error.code })
      if (expectError === undefined || (expectError !== true && expectError !== r.error.code)) ok = false
    }
  }
  return { valid: true, output: { ok, steps, state: outputState(state) }, state, events }
}

function laidCodes(groups: readonly LaidGroup[] | null): string[][] | null {
  return groups ? groups.map((g) => g.cards.slice()) : null
}

export function outputState(state: GameState): ScenarioOutput['state'] {
  return {
    hand: state.handNumber,
    dealer: state.dealer,
    turn: state.turn,
    stage: state.stage,
    discardTop: state.discard[state.discard.length - 1] ?? null,
    drawCount: state.drawCount,
    players: state.players.map((p, seat) => ({
      seat,
      phase: phaseNumberOf(state, p),
      hand: p.hand.slice(),
      laidDown: laidCodes(p.laidDown),
      score: p.score,
      pendingSkip: p.pendingSkip,
      completed: p.completed.slice(),
      saved: p.saved.slice(),
      madePhaseThisHand: p.laidDown !== null,
    })),
    lastHand: state.lastHand ? { wentOut: state.lastHand.wentOut, points: state.lastHand.points.slice() } : null,
    winner: state.winner,
  }
}
