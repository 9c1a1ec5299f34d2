/**
 * The bots' one policy, tuned per level by a `Style` (easy.ts, medium.ts, hard.ts, expert-style.ts). Everything here reads
 * only the seat's `GameView` and the memory built from public events; every move still goes through `apply`.
 *
 * A turn (RULES.md section 3): draw (the discard pile's top when it brings the phase closer or can be hit,
 * else the deck; Masters: a saved card that does), lay the phase down as soon as it can be made (with as
 * many extra cards as fit, section 5), hit whatever fits (section 6), then discard the card whose loss
 * hurts least (expected draws to the phase; penalty points; what it would give the next player), play a
 * Skip on the most dangerous player (section 4) or save a card (Masters, section 9).
 */
import { penaltyPoints, parseCard, SKIP, WILD, type CardCode } from '../engine/cards'
import type { Action } from '../engine/actions'
import { canHit, type LaidGroup } from '../engine/groups'
import type { GroupRequirement, PhaseDef } from '../engine/phases'
import { extendLayDown } from '../engine/extend-lay-down'
import { canMakePhase, solvePhase, type LaidGroups, type SolveOptions } from '../engine/solver'
import { canDraw, canHitNow, choosablePhases, legalHitsFor, myPhase, skipTargets, type GameView, type PublicPlayer } from '../engine/views'
import { skipWaitsWithTarget } from '../engine/state'
import { distanceOf, expectedDraws, HOPELESS, unseenCards, type Unseen } from './evaluator'
import { botRandom } from './random'
import type { BotMemory } from './types'

/** How a level plays. Probabilities are per decision. */
export interface Style {
  /** Value hands by expected draws (distance and outs); else by distance alone (cheaper, weaker). */
  useOuts: boolean
  /** Count opponents' known discard-pile pickups as not in the draw pile (card counting). */
  countCards: boolean
  /** Weight of "this discard helps the next player" against the own hand's loss (0: ignore). */
  defence: number
  /** Within the defence: weight of the chance that the next player holds cards of the same number. */
  holdingOdds: number
  /**
   * Skip the player who hurts this seat most: while this seat's phase is not down, whoever is closest to
   * ending the hand; once it is down, whoever is furthest ahead in the game and has not made this hand's phase.
   */
  smartSkips: boolean
  /**
   * With `smartSkips`, while this seat's phase is not down: Skip the game leader (phases made, then points)
   * rather than whoever is closest to ending the hand, unless a player who is down holds at most this many
   * cards (then them). Absent: Hard's targets. Expert: 1 (expert-style.ts).
   */
  skipLeaderUnlessCards?: number
  /**
   * Take the discard pile's top also when it does not shorten the distance, if the hand after the best
   * discard needs fewer expected draws than one average deck draw would leave.
   */
  evDraw: boolean
  /** Keep a Skip until a player is close to going out (else play it at once). */
  holdSkips: boolean
  /** Masters: use the Save Pile (save the discard, draw saved cards back when they help). */
  savePile: boolean
  /** Masters phase choice: prefer phases that are hard on average by `baseline ^ phaseChoiceBias`. */
  phaseChoiceBias: number
  mistakes: {
    /** draw from the deck although the discard pile's top would help */
    ignoreDiscard: number
    /** discard a random card (never a Wild) instead of the best one */
    randomDiscard: number
    /** stop hitting for this turn */
    missHit: number
    /** choose a random Skip target / Masters phase */
    randomChoice: number
  }
}

export interface Decider {
  view: GameView
  seat: number
  memory: BotMemory
  style: Style
  salt: string
  opts: SolveOptions
  /** draws of the bot's own randomness this decision */
  k: number
}

function chance(d: Decider, p: number): boolean {
  if (p <= 0) return false
  return botRandom(d.salt, d.view.version, d.seat, d.k++) < p
}

function pick<T>(d: Decider, items: readonly T[]): T {
  return items[Math.floor(botRandom(d.salt, d.view.version, d.seat, d.k++) * items.length)]
}

/** The cost of a hand for its phase: expected draws, or (without `useOuts`) the distance alone. */
function handCost(d: Decider, hand: readonly CardCode[], groups: readonly GroupRequirement[], u: Unseen, dist?: number): number {
  if (d.style.useOuts) return expectedDraws(hand, groups, d.opts, u, dist)
  const x = dist ?? distanceOf(hand, groups, d.opts)
  return Number.isFinite(x) ? x : HOPELESS
}

/** The next action for the view's seat, or `null` when it has nothing to do (not its turn, game over). */
export function decideWith(d: Decider): Action | null {
  const view = d.view
  if (view.stage === 'gameOver') return null
  if (view.stage === 'handOver') return { type: 'nextHand' }
  if (view.turn !== d.seat) return null
  switch (view.stage) {
    case 'choosePhase':
      return choosePhase(d)
    case 'draw':
      return draw(d)
    case 'play':
      return play(d)
  }
}

// ---------------------------------------------------------------------------------------------------
// What the seat can see

function unseen(d: Decider): Unseen {
  if (!d.style.countCards) return unseenCards(d.view)
  const known: CardCode[] = []
  d.memory.opponents.forEach((o, seat) => {
    if (seat !== d.seat) known.push(...o.holding)
  })
  return unseenCards(d.view, known)
}

function without(hand: readonly CardCode[], card: CardCode): CardCode[] {
  const out = hand.slice()
  const i = out.lastIndexOf(card)
  if (i >= 0) out.splice(i, 1)
  return out
}

function laidGroups(view: GameView): LaidGroup[] {
  const out: LaidGroup[] = []
  for (const p of view.players) if (p.inHand && p.laidDown) out.push(...p.laidDown)
  return out
}

function fitsTable(view: GameView, card: CardCode): boolean {
  return laidGroups(view).some((g) => canHit(g, card))
}

/** Seats in this hand in turn order, starting after `seat`. */
function seatsAfter(view: GameView, seat: number): number[] {
  const n = view.players.length
  const out: number[] = []
  for (let k = 1; k < n; k++) {
    const s = (seat + k) % n
    if (view.players[s].inHand) out.push(s)
  }
  return out
}

/** Progress through the phases (Classic: phases made; Masters: phases completed). */
export function progress(view: GameView, p: PublicPlayer): number {
  if (view.rules.edition === 'masters') return p.completed.length
  const i = view.phases.findIndex((ph) => ph.number === p.phase)
  return i < 0 ? view.phases.length : i
}

// ---------------------------------------------------------------------------------------------------
// Masters: choosing the phase (section 9)

const baselineCache = new Map<string, number>()

/**
 * How far a random 10-card hand is from this phase on average (a fixed, seeded sample of the full deck),
 * plus one: how hard the phase is in general.
 */
export function phaseBaseline(groups: readonly GroupRequirement[], view: GameView, opts: SolveOptions): number {
  const key = `${JSON.stringify(groups)}|${view.rules.wildCount}|${view.rules.skipCount}|${opts.wildsNeedNaturalPerGroup}`
  const cached = baselineCache.get(key)
  if (cached !== undefined) return cached
  const deck: CardCode[] = []
  for (const c of ['R', 'B', 'Y', 'G']) for (let n = 1; n <= 12; n++) deck.push(`${c}${n}`, `${c}${n}`)
  for (let i = 0; i < view.rules.wildCount; i++) deck.push(WILD)
  for (let i = 0; i < view.rules.skipCount; i++) deck.push(SKIP)
  let sum = 0
  const samples = 40
  for (let s = 0; s < samples; s++) {
    const pool = deck.slice()
    const hand: CardCode[] = []
    for (let i = 0; i < 10; i++) {
      const j = Math.floor(botRandom('baseline', s, i, 0) * pool.length)
      hand.push(pool[j])
      pool.splice(j, 1)
    }
    sum += Math.min(12, distanceOf(hand, groups, opts))
  }
  const value = 1 + sum / samples
  if (baselineCache.size > 500) baselineCache.clear()
  baselineCache.set(key, value)
  return value
}

function choosePhase(d: Decider): Action {
  const choices = choosablePhases(d.view)
  if (chance(d, d.style.mistakes.randomChoice)) return { type: 'choosePhase', phase: pick(d, choices) }
  const u = unseen(d)
  const dist = new Map<number, number>()
  for (const number of choices) {
    const ph = d.view.phases.find((p) => p.number === number)
    if (ph) dist.set(number, distanceOf(d.view.hand, ph.groups, d.opts))
  }
  // Only phases within one card of the closest are worth valuing in full.
  const closest = Math.min(...dist.values())
  let best = choices[0]
  let bestScore = Infinity
  for (const number of choices) {
    const ph = d.view.phases.find((p) => p.number === number)
    const x = dist.get(number)
    if (!ph || x === undefined || x > closest + 1) continue
    // + 0.5: among phases the hand makes already, the one that is hardest in general.
    let score = handCost(d, d.view.hand, ph.groups, u, x) + 0.5
    if (d.style.phaseChoiceBias > 0) score /= Math.pow(phaseBaseline(ph.groups, d.view, d.opts), d.style.phaseChoiceBias)
    if (score < bestScore) {
      bestScore = score
      best = number
    }
  }
  return { type: 'choosePhase', phase: best }
}

// ---------------------------------------------------------------------------------------------------
// Drawing (section 3; Masters Save Pile, section 9)

function draw(d: Decider): Action {
  const view = d.view
  const me = view.players[d.seat]
  const phase = myPhase(view)
  const top = view.discard[view.discard.length - 1]
  const topOk = canDraw(view, 'discard')
  const saved = d.style.savePile && canDraw(view, 'saved') ? [...new Set(view.saved)] : []
  if (me.laidDown || !phase) {
    // Phase down: a card that can be hit is a sure step towards going out.
    if (topOk && top !== undefined && fitsTable(view, top) && !chance(d, d.style.mistakes.ignoreDiscard))
      return { type: 'draw', from: 'discard' }
    // Every level takes back a saved card it can hit at once: left in the Save Pile it can stall the hand.
    const fit = canDraw(view, 'saved') ? view.saved.find((c) => fitsTable(view, c)) : undefined
    if (fit !== undefined) return { type: 'draw', from: 'saved', card: fit }
    return { type: 'draw', from: 'deck' }
  }
  const d0 = distanceOf(view.hand, phase.groups, d.opts)
  const gain = (card: CardCode) => d0 - distanceOf([...view.hand, card], phase.groups, d.opts)
  const topGain = topOk && top !== undefined ? gain(top) : 0
  let bestSaved: CardCode | null = null
  let bestSavedGain = 0
  for (const c of saved) {
    const g = gain(c)
    if (g > bestSavedGain || (g === bestSavedGain && g > 0 && c !== WILD && bestSaved === WILD)) {
      bestSaved = c
      bestSavedGain = g
    }
  }
  // A saved card that completes the phase when the top does not; otherwise the top keeps the Save Pile.
  if (bestSaved !== null && bestSavedGain > topGain) return { type: 'draw', from: 'saved', card: bestSaved }
  if (topGain > 0 && !chance(d, d.style.mistakes.ignoreDiscard)) return { type: 'draw', from: 'discard' }
  if (bestSaved !== null && d0 - bestSavedGain === 0) return { type: 'draw', from: 'saved', card: bestSaved }
  if (d.style.evDraw && topOk && top !== undefined && top !== WILD && Number.isFinite(d0) && nearHand(view.hand, top, phase)) {
    const u = unseen(d)
    const now = expectedDraws(view.hand, phase.groups, d.opts, u, d0)
    if (bestAfterDiscard([...view.hand, top], phase, d.opts, u) < now - 3) return { type: 'draw', from: 'discard' }
  }
  return { type: 'draw', from: 'deck' }
}

// ---------------------------------------------------------------------------------------------------
// Playing: lay down, hit, then end the turn

function play(d: Decider): Action {
  const view = d.view
  const me = view.players[d.seat]
  const phase = myPhase(view)
  if (!me.laidDown && phase) {
    const groups = layDownFor(view, phase, d.opts)
    if (groups) return { type: 'layDown', groups }
  }
  if (me.laidDown && canHitNow(view) && !chance(d, d.style.mistakes.missHit)) {
    const hit = chooseHit(view)
    if (hit) return hit
  }
  return endTurn(d)
}

/** The lay-down with as many extra cards as fit (going out at once when every card fits). */
export function layDownFor(view: GameView, phase: PhaseDef, opts: SolveOptions): LaidGroups | null {
  const hand = view.hand
  if (!canMakePhase(hand, phase.groups, opts)) return null
  const base = solvePhase(hand, phase.groups, opts)
  if (!base) return null
  const size = (g: LaidGroups) => g.reduce((n, x) => n + x.length, 0)
  const mustKeep = view.rules.mustDiscardToGoOut ? 1 : 0
  const all = extendLayDown(hand, base, phase.groups, { useWilds: true })
  // Wilds in hand can be hit later (this turn unless hitOnLayDownTurn is off); lay them now when that
  // empties the hand or when they could not be hit this turn anyway.
  if (size(all) <= hand.length - mustKeep && (size(all) === hand.length || !view.rules.hitOnLayDownTurn)) return all
  const naturals = extendLayDown(hand, base, phase.groups)
  if (size(naturals) <= hand.length - mustKeep) return naturals
  return size(base) <= hand.length - mustKeep ? base : null
}

/** Hit the highest-penalty natural first; Wilds last, on a set or colour group when there is one. */
function chooseHit(view: GameView): Action | null {
  let best: Action | null = null
  let bestScore = -1
  for (const card of new Set(view.hand)) {
    if (card === SKIP) continue
    const targets = legalHitsFor(view, card)
    if (!targets.length) continue
    let target = targets[0]
    if (card === WILD) {
      const stable = targets.find((t) => view.players[t.seat].laidDown?.[t.group]?.kind !== 'run')
      if (stable) target = stable
    }
    const score = card === WILD ? 1 : penaltyPoints(card)
    if (score > bestScore) {
      bestScore = score
      best = { type: 'hit', card, target }
    }
  }
  return best
}

// ---------------------------------------------------------------------------------------------------
// Ending the turn: Skip, discard or save

function endTurn(d: Decider): Action {
  const view = d.view
  const hand = view.hand
  if (hand.length === 1) {
    // The last card: going out (a Skip as the last card has no effect, section 4).
    return hand[0] === SKIP ? { type: 'skip', card: 'S' } : { type: 'discard', card: hand[0] }
  }
  if (hand.includes(SKIP) && !holdSkip(d)) return playSkip(d)
  const card = chooseDiscard(d)
  if (shouldSave(d, card)) return { type: 'save', card }
  if (card === SKIP) return playSkip(d)
  return { type: 'discard', card }
}

/** How close a player looks to ending the hand or the game: the Skip's target (section 4). */
function threat(view: GameView, s: number): number {
  const p = view.players[s]
  let t = progress(view, p) * 2 - p.score / 100
  if (p.laidDown) t += 100 + (12 - p.handCount) * 10
  else t += (11 - p.handCount) * 0.5
  return t
}

function hardThreat(view: GameView, seat: number, s: number): number {
  const p = view.players[s]
  const meDown = view.players[seat].laidDown !== null
  const lead = progress(view, p) * 3 - p.score / 100
  if (!meDown) return p.laidDown ? 100 + (12 - p.handCount) * 10 + lead : lead
  return p.laidDown ? lead - 50 + (12 - p.handCount) : lead + 10
}

/** Expert before its phase is down: the game leader, unless someone who is down holds at most `cards` cards. */
function leaderThreat(view: GameView, s: number, cards: number): number {
  const p = view.players[s]
  return progress(view, p) * 3 - p.score / 100 + (p.laidDown ? (p.handCount <= cards ? 50 : -20) : 0)
}

function playSkip(d: Decider): Action {
  const view = d.view
  const targets = skipTargets(view)
  if (view.rules.skipTarget === 'next' || targets.length === 0) return { type: 'skip', card: 'S' }
  if (chance(d, d.style.mistakes.randomChoice)) return { type: 'skip', card: 'S', target: pick(d, targets) }
  const cards = d.style.skipLeaderUnlessCards
  const score =
    d.style.smartSkips && cards !== undefined && !view.players[d.seat].laidDown
      ? (s: number) => leaderThreat(view, s, cards)
      : d.style.smartSkips
        ? (s: number) => hardThreat(view, d.seat, s)
        : (s: number) => threat(view, s)
  let best = targets[0]
  for (const s of targets) if (score(s) > score(best)) best = s
  return { type: 'skip', card: 'S', target: best }
}

/**
 * The seats a Skip may target now, most threatening first by Hard's own measure (whoever ends the hand soonest
 * while this seat is not down; the game leader who has not made the phase once it is): the order in which Expert's
 * search (`searchSkip`, expert.ts) takes alternatives to its policy's target.
 */
export function skipTargetsByThreat(view: GameView, seat: number): number[] {
  const score = (s: number) => hardThreat(view, seat, s)
  return skipTargets(view)
    .map((s) => ({ s, t: score(s) }))
    .sort((a, b) => b.t - a.t || a.s - b.s)
    .map((x) => x.s)
}

/** Hard: keep a Skip for the player closest to going out, while there are other cards to discard. */
function holdSkip(d: Decider): boolean {
  if (!d.style.holdSkips) return false
  const view = d.view
  const me = view.players[d.seat]
  if (me.laidDown) return false // shedding cards now matters more
  const targets = skipTargets(view)
  if (targets.length === 0) return false
  const skips = view.hand.filter((c) => c === SKIP).length
  if (skips > 1) return false
  // Someone is close: play it now.
  if (targets.some((s) => view.players[s].laidDown || view.players[s].handCount <= 4)) return false
  // Hold only when another card can go without hurting the hand.
  const phase = myPhase(view)
  if (!phase) return false
  const rest = hand0(view.hand)
  const d0 = distanceOf(rest, phase.groups, d.opts)
  return rest.some((c) => distanceOf(without(rest, c), phase.groups, d.opts) === d0)
}

function hand0(hand: readonly CardCode[]): CardCode[] {
  return hand.filter((c) => c !== SKIP)
}

/**
 * Hard's candidate discards, best first (Expert searches the first few): the order `chooseDiscard` values
 * them in, without its mistakes.
 */
export function discardRanking(d: Decider): CardCode[] {
  const costs = new Map<CardCode, number>()
  chooseDiscard({ ...d, style: { ...d.style, mistakes: { ...d.style.mistakes, randomDiscard: 0 } } }, costs)
  return [...costs.keys()].sort((a, b) => (costs.get(a) as number) - (costs.get(b) as number))
}

/** The card to throw; `costs` (when given) receives every candidate's cost, lower is better. */
function chooseDiscard(d: Decider, costs?: Map<CardCode, number>): CardCode {
  const view = d.view
  const me = view.players[d.seat]
  const phase = myPhase(view)
  const hand = view.hand
  const held = d.style.holdSkips && hand.includes(SKIP) && holdSkip(d)
  let candidates = [...new Set(hand)].filter((c) => !(held && c === SKIP))
  if (candidates.length === 0) candidates = [...new Set(hand)]
  if (chance(d, d.style.mistakes.randomDiscard)) {
    const pool = candidates.filter((c) => c !== WILD)
    if (pool.length) return pick(d, pool)
  }
  const danger = d.style.defence > 0 ? dangerOf(d, unseen(d)) : null
  if (me.laidDown || !phase) {
    // Phase down: shed points, keep cards that could still be hit, never feed the next player.
    let best = candidates[0]
    let bestScore = -Infinity
    for (const c of candidates) {
      let score = shedValue(c, fitsTable(view, c)) - nearRunEnd(view, c) * 3
      if (danger) score -= d.style.defence * 4 * danger(c)
      costs?.set(c, -score)
      if (score > bestScore) {
        bestScore = score
        best = c
      }
    }
    return best
  }
  const u = unseen(d)
  // Cards with the same role for this phase (same number in a sets-and-runs phase, same colour in a
  // colour phase) leave equally good hands: each role is valued once.
  const role = roleOf(phase)
  const distByRole = new Map<string, number>()
  const ds = candidates.map((c) => {
    if (c === SKIP) return -1
    const r = role(c)
    let x = distByRole.get(r)
    if (x === undefined) distByRole.set(r, (x = distanceOf(without(hand, c), phase.groups, d.opts)))
    return x
  })
  const minD = Math.min(...ds.filter((x) => x >= 0))
  const costByRole = new Map<string, number>()
  let best = candidates[0]
  let bestScore = Infinity
  candidates.forEach((c, i) => {
    let score: number
    if (c === SKIP) score = -1 // never part of a phase (section 4): the first card to go
    else if (ds[i] > minD) score = HOPELESS / 2 + ds[i]
    else {
      const r = role(c)
      let cost = costByRole.get(r)
      if (cost === undefined) costByRole.set(r, (cost = handCost(d, without(hand, c), phase.groups, u, ds[i])))
      score = cost
    }
    score -= penaltyPoints(c) / 1000
    if (danger && c !== SKIP) score += d.style.defence * danger(c)
    costs?.set(c, score)
    if (score < bestScore) {
      bestScore = score
      best = c
    }
  })
  return best
}

/**
 * Once down, what discarding a card is worth: its penalty points, far less when it fits a group on the table (it
 * can still be hit). The sampler's discard check (inference.ts) weighs a dealt hand by the same measure.
 */
export function shedValue(card: CardCode, fitsTable: boolean): number {
  return penaltyPoints(card) - (fitsTable ? 30 : 0)
}

/**
 * What a card is to a phase: its number (sets and runs only), its colour (colour groups only), else itself. Cards
 * of one role leave equally good hands when discarded (the sampler's discard check, inference.ts, reads it too).
 */
export function roleOf(phase: { readonly groups: readonly GroupRequirement[] }): (card: CardCode) => string {
  const numbers = phase.groups.some((g) => g.kind !== 'colour')
  const colours = phase.groups.some((g) => g.kind === 'colour')
  if (numbers && colours) return (card) => card
  return (card) => {
    const c = parseCard(card)
    if (!c || c.kind !== 'number') return card
    return numbers ? `#${c.number}` : c.colour
  }
}

/**
 * Whether a card could matter to the hand at all, before the costly look (EV draw): for sets and runs,
 * a number within 2 of one held; for colour groups, a colour held.
 */
function nearHand(hand: readonly CardCode[], card: CardCode, phase: PhaseDef): boolean {
  const c = parseCard(card)
  if (!c || c.kind !== 'number') return false
  const numbers = phase.groups.some((g) => g.kind !== 'colour')
  const colours = phase.groups.some((g) => g.kind === 'colour')
  for (const code of hand) {
    const h = parseCard(code)
    if (!h || h.kind !== 'number') continue
    if (numbers && Math.abs(h.number - c.number) <= 2) return true
    if (colours && h.colour === c.colour) return true
  }
  return false
}

/** The fewest expected draws the hand can keep after discarding one card. */
function bestAfterDiscard(hand: readonly CardCode[], phase: PhaseDef, opts: SolveOptions, u: Unseen): number {
  const role = roleOf(phase)
  const seen = new Set<string>()
  const cards = [...new Set(hand)].filter((c) => !seen.has(role(c)) && seen.add(role(c)))
  const ds = cards.map((c) => distanceOf(without(hand, c), phase.groups, opts))
  const minD = Math.min(...ds)
  let best = HOPELESS
  cards.forEach((c, i) => {
    if (ds[i] === minD) best = Math.min(best, expectedDraws(without(hand, c), phase.groups, opts, u, ds[i]))
  })
  return best
}

/** 1 when a card is two away from a laid run's end (a hit in between would make it fit), else 0. */
function nearRunEnd(view: GameView, card: CardCode): number {
  const c = parseCard(card)
  if (!c || c.kind !== 'number') return 0
  for (const g of laidGroups(view)) if (g.kind === 'run' && (c.number === g.low - 2 || c.number === g.high + 2)) return 1
  return 0
}

/**
 * Hard's defence: how much discarding `card` would help the player who can take it next (the next seat,
 * unless a pending Skip buries the discard under a Skip first). Read from public facts only: their phase,
 * their laid groups, and what they took from or threw on the discard pile this hand.
 */
function dangerOf(d: Decider, u: Unseen): ((card: CardCode) => number) | null {
  // Once the draw pile has gone round, the hand has stalled: holding back the cards others need can keep
  // it going for ever (two players each sitting on what the other needs), so stop defending.
  if (d.memory.reshuffles > 0) return null
  const view = d.view
  const order = seatsAfter(view, d.seat)
  // A Skip waiting in front of the next player covers this discard when it takes their turn (skipLands:
  // target); a Skip already on the discard pile does not, so the first player to draw after it is the one to fear.
  if (view.players[order[0]]?.pendingSkip && skipWaitsWithTarget(view.rules)) return () => 0
  const next = order.find((s) => !view.players[s].pendingSkip)
  if (next === undefined) return null
  const p = view.players[next]
  const notes = d.memory.opponents[next]
  const groups = laidGroups(view)
  if (p.laidDown) {
    const closing = p.handCount <= 2 ? 4 : p.handCount <= 4 ? 2 : 1
    return (card) => (card === WILD ? 3 * closing : groups.some((g) => canHit(g, card)) ? closing : 0)
  }
  const phase = view.phases.find((ph) => ph.number === p.phase)
  if (!phase) return () => 0
  const kinds = new Set(phase.groups.map((g) => g.kind))
  const took = notes?.tookNumbers ?? []
  const tookColours = notes?.tookColours ?? []
  const threw = notes?.discardedNumbers ?? []
  // The chance that their hand holds at least one card of number n (from the unseen cards).
  const odds = new Float64Array(14)
  if (d.style.holdingOdds > 0) {
    for (let n = 1; n <= 12; n++) {
      const k = u.counts[n - 1] + u.counts[11 + n] + u.counts[23 + n] + u.counts[35 + n]
      odds[n] = 1 - Math.pow(1 - k / Math.max(1, u.total), p.handCount)
    }
  }
  return (card) => {
    if (card === WILD) return 3
    const c = parseCard(card)
    if (!c || c.kind !== 'number') return 0
    let danger = 0
    if (d.style.holdingOdds > 0) {
      if (kinds.has('set')) danger += d.style.holdingOdds * odds[c.number]
      if (kinds.has('run')) danger += (d.style.holdingOdds * (odds[c.number - 1] + odds[c.number + 1])) / 4
    }
    if (kinds.has('set') && took.includes(c.number) && !threw.includes(c.number)) danger += 1.5
    if (kinds.has('run')) {
      for (const n of took) if (Math.abs(n - c.number) <= 2 && n !== c.number) danger += 0.3
      if (took.includes(c.number)) danger -= 0.3 // a run needs each number once
    }
    if (kinds.has('colour') && tookColours.includes(c.colour)) danger += 1.5
    if (groups.some((g) => canHit(g, card))) danger += 0.2 // fits the table: useful to anyone down
    return Math.max(0, danger)
  }
}

/** Masters: save instead of discarding (section 9) when the Save Pile keeps a card worth having later. */
function shouldSave(d: Decider, card: CardCode): boolean {
  const view = d.view
  const me = view.players[d.seat]
  if (view.rules.edition !== 'masters' || me.savedThisHand || view.hand.length <= 1) return false
  // Saved cards leave the deck for good until drawn back (section 9): a bot that saved every hand would
  // starve the draw pile over a long game, so each keeps only a few.
  if (!d.style.savePile) return view.saved.length === 0 && chance(d, d.style.mistakes.randomChoice / 10)
  // Saved cards are not scored by default: a saved card is a discard that nobody else can take.
  if (view.rules.scoreSavedCards) return card === WILD && view.saved.length < 2
  return view.saved.length < 2 || ((card === WILD || card === SKIP) && view.saved.length < 4)
}
