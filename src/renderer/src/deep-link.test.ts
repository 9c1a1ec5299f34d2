import './test-support/dom'
import { render, screen, waitFor } from '@testing-library/svelte'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { DESKTOP_JOIN_ANSWERS, createFakeGameApi, withAnswers, type FakeGameApi } from '../../../test/fakes/fake-game-api'
import type { JoinLink } from '@shared/api'
import App from './App.svelte'
import { router } from './stores/router.svelte'
import { position, snapshotOf } from './test-support/engine-views'
import { loadAllScreens } from './screens/loaders'

// The app fetches every screen in the background when it mounts: let that finish before the environment goes.
afterAll(() => loadAllScreens())

beforeEach(() => router.go('home'))

/** The desktop window's api: main holds `links` (start argv, then a second start's) until the window takes them. */
function desktopWithLinks(links: JoinLink[], atTable: unknown = null): FakeGameApi {
  return withAnswers(createFakeGameApi(), {
    ...DESKTOP_JOIN_ANSWERS,
    'app.deepLink': () => ({ ok: true, value: links.shift() ?? null }),
    'table.get': () => ({ ok: true, value: atTable }),
  })
}

describe('a phase10://join link', () => {
  it('the app started with one opens the join screen, filled in and connecting', { timeout: 20_000 }, async () => {
    const api = desktopWithLinks([{ address: '192.168.1.23', port: 7310, tableId: 'Uj9eaZneTMRY' }])
    render(App, { props: { api } })
    expect(await screen.findByLabelText('Host address', {}, { timeout: 10_000 })).toHaveValue('192.168.1.23:7310')
    await waitFor(() => expect(api.calls.filter((c) => c.name === 'join.connect').map((c) => c.params)).toEqual([{ address: '192.168.1.23', port: 7310, name: 'Player' }]))
    expect(router.current).toBe('join')
  })

  it('one arriving while the app shows the menu (the app.deepLink event) does the same', { timeout: 20_000 }, async () => {
    const links: JoinLink[] = []
    const api = desktopWithLinks(links)
    render(App, { props: { api } })
    await waitFor(() => expect(api.calls.some((c) => c.name === 'app.deepLink')).toBe(true), { timeout: 5000 })
    expect(router.current).toBe('home')
    links.push({ address: '10.0.0.7', port: 7311 })
    api.emit('app.deepLink', { address: '10.0.0.7', port: 7311 })
    expect(await screen.findByLabelText('Host address', {}, { timeout: 10_000 })).toHaveValue('10.0.0.7:7311')
    await waitFor(() => expect(api.calls.some((c) => c.name === 'join.connect' && (c.params as { address: string }).address === '10.0.0.7')).toBe(true))
  })

  it('at a table, says to leave it first and forgets the link', { timeout: 20_000 }, async () => {
    const links: JoinLink[] = []
    const lobby = { ...snapshotOf(position({ hands: [['R1'], ['B1']] })), status: 'lobby' as const, view: null }
    const api = desktopWithLinks(links, lobby)
    render(App, { props: { api } })
    await waitFor(() => expect(router.current).toBe('lobby'), { timeout: 10_000 })
    links.push({ address: '10.0.0.7', port: 7311 })
    api.emit('app.deepLink', { address: '10.0.0.7', port: 7311 })
    expect(await screen.findByText('Leave this table first to join the one in the link.')).toBeInTheDocument()
    expect(router.current).toBe('lobby')
    expect(api.calls.some((c) => c.name === 'join.connect')).toBe(false)
    const { joinLink } = await import('./stores/join-link.svelte')
    expect(joinLink.pending).toBeNull()
  })
})
