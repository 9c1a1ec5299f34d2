import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { playRandomGame } from '@shared/engine/testing'
import { gameRecordOf, type GameRecord } from '@shared/history/record'

function record(seed: string): GameRecord {
  const { state } = playRandomGame({ seed, players: 3, rules: { fixedHands: 2 } })
  return gameRecordOf(state, { tableId: '', tableName: 'Kitchen', mode: 'solo', source: 'host', startedAt: 1, finishedAt: 1764500000000, players: state.players.map((p, i) => ({ name: p.name, kind: 'human' as const, botLevel: null, you: i === 0 })) })
}

const run = (file: string) => spawnSync('npx', ['tsx', 'tools/verify-game.ts', file], { encoding: 'utf8' })

describe('npm run verify:game', () => {
  it('passes honest games and names what is wrong with a doctored one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'p10-verify-'))
    const good = record('verify-1')
    const doctored = { ...record('verify-2') }
    doctored.hands = doctored.hands.map((h, i) => (i === 1 ? { ...h, seed: '0'.repeat(32) } : h))
    doctored.finalScores = doctored.finalScores.map((s, i) => (i === 0 ? s + 5 : s))
    const file = join(dir, 'export.json')
    writeFileSync(file, JSON.stringify({ format: 1, games: [good, doctored] }))
    const r = run(file)
    expect(r.status).toBe(1)
    const [ok, bad] = r.stdout.trim().split('\n')
    expect(ok).toMatch(/^✓ Kitchen .*: 2 hands, every deal committed/)
    expect(bad).toMatch(/^✗ /)
    expect(bad).toMatch(/hand 2: the replay differs/)
    expect(bad).toMatch(/hand 2: its seed was not keyed from the game key/)
    expect(bad).toMatch(/hand 2: the seed does not match its commitment/)
    expect(bad).toMatch(/the record says/)
    writeFileSync(file, JSON.stringify(good))
    expect(run(file).status).toBe(0)
    writeFileSync(file, '{"games": []}')
    expect(run(file).status).toBe(2)
  }, 60_000)
})
