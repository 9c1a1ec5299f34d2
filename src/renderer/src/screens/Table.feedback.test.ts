import '../test-support/dom'
import { fireEvent, render, screen } from '@testing-library/svelte'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_SETTINGS } from '@shared/api'
import { apply } from '@shared/engine'
import { prefs } from '../stores/prefs.svelte'
import { play, position, recordingApi, snapshotOf } from '../test-support/engine-views'
import { TableStore } from '../stores/table.svelte'
import Table from './Table.svelte'

// Me (seat 0) holding Phase 1 (two sets of three) after my draw; my lay-down is the move under test.
const beforeLayDown = () =>
  play(position({ hands: [['R5', 'B5', 'G5', 'R7', 'B7', 'G7', 'Y5', 'W', 'R1'], ['B1', 'B2', 'B3']], drawPile: ['G12'] }), [[0, { type: 'draw', from: 'deck' }]])

/** The table, then my lay-down arriving as the host sends it: its events, then its snapshot. */
async function layDownAtTable() {
  const store = new TableStore()
  const start = beforeLayDown()
  store.connect(recordingApi({ 'table.get': snapshotOf(start) }))
  await store.refresh()
  render(Table, { props: { store, onleave: () => {} } })
  store.receiveEvents(start.version, []) // the batch already on the page when the table opened
  await Promise.resolve()
  const r = apply(start, 0, { type: 'layDown', groups: [['R5', 'B5', 'G5'], ['R7', 'B7', 'G7']] })
  if (!r.ok) throw new Error(r.error.message)
  store.receiveEvents(r.state.version, r.events)
  store.receiveSnapshot(snapshotOf(r.state))
}

const reduce = (on: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: on && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }))

describe('Table: the lay-down celebration', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('bursts into confetti with the phase I laid down', async () => {
    reduce(false)
    await layDownAtTable()
    await vi.waitFor(() => expect(document.querySelector('.celebration')?.textContent).toMatch(/Phase 1 down!/))
  })

  it('stays still under prefers-reduced-motion', async () => {
    reduce(true)
    await layDownAtTable()
    await new Promise((r) => setTimeout(r, 50))
    expect(document.querySelector('.celebration')).toBeNull()
  })
})

describe('Table: the sound switch', () => {
  it('mutes the table from its header, saving the same setting as Settings › Sound', async () => {
    const api = recordingApi({ 'table.get': snapshotOf(beforeLayDown()), 'settings.get': { ...DEFAULT_SETTINGS, sound: true }, 'settings.set': { ...DEFAULT_SETTINGS, sound: false } })
    prefs.connect(api)
    await vi.waitFor(() => expect(prefs.current.sound).toBe(true))
    const store = new TableStore()
    store.connect(api)
    await store.refresh()
    render(Table, { props: { store, onleave: () => {} } })
    const button = screen.getByRole('button', { name: 'Sound' })
    expect(button).toHaveAttribute('aria-pressed', 'true')
    await fireEvent.click(button)
    expect(api.calls).toContainEqual({ name: 'settings.set', params: { sound: false } })
    await vi.waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'))
    prefs.apply({ ...DEFAULT_SETTINGS })
  })
})
