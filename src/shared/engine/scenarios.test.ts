/**
 * Every rules scenario in test/scenarios/**: run through the same runner the CLI uses. Each `NAME.json`
 * (pure scenario format) may have a sidecar `NAME.expect.json`: `{exit: 0|1|2, state?: partial output state}`.
 * Partial match: objects match the listed keys; arrays match element by element; `hand` / `saved` lists
 * are compared as multisets; `{"$len": n}` matches any list of length n.
 */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runScenario } from './scenario'

const ROOT = join(__dirname, '../../../test/scenarios')

function scenarioFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = join(dir, f)
      if (statSync(p).isDirectory()) return scenarioFiles(p)
      return f.endsWith('.json') && !f.endsWith('.expect.json') ? [p] : []
    })
}

/** The first mismatch between `actual` and the partial `expected`, as a path and a reason; `null` if they match. */
export function mismatch(actual: unknown, expected: unknown, path = 'state'): string | null {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected) && '$len' in expected) {
    const n = (expected as { $len: number }).$len
    return Array.isArray(actual) && actual.length === n ? null : `${path}: expected length ${n}, got ${JSON.stringify(actual)}`
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length)
      return `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`
    const last = path.split('.').pop()
    if ((last === 'hand' || last === 'saved') && expected.every((x) => typeof x === 'string')) {
      const a = [...(actual as string[])].sort()
      const e = [...(expected as string[])].sort()
      return JSON.stringify(a) === JSON.stringify(e) ? null : `${path}: expected ${JSON.stringify(e)}, got ${JSON.stringify(a)}`
    }
    for (let i = 0; i < expected.length; i++) {
      const m = mismatch(actual[i], expected[i], `${path}.${i}`)
      if (m) return m
    }
    return null
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') return `${path}: expected an object, got ${JSON.stringify(actual)}`
    for (const [k, v] of Object.entries(expected)) {
      const m = mismatch((actual as Record<string, unknown>)[k], v, `${path}.${k}`)
      if (m) return m
    }
    return null
  }
  return Object.is(actual, expected) ? null : `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`
}

const files = scenarioFiles(ROOT)

describe('rules scenarios (test/scenarios)', () => {
  it('has a scenario for every rule (60 or more files)', () => {
    expect(files.length).toBeGreaterThanOrEqual(60)
  })
  for (const file of files) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string }
    const sidecar = file.replace(/\.json$/, '.expect.json')
    const want = existsSync(sidecar) ? (JSON.parse(readFileSync(sidecar, 'utf8')) as { exit?: number; state?: unknown }) : {}
    const exit = want.exit ?? 0
    it(`${relative(ROOT, file)}: ${json.name ?? ''}`, () => {
      const run = runScenario(json)
      if (exit === 2) {
        expect(run.valid, 'the scenario should be invalid').toBe(false)
        return
      }
      if (!run.valid) throw new Error(`invalid scenario: ${run.reason}`)
      const failed = run.output.steps.map((s, i) => ({ i, ...s }))
      expect(run.output.ok, `steps: ${JSON.stringify(failed)}`).toBe(exit === 0)
      if (want.state !== undefined) expect(mismatch(run.output.state, want.state)).toBeNull()
      // Same scenario, same seed: byte-identical result.
      const again = runScenario(json)
      expect(again.valid && JSON.stringify(again.output)).toBe(JSON.stringify(run.output))
    })
  }
})
