import './test-support/dom'
import { fireEvent, render, screen } from '@testing-library/svelte'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { createFakeGameApi } from '../../../test/fakes/fake-game-api'
import App from './App.svelte'
import { router } from './stores/router.svelte'
import { loadAllScreens } from './screens/loaders'

// The app fetches every screen in the background when it mounts: let that finish before the environment goes.
afterAll(() => loadAllScreens())

beforeEach(() => router.go('home'))

describe('home screen and navigation', () => {
  it('offers the five ways in and shows the host’s version', async () => {
    render(App, { props: { api: createFakeGameApi() } })
    expect(await screen.findByText('Phase 10 vtest')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: /phase 10/i })).toBeInTheDocument()
    for (const label of ['Play solo', 'Host a LAN game', 'Join a game', 'Rules', 'Settings']) {
      expect(screen.getByRole('button', { name: new RegExp(label) })).toBeInTheDocument()
    }
  })

  it('opens Settings and comes back, keeping the screen in the URL hash', async () => {
    render(App, { props: { api: createFakeGameApi({ playerName: 'Ada' }) } })
    await fireEvent.click(screen.getByRole('button', { name: /Settings/ }))
    expect(await screen.findByLabelText('Your name', {}, { timeout: 5000 })).toHaveValue('Ada')
    expect(location.hash).toBe('#/settings')
    await fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByRole('button', { name: /Play solo/ })).toBeInTheDocument()
  })

  it('paints the menu before the transport is loaded, and loads it right after', async () => {
    let loaded = false
    const real = createFakeGameApi()
    const { lazyApi } = await import('./api/lazy-api')
    const api = lazyApi(async () => {
      loaded = true
      return real
    })
    render(App, { props: { api } })
    expect(screen.getByRole('heading', { name: /phase 10/i })).toBeInTheDocument()
    expect(loaded).toBe(false)
    expect(await screen.findByText('Phase 10 vtest')).toBeInTheDocument()
    expect(loaded).toBe(true)
  })

  it.each([
    ['Play solo', 'Play solo'],
    ['Host a LAN game', 'Host a LAN game'],
    ['Join a game', 'Join a game'],
    ['Rules', 'How to play Phase 10'],
  ])('%s leads to its screen', async (button, heading) => {
    render(App, { props: { api: createFakeGameApi() } })
    await fireEvent.click(screen.getByRole('button', { name: new RegExp(button) }))
    // Screens other than the menu load after the first paint (their own chunks).
    expect(await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 5000 })).toBeInTheDocument()
  })
})
