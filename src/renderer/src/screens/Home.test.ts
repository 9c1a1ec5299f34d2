import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import type { SavedGame } from '@shared/api'
import { createFakeGameApi, withAnswers } from '../../../../test/fakes/fake-game-api'
import Home from './Home.svelte'

const saved = (tableId: string, bots: string[]): SavedGame => ({
  tableId,
  name: 'Solo',
  mode: 'solo',
  savedAt: Date.now() - 5 * 60_000,
  edition: 'classic',
  handNumber: 3,
  players: [
    { name: 'Me', kind: 'human', botLevel: null, isHost: true, score: 25, phase: 2 },
    ...bots.map((name) => ({ name, kind: 'bot' as const, botLevel: 'medium' as const, isHost: false, score: 10, phase: 3 })),
  ],
})

describe('Home screen', () => {
  it('shows only the menu when nothing is saved', async () => {
    const api = createFakeGameApi()
    render(Home, { props: { api, onNavigate: () => {}, onResume: async () => true } })
    await waitFor(() => expect(api.calls.some((c) => c.name === 'saves.list')).toBe(true))
    expect(screen.queryByRole('navigation', { name: 'Continue a game' })).toBeNull()
    expect(screen.getByRole('button', { name: /Play solo/ })).toBeInTheDocument()
  })

  it('offers saved games to continue, newest first, and reopens the one chosen', async () => {
    const api = createFakeGameApi({}, [saved('newest', ['Ada', 'Babbage']), saved('older', ['Cy'])])
    const onResume = vi.fn(async () => true)
    render(Home, { props: { api, onNavigate: () => {}, onResume } })
    const first = await screen.findByRole('button', { name: /Continue: Solo vs Ada and Babbage/ })
    expect(first).toHaveTextContent('Hand 3 · you: Phase 2, 25 pts · 5 min ago')
    expect(screen.getAllByRole('button', { name: /^Continue/ })).toHaveLength(2)
    await fireEvent.click(screen.getByRole('button', { name: /Continue: Solo vs Cy/ }))
    expect(onResume).toHaveBeenCalledWith('older')
  })

  it('never lists two identical “Continue” rows for two games against the same bots (issue #16)', async () => {
    // Both left at hand 1 a moment ago: "Continue: Solo vs Ada and Babbage · Hand 1 · … · just now" twice.
    const atHand1 = (tableId: string, ago: number) => ({ ...saved(tableId, ['Ada', 'Babbage']), handNumber: 1, savedAt: Date.now() - ago })
    const api = createFakeGameApi({}, [atHand1('second', 10_000), atHand1('first', 40_000)])
    render(Home, { props: { api, onNavigate: () => {}, onResume: async () => true } })
    await screen.findAllByRole('button', { name: /Continue: Solo vs Ada and Babbage/ })
    const rows = screen.getAllByRole('button', { name: /^Continue/ }).map((b) => b.textContent)
    expect(rows).toHaveLength(2)
    expect(new Set(rows).size).toBe(2)
    // Each “Forget” names its own row.
    expect(new Set(screen.getAllByRole('button', { name: /^Forget/ }).map((b) => b.getAttribute('aria-label'))).size).toBe(2)
  })

  it('says so when a saved game cannot be opened, and lists again', async () => {
    const api = createFakeGameApi({}, [saved('broken', ['Ada'])])
    render(Home, { props: { api, onNavigate: () => {}, onResume: async () => false } })
    await fireEvent.click(await screen.findByRole('button', { name: /Continue: Solo vs Ada/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent('That game could not be opened.')
    expect(api.calls.filter((c) => c.name === 'saves.list')).toHaveLength(2)
  })

  it('forgets a saved game only once asked twice', async () => {
    const api = createFakeGameApi({}, [saved('gone', ['Ada']), saved('kept', ['Cy'])])
    render(Home, { props: { api, onNavigate: () => {}, onResume: async () => true } })
    await fireEvent.click(await screen.findByRole('button', { name: 'Forget Solo vs Ada' }))
    const ask = screen.getByRole('group', { name: 'Forget Solo vs Ada?' })
    await fireEvent.click(within(ask).getByRole('button', { name: 'Keep' }))
    expect(screen.getByRole('button', { name: /Continue: Solo vs Ada/ })).toBeInTheDocument()
    await fireEvent.click(screen.getByRole('button', { name: 'Forget Solo vs Ada' }))
    await fireEvent.click(within(screen.getByRole('group', { name: 'Forget Solo vs Ada?' })).getByRole('button', { name: 'Forget' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: /Continue: Solo vs Ada/ })).toBeNull())
    expect(screen.getByRole('button', { name: /Continue: Solo vs Cy/ })).toBeInTheDocument()
    expect(api.calls.filter((c) => c.name === 'saves.remove')).toEqual([{ name: 'saves.remove', params: { tableId: 'gone' } }])
  })

  it('offers a downloaded update with a restart, and shows why a restart is refused', async () => {
    const api = createFakeGameApi()
    render(Home, { props: { api, onNavigate: () => {}, onResume: async () => true } })
    await waitFor(() => expect(api.calls.some((c) => c.name === 'app.info')).toBe(true))
    expect(screen.queryByRole('button', { name: 'Restart to update' })).toBeNull()
    api.emit('app.update', { state: 'downloading', version: '0.2.0' })
    await Promise.resolve()
    expect(screen.queryByRole('button', { name: 'Restart to update' })).toBeNull()
    api.emit('app.update', { state: 'ready', version: '0.2.0' })
    const restart = await screen.findByRole('button', { name: 'Restart to update' })
    expect(screen.getByRole('complementary', { name: 'Update' })).toHaveTextContent('Phase 10 0.2.0 is ready.')
    api.installUpdateError = 'WRONG_STATUS'
    await fireEvent.click(restart)
    expect(await screen.findByRole('alert')).toHaveTextContent('leave the table first')
    api.installUpdateError = null
    await fireEvent.click(restart)
    expect(api.calls.filter((c) => c.name === 'app.installUpdate')).toHaveLength(2)
  })

  it('shows an update already downloaded before the menu opened', async () => {
    const api = createFakeGameApi()
    api.update = { state: 'ready', version: '0.3.0' }
    render(Home, { props: { api, onNavigate: () => {}, onResume: async () => true } })
    expect(await screen.findByRole('button', { name: 'Restart to update' })).toBeInTheDocument()
  })

  it('offers the History to the host machine, not to a browser that may only join', async () => {
    const host = createFakeGameApi()
    const onNavigate = vi.fn()
    const { unmount } = render(Home, { props: { api: host, onNavigate } })
    await fireEvent.click(await screen.findByRole('button', { name: /^History/ }))
    expect(onNavigate).toHaveBeenCalledWith('history')
    unmount()
    const guest = withAnswers(createFakeGameApi(), { 'saves.list': () => ({ ok: false, error: { code: 'FORBIDDEN', message: 'saves.list is only for the host' } }) })
    render(Home, { props: { api: guest, onNavigate } })
    await waitFor(() => expect(screen.queryByRole('button', { name: /Play solo/ })).toBeNull())
    expect(screen.queryByRole('button', { name: /^History/ })).toBeNull()
    expect(screen.getByRole('button', { name: /Join a game/ })).toBeInTheDocument()
  })
})
