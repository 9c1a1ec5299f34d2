import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { budgetOverride, mergeArena, pairArena, runArena, styleOverride, type ArenaOptions } from './arena'
import { EXPERT_BUDGET } from './expert'
import { EXPERT_STYLE } from './expert-style'
import { HARD } from './hard'

describe('arena pairing (the --control option)', () => {
  const opts: ArenaOptions = { candidate: 'hard', field: 'medium', players: 3, games: 6, seed: 'arena-test' }

  it('a candidate equal to its control wins exactly the same games', () => {
    const a = runArena(opts)
    const b = runArena({ ...opts, candidateStyle: styleOverride(HARD, '{}') })
    expect(a.won).toHaveLength(6)
    expect(a.won).toBe(b.won)
    const p = pairArena(a, b)
    expect(p).toEqual({ both: a.wins, onlyCandidate: 0, onlyControl: 0, z: 0 })
  })

  it('merges worker parts in game order, whatever order they arrive in', () => {
    const all = runArena(opts)
    const merged = mergeArena([runArena({ ...opts, from: 4, to: 6 }), runArena({ ...opts, from: 0, to: 4 })])
    expect(merged.won).toBe(all.won)
    expect(merged.wins).toBe(all.wins)
    expect(merged.games).toBe(6)
    expect(() => mergeArena([runArena({ ...opts, from: 0, to: 2 }), runArena({ ...opts, from: 3, to: 4 })])).toThrow(/does not follow/)
  })

  it('counts the discordant games and their z', () => {
    const base = { from: 0, games: 5, hands: 0, turns: 0, capped: 0, rejected: [] }
    const p = pairArena({ ...base, wins: 3, won: '11100' }, { ...base, wins: 2, won: '10010' })
    expect(p).toEqual({ both: 1, onlyCandidate: 2, onlyControl: 1, z: 1 / Math.sqrt(3) })
  })
})

describe('style and budget overrides (--candidate-style, --candidate-budget)', () => {
  it('merges a partial style over the level style, mistakes too', () => {
    const s = styleOverride(EXPERT_STYLE, '{"skipLeaderUnlessCards":2,"mistakes":{"missHit":0.5}}')
    expect(s).toEqual({ ...EXPERT_STYLE, skipLeaderUnlessCards: 2, mistakes: { ...EXPERT_STYLE.mistakes, missHit: 0.5 } })
    expect(EXPERT_STYLE.mistakes.missHit).toBe(0)
    expect(budgetOverride(EXPERT_BUDGET, '{"discards":1}')).toEqual({ ...EXPERT_BUDGET, discards: 1 })
  })

  it('refuses unknown keys and wrong types', () => {
    expect(() => styleOverride(HARD, '{"defense":1}')).toThrow(/unknown key defense/)
    expect(() => styleOverride(HARD, '{"mistakes":{"oops":1}}')).toThrow(/unknown key mistakes.oops/)
    expect(() => styleOverride(HARD, '{"evDraw":1}')).toThrow(/evDraw must be a boolean/)
    expect(() => styleOverride(HARD, '[1]')).toThrow(/JSON object/)
    expect(() => styleOverride(HARD, '{nope')).toThrow(/not JSON/)
    expect(() => budgetOverride(EXPERT_BUDGET, '{"world":1}')).toThrow(/unknown key world/)
  })

  it('the CLI refuses a bad --candidate-style key with a usage error', () => {
    const r = spawnSync('npx', ['tsx', 'tools/arena.ts', '--candidate', 'expert', '--field', 'hard', '--games', '1', '--candidate-style', '{"bogus":true}'], {
      encoding: 'utf8',
    })
    expect(r.status).toBe(2)
    expect(r.stderr).toMatch(/--candidate-style: unknown key bogus/)
  })

  it('the CLI pairs a run with an earlier --json run of the same games (--control-file), and refuses one of other games', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arena-'))
    const arena = (...args: string[]) => spawnSync('npx', ['tsx', 'tools/arena.ts', '--candidate', 'medium', '--field', 'easy', '--games', '6', ...args], { encoding: 'utf8' })
    try {
      const first = arena('--seed', 'pair1', '--json')
      expect(first.status).toBe(0)
      const run = JSON.parse(first.stdout) as { won: string; wins: number }
      expect(run.won).toMatch(/^[01]{6}$/)
      expect([...run.won].filter((x) => x === '1')).toHaveLength(run.wins)
      const file = join(dir, 'first.json')
      writeFileSync(file, first.stdout)
      const again = arena('--seed', 'pair1', '--json', '--control-file', file)
      expect(again.status).toBe(0)
      expect(JSON.parse(again.stdout).paired).toEqual({ both: run.wins, onlyCandidate: 0, onlyControl: 0, z: 0 })
      const other = arena('--seed', 'pair2', '--control-file', file)
      expect(other.status).toBe(2)
      expect(other.stderr).toMatch(/played other games: its seed is "pair1", not "pair2"/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
