/**
 * Actions a seat sends, events the engine reports, and error values (scenario-format.md).
 * The zod schema is the one source of truth for an action's shape; `readAction` is its fast twin used on
 * the hot path of `apply` (a test checks they agree).
 */
import { z } from 'zod'
import { CARD_CODES, cardIndex, isCardCode, LAID_CODES, laidIndex, type CardCode, type LaidCard } from './cards'
import type { LaidGroup } from './groups'

const handCard = z.string().refine(isCardCode, 'not a card code')
const layCard = z.string().refine((c) => laidIndex(c) >= 0, 'not a card code')
const seatNumber = z.number().int().min(0).max(5)

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('draw'), from: z.enum(['deck', 'discard', 'saved']), card: handCard.optional() }),
  z.object({ type: z.literal('layDown'), groups: z.array(z.array(layCard).min(1).max(24)).min(1).max(8) }),
  z.object({ type: z.literal('hit'), card: layCard, target: z.object({ seat: seatNumber, group: z.number().int().min(0).max(7) }) }),
  z.object({ type: z.literal('discard'), card: handCard }),
  z.object({ type: z.literal('skip'), card: z.literal('S'), target: seatNumber.optional() }),
  z.object({ type: z.literal('save'), card: handCard }),
  z.object({ type: z.literal('choosePhase'), phase: z.number().int().min(1).max(99) }),
  z.object({ type: z.literal('nextHand') }),
  /** Between hands: this seat's player leaves the game for good (the host applies it when it removes a seat). */
  z.object({ type: z.literal('leave') }),
])

export type Action = z.infer<typeof actionSchema>
export type ActionType = Action['type']

export const ERROR_CODES = [
  'BAD_ACTION',
  'GAME_OVER',
  'HAND_OVER',
  'NOT_YOUR_TURN',
  'MUST_DRAW',
  'ALREADY_DREW',
  'SKIP_FROM_DISCARD',
  'NOT_IN_HAND',
  'INVALID_PHASE',
  'PHASE_ALREADY_MADE',
  'PHASE_NOT_MADE',
  'INVALID_HIT',
  'INVALID_TARGET',
  'SAVE_NOT_ALLOWED',
  // Engine additions (scenario-format.md allows more):
  'HAND_NOT_OVER', // nextHand while a hand is in play
  'MUST_CHOOSE_PHASE', // Masters: playing before every player has chosen
  'NOT_CHOOSING', // choosePhase outside the choosing stage
  'EMPTY_DISCARD', // drawing from an empty discard pile
  'CANNOT_LEAVE', // leave: already gone, in the coming tie-break, or it would leave fewer than 2 players
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]
export interface EngineError {
  code: ErrorCode
  message: string
}

export type GameEvent =
  /** `commitment`: SHA-256 of the hand's seed, table and number (fairness/commitment.ts), revealed in `handEnded.seed`. */
  | { type: 'handDealt'; handNumber: number; dealer: number; upcard: CardCode | null; seats: number[]; commitment: string }
  | { type: 'phaseChosen'; seat: number; phase: number }
  /** `card` only when it was public (the discard pile's top): deck and Save Pile draws stay secret. */
  | { type: 'drew'; seat: number; from: 'deck' | 'discard' | 'saved'; card?: CardCode }
  | { type: 'reshuffled'; count: number }
  | { type: 'laidDown'; seat: number; phase: number; groups: readonly LaidGroup[] }
  | { type: 'hit'; seat: number; card: LaidCard; target: { seat: number; group: number } }
  | { type: 'discarded'; seat: number; card: CardCode }
  /** A Skip played as the discard; `target` `null` when it has no effect (section 4). */
  | { type: 'skipPlayed'; seat: number; target: number | null }
  /** A turn lost to a pending Skip or to an upcard Skip. */
  | { type: 'turnSkipped'; seat: number }
  | { type: 'saved'; seat: number }
  | { type: 'wentOut'; seat: number }
  | { type: 'handEnded'; handNumber: number; wentOut: number | null; points: number[]; totals: number[]; madePhase: number[]; seed: string }
  | { type: 'tieBreak'; seats: number[] }
  | { type: 'gameEnded'; winner: number }
  /** Between hands a player left the game (the host removed the seat): dealt no more cards, never the winner. */
  | { type: 'playerLeft'; seat: number }

export type ApplyResult<S> = { ok: true; state: S; events: GameEvent[] } | { ok: false; error: EngineError }

export function fail(code: ErrorCode, message: string): { ok: false; error: EngineError } {
  return { ok: false, error: { code, message } }
}

const isInt = (x: unknown, lo: number, hi: number): x is number => typeof x === 'number' && Number.isInteger(x) && x >= lo && x <= hi

// Cards are recognised by `cardIndex` / `laidIndex` (character arithmetic: reading an action is on the hot path
// of `apply`).
const isHand = (x: unknown): x is CardCode => cardIndex(x) >= 0

// The common simple actions, read into shared frozen objects (one per draw source, discarded card, Skip
// target): reading them allocates nothing, and a game's log holds constants instead of ~800 new objects.
// Exported for in-process deciders (the quick policy) that make these actions often.
export const DRAW_DECK: Action = Object.freeze({ type: 'draw', from: 'deck' })
const DRAW_DISCARD: Action = Object.freeze({ type: 'draw', from: 'discard' })
const DRAW_SAVED: Action = Object.freeze({ type: 'draw', from: 'saved' })
/** By `cardIndex`, which is -1 for anything but a hand card's exact code (so it validates as it looks up). */
const DISCARDS: readonly Action[] = CARD_CODES.map((card) => Object.freeze({ type: 'discard', card }))
const SKIP_NO_TARGET: Action = Object.freeze({ type: 'skip', card: 'S' })
const SKIPS: Action[] = [0, 1, 2, 3, 4, 5].map((target) => Object.freeze({ type: 'skip', card: 'S', target }))
export const NEXT_HAND: Action = Object.freeze({ type: 'nextHand' })
const LEAVE: Action = Object.freeze({ type: 'leave' })

/** The shared frozen Skip, at `target` (a seat 0..5) or with none. */
export function skipAction(target?: number): Action {
  return target === undefined ? SKIP_NO_TARGET : SKIPS[target]
}

/**
 * Reads an untrusted action; `null` when it cannot be read at all (BAD_ACTION). Same shape as
 * `actionSchema`; like it, ignores unknown fields (the returned action holds only the known ones). Never the
 * caller's object; simple actions come back as shared frozen objects (actions are data, never written).
 */
export function readAction(x: unknown): Action | null {
  if (typeof x !== 'object' || x === null) return null
  const a = x as Record<string, unknown>
  switch (a.type) {
    case 'draw':
      if (a.from !== 'deck' && a.from !== 'discard' && a.from !== 'saved') return null
      if (a.card !== undefined && !isHand(a.card)) return null
      if (a.card !== undefined) return { type: 'draw', from: a.from, card: a.card }
      return a.from === 'deck' ? DRAW_DECK : a.from === 'discard' ? DRAW_DISCARD : DRAW_SAVED
    case 'layDown':
      return readLayDown(a.groups)
    case 'hit': {
      const i = laidIndex(a.card)
      const t = a.target as Record<string, unknown> | null
      if (i < 0 || typeof t !== 'object' || t === null || !isInt(t.seat, 0, 5) || !isInt(t.group, 0, 7)) return null
      return { type: 'hit', card: LAID_CODES[i], target: { seat: t.seat, group: t.group } }
    }
    case 'discard': {
      const i = cardIndex(a.card)
      return i < 0 ? null : DISCARDS[i]
    }
    case 'save':
      if (!isHand(a.card)) return null
      return { type: a.type, card: a.card }
    case 'skip':
      if (a.card !== 'S') return null
      if (a.target !== undefined && !isInt(a.target, 0, 5)) return null
      return skipAction(a.target)
    case 'choosePhase':
      if (!isInt(a.phase, 1, 99)) return null
      return { type: 'choosePhase', phase: a.phase }
    case 'nextHand':
      return NEXT_HAND
    case 'leave':
      return LEAVE
    default:
      return null
  }
}

/**
 * A lay-down's groups, copied (never the caller's arrays) with each card as its shared code string (`LAID_CODES`:
 * the engine's card comparisons are then pointer comparisons); `null` unless 1-8 groups of 1-24 card codes.
 */
function readLayDown(groups: unknown): Action | null {
  if (!Array.isArray(groups) || groups.length < 1 || groups.length > 8) return null
  const out: LaidCard[][] = new Array(groups.length)
  for (let k = 0; k < groups.length; k++) {
    const g: unknown = groups[k]
    if (!Array.isArray(g) || g.length < 1 || g.length > 24) return null
    const cards: LaidCard[] = new Array(g.length)
    for (let j = 0; j < g.length; j++) {
      const i = laidIndex(g[j]) // -1 also for a hole in a sparse array
      if (i < 0) return null
      cards[j] = LAID_CODES[i]
    }
    out[k] = cards
  }
  return { type: 'layDown', groups: out }
}

export function assertNever(x: never): never {
  throw new Error(`unexpected: ${JSON.stringify(x)}`)
}
