import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { replaySave, SAVE_FORMAT, SaveStore, saveFileSchema, type SaveFile } from '../../../src/main/session/saves'
import { replay } from '@shared/engine/replay'
import { LEGACY_SKIP_RULES, resolveRules } from '@shared/engine/rules'
import { actionLog, type LogEntry } from '@shared/engine/state'
import { playRandomGame } from '@shared/engine/testing'

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'p10-saves-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

/** Save files t0 (oldest) … t{n-1} (newest), plus a file set aside as corrupt. */
async function files(n: number): Promise<SaveStore> {
  const dir = join(dataDir, 'saves')
  await mkdir(dir, { recursive: true })
  for (let i = 0; i < n; i++) {
    const file = join(dir, `t${i}.json`)
    await writeFile(file, '{}')
    await utimes(file, 1_000_000 + i, 1_000_000 + i)
  }
  await writeFile(join(dir, 't9.json.corrupt-2026'), '{')
  return new SaveStore(dataDir, () => {})
}

describe('SaveStore housekeeping', () => {
  it('lists saves newest first and prunes all but the newest few, sparing the open table', async () => {
    const store = await files(6)
    expect(await store.list()).toEqual(['t5', 't4', 't3', 't2', 't1', 't0'])
    expect(await store.prune(3, 't1')).toBe(2)
    expect((await readdir(join(dataDir, 'saves'))).sort()).toEqual(['t1.json', 't3.json', 't4.json', 't5.json', 't9.json.corrupt-2026'])
    expect(await store.prune(10)).toBe(0)
  })
  it('removes one save; a missing one or a bad id is simply not there', async () => {
    const store = await files(2)
    expect(await store.remove('t0')).toBe(true)
    expect(await store.remove('t0')).toBe(false)
    expect(await store.remove('../t1')).toBe(false)
    expect(await store.list()).toEqual(['t1'])
  })
})

describe('saves from before the Skip rule revision (RULES.md section 4)', () => {
  it('load with the legacy Skip model, so a log played by it replays to the end', () => {
    // A random game played by the legacy model whose log the new default rules would refuse somewhere.
    const legacy = { fixedHands: 2, skipCount: 8, ...LEGACY_SKIP_RULES }
    let found: { seed: string; log: LogEntry[] } | null = null
    for (let i = 0; i < 50 && !found; i++) {
      const seed = `legacy-${i}`
      const { state } = playRandomGame({ seed, players: 3, rules: legacy })
      const log = actionLog(state)
      const now = replay({ players: ['A', 'B', 'C'], seed, rules: { fixedHands: 2, skipCount: 8 } }, log)
      if (!now.ok) found = { seed, log }
    }
    expect(found, 'no legacy game differs under the new rules').not.toBeNull()
    const { skipLands: _a, skipProtection: _b, ...oldRules } = resolveRules(legacy)
    const save = saveFileSchema.parse({
      format: SAVE_FORMAT,
      tableId: 'LegacyTable01',
      name: 'Old table',
      mode: 'solo',
      savedAt: 1,
      seed: found!.seed,
      rules: oldRules,
      seats: ['A', 'B', 'C'].map((name, i) => ({ name, kind: i ? 'bot' : 'human', botLevel: i ? 'easy' : null, token: null, isHost: i === 0, autoPlayed: false })),
      dropPolicy: 'bot',
      log: found!.log,
    })
    expect(save.rules).toMatchObject(LEGACY_SKIP_RULES)
    expect(replaySave(save).kept).toBe(found!.log.length)
  })
})

describe('the hand-end compaction in the background (writeSnapshotSoon)', () => {
  /** A 3-seat game's save holding its first `moves` moves, and the rest of its log. */
  function game(moves: number): { save: SaveFile; rest: LogEntry[] } {
    const { state } = playRandomGame({ seed: 'soon', players: 3, rules: { fixedHands: 1 } })
    const log = actionLog(state)
    const save = saveFileSchema.parse({
      format: SAVE_FORMAT,
      tableId: 'SoonTable01',
      name: 'Soon',
      mode: 'solo',
      savedAt: 1,
      seed: 'soon',
      rules: resolveRules({ fixedHands: 1 }),
      seats: ['A', 'B', 'C'].map((name, i) => ({ name, kind: i ? 'bot' : 'human', botLevel: i ? 'easy' : null, token: null, isHost: i === 0, autoPlayed: false })),
      dropPolicy: 'bot',
      log: log.slice(0, moves),
    })
    return { save, rest: log.slice(moves) }
  }
  const journal = (store: SaveStore, from: number, entries: LogEntry[]) => entries.forEach((e, i) => store.append('SoonTable01', from + i, e))

  it('empties the journal once the file holds all of it', async () => {
    const store = new SaveStore(dataDir, () => {})
    const { save } = game(20)
    journal(store, 0, save.log)
    await store.writeSnapshotSoon(save)
    expect(existsSync(store.journalFor('SoonTable01'))).toBe(false)
    expect((await new SaveStore(dataDir, () => {}).load('SoonTable01', { compact: false }))!.save.log).toEqual(save.log)
  })

  it('keeps the journal when moves came while it was written: loading skips what the file holds', async () => {
    const store = new SaveStore(dataDir, () => {})
    const { save, rest } = game(20)
    journal(store, 0, save.log)
    const job = store.writeSnapshotSoon(save)
    journal(store, 20, rest.slice(0, 5)) // acknowledged while the disk is busy
    await job
    expect(existsSync(store.journalFor('SoonTable01'))).toBe(true)
    expect((await new SaveStore(dataDir, () => {}).load('SoonTable01', { compact: false }))!.save.log).toEqual([...save.log, ...rest.slice(0, 5)])
  })

  it('never puts an older table over a newer one, nor brings back a removed save', async () => {
    const store = new SaveStore(dataDir, () => {})
    const { save, rest } = game(20)
    const newer = { ...save, log: [...save.log, ...rest.slice(0, 3)] }
    const old = store.writeSnapshotSoon(save)
    store.writeSnapshot(newer) // a seat changed hands right after the hand's end
    await old
    await store.flush()
    expect((await new SaveStore(dataDir, () => {}).load('SoonTable01', { compact: false }))!.save.log).toEqual(newer.log)
    const again = store.writeSnapshotSoon(newer)
    expect(await store.remove('SoonTable01')).toBe(true)
    await again
    expect(await store.list()).toEqual([])
    expect(await readdir(join(dataDir, 'saves'))).toEqual([]) // no temporary file left either
  })
})
