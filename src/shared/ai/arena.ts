/**
 * Bot-only games (pure, no I/O): the loop shared by the arena CLI, the soak run, the latency benchmark and
 * the tests. Every action goes through `apply`; a rejected bot action or a bot with nothing to say on its
 * turn is a bug and is reported, never retried.
 */
import { z } from 'zod'
import type { Action, GameEvent } from '../engine/actions'
import { apply } from '../engine/apply'
import type { CardCode } from '../engine/cards'
import { canHit, type LaidGroup } from '../engine/groups'
import type { PartialRuleOptions } from '../engine/rules'
import { newGame, seatsInHand, type GameState } from '../engine/state'
import { isHandStuck } from '../engine/stuck'
import { viewFor, type GameView } from '../engine/views'
import { createBot, STYLES } from './bot'
import { EXPERT_BUDGET, type SearchBudget } from './expert'
import { publicEventFor } from './memory'
import type { Style } from './policy'
import type { BotLevel, BotMemory } from './types'

export interface PlayGameOptions {
  /** One level per seat (2 to 6). */
  levels: readonly BotLevel[]
  seed: string
  rules?: PartialRuleOptions
  /** Turn cap: the game is abandoned after this many accepted actions (default 20,000). */
  maxActions?: number
  /** Per-seat style overrides (tuning experiments). */
  styles?: readonly (Style | undefined)[]
  /** Per-seat Expert search budgets (tuning experiments). */
  budgets?: readonly (SearchBudget | undefined)[]
  /**
   * Called before each decision with exactly what the bot receives, and (separately, for the fairness
   * test to compare against; the bot never gets it) the hidden state.
   */
  inspect?: (seat: number, input: { view: GameView; history: readonly GameEvent[]; memory: BotMemory }, hidden: GameState) => void
  /** Called after each decision with its wall time in ms (latency benchmark). */
  timing?: (seat: number, level: BotLevel, ms: number) => void
}

export interface Rejection {
  seat: number
  action: Action | null
  code: string
  message: string
}

export interface GameResult {
  winner: number | null
  hands: number
  /** Turns played (draws). */
  turns: number
  actions: number
  /** The turn cap was reached. */
  capped: boolean
  /**
   * At the cap, the table was a stalemate no player can break (`isStalemate`): a property of the rules
   * and phase list, not of the bots.
   */
  stalemate: boolean
  /** A bot action `apply` refused, or a bot that gave no action on its turn: the game stops there. */
  rejected: Rejection | null
  state: GameState
}

export function playGame(opts: PlayGameOptions): GameResult {
  const n = opts.levels.length
  const names = opts.levels.map((l, s) => `${l}-${s}`)
  let state = newGame({ players: names, seed: opts.seed, rules: opts.rules })
  const bots = opts.levels.map((level, s) => createBot(level, `${opts.seed}#${s}`, opts.styles?.[s] ?? STYLES[level], opts.budgets?.[s] ?? EXPERT_BUDGET))
  // All engine events are public (deck draws carry no card); each seat gets them as `publicEventFor` says.
  const histories: GameEvent[][] = Array.from({ length: n }, () => [])
  const maxActions = opts.maxActions ?? 20_000
  let actions = 0
  let turns = 0
  while (state.stage !== 'gameOver') {
    if (actions >= maxActions)
      return { winner: null, hands: state.handNumber, turns, actions, capped: true, stalemate: isStalemate(state), rejected: null, state }
    // In handOver any seat may deal on; seat 0's bot does.
    const seat = state.stage === 'handOver' ? 0 : (state.turn as number)
    const view = viewFor(state, seat)
    const bot = bots[seat]
    opts.inspect?.(seat, { view, history: histories[seat], memory: bot.memory }, state)
    const t0 = opts.timing ? performance.now() : 0
    const action = bot.decide(view, histories[seat])
    if (opts.timing) opts.timing(seat, bot.level, performance.now() - t0)
    if (!action) {
      const rejected = { seat, action, code: 'NO_ACTION', message: `bot gave no action in stage ${state.stage}` }
      return { winner: null, hands: state.handNumber, turns, actions, capped: false, stalemate: false, rejected, state }
    }
    const r = apply(state, seat, action)
    if (!r.ok) {
      const rejected = { seat, action, code: r.error.code, message: r.error.message }
      return { winner: null, hands: state.handNumber, turns, actions, capped: false, stalemate: false, rejected, state }
    }
    if (action.type === 'draw') turns++
    for (const e of r.events) for (let s = 0; s < n; s++) histories[s].push(publicEventFor(e, s))
    state = r.state
    actions++
  }
  return { winner: state.winner, hands: state.handNumber, turns, actions, capped: false, stalemate: false, rejected: null, state }
}

/**
 * A hand no one in it can ever end (the engine's `isHandStuck`, one implementation: docs/engine.md). The engine
 * ends such hands as they arise, so a game that still stops in one is an engine gap, not a bot failure; a
 * fitting card in a player's own Save Pile is not a stalemate but a bot that does not take it back.
 * (Harness only: it reads the hidden state.)
 */
export const isStalemate = (state: GameState): boolean => isHandStuck(state)

/** The position a stalemate stopped in, for the soak's report (hands, Save Piles, table, piles). */
export function describePosition(state: GameState): string {
  const seats = seatsInHand(state)
  const groups = seats.flatMap((s) => state.players[s].laidDown ?? [])
  const fits = (c: CardCode) => groups.some((g) => canHit(g, c))
  const players = state.players.map((p, s) => {
    const laid = (p.laidDown ?? []).map((g) => `${g.kind}:${g.cards.join(' ')}`).join(' + ')
    const outside = seats.includes(s) ? '' : ' (not in this hand)'
    const fitting = p.saved.filter(fits)
    return `seat ${s}${outside}: hand [${p.hand.join(' ')}] saved [${p.saved.join(' ')}]${fitting.length ? ` (fit the table: ${fitting.join(' ')})` : ''} laid [${laid}]`
  })
  return (
    `hand ${state.handNumber}, stage ${state.stage}, turn ${state.turn}, tie-break ${JSON.stringify(state.tieBreak)}, ` +
    `draw pile ${state.drawCount}, discard ${state.discard.length} (top ${state.discard[state.discard.length - 1] ?? '-'}); ` +
    players.join('; ')
  )
}

export interface ArenaOptions {
  candidate: BotLevel
  field: BotLevel
  players: number
  games: number
  seed: string
  rules?: PartialRuleOptions
  /** Play only games [from, to) of the series (to split it over workers); default all. */
  from?: number
  to?: number
  candidateStyle?: Style
  fieldStyle?: Style
  candidateBudget?: SearchBudget
  maxActions?: number
}

export interface ArenaResult {
  /** The first game of the series these results cover (`ArenaOptions.from`). */
  from: number
  games: number
  wins: number
  /**
   * One character per game, in order from `from`: '1' when the candidate won it, else '0' (so that two runs on the
   * same seeds can be paired per game: `pairArena`).
   */
  won: string
  hands: number
  turns: number
  capped: number
  rejected: (Rejection & { game: number })[]
}

/** Game `g` of a series: its seed and the candidate's seat (rotating every game). */
export function arenaGame(opts: ArenaOptions, g: number): { seed: string; candidateSeat: number } {
  return { seed: `${opts.seed}:${g}`, candidateSeat: g % opts.players }
}

export function runArena(opts: ArenaOptions): ArenaResult {
  const from = opts.from ?? 0
  const out: ArenaResult = { from, games: 0, wins: 0, won: '', hands: 0, turns: 0, capped: 0, rejected: [] }
  const to = opts.to ?? opts.games
  for (let g = from; g < to; g++) {
    const { seed, candidateSeat } = arenaGame(opts, g)
    const levels = Array.from({ length: opts.players }, (_, s) => (s === candidateSeat ? opts.candidate : opts.field))
    const styles = levels.map((_, s) => (s === candidateSeat ? opts.candidateStyle : opts.fieldStyle))
    const budgets = levels.map((_, s) => (s === candidateSeat ? opts.candidateBudget : undefined))
    const r = playGame({ levels, seed, rules: opts.rules, styles, budgets, maxActions: opts.maxActions })
    out.games++
    out.hands += r.hands
    out.turns += r.turns
    if (r.capped) out.capped++
    if (r.rejected) out.rejected.push({ ...r.rejected, game: g })
    const won = r.winner === candidateSeat
    if (won) out.wins++
    out.won += won ? '1' : '0'
  }
  return out
}

/** Parts of one series (e.g. one per worker, any order) as one result; the parts must not overlap. */
export function mergeArena(results: readonly ArenaResult[]): ArenaResult {
  const parts = [...results].sort((a, b) => a.from - b.from)
  const out: ArenaResult = { from: parts[0]?.from ?? 0, games: 0, wins: 0, won: '', hands: 0, turns: 0, capped: 0, rejected: [] }
  for (const r of parts) {
    if (r.from !== out.from + out.games) throw new Error(`mergeArena: part from game ${r.from} does not follow game ${out.from + out.games - 1}`)
    out.games += r.games
    out.wins += r.wins
    out.won += r.won
    out.hands += r.hands
    out.turns += r.turns
    out.capped += r.capped
    out.rejected.push(...r.rejected)
  }
  return out
}

/** Two runs of the same games (same seeds, seats and salts), paired per game: McNemar's figures. */
export interface PairedResult {
  /** Games both candidates won. */
  both: number
  /** Games only the first (the candidate) won. */
  onlyCandidate: number
  /** Games only the second (the control) won. */
  onlyControl: number
  /** (onlyCandidate − onlyControl) / √(onlyCandidate + onlyControl); 0 when no game differs. */
  z: number
}

export function pairArena(candidate: ArenaResult, control: ArenaResult): PairedResult {
  if (candidate.from !== control.from || candidate.won.length !== control.won.length || candidate.won.length !== candidate.games)
    throw new Error('pairArena: the two runs are not the same games')
  let both = 0
  let onlyCandidate = 0
  let onlyControl = 0
  for (let i = 0; i < candidate.won.length; i++) {
    const a = candidate.won[i] === '1'
    const b = control.won[i] === '1'
    if (a && b) both++
    else if (a) onlyCandidate++
    else if (b) onlyControl++
  }
  const n = onlyCandidate + onlyControl
  return { both, onlyCandidate, onlyControl, z: n > 0 ? (onlyCandidate - onlyControl) / Math.sqrt(n) : 0 }
}

const num = z.number().finite()
/** A partial `Style`: every key of `Style` (the compiler holds the list to `keyof Style`), no other. */
const styleOverrideSchema = z
  .object({
    useOuts: z.boolean(),
    countCards: z.boolean(),
    defence: num,
    holdingOdds: num,
    smartSkips: z.boolean(),
    skipLeaderUnlessCards: num,
    evDraw: z.boolean(),
    holdSkips: z.boolean(),
    savePile: z.boolean(),
    phaseChoiceBias: num,
    mistakes: z.object({ ignoreDiscard: num, randomDiscard: num, missHit: num, randomChoice: num } satisfies Record<keyof Style['mistakes'], z.ZodType>).partial().strict(),
  } satisfies Record<keyof Style, z.ZodType>)
  .partial()
  .strict()
/** A partial `SearchBudget`, likewise. */
const budgetOverrideSchema = z
  .object({
    worlds: num,
    maxActions: num,
    maxTotalActions: num,
    discards: num,
    margin: num,
    z: num,
    searchDraw: z.boolean(),
    searchAfterLayDown: z.boolean(),
    inference: z.boolean(),
    distanceByPhase: z.boolean(),
    passedWeight: num,
    discardWeight: num,
    rival: z.enum(['average', 'leader']),
    searchSkip: z.boolean(),
  } satisfies Record<keyof SearchBudget, z.ZodType>)
  .partial()
  .strict()

/** `json` checked by `schema`, or an `Error` saying in a line what is wrong (`what`: whose value it is). */
function parseOverride<T>(schema: z.ZodType<T>, json: string, what: string): T {
  let x: unknown
  try {
    x = JSON.parse(json)
  } catch (e) {
    throw new Error(`${what}: not JSON (${(e as Error).message})`)
  }
  const r = schema.safeParse(x)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  const at = issue.path.join('.')
  if (issue.code === 'unrecognized_keys') throw new Error(`${what}: unknown key ${at ? `${at}.` : ''}${issue.keys[0]}`)
  if (issue.code === 'invalid_type') throw new Error(at ? `${what}: ${at} must be a ${issue.expected}` : `${what}: must be a JSON object`)
  throw new Error(`${what}: ${at} ${issue.message}`)
}

/**
 * A partial `Style` (JSON text) merged over `base` (the level's own style): the arena's `--candidate-style`.
 * Unknown keys and values of the wrong type are refused (an `Error` saying which). `mistakes` may be partial too.
 */
export function styleOverride(base: Style, json: string, what = 'style'): Style {
  const patch = parseOverride(styleOverrideSchema, json, what)
  return { ...base, ...patch, mistakes: { ...base.mistakes, ...patch.mistakes } }
}

/** A partial `SearchBudget` (JSON text) merged over `base`: the arena's `--candidate-budget` (`{"discards":1}`: search off). */
export function budgetOverride(base: SearchBudget, json: string, what = 'budget'): SearchBudget {
  return { ...base, ...parseOverride(budgetOverrideSchema, json, what) }
}

/** Wilson score interval for `wins` out of `n` (95% with z = 1.96). */
export function wilson(wins: number, n: number, z = 1.96): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 }
  const p = wins / n
  const z2 = z * z
  const denom = 1 + z2 / n
  const centre = (p + z2 / (2 * n)) / denom
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}
