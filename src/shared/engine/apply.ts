/**
 * The reducer: `apply(state, seat, action)` → new state + events, or an error value (RULES.md sections 2-9,
 * error codes and precedence per scenario-format.md). Never mutates its input: a rejected action leaves the
 * state exactly as it was. Only what changes is copied (arrays and player records on the changed path).
 */
import { CARD_CODES, cardIndex, SKIP, type CardCode } from './cards'
import { assertNever, fail, readAction, type Action, type ApplyResult, type GameEvent } from './actions'
import { applyHit, handCardOf, makePhase, type LaidGroup } from './groups'
import { shuffleWithState } from './rng'
import { dealNextHand, endHand } from './scoring'
import { isHandStuck } from './stuck'
import { activePhaseOf, appendLog, appendLogInPlace, copyPlayer, copyState, inHand, MAX_PLAYERS, nextSeat, openingTurn, skipBlockOf, skipWaitsWithTarget, type GameState, type PlayerState, type SkipBlock } from './state'

export type { ApplyResult } from './actions'

type Result = ApplyResult<GameState>

export function apply(state: GameState, seat: number, rawAction: unknown): Result {
  return run(state, seat, rawAction)
}

/**
 * `apply` for a caller that owns `state` and drops it for the result, as a simulation's game loop does: the
 * hot paths (draws, discards, Skips, hits) update the state's own hand and discard arrays and player records
 * instead of copying them, and the result's state is often the same object. The rules, checks, errors and
 * events are `apply`'s own (the same handlers run); a rejected action still changes nothing.
 *
 * `state` must be owned: made by `newGame`, `ownedCopy` or an earlier `applyInPlace`, and not shared with a
 * state anyone still reads (a state from `apply` shares arrays with its predecessor: pass it through
 * `ownedCopy` first). After the call, use only the returned state. The result object and its `events` list
 * are reused: read them before the next `applyInPlace` or `apply` call.
 */
export function applyInPlace(state: GameState, seat: number, rawAction: unknown): Result {
  inPlace = true
  try {
    return run(state, seat, rawAction)
  } finally {
    inPlace = false
  }
}

/**
 * A copy of `state` that `applyInPlace` may own: its own player records, hands, Save Piles, completed lists and
 * discard pile. (The draw pile is never written, and laid groups are read-only, so those stay shared.)
 */
export function ownedCopy(state: GameState): GameState {
  const next = copyState(state)
  next.players = state.players.map((p) => {
    const q = copyPlayer(p)
    q.hand = p.hand.slice()
    q.saved = p.saved.slice()
    q.completed = p.completed.slice()
    return q
  })
  next.discard = state.discard.slice()
  if (state.log) next.log = { chunks: state.log.chunks.slice(), tail: state.log.tail }
  return next
}

/** Set only while `applyInPlace` runs (apply never re-enters itself, and is synchronous). */
let inPlace = false

function run(state: GameState, seat: number, rawAction: unknown): Result {
  const action = readAction(rawAction)
  if (!action) return fail('BAD_ACTION', 'the action cannot be read')
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= state.players.length)
    return fail('BAD_ACTION', `no seat ${String(seat)}`)
  if (state.stage === 'gameOver') return fail('GAME_OVER', 'the game is over')
  // Handlers push into a reused scratch array; the result gets an exact copy (most actions have one event,
  // and a fresh [] would grow a 16-slot backing store on its first push). apply never re-enters itself.
  const events = eventScratch
  while (events.length > 0) events.pop() // cheaper than `length = 0`, a runtime call
  let next: GameState | Result
  if (action.type === 'nextHand') {
    if (state.stage !== 'handOver') return fail('HAND_NOT_OVER', 'the hand is still being played')
    next = dealNextHand(state, events) // a fresh state object (startHand copies)
  } else if (action.type === 'leave') {
    next = leave(state, seat, events)
  } else {
    if (state.stage === 'handOver') return fail('HAND_OVER', 'the hand is over: deal the next one')
    if (seat !== state.turn) return fail('NOT_YOUR_TURN', `it is seat ${state.turn}'s turn`)
    if (state.stage === 'choosePhase' && action.type !== 'choosePhase')
      return fail('MUST_CHOOSE_PHASE', 'every player chooses a phase before play starts')
    // The handlers write top-level fields of this fresh shallow copy only; nested arrays and player records
    // are replaced, never written, so the input state is untouched (and an error simply drops the draft).
    // In place (applyInPlace), the draft is the state itself: every handler checks all before it writes.
    next = play(inPlace ? state : copyState(state), seat, action, events)
  }
  if ('ok' in next) return next
  next.version = state.version + 1
  if (inPlace) {
    // The log too is owned: appended in place (`ownedCopy` copies its top). The result is reused (see applyInPlace).
    if (next.log) appendLogInPlace(next.log, seat, action)
    inPlaceResult.state = next
    return inPlaceResult
  }
  if (state.log) next.log = appendLog(state.log, seat, action)
  return { ok: true, state: next, events: events.length === 1 ? [events[0]] : events.slice() }
}

/** `applyInPlace`'s one result: its state is set per call, its events are the scratch list itself. */
const inPlaceResult: { ok: true; state: GameState; events: GameEvent[] } = { ok: true, state: null as unknown as GameState, events: [] }

const eventScratch: GameEvent[] = inPlaceResult.events

// The two commonest events as shared frozen objects (events are data, never written): per seat, and per seat
// and card. Built once; a draw or discard then allocates no event.
const DREW_FROM_DECK: readonly GameEvent[] = Array.from({ length: MAX_PLAYERS }, (_, seat) => Object.freeze({ type: 'drew', seat, from: 'deck' }))
const DISCARDED: readonly (readonly GameEvent[])[] = Array.from({ length: MAX_PLAYERS }, (_, seat) =>
  CARD_CODES.map((card) => Object.freeze({ type: 'discarded', seat, card })),
)
function discardedEvent(seat: number, card: CardCode): GameEvent {
  return DISCARDED[seat][cardIndex(card)]
}

function play(state: GameState, seat: number, action: Exclude<Action, { type: 'nextHand' } | { type: 'leave' }>, events: GameEvent[]): GameState | Result {
  switch (action.type) {
    case 'choosePhase':
      return choosePhase(state, seat, action.phase, events)
    case 'draw':
      return draw(state, seat, action, events)
    case 'layDown':
      return layDown(state, seat, action.groups, events)
    case 'hit':
      return hit(state, seat, action, events)
    case 'discard':
      if (action.card === SKIP) return skip(state, seat, undefined, events)
      return discard(state, seat, action.card, events)
    case 'skip':
      return skip(state, seat, action.target, events)
    case 'save':
      return save(state, seat, action.card, events)
    default:
      return assertNever(action)
  }
}

/**
 * Between hands, a seat's player leaves the game for good [decision: RULES.md has no rule for it]. From the
 * next deal they get no cards and no turns, cannot be skipped or hit, and cannot win; their score stays.
 */
function leave(state: GameState, seat: number, events: GameEvent[]): GameState | Result {
  if (state.stage !== 'handOver') return fail('HAND_NOT_OVER', 'a player leaves between hands')
  const players = state.players
  if (players[seat].left) return fail('CANNOT_LEAVE', `seat ${seat} has already left`)
  if (state.tieBreak?.includes(seat)) return fail('CANNOT_LEAVE', `seat ${seat} plays the tie-break hand`)
  let staying = 0
  for (let s = 0; s < players.length; s++) if (s !== seat && !players[s].left) staying++
  if (staying < 2) return fail('CANNOT_LEAVE', 'a game needs at least 2 players')
  const next = copyState(state)
  next.players = players.slice()
  next.players[seat] = { ...copyPlayer(players[seat]), left: true }
  events.push({ type: 'playerLeft', seat })
  return next
}

/** The players array with one record replaced (a copy: the draft's old array may be the input's). */
function withPlayer(state: GameState, seat: number, patch: Pick<Partial<PlayerState>, 'hand' | 'saved' | 'laidDown' | 'activePhase' | 'pendingSkip' | 'lostTurn' | 'savedThisHand'>): PlayerState[] {
  const players = state.players.slice()
  const p = copyPlayer(players[seat])
  if (patch.hand !== undefined) p.hand = patch.hand
  if (patch.saved !== undefined) p.saved = patch.saved
  if (patch.laidDown !== undefined) p.laidDown = patch.laidDown
  if (patch.activePhase !== undefined) p.activePhase = patch.activePhase
  if (patch.pendingSkip !== undefined) p.pendingSkip = patch.pendingSkip
  if (patch.lostTurn !== undefined) p.lostTurn = patch.lostTurn
  if (patch.savedThisHand !== undefined) p.savedThisHand = patch.savedThisHand
  players[seat] = p
  return players
}

/** The players array with seat's hand replaced (a copy of the array and of that record only). */
function withHand(players: readonly PlayerState[], seat: number, hand: CardCode[]): PlayerState[] {
  const out = players.slice()
  const p = copyPlayer(players[seat])
  p.hand = hand
  out[seat] = p
  return out
}

// Hand and discard pile updates of the hot paths: copy-on-write for `apply`, in place for `applyInPlace`.

/** Adds `card` to seat's hand. */
function addToHand(state: GameState, seat: number, card: CardCode): void {
  if (inPlace) state.players[seat].hand.push(card)
  else state.players = withHand(state.players, seat, appended(state.players[seat].hand, card))
}

/** Removes seat's hand card at `i` (a `slotOf`); returns how many cards the hand has left. */
function removeFromHand(state: GameState, seat: number, i: number): number {
  const hand = state.players[seat].hand
  const n = hand.length - 1
  if (inPlace) {
    for (let j = i; j < n; j++) hand[j] = hand[j + 1]
    hand.pop()
  } else {
    const out: CardCode[] = new Array(n)
    for (let j = 0; j < i; j++) out[j] = hand[j]
    for (let j = i; j < n; j++) out[j] = hand[j + 1]
    state.players = withHand(state.players, seat, out)
  }
  return n
}

/** Puts `card` on top of the discard pile. */
function pushDiscard(state: GameState, card: CardCode): void {
  if (inPlace) state.discard.push(card)
  else state.discard = appended(state.discard, card)
}

/** Sets seat's Skip flags (section 4): a Skip pending against them, and whether their last turn was lost. */
function setSkipFlags(state: GameState, seat: number, pendingSkip: boolean, lostTurn: boolean): void {
  if (inPlace) {
    state.players[seat].pendingSkip = pendingSkip
    state.players[seat].lostTurn = lostTurn
  } else state.players = withPlayer(state, seat, { pendingSkip, lostTurn })
}

/** Where `without` would take `card` from `cards` (its last copy); -1 when it is not there. */
function slotOf(cards: readonly CardCode[], card: CardCode): number {
  let i = cards.length - 1
  while (i >= 0 && cards[i] !== card) i--
  return i
}

/** `cards` plus `card` on top (a new array). */
function appended(cards: readonly CardCode[], card: CardCode): CardCode[] {
  const n = cards.length
  const out: CardCode[] = new Array(n + 1)
  for (let i = 0; i < n; i++) out[i] = cards[i]
  out[n] = card
  return out
}

/** Removes one `card` from `hand` (its last copy); `null` when it is not there. */
function without(hand: readonly CardCode[], card: CardCode): CardCode[] | null {
  const i = slotOf(hand, card)
  if (i < 0) return null
  const out: CardCode[] = new Array(hand.length - 1)
  for (let j = 0; j < i; j++) out[j] = hand[j]
  for (let j = i + 1; j < hand.length; j++) out[j - 1] = hand[j]
  return out
}

/**
 * [decision, docs/engine.md] A hand no one can ever go out of ends at once with no one going out, scored as
 * usual — like RULES.md section 7's "no card left to draw". Only a lay-down or a hit moves cards onto the table
 * or changes a group, so only they can make a hand stuck, and only they check.
 */
function endIfStuck(state: GameState, events: GameEvent[]): GameState {
  return isHandStuck(state) ? endHand(state, null, events) : state
}

/** Section 9: each player, from the dealer's left, publicly chooses an uncompleted phase. */
function choosePhase(state: GameState, seat: number, phase: number, events: GameEvent[]): GameState | Result {
  if (state.stage !== 'choosePhase') return fail('NOT_CHOOSING', 'phases are chosen only before play starts')
  const p = state.players[seat]
  if (!state.phases.some((ph) => ph.number === phase)) return fail('INVALID_PHASE', `there is no phase ${phase}`)
  const allDone = state.phases.every((ph) => p.completed.includes(ph.number))
  if (p.completed.includes(phase) && !allDone) return fail('INVALID_PHASE', `phase ${phase} is already completed`)
  events.push({ type: 'phaseChosen', seat, phase })
  state.players = withPlayer(state, seat, { activePhase: phase })
  const first = nextSeat(state, state.dealer)
  const chooser = nextSeat(state, seat)
  if (chooser !== first) {
    state.turn = chooser
    return state
  }
  // Play starts when all have chosen; an upcard Skip costs the first player's first turn (section 2).
  const turn = openingTurn(state, first)
  if (turn !== first) {
    events.push({ type: 'turnSkipped', seat: first })
    setSkipFlags(state, first, false, true)
  }
  state.stage = 'draw'
  state.turn = turn
  return state
}

function draw(state: GameState, seat: number, action: Extract<Action, { type: 'draw' }>, events: GameEvent[]): GameState | Result {
  if (state.stage !== 'draw') return fail('ALREADY_DREW', 'you have already drawn this turn')
  const p = state.players[seat]
  switch (action.from) {
    case 'deck': {
      const s = state
      if (s.drawCount === 0) {
        // Section 7: reshuffle the discard pile except its top card with the game RNG.
        const below = s.discard.slice(0, -1)
        if (below.length === 0) {
          events.push(DREW_FROM_DECK[seat])
          return endHand(s, null, events)
        }
        s.rng = shuffleWithState(below, s.rng)
        events.push({ type: 'reshuffled', count: below.length })
        s.drawPile = below
        s.drawCount = below.length
        s.discard = s.discard.slice(-1)
      }
      const card = s.drawPile[s.drawCount - 1]
      events.push(DREW_FROM_DECK[seat])
      s.drawCount--
      s.stage = 'play'
      addToHand(s, seat, card)
      return s
    }
    case 'discard': {
      const top = state.discard[state.discard.length - 1]
      if (top === undefined) return fail('EMPTY_DISCARD', 'the discard pile is empty')
      if (top === SKIP) return fail('SKIP_FROM_DISCARD', 'a Skip can never be taken from the discard pile')
      events.push({ type: 'drew', seat, from: 'discard', card: top })
      if (inPlace) state.discard.pop()
      else state.discard = state.discard.slice(0, -1)
      state.stage = 'play'
      addToHand(state, seat, top)
      return state
    }
    case 'saved': {
      if (state.rules.edition !== 'masters') return fail('SAVE_NOT_ALLOWED', 'Save Piles are a Masters rule')
      if (action.card === undefined) return fail('BAD_ACTION', 'name the saved card to take')
      const saved = without(p.saved, action.card)
      if (!saved) return fail('NOT_IN_HAND', `${action.card} is not in your Save Pile`)
      events.push({ type: 'drew', seat, from: 'saved' })
      state.stage = 'play'
      state.players = withPlayer(state, seat, { saved, hand: [...p.hand, action.card] })
      return state
    }
    default:
      return assertNever(action.from)
  }
}

function layDown(state: GameState, seat: number, groups: string[][], events: GameEvent[]): GameState | Result {
  if (state.stage !== 'play') return fail('MUST_DRAW', 'draw first')
  const p = state.players[seat]
  if (p.laidDown) return fail('PHASE_ALREADY_MADE', 'you have made your phase this hand')
  const phase = activePhaseOf(state, p)
  if (!phase) return fail('INVALID_PHASE', 'you have no phase to make')
  // One copy, cards taken out in place (each the last of its code, as `without` does; plain loops, as
  // lastIndexOf and splice are slow builtin calls here).
  const hand = p.hand.slice()
  let left = hand.length
  for (const g of groups)
    for (const c of g) {
      const want = handCardOf(c)
      let i = left - 1
      while (i >= 0 && hand[i] !== want) i--
      if (i < 0) return fail('NOT_IN_HAND', 'those cards are not all in your hand')
      for (let j = i + 1; j < left; j++) hand[j - 1] = hand[j]
      left--
    }
  while (hand.length > left) hand.pop() // (setting length is a slow runtime call)
  const laid = makePhase(groups, phase, state.rules.wildsNeedNaturalPerGroup)
  if (!laid) return fail('INVALID_PHASE', `those groups do not make phase ${phase.number}`)
  if (hand.length === 0 && state.rules.mustDiscardToGoOut)
    return fail('INVALID_PHASE', 'going out needs a final discard (mustDiscardToGoOut)')
  events.push({ type: 'laidDown', seat, phase: phase.number, groups: laid })
  state.laidThisTurn = true
  if (inPlace) {
    state.players[seat].hand = hand
    state.players[seat].laidDown = laid
  } else state.players = withPlayer(state, seat, { hand, laidDown: laid })
  return hand.length === 0 ? goOut(state, seat, events) : endIfStuck(state, events)
}

function hit(state: GameState, seat: number, action: Extract<Action, { type: 'hit' }>, events: GameEvent[]): GameState | Result {
  if (state.stage !== 'play') return fail('MUST_DRAW', 'draw first')
  const p = state.players[seat]
  if (!p.laidDown) return fail('PHASE_NOT_MADE', 'you may hit only once your own phase is down')
  if (state.laidThisTurn && !state.rules.hitOnLayDownTurn)
    return fail('INVALID_HIT', 'hits start from your next turn (hitOnLayDownTurn off)')
  const slot = slotOf(p.hand, handCardOf(action.card))
  if (slot < 0) return fail('NOT_IN_HAND', `${handCardOf(action.card)} is not in your hand`)
  const left = p.hand.length - 1
  const { seat: ts, group: gi } = action.target
  const target = ts < state.players.length && inHand(state, ts) ? state.players[ts].laidDown : null
  if (!target || gi >= target.length) return fail('INVALID_HIT', 'there is no such laid-down group')
  const group = applyHit(target[gi], action.card)
  if (!group) return fail('INVALID_HIT', `${action.card} does not fit that group`)
  if (left === 0 && state.rules.mustDiscardToGoOut)
    return fail('INVALID_HIT', 'going out needs a final discard (mustDiscardToGoOut)')
  // A new array with the new group: laid groups (and their arrays) are never written once on the table, as
  // their read-only type says, so states and views share them. (Freezing them cost 5-9 % of games/s.)
  const laid: LaidGroup[] = new Array(target.length)
  for (let i = 0; i < target.length; i++) laid[i] = i === gi ? group : target[i]
  if (!inPlace) {
    state.players = state.players.slice()
    state.players[ts] = copyPlayer(state.players[ts])
  }
  state.players[ts].laidDown = laid
  removeFromHand(state, seat, slot)
  const old = target[gi]
  const placed = group.kind === 'run' && old.kind === 'run' && group.low < old.low ? group.cards[0] : group.cards[group.cards.length - 1]
  events.push({ type: 'hit', seat, card: placed, target: { seat: ts, group: gi } })
  return left === 0 ? goOut(state, seat, events) : endIfStuck(state, events)
}

function discard(state: GameState, seat: number, card: CardCode, events: GameEvent[]): GameState | Result {
  if (state.stage !== 'play') return fail('MUST_DRAW', 'draw first')
  const slot = slotOf(state.players[seat].hand, card)
  if (slot < 0) return fail('NOT_IN_HAND', `${card} is not in your hand`)
  events.push(discardedEvent(seat, card))
  pushDiscard(state, card)
  const left = removeFromHand(state, seat, slot)
  return left === 0 ? goOut(state, seat, events) : endTurn(state, seat, events)
}

/**
 * Section 4: a Skip is the discard and costs another player their next turn. It goes onto the discard pile at
 * once (never takeable), or under `skipLands: target` waits in front of its target until their turn. Who may be
 * targeted is `skipBlockOf`'s rule; with nobody to target it is discarded with no effect.
 */
function skip(state: GameState, seat: number, target: number | undefined, events: GameEvent[]): GameState | Result {
  if (state.stage !== 'play') return fail('MUST_DRAW', 'draw first')
  const slot = slotOf(state.players[seat].hand, SKIP)
  if (slot < 0) return fail('NOT_IN_HAND', 'you hold no Skip')
  const left = state.players[seat].hand.length - 1
  const players = state.players
  const nxt = nextSeat(state, seat)
  const block = (s: number) => skipBlockOf(state.rules, seat, s, players[s], inHand(state, s), s === nxt)
  let victim: number | null
  if (left === 0) {
    victim = null // going out with a Skip: the hand ends, so it has no effect
  } else if (state.rules.skipTarget === 'next') {
    if (target !== undefined && target !== nxt) return fail('INVALID_TARGET', SKIP_BLOCK_REASONS.notNext(target))
    victim = block(nxt) === null ? nxt : null // the next player protected: no target, no effect
  } else if (target !== undefined) {
    if (target >= players.length) return fail('INVALID_TARGET', `there is no seat ${target}`)
    const why = block(target)
    if (why !== null) return fail('INVALID_TARGET', SKIP_BLOCK_REASONS[why](target))
    victim = target
  } else {
    for (let s = 0; s < players.length; s++) if (block(s) === null) return fail('INVALID_TARGET', 'name the player to skip')
    victim = null // nobody may be skipped now: no target, no effect
  }
  events.push({ type: 'skipPlayed', seat, target: victim })
  removeFromHand(state, seat, slot)
  if (victim !== null) setSkipFlags(state, victim, true, players[victim].lostTurn)
  if (victim === null || !skipWaitsWithTarget(state.rules)) pushDiscard(state, SKIP)
  return left === 0 ? goOut(state, seat, events) : endTurn(state, seat, events)
}

const SKIP_BLOCK_REASONS: Record<SkipBlock, (seat: number) => string> = {
  self: () => 'you cannot skip yourself',
  notInHand: (s) => `seat ${s} is not playing this hand`,
  notNext: () => 'a Skip always targets the next player (skipTarget next)',
  pending: (s) => `seat ${s} already has a Skip waiting`,
  lostTurn: (s) => `seat ${s} was just skipped and has not played a turn since (one Skip per player per round)`,
}

/** Section 9: once per hand, save a card face down instead of discarding; never the going-out discard. */
function save(state: GameState, seat: number, card: CardCode, events: GameEvent[]): GameState | Result {
  if (state.rules.edition !== 'masters') return fail('SAVE_NOT_ALLOWED', 'Save Piles are a Masters rule')
  if (state.stage !== 'play') return fail('MUST_DRAW', 'draw first')
  const p = state.players[seat]
  if (p.savedThisHand) return fail('SAVE_NOT_ALLOWED', 'you have already saved a card this hand')
  const hand = without(p.hand, card)
  if (!hand) return fail('NOT_IN_HAND', `${card} is not in your hand`)
  if (hand.length === 0) return fail('SAVE_NOT_ALLOWED', 'the going-out discard can never be a save')
  events.push({ type: 'saved', seat })
  state.players = withPlayer(state, seat, { hand, saved: [...p.saved, card], savedThisHand: true })
  return endTurn(state, seat, events)
}

function goOut(state: GameState, seat: number, events: GameEvent[]): GameState {
  events.push({ type: 'wentOut', seat })
  return endHand(state, seat, events)
}

/**
 * Passes the turn left. A pending Skip consumes that player's turn (under `skipLands: target` its card goes onto
 * the discard pile now); the player who gets the turn is no longer protected by a lost one (section 4).
 */
function endTurn(state: GameState, seat: number, events: GameEvent[]): GameState {
  let next = nextSeat(state, seat)
  while (state.players[next].pendingSkip) {
    setSkipFlags(state, next, false, true)
    if (skipWaitsWithTarget(state.rules)) pushDiscard(state, SKIP)
    events.push({ type: 'turnSkipped', seat: next })
    next = nextSeat(state, next)
  }
  if (state.players[next].lostTurn) setSkipFlags(state, next, false, false)
  state.stage = 'draw'
  state.turn = next
  state.laidThisTurn = false
  return state
}
