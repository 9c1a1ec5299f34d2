/** The scenario CLI as a child process: one JSON object on stdout, exit 0 / 1 / 2 (spec/scenario-format.md). */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '..')
const scenarios = join(ROOT, 'test/scenarios')

function cli(arg: string, input?: string) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'tools/scenario.ts'), arg], { cwd: ROOT, input, encoding: 'utf8' })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

describe('npm run scenario', () => {
  it('exits 0 and prints one JSON result when every step behaved as expected', () => {
    const r = cli(join(scenarios, 'hits/hit-a-set-and-both-ends-of-a-run.json'))
    expect(r.code).toBe(0)
    expect(r.stdout.trim().split('\n')).toHaveLength(1)
    const out = JSON.parse(r.stdout)
    expect(out.ok).toBe(true)
    expect(out.state.players[0].laidDown[1]).toEqual(['R3', 'Y4', 'R5', 'B6', 'G7', 'B8'])
  })
  it('exits 1 when a step did not behave as expected', () => {
    const r = cli(join(scenarios, 'failing/wrong-error-code.json'))
    expect(r.code).toBe(1)
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, steps: [{ result: 'error', error: 'MUST_DRAW' }] })
  })
  it('exits 2 with a one-line reason for an invalid scenario', () => {
    const r = cli(join(scenarios, 'invalid/third-red-seven.json'))
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
  })
  it('exits 2 for a file that is not JSON or does not exist', () => {
    expect(cli('-', '{nope').code).toBe(2)
    expect(cli(join(scenarios, 'no-such-file.json')).code).toBe(2)
  })
  it('reads the scenario from standard input with -', () => {
    const text = readFileSync(join(scenarios, 'basics/upcard-skip-skips-first-player.json'), 'utf8')
    const r = cli('-', text)
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout).state.turn).toBe(1)
  })
})
