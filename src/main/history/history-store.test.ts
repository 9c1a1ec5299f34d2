import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { gameRecordSchema, replayRecord, type GameRecord } from '@shared/history/record'
import { playedRecord, variant } from '../../../test/node/history/records'
import { HISTORY_FILE, HistoryStore } from './history-store'

let base: GameRecord
let dir: string
beforeAll(async () => {
  base = await playedRecord()
})
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'p10-history-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const file = () => join(dir, HISTORY_FILE)
const ids = (s: HistoryStore) => s.all().map((r) => r.id)
const fresh = (o: Partial<ConstructorParameters<typeof HistoryStore>[0]> = {}) => new HistoryStore({ dataDir: dir, warn: () => {}, ...o })

describe('HistoryStore', () => {
  it('the played game is a valid record that replays to its final scores', () => {
    expect(gameRecordSchema.safeParse(base).success).toBe(true)
    const r = replayRecord(base)
    expect(r.ok && r.state.players.map((p) => p.score)).toEqual(base.finalScores)
    expect(base.players.map((p) => p.you)).toEqual([true, false, false])
  })

  it('appends, keeps newest last, survives a restart, and writes a private file', () => {
    const s = fresh()
    expect(s.all()).toEqual([])
    for (let i = 0; i < 3; i++) expect(s.append(variant(base, i))).toBe(true)
    expect(s.append(variant(base, 1))).toBe(false) // a game is recorded once
    expect(ids(fresh())).toEqual(['g0', 'g1', 'g2'])
    expect(statSync(file()).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toMatchObject({ format: 1, games: [{ id: 'g0' }, { id: 'g1' }, { id: 'g2' }] })
  })

  it('is bounded by count: the oldest games go first', () => {
    const s = fresh({ maxGames: 5 })
    for (let i = 0; i < 8; i++) s.append(variant(base, i))
    expect(ids(s)).toEqual(['g3', 'g4', 'g5', 'g6', 'g7'])
    expect(ids(fresh({ maxGames: 5 }))).toEqual(['g3', 'g4', 'g5', 'g6', 'g7'])
  })

  it('is bounded by size: the oldest games go first', () => {
    const one = JSON.stringify(base).length
    const s = fresh({ maxBytes: one * 3 + 50 })
    for (let i = 0; i < 6; i++) s.append(variant(base, i))
    expect(ids(s)).toEqual(['g3', 'g4', 'g5'])
    expect(readFileSync(file()).length).toBeLessThan(one * 3 + 200)
  })

  it('sets a file that is not JSON aside, tells once, and starts empty', () => {
    writeFileSync(file(), '{"format":1,"games":[{"id":')
    const s = fresh()
    expect(s.all()).toEqual([])
    const notices = s.takeNotices()
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatch(/set aside as .*history\.json\.corrupt-/)
    expect(s.takeNotices()).toEqual([])
    expect(readdirSync(dir).filter((n) => n.startsWith('history.json.corrupt-'))).toHaveLength(1)
    expect(existsSync(file())).toBe(false)
    s.append(variant(base, 1))
    expect(ids(fresh())).toEqual(['g1'])
    expect(fresh().takeNotices()).toEqual([])
  })

  it('sets a JSON file of another shape aside too', () => {
    writeFileSync(file(), JSON.stringify({ format: 2, games: [] }))
    const s = fresh()
    expect(s.all()).toEqual([])
    expect(s.takeNotices()[0]).toMatch(/not a Phase 10 history/)
  })

  it('drops only the invalid records and repeated ids of an otherwise valid file, and says so once', () => {
    const bad = { ...variant(base, 2), finalScores: 'lots' }
    writeFileSync(file(), JSON.stringify({ format: 1, games: [variant(base, 1), bad, variant(base, 3), variant(base, 1, { tableName: 'copy' }), 'junk'] }))
    const s = fresh()
    expect(ids(s)).toEqual(['g1', 'g3'])
    expect(s.get('g1')!.tableName).toBe(base.tableName) // the first of a repeated id is kept
    expect(s.takeNotices()).toEqual(['2 damaged games were dropped from the history.'])
    const again = fresh()
    expect(ids(again)).toEqual(['g1', 'g3'])
    expect(again.takeNotices()).toEqual([]) // the cleaned file was written back
  })

  it('removes one game', () => {
    const s = fresh()
    s.append(variant(base, 1))
    s.append(variant(base, 2))
    expect(s.remove('g1')).toBe(true)
    expect(s.remove('g1')).toBe(false)
    expect(ids(fresh())).toEqual(['g2'])
  })

  it('exports every record and imports them back into an empty history (round trip)', () => {
    const s = fresh()
    for (let i = 0; i < 3; i++) s.append(variant(base, i))
    const json = s.exportJson()
    rmSync(file())
    const other = fresh()
    expect(other.importJson(json)).toEqual({ added: 3, skipped: 0, invalid: 0, dropped: 0 })
    expect(other.all()).toEqual(s.all())
    expect(fresh().all()).toEqual(s.all())
  })

  it('merges an import by id, counts skipped and invalid ones, and sorts by end time', () => {
    const s = fresh()
    s.append(variant(base, 5))
    const incoming = [variant(base, 5), variant(base, 2), { ...variant(base, 7), log: 'no' }, 42, variant(base, 9)]
    expect(s.importJson(JSON.stringify({ format: 1, games: incoming }))).toEqual({ added: 2, skipped: 1, invalid: 2, dropped: 0 })
    expect(ids(s)).toEqual(['g2', 'g5', 'g9'])
    // One record alone, or a bare array, is fine too.
    expect(s.importJson(JSON.stringify(variant(base, 1)))).toMatchObject({ added: 1 })
    expect(s.importJson(JSON.stringify([variant(base, 3)]))).toMatchObject({ added: 1 })
    expect(ids(fresh())).toEqual(['g1', 'g2', 'g3', 'g5', 'g9'])
  })

  it('refuses text that is not JSON or holds no records, changing nothing', () => {
    const s = fresh()
    s.append(variant(base, 1))
    expect(() => s.importJson('not json')).toThrow(SyntaxError)
    expect(() => s.importJson('{"hello":1}')).toThrow(TypeError)
    expect(ids(fresh())).toEqual(['g1'])
  })

  it('an import past the bound drops the oldest and says how many', () => {
    const s = fresh({ maxGames: 3 })
    s.append(variant(base, 10))
    expect(s.importJson(JSON.stringify([variant(base, 1), variant(base, 2), variant(base, 3)]))).toEqual({ added: 3, skipped: 0, invalid: 0, dropped: 1 })
    expect(ids(s)).toEqual(['g2', 'g3', 'g10'])
  })
})
