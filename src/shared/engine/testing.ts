/**
 * Test support shared by the engine's property tests and benchmarks (pure; no vitest import):
 * invariant checks over a full state, and a seeded random game driver.
 */
import { SKIP, WILD, type CardCode } from './cards'
import type { Action, GameEvent } from './actions'
import { apply } from './apply'
import { buildDeck } from './deck'
import { randomAction } from './policy'
import type { PartialRuleOptions } from './rules'
import { openRng, rngFromSeed } from './rng'
import { newGame, skipWaitsWithTarget, type GameState } from './state'
import { isHandStuck } from './stuck'
import { viewFor, type GameView } from './views'

/** Every card in the game, wherever it is (hands, Save Piles, draw pile, discard pile, laid groups, pending Skips). */
export function cardsInPlay(s: GameState): CardCode[] {
  const out: CardCode[] = []
  for (const p of s.players) {
    out.push(...p.hand, ...p.saved)
    if (p.laidDown) for (const g of p.laidDown) for (const c of g.cards) out.push(c.startsWith('W') ? WILD : c)
    if (p.pendingSkip && skipWaitsWithTarget(s.rules)) out.push(SKIP)
  }
  for (let i = 0; i < s.drawCount; i++) out.push(s.drawPile[i])
  out.push(...s.discard)
  return out
}

/** `null` when every card of the deck is in exactly one place, else what is wrong. */
export function cardAccountingError(s: GameState): string | null {
  const have = cardsInPlay(s).sort()
  const want = buildDeck(s.rules).sort()
  if (have.length !== want.length) return `${have.length} cards in play, the deck has ${want.length}`
  for (let i = 0; i < want.length; i++) if (have[i] !== want[i]) return `card mismatch near ${want[i]} / ${have[i]}`
  return null
}

const PUBLIC_PLAYER_KEYS = ['seat', 'name', 'phase', 'completed', 'laidDown', 'score', 'pendingSkip', 'lostTurn', 'handCount', 'savedCount', 'savedThisHand', 'inHand', 'left'].sort().join()

/** `null` when the view shows the seat exactly what RULES.md section 11 allows, else what leaks or is missing. */
export function viewSecrecyError(s: GameState, v: GameView, seat: number | null): string | null {
  const sorted = (x: readonly string[]) => [...x].sort().join()
  if (seat !== null) {
    if (sorted(v.hand) !== sorted(s.players[seat].hand)) return 'own hand differs'
    if (sorted(v.saved) !== sorted(s.players[seat].saved)) return 'own Save Pile differs'
  } else if (v.hand.length || v.saved.length) return 'a spectator sees cards'
  for (const p of v.players) {
    if (Object.keys(p).sort().join() !== PUBLIC_PLAYER_KEYS) return `player ${p.seat} view has keys ${Object.keys(p)}`
    if (p.handCount !== s.players[p.seat].hand.length || p.savedCount !== s.players[p.seat].saved.length) return 'wrong counts'
  }
  const keys = Object.keys(v)
  for (const secret of ['drawPile', 'rng', 'seed', 'handSeed', 'log']) if (keys.includes(secret)) return `view has ${secret}`
  const json = JSON.stringify(v)
  // The game key only at game over, and then exactly as `gameKey` (section 11).
  if (s.stage === 'gameOver') {
    if (v.gameKey !== s.seed) return 'game over without the game key'
  } else if (v.gameKey !== null || json.includes(s.seed)) return 'view contains the game key before game over'
  const inProgress = s.stage !== 'handOver' && s.stage !== 'gameOver'
  if (inProgress && json.includes(s.handSeed)) return 'view contains the seed of the hand in progress'
  if (JSON.stringify(s.rng).length > 2 && json.includes(JSON.stringify(s.rng))) return 'view contains the RNG state'
  if (v.drawCount !== s.drawCount || sorted(v.discard) !== sorted(s.discard)) return 'public piles differ'
  return null
}

export interface RandomGameOptions {
  seed: string
  players: number
  rules: PartialRuleOptions
  /** Called after every accepted action with the state before and after. */
  onStep?: (before: GameState, after: GameState, seat: number, action: Action, events: readonly GameEvent[]) => void
  maxActions?: number
}

/**
 * Plays a whole game with the random legal policy; throws on a deadlock, an illegal policy move or a runaway
 * game. A provably endless hand (`isHandStuck`, checked every 2,000 actions) stops the game: `stuck` is true —
 * which is a bug now that `apply` ends such hands (docs/engine.md), so the property tests expect it never.
 */
export function playRandomGame(opts: RandomGameOptions): { state: GameState; actions: number; stuck: boolean } {
  const names = Array.from({ length: opts.players }, (_, i) => `P${i}`)
  let state = newGame({ players: names, seed: opts.seed, rules: opts.rules })
  const r = openRng(rngFromSeed(`policy:${opts.seed}`))
  const rand = () => r.int(0, 0x3fffffff) / 0x40000000
  const max = opts.maxActions ?? 60_000
  let actions = 0
  while (state.stage !== 'gameOver') {
    const seat = state.turn ?? r.int(0, opts.players - 1)
    const action = randomAction(viewFor(state, seat), rand)
    if (!action) throw new Error(`deadlock: no legal action for seat ${seat} at version ${state.version}`)
    const res = apply(state, seat, action)
    if (!res.ok) throw new Error(`a legal-looking action was refused: ${JSON.stringify(action)} → ${res.error.code} ${res.error.message}`)
    opts.onStep?.(state, res.state, seat, action, res.events)
    state = res.state
    if (++actions % 2000 === 0 && isHandStuck(state)) return { state, actions, stuck: true }
    if (actions > max) throw new Error(`the game did not end within ${max} actions (and the hand is not provably stuck)`)
  }
  return { state, actions, stuck: false }
}
