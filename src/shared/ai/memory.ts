/**
 * A bot's memory of the current hand, derived only from public events (RULES.md section 11): which cards
 * each player took from the discard pile (still in their hand until seen again), and what they collect or
 * throw away. Deck and Save Pile draws are secret, so they add nothing here.
 */
import { parseCard, type CardCode } from '../engine/cards'
import type { GameEvent } from '../engine/actions'
import { handCardOf } from '../engine/groups'
import type { GameView } from '../engine/views'
import type { BotMemory, OpponentNotes } from './types'

/**
 * The event as `seat` may see it: a card drawn from the deck or a Save Pile is secret to its drawer
 * (the engine's events already omit it; this keeps a host honest if that ever changes).
 */
export function publicEventFor(event: GameEvent, seat: number | null): GameEvent {
  if (event.type === 'drew' && event.from !== 'discard' && event.card !== undefined) {
    const { card: _secret, ...rest } = event
    void _secret
    return seat === event.seat ? event : rest
  }
  return event
}

function emptyNotes(): OpponentNotes {
  return { holding: [], tookNumbers: [], tookColours: [], discardedNumbers: [], passedNumbers: [], lastPassed: null, lastDiscard: null, lastDiscardDown: false, turns: 0, down: false, sawDown: [] }
}

export function newMemory(): BotMemory {
  return { read: 0, handNumber: 0, opponents: [], reshuffles: 0, pile: [] }
}

function removeOne(cards: CardCode[], card: CardCode): void {
  const i = cards.indexOf(card)
  if (i >= 0) cards.splice(i, 1)
}

function removeLast(cards: CardCode[], card: CardCode): void {
  const i = cards.lastIndexOf(card)
  if (i >= 0) cards.splice(i, 1)
}

function reset(memory: BotMemory, handNumber: number, seats: number): void {
  memory.handNumber = handNumber
  memory.opponents = Array.from({ length: seats }, emptyNotes)
  memory.reshuffles = 0
  memory.pile = []
}

function note(memory: BotMemory, e: GameEvent): void {
  switch (e.type) {
    case 'handDealt':
      reset(memory, e.handNumber, memory.opponents.length)
      if (e.upcard) memory.pile.push(e.upcard)
      return
    case 'reshuffled':
      memory.reshuffles++
      memory.pile = memory.pile.slice(-1)
      return
    case 'skipPlayed':
      // Where the Skip waits with its target instead (an option), the pile's top is one card off until the next
      // discard: a pass missed or misread then, never a card wrongly placed.
      memory.pile.push('S')
      return
    case 'drew': {
      const o = memory.opponents[e.seat]
      if (o) {
        o.turns++
        o.lastDiscard = null
      }
      if (e.from === 'deck') {
        const code = memory.pile[memory.pile.length - 1]
        const top = parseCard(code)
        if (o && top?.kind === 'number') o.passedNumbers.push(top.number)
        if (o) o.lastPassed = top?.kind === 'number' || top?.kind === 'wild' ? code : null
        return
      }
      if (o) o.lastPassed = null
      if (e.from !== 'discard' || e.card === undefined) return
      removeLast(memory.pile, e.card)
      if (!o) return
      o.holding.push(e.card)
      const c = parseCard(e.card)
      if (c?.kind === 'number') {
        o.tookNumbers.push(c.number)
        o.tookColours.push(c.colour)
      }
      return
    }
    case 'discarded': {
      memory.pile.push(e.card)
      const o = memory.opponents[e.seat]
      if (!o) return
      removeOne(o.holding, e.card)
      o.lastDiscard = e.card
      o.lastDiscardDown = o.down
      const c = parseCard(e.card)
      if (c?.kind === 'number') o.discardedNumbers.push(c.number)
      o.sawDown = memory.opponents.flatMap((x, s) => (x.down ? [s] : []))
      return
    }
    case 'laidDown': {
      const o = memory.opponents[e.seat]
      if (!o) return
      o.down = true
      for (const g of e.groups) for (const code of g.cards) removeOne(o.holding, handCardOf(code))
      return
    }
    case 'hit': {
      const o = memory.opponents[e.seat]
      if (o) removeOne(o.holding, handCardOf(e.card))
      return
    }
    default:
      return
  }
}

/** Index just after the last `handDealt` event (0 for the first hand, which has none). */
function handStart(history: readonly GameEvent[]): number {
  for (let i = history.length - 1; i >= 0; i--) if (history[i].type === 'handDealt') return i
  return 0
}

/**
 * Brings `memory` up to date with `history` (append-only, as `BotContext.history` promises) for the hand
 * in `view`. Rebuilds from the current hand's start when the history is not the one read before.
 */
export function observe(memory: BotMemory, view: GameView, history: readonly GameEvent[]): BotMemory {
  const seats = view.players.length
  if (memory.opponents.length !== seats || history.length < memory.read) {
    reset(memory, view.handNumber, seats)
    memory.read = handStart(history)
  }
  for (; memory.read < history.length; memory.read++) note(memory, history[memory.read])
  if (memory.handNumber !== view.handNumber) {
    // The history did not tell us where this hand began (e.g. only part of it was given): start afresh.
    reset(memory, view.handNumber, seats)
    for (let i = handStart(history); i < history.length; i++) note(memory, history[i])
    memory.handNumber = view.handNumber
  }
  return memory
}
