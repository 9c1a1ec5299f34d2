/**
 * Putting more cards into a lay-down (RULES.md section 5: a group may take more than its minimum, never an
 * extra group). The solver (solver.ts) finds a lay-down of exact minimum sizes with the fewest Wilds; the
 * bots and the UI's suggestion then extend it from the hand with this.
 */
import { CARD_CODES, cardIndex, COLOURS, laidNumber, WILD_INDEX, wildAsColour, wildAsNumber, type CardCode, type Colour, type LaidCard } from './cards'
import type { GroupRequirement } from './phases'
import type { LaidGroups } from './solver'

export interface ExtendOptions {
  /** also put the hand's remaining Wilds in (default false: Wilds are worth keeping for hits) */
  useWilds?: boolean
}

/**
 * Extends a lay-down with more cards from the hand (RULES.md section 5: a group may take more than its
 * minimum, never an extra group): same-number naturals onto sets, same-colour naturals onto colour
 * groups, the next numbers at either end of runs (within 1..12), and with `useWilds` the remaining Wilds
 * too (onto a set or colour group, or a run's free end). `laid` must come from this hand (e.g. from
 * `solvePhase`); cards it already uses are not reused. Returns new groups; runs stay ascending.
 */
export function extendLayDown(hand: readonly CardCode[], laid: LaidGroups, phase: readonly GroupRequirement[], opts: ExtendOptions = {}): LaidGroups {
  const free = new Int32Array(50)
  for (const code of hand) {
    const i = cardIndex(code)
    if (i < 0) throw new Error(`not a card code: ${String(code)}`)
    free[i]++
  }
  const groups = laid.map((g) => g.slice())
  for (const g of groups) for (const code of g) free[code.startsWith('W=') ? WILD_INDEX : cardIndex(code)]--
  const takeAll = (accept: (i: number) => boolean, into: LaidCard[]): void => {
    for (let i = 0; i < 48; i++) {
      if (!accept(i)) continue
      while (free[i] > 0) {
        free[i]--
        into.push(CARD_CODES[i])
      }
    }
  }
  const kindOf = (gi: number): GroupRequirement['kind'] => phase[gi].kind
  // Sets and colour groups first: they take any number of matching naturals.
  groups.forEach((g, gi) => {
    if (kindOf(gi) === 'set') {
      const n = groupNumber(g)
      if (n !== null) takeAll((i) => (i % 12) + 1 === n, g)
    } else if (kindOf(gi) === 'colour') {
      const c = groupColour(g)
      if (c !== null) takeAll((i) => COLOURS[(i / 12) | 0] === c, g)
    }
  })
  const takeNumber = (n: number): CardCode | null => {
    if (n < 1 || n > 12) return null
    for (let c = 0; c < 4; c++) {
      const i = c * 12 + n - 1
      if (free[i] > 0) {
        free[i]--
        return CARD_CODES[i]
      }
    }
    return null
  }
  groups.forEach((g, gi) => {
    if (kindOf(gi) !== 'run' || g.length === 0) return
    let lo = laidNumber(g[0])
    let hi = laidNumber(g[g.length - 1])
    for (;;) {
      const up = takeNumber(hi + 1)
      if (up !== null) {
        g.push(up)
        hi++
        continue
      }
      const down = takeNumber(lo - 1)
      if (down !== null) {
        g.unshift(down)
        lo--
        continue
      }
      if (!opts.useWilds || free[WILD_INDEX] === 0) break
      // A Wild at the end that leads to a natural beyond it, else any free end.
      if (hi + 2 <= 12 && hasNumber(free, hi + 2)) {
        free[WILD_INDEX]--
        g.push(wildAsNumber(++hi))
      } else if (lo - 2 >= 1 && hasNumber(free, lo - 2)) {
        free[WILD_INDEX]--
        g.unshift(wildAsNumber(--lo))
      } else if (hi < 12) {
        free[WILD_INDEX]--
        g.push(wildAsNumber(++hi))
      } else if (lo > 1) {
        free[WILD_INDEX]--
        g.unshift(wildAsNumber(--lo))
      } else break
    }
  })
  if (opts.useWilds) {
    groups.forEach((g, gi) => {
      if (kindOf(gi) === 'run') return
      const meaning = kindOf(gi) === 'set' ? groupNumber(g) : groupColour(g)
      if (meaning === null) return
      while (free[WILD_INDEX] > 0) {
        free[WILD_INDEX]--
        g.push(typeof meaning === 'number' ? wildAsNumber(meaning) : wildAsColour(meaning))
      }
    })
  }
  return groups
}

function hasNumber(free: Int32Array, n: number): boolean {
  for (let c = 0; c < 4; c++) if (free[c * 12 + n - 1] > 0) return true
  return false
}

function groupNumber(g: readonly LaidCard[]): number | null {
  for (const code of g) {
    const n = laidNumber(code)
    if (Number.isInteger(n) && n >= 1 && n <= 12) return n
  }
  return null
}

function groupColour(g: readonly LaidCard[]): Colour | null {
  for (const code of g) {
    if (code.startsWith('W=')) {
      const m = code.slice(2)
      if ((COLOURS as readonly string[]).includes(m)) return m as Colour
    } else {
      const i = cardIndex(code)
      if (i >= 0 && i < 48) return COLOURS[(i / 12) | 0]
    }
  }
  return null
}
