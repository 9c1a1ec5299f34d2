import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SaveStore } from '../../../src/main/session/saves'

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
