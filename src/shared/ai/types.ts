/**
 * What a bot may know (RULES.md section 11): exactly what a human in its seat sees. A bot is given its
 * seat's `GameView` and the game's public history (the events as that seat saw them: deck and Save Pile
 * draws carry no card), never a `GameState`. Anything it remembers (`BotMemory`) is derived from those
 * two alone.
 */
import type { CardCode } from '../engine/cards'
import type { GameEvent } from '../engine/actions'
import type { GameView } from '../engine/views'

/** Expert is its own refinement of Hard's style (expert-style.ts) plus a search of its discards in sampled worlds (expert.ts, sampler.ts). */
export type BotLevel = 'easy' | 'medium' | 'hard' | 'expert'
/** Weakest first (the ladder plays each level against the ones below it). */
export const BOT_LEVELS: readonly BotLevel[] = ['easy', 'medium', 'hard', 'expert']

/** The input of one decision. */
export interface BotContext {
  level: BotLevel
  /** This seat's view (`viewFor(state, seat)`); its `seat` is the bot's seat. */
  view: GameView
  /**
   * Public events so far, oldest first, as this seat saw them (`publicEventFor`): at least those of the
   * current hand; the whole game is fine. May be the same growing array on every call.
   */
  history: readonly GameEvent[]
  /**
   * The bot's own randomness (Easy's mistakes, Expert's sampled worlds), not the game's: with the same salt,
   * view and history a bot decides the same. Any string, e.g. the seat's name.
   */
  salt: string
  /** Optional incremental memory (`newMemory()`); when given, it must be kept for one seat and one game. */
  memory?: BotMemory
}

/** What one opponent revealed this hand, read from public events only. */
export interface OpponentNotes {
  /** Cards taken from the discard pile and not yet seen again (discarded, laid down or hit): in their hand. */
  holding: CardCode[]
  /** Numbers / colours of every discard-pile pickup this hand (what they collect). */
  tookNumbers: number[]
  tookColours: string[]
  /** Numbers of cards they discarded this hand (what they do not collect). */
  discardedNumbers: number[]
  /** Numbers they passed by: the discard pile's top when they drew from the deck instead (what they do not need). */
  passedNumbers: number[]
  /**
   * The discard pile's top they passed by on their last draw (drew from the deck instead), a number card or a Wild;
   * `null` when their last draw took the discard pile or a Save Pile, or the top could not be taken (a Skip, none).
   * Hard and Medium, not down, take the top whenever it brings their phase closer, so the hand they held then was
   * not helped by it.
   */
  lastPassed: CardCode | null
  /**
   * The card they ended their last turn with (discarded), `null` before their first discard this hand, after a
   * Skip and from their next draw on: until they draw again their hand is exactly the one they kept then.
   */
  lastDiscard: CardCode | null
  /** Whether they were down when they discarded `lastDiscard`. */
  lastDiscardDown: boolean
  /** Turns they have had this hand (their draws): a player who has had a turn and is not down could not lay down then. */
  turns: number
  /** Whether they have laid their phase down this hand. */
  down: boolean
  /**
   * The seats that were down when they last discarded (themselves included): once down, they could have hit any
   * card that fit those seats' groups then, so the cards they kept mostly do not.
   */
  sawDown: number[]
}

/** A bot's memory: public facts of the current hand, built from the history (`observe`). */
export interface BotMemory {
  /** How many history events have been read. */
  read: number
  /** The hand these notes are about. */
  handNumber: number
  /** Per seat. */
  opponents: OpponentNotes[]
  /** Times the draw pile was reshuffled this hand (public `reshuffled` events): a long, stalled hand. */
  reshuffles: number
  /**
   * The discard pile as the events built it this hand, oldest first (the upcard, discards and Skips played, less
   * what was taken): its top is what a player drawing from the deck passed by.
   */
  pile: CardCode[]
}
