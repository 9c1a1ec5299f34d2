import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { checkLine } from './phase-check'

const phase1 = [{ kind: 'set', size: 3 }, { kind: 'set', size: 3 }]

describe('phase-check', () => {
  it('answers a makeable phase with a lay-down', () => {
    expect(checkLine(JSON.stringify({ phase: phase1, hand: ['R5', 'B5', 'W', 'G7', 'Y7', 'R7', 'S'] }))).toEqual({
      can: true,
      groups: [
        ['R5', 'B5', 'W=5'],
        ['R7', 'Y7', 'G7'],
      ],
    })
  })

  it('answers can:false, and applies wildsNeedNaturalPerGroup from the rules', () => {
    const line = { phase: phase1, hand: ['R5', 'W', 'W', 'W', 'W', 'W'] }
    expect(checkLine(JSON.stringify(line))).toMatchObject({ can: true })
    expect(checkLine(JSON.stringify({ ...line, rules: { wildsNeedNaturalPerGroup: true } }))).toEqual({ can: false, groups: null })
  })

  it('reports malformed lines as errors', () => {
    expect(checkLine('{nope')).toHaveProperty('error')
    expect(checkLine(JSON.stringify({ phase: phase1, hand: ['R13'] }))).toEqual({ error: 'hand.0: unknown card code: "R13"' })
    expect(checkLine(JSON.stringify({ phase: phase1, hand: ['W=5'] }))).toHaveProperty('error')
    expect(checkLine(JSON.stringify({ phase: [{ kind: 'pair', size: 2 }], hand: [] }))).toHaveProperty('error')
    expect(checkLine(JSON.stringify({ phase: [], hand: [] }))).toHaveProperty('error')
    expect(checkLine(JSON.stringify({ phase: phase1, hand: [], rules: { bogus: true } }))).toHaveProperty('error')
    expect(checkLine(JSON.stringify({ phase: phase1 }))).toHaveProperty('error')
  })

  it('skips blank lines', () => {
    expect(checkLine('   ')).toBeNull()
  })

  it('streams stdin to stdout, one answer per non-blank line, going on after errors', () => {
    const input = [JSON.stringify({ phase: phase1, hand: ['R1', 'B1', 'G1', 'W', 'W', 'Y2'] }), '', 'not json', JSON.stringify({ phase: phase1, hand: [] })]
    const r = spawnSync('npx', ['tsx', 'tools/phase-check.ts'], { input: input.join('\n') + '\n', encoding: 'utf8' })
    expect(r.status).toBe(0)
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l))
    expect(out).toHaveLength(3)
    expect(out[0]).toEqual({ can: true, groups: [['R1', 'B1', 'G1'], ['Y2', 'W=2', 'W=2']] })
    expect(out[1]).toHaveProperty('error')
    expect(out[2]).toEqual({ can: false, groups: null })
  })
})
