import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TableGameEvent } from '@shared/api'
import { position, snapshotOf } from '../test-support/engine-views'
import { prefs } from '../stores/prefs.svelte'
import { TableStore } from '../stores/table.svelte'
import { playSound, SAMPLES } from './sound'

/** A stand-in for the browser's Audio: records which file was asked for and that it was played. */
class FakeAudio {
  static played: string[] = []
  volume = 1
  constructor(public src: string) {}
  play() {
    FakeAudio.played.push(this.src)
    return Promise.resolve()
  }
}
const fileOf = (url: string) => /([a-z-]+)(?:-[\w-]{6,})?\.ogg/.exec(url.split('/').pop() ?? '')?.[1]

describe('card sounds', () => {
  beforeEach(() => {
    FakeAudio.played = []
    vi.stubGlobal('Audio', FakeAudio)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    prefs.apply({ ...prefs.current, sound: true })
  })

  it('plays the recording of each card move, from a file of its own', () => {
    for (const name of ['draw', 'discard', 'layDown', 'hit', 'skip', 'win'] as const) playSound(name, true)
    expect(FakeAudio.played.map(fileOf)).toEqual(['draw', 'discard', 'lay-down', 'hit', 'skip', 'win'])
    // Files the page fetches (CSP media-src 'self'), never inlined data: URLs.
    for (const url of Object.values(SAMPLES)) expect(url).not.toMatch(/^data:/)
  })

  it('is silent when sound is off', () => {
    playSound('draw', false)
    playSound('win', false)
    expect(FakeAudio.played).toEqual([])
  })

  it('asks for the right sound for each event of the table, and for none when muted', () => {
    const store = new TableStore()
    store.receiveSnapshot(snapshotOf(position({ hands: [['R1', 'R2'], ['B1', 'B2']], drawPile: ['G5'] })))
    const batch: TableGameEvent[] = [
      { type: 'drew', seat: 1, from: 'deck' },
      { type: 'laidDown', seat: 1, phase: 1, groups: [] },
      { type: 'hit', seat: 1, card: 'R1', target: { seat: 1, group: 0 } },
      { type: 'discarded', seat: 1, card: 'B2' },
      { type: 'skipPlayed', seat: 1, target: 0 },
      { type: 'gameEnded', winner: 1 },
    ]
    prefs.apply({ ...prefs.current, sound: true })
    store.receiveEvents(5, batch)
    expect(FakeAudio.played.map(fileOf)).toEqual(['draw', 'lay-down', 'hit', 'discard', 'skip', 'win'])
    FakeAudio.played = []
    prefs.apply({ ...prefs.current, sound: false })
    store.receiveEvents(6, batch)
    expect(FakeAudio.played).toEqual([])
  })
})
