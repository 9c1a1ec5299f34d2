/**
 * Test helpers for the solver (imported by the *.test.ts files only, never by the app): an independent,
 * obviously-correct brute force and a lay-down validator, both written straight from RULES.md section 5
 * without the solver's counting tricks, plus biased random hands (from `seededFloats`, rng.ts).
 */
import { COLOURS, parseCard, parseDeclaredWild, type CardCode } from './cards'
import type { GroupRequirement } from './phases'

export const ALL_CODES: readonly CardCode[] = [...COLOURS.flatMap((c) => Array.from({ length: 12 }, (_, i) => `${c}${i + 1}`)), 'W']

/**
 * A random hand biased towards makeable phases: numbers from a narrow window, few colours, some Wilds,
 * sometimes a Skip. At most two of each number card, like the deck.
 */
export function randomHand(rand: () => number, size: number): CardCode[] {
  const width = 2 + Math.floor(rand() * 11)
  const low = 1 + Math.floor(rand() * (13 - width))
  const colours = COLOURS.slice(0, 1 + Math.floor(rand() * 4))
  const wildChance = rand() < 0.2 ? 0.3 + rand() * 0.3 : rand() * 0.25
  const hand: CardCode[] = []
  const seen = new Map<CardCode, number>()
  while (hand.length < size) {
    const r = rand()
    let code: CardCode
    if (r < wildChance) code = 'W'
    else if (r < wildChance + 0.03) code = 'S'
    else code = `${colours[Math.floor(rand() * colours.length)]}${low + Math.floor(rand() * width)}`
    const n = seen.get(code) ?? 0
    if (code !== 'W' && code !== 'S' && n >= 2) continue
    seen.set(code, n + 1)
    hand.push(code)
  }
  return hand
}

type Natural = { colour: string; number: number }
const parsed = new Map<CardCode, Natural | null>()
function natural(code: CardCode): Natural | null {
  let n = parsed.get(code)
  if (n === undefined) {
    const card = parseCard(code)
    n = card && card.kind === 'number' ? { colour: card.colour, number: card.number } : null
    parsed.set(code, n)
  }
  return n
}

/** Whether these cards (hand codes, Wilds as `W`) form the group, from the definitions; Wilds take any meaning. */
export function isGroup(cards: readonly CardCode[], kind: GroupRequirement['kind']): boolean {
  const nat: Natural[] = []
  for (const code of cards) {
    if (code === 'W') continue
    const n = natural(code)
    if (!n) return false
    nat.push(n)
  }
  if (kind === 'set') return nat.every((c) => c.number === nat[0].number)
  if (kind === 'colour') return nat.every((c) => c.colour === nat[0].colour)
  // run: some start s such that the k positions s..s+k-1 lie in 1..12 and the naturals sit on distinct positions
  const k = cards.length
  const numbers = nat.map((c) => c.number)
  if (new Set(numbers).size !== numbers.length) return false
  for (let s = 1; s + k - 1 <= 12; s++) {
    if (numbers.every((n) => n >= s && n <= s + k - 1)) return true
  }
  return false
}

/**
 * Whether cards picked so far can still grow into a group of `size`: only used to cut the brute force
 * short, and sound because a group's naturals must already agree (set: number, colour group: colour) or,
 * in a run, be distinct and within `size - 1` of each other.
 */
function canStillBe(cards: readonly CardCode[], kind: GroupRequirement['kind'], size: number): boolean {
  let first: Natural | null = null
  let low = 13
  let high = 0
  let seen = 0 // bit n: a natural n is in the run
  for (const code of cards) {
    if (code === 'W') continue
    const n = natural(code) as Natural
    if (first === null) first = n
    if (kind === 'set' && n.number !== first.number) return false
    if (kind === 'colour' && n.colour !== first.colour) return false
    if (kind === 'run') {
      if (seen & (1 << n.number)) return false
      seen |= 1 << n.number
      low = Math.min(low, n.number)
      high = Math.max(high, n.number)
    }
  }
  return kind !== 'run' || high === 0 || high - low <= size - 1
}

/**
 * Brute force: every way to pick, group by group, exactly `size` cards from what is left of the hand (as
 * sub-multisets of its codes; Skips never), each checked with `isGroup`. Exact sizes lose nothing: a group
 * with more cards than its size stays valid when one card is dropped (a Wild next to a natural, else any
 * set/colour card, else a run's end that is not its only natural), without losing its last natural.
 * Answers both Wild rules at once: `perPhase` (default) and `perGroup` (`wildsNeedNaturalPerGroup`).
 */
export function bruteCan(hand: readonly CardCode[], phase: readonly GroupRequirement[]): { perPhase: boolean; perGroup: boolean } {
  const codes: CardCode[] = []
  const counts: number[] = []
  for (const code of hand) {
    if (code === 'S') continue
    const i = codes.indexOf(code)
    if (i >= 0) counts[i]++
    else {
      codes.push(code)
      counts.push(1)
    }
  }
  const result = { perPhase: false, perGroup: false }
  const naturalsPerGroup: number[] = []
  const pickGroup = (gi: number): boolean => {
    if (gi === phase.length) {
      const total = naturalsPerGroup.reduce((a, b) => a + b, 0)
      if (total > 0 || phase.length === 0) result.perPhase = true
      if (naturalsPerGroup.every((n) => n > 0)) result.perGroup = true
      return result.perPhase && result.perGroup
    }
    const { kind, size } = phase[gi]
    const chosen: CardCode[] = []
    const pick = (ci: number): boolean => {
      if (chosen.length === size) {
        if (!isGroup(chosen, kind)) return false
        naturalsPerGroup[gi] = chosen.filter((c) => c !== 'W').length
        return pickGroup(gi + 1)
      }
      if (ci === codes.length) return false
      // take m copies of codes[ci], m from as many as possible down to 0
      const max = Math.min(counts[ci], size - chosen.length)
      for (let m = max; m >= 0; m--) {
        for (let t = 0; t < m; t++) chosen.push(codes[ci])
        counts[ci] -= m
        const done = (m === 0 || canStillBe(chosen, kind, size)) && pick(ci + 1)
        counts[ci] += m
        chosen.length -= m
        if (done) return true
      }
      return false
    }
    return pick(0)
  }
  pickGroup(0)
  return result
}

/**
 * Checks a lay-down against the hand and phase from the definitions: the cards are a sub-multiset of the
 * hand (declared Wilds count as `W`), one group per requirement, each of at least (or, with `exact`,
 * exactly) its size, every Wild's meaning fits its group, runs ascending and consecutive within 1..12,
 * and the natural-card rule. Returns a reason, or null when valid.
 */
export function layDownProblem(
  hand: readonly CardCode[],
  phase: readonly GroupRequirement[],
  groups: readonly (readonly string[])[],
  perGroup: boolean,
  exact: boolean,
): string | null {
  if (groups.length !== phase.length) return `expected ${phase.length} groups, got ${groups.length}`
  const left = new Map<string, number>()
  for (const c of hand) left.set(c, (left.get(c) ?? 0) + 1)
  let phaseNaturals = 0
  for (let gi = 0; gi < phase.length; gi++) {
    const { kind, size } = phase[gi]
    const g = groups[gi]
    if (exact ? g.length !== size : g.length < size) return `group ${gi} has ${g.length} cards for size ${size}`
    const values: (number | string)[] = []
    let naturals = 0
    for (const code of g) {
      const key = code.startsWith('W=') ? 'W' : code
      const n = left.get(key) ?? 0
      if (n === 0) return `group ${gi}: ${code} is not (or no longer) in the hand`
      left.set(key, n - 1)
      if (code.startsWith('W=')) {
        const meaning = parseDeclaredWild(code)
        if (!meaning) return `group ${gi}: bad Wild ${code}`
        if (kind === 'colour' ? !('colour' in meaning) : !('number' in meaning)) return `group ${gi}: ${code} has the wrong kind of meaning`
        values.push('colour' in meaning ? meaning.colour : meaning.number)
      } else {
        const card = parseCard(code)
        if (!card || card.kind !== 'number') return `group ${gi}: ${code} cannot be laid`
        naturals++
        values.push(kind === 'colour' ? card.colour : card.number)
      }
    }
    if (kind === 'set' || kind === 'colour') {
      if (!values.every((v) => v === values[0])) return `group ${gi} (${kind}) mixes ${values.join(',')}`
    } else {
      const first = values[0] as number
      if (!values.every((v, i) => v === first + i)) return `group ${gi} (run) is not ascending consecutive: ${values.join(',')}`
      if (first < 1 || first + values.length - 1 > 12) return `group ${gi} (run) leaves 1..12`
    }
    if (perGroup && naturals === 0) return `group ${gi} has no natural card`
    phaseNaturals += naturals
  }
  if (phase.length > 0 && phaseNaturals === 0) return 'the phase has no natural card'
  return null
}
