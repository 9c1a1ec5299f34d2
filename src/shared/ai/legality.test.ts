import { describe, expect, it } from 'vitest'
import type { PartialRuleOptions } from '../engine/rules'
import { describePosition, playGame } from './arena'
import { runSoak, soakTable } from './soak'
import type { BotLevel } from './types'

const COMBOS: { name: string; rules: PartialRuleOptions }[] = [
  { name: 'classic defaults', rules: {} },
  { name: 'masters defaults', rules: { edition: 'masters' } },
  { name: 'classic, Skip always the next player, floating', rules: { skipTarget: 'next', mustDiscardToGoOut: true } },
  { name: 'classic, no hits on the lay-down turn, a natural per group', rules: { hitOnLayDownTurn: false, wildsNeedNaturalPerGroup: true } },
  { name: 'masters, saved cards scored, floating, Skip next', rules: { edition: 'masters', scoreSavedCards: true, mustDiscardToGoOut: true, skipTarget: 'next' } },
  { name: 'classic even phases, 8 Skips, no Wilds', rules: { phaseList: 'even', skipCount: 8, wildCount: 0 } },
  { name: 'classic, 8 Skips waiting by their targets, protected only until skipped', rules: { skipCount: 8, skipLands: 'target', skipProtection: 'untilSkipped', fixedHands: 3 } },
  { name: 'masters, 8 Skips, one per player per round', rules: { edition: 'masters', skipCount: 8, skipProtection: 'round', fixedHands: 3 } },
  { name: 'masters odd phases, fixed 4 hands', rules: { edition: 'masters', phaseList: 'odd', fixedHands: 4 } },
  {
    name: 'custom phase list',
    rules: { phaseList: [[{ kind: 'colour', size: 4 }, { kind: 'run', size: 3 }], [{ kind: 'set', size: 2 }, { kind: 'set', size: 2 }, { kind: 'set', size: 2 }]] },
  },
]

const TABLES: BotLevel[][] = [
  ['easy', 'medium', 'hard', 'medium'],
  ['hard', 'hard'],
  ['easy', 'hard', 'medium', 'easy', 'hard', 'medium'],
]

describe('bots play only legal moves', () => {
  for (const combo of COMBOS) {
    it(`every bot action is accepted by apply: ${combo.name}`, () => {
      for (let g = 0; g < 3; g++) {
        const levels = TABLES[g % TABLES.length]
        const seed = `legal:${combo.name}:${g}`
        const r = playGame({ levels, seed, rules: combo.rules })
        expect(r.rejected, `seed ${seed}`).toBeNull()
        expect(r.capped, `seed ${seed}`).toBe(false)
        expect(r.state.stage).toBe('gameOver')
        expect(r.winner).not.toBeNull()
      }
    })
  }

  it(`Expert's every action is accepted by apply, with every rule combination`, () => {
    // One game per combination (Expert's search makes its games ~10× slower than Hard's), two Experts at the
    // table so its draws, discards and Skips meet each other's.
    for (const combo of COMBOS) {
      const seed = `legal-expert:${combo.name}`
      const r = playGame({ levels: ['expert', 'hard', 'expert', 'medium'], seed, rules: combo.rules })
      expect(r.rejected, `${combo.name}, seed ${seed}`).toBeNull()
      expect(r.capped, `${combo.name}, seed ${seed}`).toBe(false)
      expect(r.winner).not.toBeNull()
    }
  }, 300_000)

  it('200 quick games with an Expert at every table, mixed levels and random rule options: every action legal', () => {
    for (let g = 0; g < 200; g++) {
      const t = soakTable('expert-soak', g, true)
      const levels = t.levels.map((l, s) => (s === g % t.levels.length ? 'expert' : l))
      const r = playGame({ levels, rules: t.rules, seed: `expert-soak:${g}`, maxActions: 20_000 })
      expect(r.rejected, `game ${g}: ${JSON.stringify({ levels, rules: t.rules })}`).toBeNull()
      expect(r.capped, `game ${g}`).toBe(false)
    }
  }, 300_000)

  it('2,000 quick games with mixed levels and random rule options: no deadlock, no turn cap', () => {
    // One-hand games (fixedHands 1) of every edition and option; the 100,000-game soak is `npm run soak:ai`.
    const r = runSoak('tests', 0, 2000, 20_000, { quick: true })
    expect(r.failures).toEqual([])
    expect(r.deadlocks).toBe(0)
    expect(r.capped).toBe(0)
    expect(r.games).toBe(2000)
  }, 180_000) // ~20 s of CPU; more on a busy machine
})

describe('bots never stall a hand for ever', () => {
  // Soak games (seed soak2) that once reached the turn cap: a Hard bot sitting on the only cards that fit the
  // table (its defence, now dropped once the draw pile has gone round), and bots leaving a hittable card in
  // their Save Pile (every level now takes it back).
  for (const g of [37831, 30300, 123, 66894])
    it(`finishes soak game ${g}`, () => {
      const t = soakTable('soak2', g)
      const r = playGame({ levels: t.levels, rules: t.rules, seed: `soak2:${g}`, maxActions: 20_000 })
      expect(r.rejected).toBeNull()
      expect(r.capped).toBe(false)
      expect(r.winner).not.toBeNull()
    })
})

describe('Masters tie-break hands no one in them can end (soak2 games once stopped as stalemates)', () => {
  // All three are Masters tie-break hands (RULES.md section 8) of a sets-only last phase: every player in
  // the hand is down, and the only cards left that fit the table sit in the Save Pile of a player who is
  // not in the tie-break, which nobody in the hand may draw (section 9). The engine's stuck-hand rule
  // (`isHandStuck`, docs/engine.md) now counts only the seats in the hand, so it ends such a hand and the
  // game goes on to a winner.
  for (const g of [14319, 45030, 56549])
    it(`soak game ${g} finishes with a winner`, () => {
      const t = soakTable('soak2', g)
      const r = playGame({ levels: t.levels, rules: t.rules, seed: `soak2:${g}`, maxActions: 20_000 })
      expect(r.rejected).toBeNull()
      expect(r.capped, describePosition(r.state)).toBe(false)
      expect(r.winner).not.toBeNull()
      expect(r.state.stage).toBe('gameOver')
    }, 30_000)
})
