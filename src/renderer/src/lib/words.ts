/**
 * Plain words for what happened (the game log, the screen-reader announcements) and for what went wrong
 * (toasts). Error codes never reach the player: every code maps to a sentence, unknown ones to a generic one.
 */
import type { GameEvent } from '@shared/engine/actions'
import { cardName } from './cards'

/**
 * A name inside a sentence, bidi-isolated (FSI … PDI, Unicode's plain-text <bdi>): a right-to-left name
 * must not reorder the words around it. (The host strips every bidi control from names themselves.)
 */
export const isolate = (name: string) => `\u2068${name}\u2069`

export function describeEvent(event: GameEvent, names: readonly string[], mySeat: number | null): string | null {
  const who = (seat: number) => (seat === mySeat ? 'You' : isolate(names[seat] ?? `Seat ${seat + 1}`))
  const s = (seat: number, you: string, other: string) => (seat === mySeat ? you : other)
  switch (event.type) {
    case 'handDealt':
      // "You dealt hand 1", never "dealt by You": the sentence starts with whoever dealt.
      return `${who(event.dealer)} dealt hand ${event.handNumber}${event.upcard ? `; the upcard is ${cardName(event.upcard)}` : ''}.`
    case 'phaseChosen':
      return `${who(event.seat)} chose Phase ${event.phase}.`
    case 'drew':
      if (event.from === 'discard') return `${who(event.seat)} picked up ${event.card ? cardName(event.card) : 'the discard'}.`
      if (event.from === 'saved') return `${who(event.seat)} took a card from ${s(event.seat, 'your', 'their')} Save Pile.`
      return `${who(event.seat)} drew from the pile.`
    case 'reshuffled':
      return `The discard pile was shuffled into a new draw pile (${event.count} cards).`
    case 'laidDown':
      return `${who(event.seat)} laid down Phase ${event.phase}!`
    case 'hit': {
      const t = event.target.seat
      const owner = t === event.seat ? s(t, 'your own', 'their own') : t === mySeat ? 'your' : `${who(t)}'s`
      return `${who(event.seat)} hit ${cardName(event.card)} on ${owner} phase.`
    }
    case 'discarded':
      return `${who(event.seat)} discarded ${cardName(event.card)}.`
    case 'skipPlayed':
      return event.target === null ? `${who(event.seat)} played a Skip with no one to skip.` : `${who(event.seat)} skipped ${event.target === mySeat ? 'you' : who(event.target)}.`
    case 'turnSkipped':
      return `${who(event.seat)} ${s(event.seat, 'lose', 'loses')} a turn to a Skip.`
    case 'saved':
      return `${who(event.seat)} saved a card.`
    case 'wentOut':
      return `${who(event.seat)} went out!`
    case 'handEnded':
      return event.wentOut === null ? `Hand ${event.handNumber} ended: the draw pile ran out.` : `Hand ${event.handNumber} is over.`
    case 'tieBreak':
      return `A tie! ${event.seats.map(who).join(' and ')} play a tie-break hand.`
    case 'gameEnded':
      return `${who(event.winner)} ${s(event.winner, 'win', 'wins')} the game!`
    case 'playerLeft':
      return `${who(event.seat)} ${s(event.seat, 'leave', 'leaves')} the game.`
  }
}

const ERROR_WORDS: Record<string, string> = {
  // engine (src/shared/engine/actions.ts)
  BAD_ACTION: 'That move could not be understood.',
  GAME_OVER: 'The game is already over.',
  HAND_OVER: 'This hand is over — deal the next one.',
  NOT_YOUR_TURN: 'Wait for your turn.',
  CANNOT_LEAVE: 'That player cannot leave the game now.',
  MUST_DRAW: 'Draw a card first.',
  ALREADY_DREW: 'You have already drawn this turn.',
  SKIP_FROM_DISCARD: 'A Skip can never be picked up from the discard pile.',
  NOT_IN_HAND: 'That card is not in your hand any more.',
  INVALID_PHASE: 'Those cards do not make your phase.',
  PHASE_ALREADY_MADE: 'You have already laid down your phase this hand.',
  PHASE_NOT_MADE: 'Lay down your own phase before hitting.',
  INVALID_HIT: 'That card does not fit there.',
  INVALID_TARGET: 'That player cannot be skipped.',
  SAVE_NOT_ALLOWED: 'You cannot save a card now.',
  HAND_NOT_OVER: 'The hand is still being played.',
  MUST_CHOOSE_PHASE: 'Everyone chooses a phase before play starts.',
  NOT_CHOOSING: 'Phases are chosen only at the start of a hand.',
  EMPTY_DISCARD: 'The discard pile is empty.',
  // transport / host (src/shared/api)
  BAD_REQUEST: 'The game did not understand that request.',
  FORBIDDEN: 'Only the host can do that.',
  DISCONNECTED: 'Lost the connection to the table. Reconnecting…',
  INTERNAL: 'Something went wrong on the host. Please try again.',
  STALE: 'The table moved on before your move arrived — have another look.',
  STALE_VERSION: 'The table moved on before your move arrived — have another look.',
  VERSION_MISMATCH: 'The table moved on before your move arrived — have another look.',
  NO_TABLE: 'There is no game open.',
  NOT_HOST: 'Only the host can do that.',
  NOT_SEATED: 'You are watching this table, not playing at it.',
  RULES: 'That move is not allowed right now.',
  PROTOCOL_VERSION: 'That host runs a different version of Phase 10. Update both to the same version.',
  RATE_LIMITED: 'Slow down a little, then try again.',
  TABLE_FULL: 'That table is full.',
  BAD_TOKEN: 'That invitation is not valid any more.',
  WRONG_STATUS: 'That is not possible at this point of the game.',
  PAUSED: 'The game is paused while a player reconnects.',
}

/** A sentence for any failure; `RULES` refusals are explained by the engine's own code. */
export function friendlyError(error: { code?: string; message?: string; detail?: { engineCode?: string } } | null | undefined): string {
  const code = error?.code === 'RULES' && error.detail?.engineCode ? error.detail.engineCode : (error?.code ?? '')
  return ERROR_WORDS[code] ?? 'Something went wrong. Please try again.'
}

/** A hint split into text and keyboard shortcuts: `"Draw (D)."` → text `Draw `, key `D`, text `.` */
export interface HintPart {
  text: string
  key?: string
}

/**
 * Splits a hint's `(X)` shortcut marks (one letter or digit, or `Enter`) out of its text, so the table can show
 * them as keys on a desktop and hide them on a touch screen, where no keyboard is at hand.
 */
export function hintParts(hint: string): HintPart[] {
  const parts: HintPart[] = []
  let at = 0
  for (const m of hint.matchAll(/ ?\(([A-Z0-9]|Enter)\)/g)) {
    if (m.index > at) parts.push({ text: hint.slice(at, m.index) })
    parts.push({ text: m[0], key: m[1] })
    at = m.index + m[0].length
  }
  if (at < hint.length) parts.push({ text: hint.slice(at) })
  return parts
}
