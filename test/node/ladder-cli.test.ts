/** `arena --ladder --json` and `ladder:doc --check`: the CLI end of the ladder (tools/arena.ts, tools/ladder-doc.ts). */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { ladderFileSchema } from '@shared/ai/ladder'

const root = fileURLToPath(new URL('../..', import.meta.url))
const tsx = (args: string[]) => spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), ...args], { cwd: root, encoding: 'utf8' })

it('plays every listed level against three of each weaker one and prints one JSON object', () => {
  const r = tsx(['tools/arena.ts', '--ladder', '--games', '3', '--seed', 'cli', '--candidates', 'medium,hard', '--json'])
  expect(r.status, r.stderr).toBe(0)
  const ladder = ladderFileSchema.parse(JSON.parse(r.stdout))
  expect(ladder.rows.map((x) => `${x.candidate}>${x.field}`)).toEqual(['medium>easy', 'hard>easy', 'hard>medium'])
  for (const row of ladder.rows) expect(row.games).toBe(3)
  // Progress goes to stderr, one line per pair.
  expect(r.stderr.trim().split('\n')).toHaveLength(3)
}, 120_000)

it('ladder:doc --check passes for the shipped run and fails, writing nothing, for another', () => {
  const shipped = join(root, 'src/shared/ai/ladder.json')
  expect(tsx(['tools/ladder-doc.ts', shipped, '--check']).status).toBe(0)
  const dir = mkdtempSync(join(tmpdir(), 'ladder-'))
  try {
    const other = JSON.parse(readFileSync(shipped, 'utf8'))
    other.seed = 'another-run'
    writeFileSync(join(dir, 'other.json'), JSON.stringify(other))
    const doc = readFileSync(join(root, 'docs/ai.md'), 'utf8')
    const r = tsx(['tools/ladder-doc.ts', join(dir, 'other.json'), '--check'])
    expect(r.status).toBe(1)
    expect(r.stderr).toMatch(/out of date/)
    expect(readFileSync(join(root, 'docs/ai.md'), 'utf8')).toBe(doc)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 60_000)
