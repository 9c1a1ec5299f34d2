/**
 * The coach: one line of why, for a move a bot (Expert, for the table's Hint) would make now, in the words a
 * player uses ("keep the 7s: two of a set of three; discard B12: the highest penalty your phase does not need,
 * nobody collects 12s"). Pure, from the seat's own view and public memory only; the reasons are the engine's
 * and the evaluator's own figures (distance to the phase, the closest partial phase, laid groups, pickups).
 */
import { parseCard, penaltyPoints, SKIP, WILD, type CardCode } from '../engine/cards'
import type { Action, GameEvent } from '../engine/actions'
import { bestPartial, type BestPartial } from '../engine/distance'
import { canHit, type LaidGroup } from '../engine/groups'
import type { GroupRequirement } from '../engine/phases'
import type { SolveOptions } from '../engine/solver'
import { myPhase, type GameView } from '../engine/views'
import { decideExpertWithReport } from './expert'
import { EXPERT_STYLE } from './expert-style'
import { newMemory, observe } from './memory'
import type { BotMemory } from './types'

const COLOUR_WORDS: Record<string, string> = { R: 'red', B: 'blue', Y: 'yellow', G: 'green' }
const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve']
const count = (n: number) => COUNT_WORDS[n] ?? String(n)
const plural = (n: number) => `${n}s`

function groupWords(g: GroupRequirement): string {
  return g.kind === 'set' ? `a set of ${count(g.size)}` : g.kind === 'run' ? `a run of ${count(g.size)}` : `a colour group of ${count(g.size)}`
}

function laidWords(g: LaidGroup): string {
  return g.kind === 'set' ? `set of ${plural(g.number)}` : g.kind === 'run' ? `run ${g.low}–${g.high}` : `${COLOUR_WORDS[g.colour]} group`
}

const opts = (view: GameView): SolveOptions => ({ wildsNeedNaturalPerGroup: view.rules.wildsNeedNaturalPerGroup })

/** "keep the 7s: two of a set of three", for the partial group with the most cards that is not complete (or `null`). */
function keepWords(partial: BestPartial, phase: GroupRequirement[]): string | null {
  let best = -1
  for (let i = 0; i < partial.groups.length; i++) {
    const g = partial.groups[i]
    if (g.missing.length === 0 || g.cards.length < 2) continue
    if (best < 0 || g.cards.length > partial.groups[best].cards.length) best = i
  }
  if (best < 0) return null
  const g = partial.groups[best]
  const req = phase[best]
  const naturals = g.cards.map(parseCard).filter((c) => c?.kind === 'number') as { kind: 'number'; colour: string; number: number }[]
  let what: string
  if (req.kind === 'set' && naturals.length) what = `the ${plural(naturals[0].number)}`
  else if (req.kind === 'colour' && naturals.length) what = `the ${COLOUR_WORDS[naturals[0].colour]}s`
  else if (naturals.length) what = naturals.map((c) => c.number).sort((a, b) => a - b).join('-')
  else return null
  return `keep ${what}: ${count(g.cards.length)} of ${groupWords(req)}`
}

/** Who has shown they collect this card this hand (took one like it from the discard pile and kept it). */
function collectors(view: GameView, memory: BotMemory, card: CardCode): string[] {
  const c = parseCard(card)
  if (!c || c.kind !== 'number') return []
  const out: string[] = []
  memory.opponents.forEach((o, s) => {
    if (s !== view.seat && view.players[s]?.inHand && o.tookNumbers.includes(c.number) && !o.discardedNumbers.includes(c.number)) out.push(view.players[s].name)
  })
  return out
}

function fitsTable(view: GameView, card: CardCode): LaidGroup | null {
  for (const p of view.players) if (p.inHand && p.laidDown) for (const g of p.laidDown) if (canHit(g, card)) return g
  return null
}

function explainDiscard(view: GameView, memory: BotMemory, card: CardCode): string {
  const phase = myPhase(view)
  const me = view.players[view.seat as number]
  const points = penaltyPoints(card)
  const who = collectors(view, memory, card)
  const c = parseCard(card)
  const nobody = c?.kind === 'number' ? (who.length ? `${who.join(' and ')} collect${who.length === 1 ? 's' : ''} ${plural(c.number)}` : `nobody collects ${plural(c.number)}`) : null
  if (me.laidDown || !phase) {
    const reason = fitsTable(view, card) ? 'it could be hit, but this sheds the most points' : `it fits no laid group, and it costs ${points} points if someone goes out`
    return [`discard ${card}: ${reason}`, nobody].filter(Boolean).join(', ')
  }
  const rest = view.hand.slice()
  rest.splice(rest.indexOf(card), 1)
  const after = bestPartial(rest, phase.groups, opts(view))
  const before = bestPartial(view.hand, phase.groups, opts(view))
  const keep = keepWords(after, phase.groups)
  const spare = before.spare.filter((x) => x !== SKIP)
  const highest = spare.length > 0 && spare.every((x) => penaltyPoints(x) <= points)
  let reason: string
  if (after.distance > before.distance) reason = `every card helps your phase; this one helps least`
  else if (highest && spare.length > 1) reason = `the highest penalty (${points}) your phase does not need`
  else reason = `your phase does not need it`
  const discard = [`discard ${card}: ${reason}`, nobody].filter(Boolean).join(', ')
  return keep ? `${keep}; ${discard}` : discard
}

/**
 * Why `action` is a good move for the view's seat now, in one line. `action` is a move the seat may make (the
 * Expert's, for a Hint); the words only describe it, they never decide anything.
 */
export function explainMove(view: GameView, memory: BotMemory, action: Action): string {
  const phase = myPhase(view)
  const me = view.seat === null ? null : view.players[view.seat]
  switch (action.type) {
    case 'nextHand':
      return 'deal the next hand'
    case 'choosePhase': {
      const ph = view.phases.find((p) => p.number === action.phase)
      const d = ph ? bestPartial(view.hand, ph.groups, opts(view)).distance : Infinity
      return `choose phase ${action.phase}: ${d === 0 ? 'your hand makes it already' : `${count(d)} card${d === 1 ? '' : 's'} away, your closest with the odds of the deck`}`
    }
    case 'draw': {
      const top = view.discard[view.discard.length - 1]
      if (action.from === 'saved') return `take back your saved ${action.card}: it ${me?.laidDown ? 'can be hit now' : 'brings your phase closer'}`
      if (action.from === 'discard' && top !== undefined) {
        if (me?.laidDown) {
          const g = fitsTable(view, top)
          return g ? `take the ${top}: it fits the ${laidWords(g)}, one card nearer going out` : `take the ${top}`
        }
        if (!phase) return `take the ${top}`
        const d0 = bestPartial(view.hand, phase.groups, opts(view)).distance
        const d1 = bestPartial([...view.hand, top], phase.groups, opts(view)).distance
        if (d1 === 0) return `take the ${top}: it completes your phase`
        if (d1 < d0) return `take the ${top}: your phase is then ${count(d1)} card${d1 === 1 ? '' : 's'} away`
        return `take the ${top}: more of the unseen cards fit your hand with it than without`
      }
      if (top === undefined) return 'draw from the deck: the discard pile is empty'
      if (top === SKIP) return 'draw from the deck: a Skip cannot be taken'
      if (top === WILD) return 'draw from the deck'
      if (me?.laidDown) return `draw from the deck: the ${top} fits no laid group`
      return `draw from the deck: the ${top} does not bring your phase closer`
    }
    case 'layDown': {
      const n = action.groups.reduce((k, g) => k + g.length, 0)
      const words = phase ? phase.groups.map(groupWords).join(' and ') : 'your phase'
      return n === view.hand.length ? `lay down ${words} and go out` : `lay down ${words}${n > (phase?.groups.reduce((k, g) => k + g.size, 0) ?? n) ? ', with every extra card that fits' : ''}`
    }
    case 'hit': {
      const g = view.players[action.target.seat]?.laidDown?.[action.target.group]
      const whose = action.target.seat === view.seat ? 'your' : `${view.players[action.target.seat]?.name}'s`
      return `hit the ${action.card} on ${whose} ${g ? laidWords(g) : 'group'}: ${penaltyPoints(action.card)} points fewer in your hand`
    }
    case 'discard':
      return explainDiscard(view, memory, action.card)
    case 'skip': {
      if (action.target === undefined) return view.hand.length === 1 ? 'play your Skip and go out' : 'play the Skip: nobody may be skipped now'
      const p = view.players[action.target]
      const progress = (q: (typeof view.players)[number]) => (view.rules.edition === 'masters' ? q.completed.length : (q.phase ?? Infinity))
      const leads = view.players.every((q) => q.seat === view.seat || !q.inHand || progress(q) <= progress(p))
      const why = p.laidDown
        ? `down with ${count(p.handCount)} card${p.handCount === 1 ? '' : 's'} left`
        : leads
          ? 'furthest ahead in the game and not down yet'
          : 'the biggest threat to you this hand'
      return `Skip ${p.name}: ${why}`
    }
    case 'save':
      return `save ${action.card}: nobody else can take it, and you may draw it back later`
    case 'leave':
      return 'leave the game'
  }
}

/** The table's Hint: what Expert would do now, and why. `null` when the seat has nothing to do. */
export interface Hint {
  action: Action
  why: string
}

/**
 * Expert's move for the view's seat and its one-line reason. The same inputs as a bot's decision (the seat's
 * view and public history, RULES.md section 11), so the same salt gives the same hint. When the search overruled
 * its policy's judgement (expert-style.ts), the line says so.
 */
export function hintFor(view: GameView, history: readonly GameEvent[], salt: string): Hint | null {
  if (view.seat === null) return null
  const memory = observe(newMemory(), view, history)
  const { action, report } = decideExpertWithReport({ view, seat: view.seat, memory, style: EXPERT_STYLE, salt, opts: opts(view), k: 0 })
  if (!action) return null
  let why = explainMove(view, memory, action)
  if (report && report.chosen !== report.policy) {
    const other = report.candidates[report.policy]
    const name = other.type === 'discard' ? other.card : other.type === 'draw' ? (other.from === 'deck' ? 'the deck' : 'the discard') : other.type
    why += ` (in ${report.worlds} simulated hands it did better than ${name})`
  }
  return { action, why }
}
