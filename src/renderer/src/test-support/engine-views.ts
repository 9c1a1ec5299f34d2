/**
 * Real GameViews for component tests: a position built by the engine's scenario builder, moves applied by
 * the engine's `apply`, seen through `viewFor`. No hand-made game data.
 */
import { apply, buildScenario, viewFor, type Action, type GameState, type GameView, type PartialRuleOptions } from '@shared/engine'
import type { CardCode } from '@shared/engine/cards'
import type { GameApi, TableSnapshot } from '@shared/api'

export interface Position {
  players?: string[]
  hands: CardCode[][]
  drawPile?: CardCode[]
  upcard?: CardCode
  dealer?: number
  rules?: PartialRuleOptions
  phases?: number[]
  /** Masters: phases already completed, per seat. */
  completed?: number[][]
  /** Totals before this hand, per seat. */
  scores?: number[]
}

export function position(p: Position): GameState {
  const built = buildScenario({
    players: p.players ?? p.hands.map((_, i) => ['You', 'Ada', 'Bob', 'Cy', 'Dee', 'Eve'][i]),
    seed: 'ui-test',
    dealer: p.dealer ?? p.hands.length - 1,
    hands: p.hands,
    drawPile: p.drawPile,
    upcard: p.upcard,
    rules: p.rules,
    phases: p.phases,
    completed: p.completed,
    scores: p.scores,
    steps: [],
  })
  if (!built.ok) throw new Error(built.reason)
  return built.state
}

/** Applies the moves (seat, action) in order; throws on a refused move (a broken test, not a rule). */
export function play(state: GameState, moves: [number, Action][]): GameState {
  let s = state
  for (const [seat, action] of moves) {
    const r = apply(s, seat, action)
    if (!r.ok) throw new Error(`${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`)
    s = r.state
  }
  return s
}

export function view(state: GameState, seat = 0): GameView {
  return viewFor(state, seat)
}

/** A TableSnapshot as the host would send it for `seat` (solo: me + bots). */
export function snapshotOf(state: GameState, seat = 0, extra: Partial<TableSnapshot> = {}): TableSnapshot {
  const v = viewFor(state, seat)
  return {
    protocol: 1,
    tableId: 'test-table',
    name: 'Test table',
    role: 'solo',
    status: v.stage === 'gameOver' ? 'over' : 'playing',
    mySeat: seat,
    seats: v.players.map((p) => ({
      seat: p.seat,
      name: p.name,
      kind: p.seat === seat ? 'human' : 'bot',
      botLevel: p.seat === seat ? null : 'medium',
      connected: true,
      ready: true,
      isHost: p.seat === seat,
      autoPlayed: false,
    })),
    rules: v.rules,
    version: v.version,
    view: v,
    recentEvents: [],
    paused: null,
    turnDeadline: null,
    dropPolicy: 'bot',
    joinUrls: [],
    connection: 'connected',
    chat: [],
    ...extra,
  }
}

/** A GameApi that answers table requests with ok and records them. */
export function recordingApi(answers: Record<string, unknown> = {}): GameApi & { calls: { name: string; params: unknown }[] } {
  const calls: { name: string; params: unknown }[] = []
  return {
    calls,
    async invoke(name: string, params: unknown) {
      calls.push({ name, params })
      return { ok: true, value: name in answers ? answers[name] : name === 'table.act' ? { version: 1 } : null }
    },
    on() {
      return () => {}
    },
  } as unknown as GameApi & { calls: { name: string; params: unknown }[] }
}
