/**
 * The bot entry points. A host calls, for a bot seat, whenever that seat may act:
 *
 *     const bot = createBot('hard', 'seat-2')
 *     const action = bot.decide(viewFor(state, seat), history) // history: publicEventFor(e, seat) of every event
 *     if (action) apply(state, seat, action)
 *
 * or the stateless `decide({ level, view, history, salt })`. Neither ever receives a `GameState`.
 */
import type { Action } from '../engine/actions'
import type { GameEvent } from '../engine/actions'
import type { GameView } from '../engine/views'
import { EASY } from './easy'
import { decideExpert, EXPERT_BUDGET, type SearchBudget } from './expert'
import { EXPERT_STYLE } from './expert-style'
import { HARD } from './hard'
import { MEDIUM } from './medium'
import { newMemory, observe } from './memory'
import { decideWith, type Decider, type Style } from './policy'
import type { BotContext, BotLevel, BotMemory } from './types'

/** Expert plays its own refinement of Hard's style (expert-style.ts) and searches its discards (expert.ts). */
export const STYLES: Readonly<Record<BotLevel, Style>> = { easy: EASY, medium: MEDIUM, hard: HARD, expert: EXPERT_STYLE }

/**
 * One decision: the next action for `ctx.view.seat`, or `null` when that seat has nothing to do now
 * (not its turn, game over). In `handOver` any seat may answer `nextHand`.
 */
export function decide(ctx: BotContext, style: Style = STYLES[ctx.level], budget: SearchBudget = EXPERT_BUDGET): Action | null {
  const view = ctx.view
  if (view.seat === null) throw new Error('a bot needs a seat view, not a spectator view')
  const memory = observe(ctx.memory ?? newMemory(), view, ctx.history)
  return (ctx.level === 'expert' ? (d: Decider) => decideExpert(d, budget) : decideWith)({
    view,
    seat: view.seat,
    memory,
    style,
    salt: ctx.salt,
    opts: { wildsNeedNaturalPerGroup: view.rules.wildsNeedNaturalPerGroup },
    k: 0,
  })
}

export interface Bot {
  readonly level: BotLevel
  /** Derived only from the views and histories given to `decide`. */
  readonly memory: BotMemory
  decide(view: GameView, history: readonly GameEvent[]): Action | null
}

/** A bot for one seat and one game, keeping its memory between decisions. */
export function createBot(level: BotLevel, salt: string, style: Style = STYLES[level], budget: SearchBudget = EXPERT_BUDGET): Bot {
  const memory = newMemory()
  return {
    level,
    memory,
    decide: (view, history) => decide({ level, view, history, salt, memory }, style, budget),
  }
}
