/**
 * Toasts (issue #16): one toast area on every screen, so a guest whose host closed the table is told so on
 * the menu; and leaving a table oneself brings no stale "The table was closed." to the next screen.
 */
import './test-support/dom'
import { fireEvent, render, screen } from '@testing-library/svelte'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { createFakeGameApi, type FakeGameApi } from '../../../test/fakes/fake-game-api'
import type { TableSnapshot } from '@shared/api'
import App from './App.svelte'
import { router } from './stores/router.svelte'
import { table } from './stores/table.svelte'
import { play, position, snapshotOf } from './test-support/engine-views'
import { loadAllScreens } from './screens/loaders'

// The app fetches every screen in the background when it mounts: let that finish before the environment goes.
afterAll(() => loadAllScreens())

beforeEach(() => {
  router.go('home')
  table.reset()
})

/** The fake desktop api, with the table requests these tests need. */
function tableApi(): FakeGameApi {
  const api = createFakeGameApi()
  const base = api.invoke.bind(api) as (name: string, params: unknown) => ReturnType<FakeGameApi['invoke']>
  api.invoke = (async (name: string, params: unknown) => {
    if (name === 'table.get' || name === 'host.close' || name === 'table.leave') api.calls.push({ name, params })
    if (name === 'table.get') return { ok: true, value: null }
    if (name === 'host.close' || name === 'table.leave') {
      api.emit('table.snapshot', null) // the host says the table is gone before it answers (docs/protocol.md)
      return { ok: true, value: null }
    }
    return base(name, params)
  }) as FakeGameApi['invoke']
  return api
}

function lobbyAsGuest(): TableSnapshot {
  const s = snapshotOf(position({ hands: [['R1'], ['R2']] }), 0, { role: 'guest' })
  return { ...s, status: 'lobby', view: null, version: 0 }
}

function gameOver(): TableSnapshot {
  const s = play(position({ players: ['Me', 'Ada'], hands: [['R5', 'B5', 'G5'], ['B1']], drawPile: ['Y12'], rules: { phaseList: [[{ kind: 'set', size: 3 }]] } }), [
    [0, { type: 'draw', from: 'deck' }],
    [0, { type: 'layDown', groups: [['R5', 'B5', 'G5']] }],
    [0, { type: 'discard', card: 'Y12' }],
  ])
  return snapshotOf(s, 0)
}

/** Waits until App has loaded the table store (after the first paint) and listens to the host. */
async function started(api: FakeGameApi): Promise<void> {
  render(App, { props: { api } })
  await expect.poll(() => api.calls.some((c) => c.name === 'table.get'), { timeout: 5000 }).toBe(true)
}

describe('toasts', () => {
  it('tells a guest on the menu that the host closed the table', async () => {
    const api = tableApi()
    await started(api)
    api.emit('table.snapshot', lobbyAsGuest())
    await screen.findByRole('region', { name: 'Seats' }, { timeout: 5000 })
    api.emit('table.snapshot', null)
    await screen.findByRole('button', { name: /Play solo/ })
    expect(await screen.findByText('The table was closed.')).toBeInTheDocument()
  }, 20_000)

  it('after my own “Back to menu” no “The table was closed.” follows me to the next screen', async () => {
    const api = tableApi()
    await started(api)
    api.emit('table.snapshot', gameOver())
    await fireEvent.click(await screen.findByRole('button', { name: 'Back to menu' }, { timeout: 5000 }))
    await fireEvent.click(await screen.findByRole('button', { name: /Play solo/ }))
    await screen.findByRole('button', { name: 'Deal the cards' }, { timeout: 5000 })
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByText('The table was closed.')).toBeNull()
    expect(table.toasts).toEqual([])
  }, 20_000)
})
