/**
 * One behavioural suite for the GameApi, run against every transport (IPC wiring, WebSocket bridge):
 * the renderer must not be able to tell them apart.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { DEFAULT_SETTINGS, type GameApi, type Settings, type Transport } from '@shared/api'

export interface ContractHarness {
  /** The renderer's view of the api. */
  api: GameApi
  /** A second renderer on the same host (another window, a phone). */
  otherApi: GameApi
  dataDir: string
  transport: Transport
}

const nextEvent = <T>(subscribe: (listener: (payload: T) => void) => () => void, ms = 5000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no event within 5 s')), ms)
    const off = subscribe((payload) => {
      clearTimeout(timer)
      off()
      resolve(payload)
    })
  })

export function gameApiContract(harness: () => ContractHarness): void {
  it('answers app.info with the name, version, platform and its own transport', async () => {
    const { api, transport } = harness()
    const info = await api.invoke('app.info', {})
    expect(info).toEqual({ ok: true, value: { name: 'Phase 10', version: '0.1.0-test', platform: process.platform, transport, update: null } })
  })

  it('starts from the default settings when there is no settings.json', async () => {
    const result = await harness().api.invoke('settings.get', {})
    expect(result).toEqual({ ok: true, value: DEFAULT_SETTINGS })
  })

  it('saves a settings patch to settings.json and tells every renderer', async () => {
    const { api, otherApi, dataDir } = harness()
    const heardByOther = nextEvent<Settings>((l) => otherApi.on('settings.changed', l))
    const heardBySelf = nextEvent<Settings>((l) => api.on('settings.changed', l))
    await new Promise((r) => setTimeout(r, 50)) // let a WebSocket subscriber connect before the event
    const saved = await api.invoke('settings.set', { playerName: '  Ada ', cardStyle: 'colour-blind', botDelayMs: 1200 })
    const expected = { ...DEFAULT_SETTINGS, playerName: 'Ada', cardStyle: 'colour-blind', botDelayMs: 1200 }
    expect(saved).toEqual({ ok: true, value: expected })
    expect(await heardByOther).toEqual(expected)
    expect(await heardBySelf).toEqual(expected)
    expect(JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8'))).toEqual(expected)
    expect(await otherApi.invoke('settings.get', {})).toEqual({ ok: true, value: expected })
  })

  it('rejects invalid params with BAD_REQUEST and changes nothing', async () => {
    const { api, dataDir } = harness()
    await api.invoke('settings.set', { playerName: 'Grace' })
    const fileBefore = await readFile(join(dataDir, 'settings.json'), 'utf8')
    const bad = [
      { botDelayMs: -5 },
      { playerName: '' },
      { cardStyle: 'neon' },
      { sound: 'yes' },
      { playerName: 'Eve', isAdmin: true }, // unknown key: the whole request is refused, Eve is not saved
    ]
    for (const params of bad) {
      const result = await api.invoke('settings.set', params as never)
      expect(result.ok, JSON.stringify(params)).toBe(false)
      if (!result.ok) expect(result.error.code).toBe('BAD_REQUEST')
    }
    expect(await api.invoke('settings.get', {})).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, playerName: 'Grace' } })
    expect(await readFile(join(dataDir, 'settings.json'), 'utf8')).toBe(fileBefore)
  })

  it('answers an empty history on a fresh data dir, and refuses an import that is not JSON', async () => {
    const { api } = harness()
    expect(await api.invoke('history.list', {})).toEqual({ ok: true, value: { games: [], notices: [] } })
    expect(await api.invoke('history.import', { json: 'not json' })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
    expect(await api.invoke('history.get', { id: 'nope' })).toMatchObject({ ok: false, error: { code: 'NO_TABLE' } })
  })

  it('rejects an unknown request name with BAD_REQUEST', async () => {
    const result = await harness().api.invoke('settings.delete' as never, {} as never)
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
  })

  it('stops delivering events after unsubscribe', async () => {
    const { api, otherApi } = harness()
    const seen: Settings[] = []
    const off = otherApi.on('settings.changed', (s) => seen.push(s))
    const heard = nextEvent<Settings>((l) => otherApi.on('settings.changed', l))
    await new Promise((r) => setTimeout(r, 50))
    await api.invoke('settings.set', { sound: false })
    await heard
    off()
    const heardAgain = nextEvent<Settings>((l) => otherApi.on('settings.changed', l))
    await api.invoke('settings.set', { sound: true })
    await heardAgain
    expect(seen.map((s) => s.sound)).toEqual([false])
  })
}
