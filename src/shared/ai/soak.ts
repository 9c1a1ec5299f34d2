/**
 * The soak: bot-only games with mixed levels, 2 to 6 players and random rule options (both editions,
 * every option, custom phase lists), deterministic for a seed. A deadlock is a bot with no answer on its
 * turn or an action `apply` refused; a capped game is one that reached the turn cap.
 */
import type { GroupRequirement } from '../engine/phases'
import type { PartialRuleOptions } from '../engine/rules'
import { describePosition, playGame } from './arena'
import { botRandom } from './random'
import { BOT_LEVELS, type BotLevel } from './types'

export interface SoakFailure {
  game: number
  kind: 'deadlock' | 'capped' | 'stalemate'
  detail: string
}

export interface SoakResult {
  games: number
  deadlocks: number
  /** Games that reached the turn cap for a reason other than a rules stalemate (a bot problem). */
  capped: number
  /** Games that reached the turn cap in a rules stalemate (`isStalemate`): reported, not a bot failure. */
  stalemates: number
  hands: number
  actions: number
  /** The finished game with the most actions (how close the soak came to the turn cap). */
  longest: { game: number; actions: number; hands: number } | null
  failures: SoakFailure[]
}

/** Game `g`'s table: levels per seat and rule options, from the soak seed. */
export function soakTable(seed: string, g: number, quick = false): { levels: BotLevel[]; rules: PartialRuleOptions } {
  let k = 0
  const r = () => botRandom(seed, g, 0, k++)
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1))
  const players = int(2, 6)
  // Easy, Medium and Hard only: the soak's seeds keep their tables (soak2's regression games replay), and
  // Expert's own random-rules check is legality.test.ts's.
  const levels = Array.from({ length: players }, () => BOT_LEVELS[int(0, 2)])
  const edition = r() < 0.5 ? 'classic' : 'masters'
  const rules: PartialRuleOptions = { edition }
  const lists = ['classic', 'even', 'odd', 'custom'] as const
  const list = lists[int(0, 3)]
  if (list === 'custom') rules.phaseList = customPhases(int)
  else if (list !== 'classic') rules.phaseList = list
  if (r() < 0.5) rules.skipCount = int(0, 8)
  if (r() < 0.5) rules.wildCount = int(0, 12)
  if (r() < 0.5) rules.skipTarget = 'next'
  if (r() < 0.3) rules.skipLands = 'target'
  if (r() < 0.3) rules.skipProtection = r() < 0.5 ? 'round' : 'untilSkipped'
  if (r() < 0.3) rules.wildsNeedNaturalPerGroup = true
  if (r() < 0.3) rules.hitOnLayDownTurn = false
  if (r() < 0.3) rules.mustDiscardToGoOut = true
  if (r() < 0.2) rules.fixedHands = int(1, 12)
  if (quick) rules.fixedHands = 1
  if (edition === 'masters' && r() < 0.3) rules.scoreSavedCards = true
  return { levels, rules }
}

/**
 * 1 to 6 phases of 1 to 3 groups, 5 to 10 cards, shaped like real phases (sets of 2-5, runs of 3-9, colour
 * groups of 3-8). Degenerate lists such as "a set of 1" can leave a hand that no one can ever end: once
 * every player is down and every card that fits a laid group is on the table, no hit is possible and the
 * draw pile reshuffles forever (RULES.md has no rule for it); that is a property of the phase list, not
 * of the bots, so the soak does not generate them.
 */
function customPhases(int: (lo: number, hi: number) => number): GroupRequirement[][] {
  const phases: GroupRequirement[][] = []
  const count = int(1, 6)
  for (let p = 0; p < count; p++) {
    const groups: GroupRequirement[] = []
    let cards = 0
    const want = int(1, 3)
    for (let i = 0; i < want; i++) {
      const kind = (['set', 'run', 'colour'] as const)[int(0, 2)]
      const max = Math.min(10 - cards, kind === 'set' ? 5 : kind === 'run' ? 9 : 8)
      const min = kind === 'set' ? 2 : 3
      if (max < min) break
      const size = int(min, max)
      groups.push({ kind, size })
      cards += size
    }
    if (cards < 5) groups.push({ kind: 'run', size: 5 })
    phases.push(groups)
  }
  return phases
}

/** `quick`: every game is one hand (fixedHands 1), for tests. */
export function runSoak(seed: string, from: number, to: number, maxActions = 20_000, opts: { quick?: boolean } = {}): SoakResult {
  const out: SoakResult = { games: 0, deadlocks: 0, capped: 0, stalemates: 0, hands: 0, actions: 0, longest: null, failures: [] }
  for (let g = from; g < to; g++) {
    const { levels, rules } = soakTable(seed, g, opts.quick)
    const r = playGame({ levels, rules, seed: `${seed}:${g}`, maxActions })
    out.games++
    out.hands += r.hands
    out.actions += r.actions
    if (!r.capped && !r.rejected && (out.longest === null || r.actions > out.longest.actions)) out.longest = { game: g, actions: r.actions, hands: r.hands }
    if (r.rejected) {
      out.deadlocks++
      if (out.failures.length < 50) out.failures.push({ game: g, kind: 'deadlock', detail: JSON.stringify({ levels, rules, ...r.rejected }) })
    } else if (r.capped) {
      const kind = r.stalemate ? 'stalemate' : 'capped'
      if (r.stalemate) out.stalemates++
      else out.capped++
      const position = describePosition(r.state)
      if (out.failures.length < 50) out.failures.push({ game: g, kind, detail: JSON.stringify({ levels, rules, hands: r.hands, position }) })
    }
  }
  return out
}

export function mergeSoak(parts: readonly SoakResult[]): SoakResult {
  const out: SoakResult = { games: 0, deadlocks: 0, capped: 0, stalemates: 0, hands: 0, actions: 0, longest: null, failures: [] }
  for (const p of parts) {
    out.games += p.games
    out.deadlocks += p.deadlocks
    out.capped += p.capped
    out.stalemates += p.stalemates
    out.hands += p.hands
    out.actions += p.actions
    if (p.longest && (out.longest === null || p.longest.actions > out.longest.actions)) out.longest = p.longest
    out.failures.push(...p.failures)
  }
  return out
}
