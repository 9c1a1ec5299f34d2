import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_SETTINGS, settingsPatchSchema } from '@shared/api'
import { SettingsStore } from './settings-store'

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'p10-settings-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('settings.json', () => {
  it('uses the defaults when there is no file, and creates none until something is saved', async () => {
    const store = new SettingsStore({ dataDir })
    expect(await store.load()).toEqual(DEFAULT_SETTINGS)
    expect(await readdir(dataDir)).toEqual([])
  })

  it('survives a restart: what one store saved, the next one loads', async () => {
    await new SettingsStore({ dataDir }).update({ playerName: 'Ada', sound: false, animationSpeed: 'fast' })
    const reloaded = new SettingsStore({ dataDir })
    expect(await reloaded.load()).toEqual({ ...DEFAULT_SETTINGS, playerName: 'Ada', sound: false, animationSpeed: 'fast' })
  })

  it('keeps named phase lists across a restart, and the contract refuses two of one name or an impossible shape', async () => {
    const savedPhaseLists = [{ name: 'Quick', phaseList: [[{ kind: 'set' as const, size: 2 }], [{ kind: 'run' as const, size: 4 }]] }]
    await new SettingsStore({ dataDir }).update({ savedPhaseLists })
    expect((await new SettingsStore({ dataDir }).load()).savedPhaseLists).toEqual(savedPhaseLists)
    const twice = settingsPatchSchema.safeParse({ savedPhaseLists: [...savedPhaseLists, { ...savedPhaseLists[0], name: 'QUICK' }] })
    expect(twice.error?.issues.map((i) => i.message)).toEqual(['Two saved phase lists have the same name'])
    const runOfOne = settingsPatchSchema.safeParse({ savedPhaseLists: [{ name: 'Bad', phaseList: [[{ kind: 'run', size: 1 }]] }] })
    expect(runOfOne.error?.issues.map((i) => i.message)).toEqual(['a run needs at least 2 cards in a row (1 card is not a run)'])
  })

  it('creates a missing data dir on the first save', async () => {
    const nested = join(dataDir, 'not', 'yet')
    await new SettingsStore({ dataDir: nested }).update({ botDelayMs: 0 })
    expect(JSON.parse(await readFile(join(nested, 'settings.json'), 'utf8')).botDelayMs).toBe(0)
  })

  it('writes atomically and in order: quick saves leave the last one and no temp files', async () => {
    const store = new SettingsStore({ dataDir })
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.update({ botDelayMs: i * 100 })))
    expect(await readdir(dataDir)).toEqual(['settings.json'])
    expect(JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')).botDelayMs).toBe(1900)
    expect(store.get().botDelayMs).toBe(1900)
  })

  it.each([
    ['not JSON', '{"playerName": "Ada",'],
    ['not an object', '[1, 2, 3]'],
    ['a field of the wrong type', JSON.stringify({ ...DEFAULT_SETTINGS, botDelayMs: 'fast' })],
    ['a value out of range', JSON.stringify({ ...DEFAULT_SETTINGS, botDelayMs: 99_999 })],
  ])('sets a corrupt file aside (%s), reports it and uses the defaults', async (_why, content) => {
    await writeFile(join(dataDir, 'settings.json'), content)
    const warn = vi.fn()
    const store = new SettingsStore({ dataDir, warn })
    expect(await store.load()).toEqual(DEFAULT_SETTINGS)
    const files = await readdir(dataDir)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^settings\.json\.corrupt-\d{4}-\d\d-\d\dT[\d-]+Z$/)
    expect(await readFile(join(dataDir, files[0]), 'utf8')).toBe(content)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('set aside'))
    await store.update({ playerName: 'Fresh' })
    expect((await readdir(dataDir)).sort()).toEqual(['settings.json', files[0]])
  })

  it('starts with the defaults when settings.json cannot be read at all (here: it is a directory)', async () => {
    await mkdir(join(dataDir, 'settings.json'))
    const warn = vi.fn()
    expect(await new SettingsStore({ dataDir, warn }).load()).toEqual(DEFAULT_SETTINGS)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cannot read'))
  })

  it('keeps known fields from an older or newer file: missing ones default, unknown ones are dropped', async () => {
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ playerName: 'Old', futureOption: 3 }))
    expect(await new SettingsStore({ dataDir }).load()).toEqual({ ...DEFAULT_SETTINGS, playerName: 'Old' })
    expect(await readdir(dataDir)).toEqual(['settings.json'])
  })
})
