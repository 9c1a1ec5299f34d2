import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import { createFakeGameApi } from '../../../../test/fakes/fake-game-api'
import Settings from './Settings.svelte'

describe('Settings screen', () => {
  it('shows the saved settings', async () => {
    const api = createFakeGameApi({ playerName: 'Ada', cardStyle: 'colour-blind', sound: false })
    render(Settings, { props: { api, onBack: () => {} } })
    expect(await screen.findByLabelText('Your name')).toHaveValue('Ada')
    expect(screen.getByRole('radio', { name: 'Colour-blind (shapes)' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Normal' })).toBeChecked()
    expect(screen.getByLabelText('Sound effects')).not.toBeChecked()
    expect(screen.getByText('Bot thinking time: 0.7 s')).toBeInTheDocument()
  })

  it('saves edits through the api and confirms', async () => {
    const api = createFakeGameApi()
    render(Settings, { props: { api, onBack: () => {} } })
    const name = await screen.findByLabelText('Your name')
    await fireEvent.input(name, { target: { value: 'Grace' } })
    await fireEvent.click(screen.getByRole('radio', { name: 'Fast' }))
    await fireEvent.click(screen.getByLabelText('Sound effects'))
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'))
    expect(api.settings).toMatchObject({ playerName: 'Grace', animationSpeed: 'fast', sound: false })
    expect(api.calls.at(-1)).toMatchObject({ name: 'settings.set', params: { playerName: 'Grace' } })
  })

  it('shows the host’s error and keeps the old settings when the request is refused', async () => {
    const api = createFakeGameApi({ playerName: 'Ada' })
    render(Settings, { props: { api, onBack: () => {} } })
    const name = await screen.findByLabelText('Your name')
    await fireEvent.input(name, { target: { value: '   ' } })
    await fireEvent.submit(name.closest('form')!)
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Enter a name'))
    expect(api.settings.playerName).toBe('Ada')
  })

  it('follows a change saved elsewhere while the form is untouched', async () => {
    const api = createFakeGameApi()
    render(Settings, { props: { api, onBack: () => {} } })
    await screen.findByLabelText('Your name')
    api.emit('settings.changed', { ...api.settings, playerName: 'From phone' })
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue('From phone'))
  })

  it('never writes back the saved phase lists it loaded (another tab may have changed them meanwhile)', async () => {
    const api = createFakeGameApi()
    render(Settings, { props: { api, onBack: () => {} } })
    const name = await screen.findByLabelText('Your name')
    await fireEvent.input(name, { target: { value: 'Grace' } })
    // Saved elsewhere while this form is being edited (so the form keeps what it loaded).
    api.settings = { ...api.settings, savedPhaseLists: [{ name: 'Quick', phaseList: [[{ kind: 'set', size: 3 }]] }] }
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.settings.playerName).toBe('Grace'))
    expect(api.settings.savedPhaseLists).toEqual([{ name: 'Quick', phaseList: [[{ kind: 'set', size: 3 }]] }])
  })

  it('goes back without saving', async () => {
    const api = createFakeGameApi()
    const onBack = vi.fn()
    render(Settings, { props: { api, onBack } })
    await screen.findByLabelText('Your name')
    await fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(onBack).toHaveBeenCalled()
    expect(api.calls.map((c) => c.name).filter((n) => n !== 'app.info')).toEqual(['settings.get'])
  })

  it('lets the desktop app turn its update check off', async () => {
    const api = createFakeGameApi()
    render(Settings, { props: { api, onBack: () => {} } })
    const box = await screen.findByLabelText('Check for updates when the app starts')
    expect(box).toBeChecked()
    await fireEvent.click(box)
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.settings.checkForUpdates).toBe(false))
  })

  it('offers no update setting in a browser', async () => {
    const api = createFakeGameApi()
    api.transport = 'websocket'
    render(Settings, { props: { api, onBack: () => {} } })
    await screen.findByLabelText('Your name')
    await waitFor(() => expect(api.calls.some((c) => c.name === 'app.info')).toBe(true))
    expect(screen.queryByLabelText('Check for updates when the app starts')).toBeNull()
  })

  it('turns the turn alerts off (on by default)', async () => {
    const api = createFakeGameApi()
    render(Settings, { props: { api, onBack: () => {} } })
    const box = await screen.findByLabelText('Tell me when it is my turn while I am in another window')
    expect(box).toBeChecked()
    await fireEvent.click(box)
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.settings.turnAlerts).toBe(false))
  })

  it('in a browser, asks for notification permission from a click, and says when it is blocked', async () => {
    let permission: NotificationPermission = 'default'
    const requestPermission = vi.fn(async () => (permission = 'denied'))
    vi.stubGlobal('Notification', {
      get permission() {
        return permission
      },
      requestPermission,
    })
    try {
      const api = createFakeGameApi()
      api.transport = 'websocket'
      render(Settings, { props: { api, onBack: () => {} } })
      const allow = await screen.findByRole('button', { name: 'Allow notifications in this browser' })
      expect(requestPermission).not.toHaveBeenCalled() // never without the player's click
      await fireEvent.click(allow)
      expect(requestPermission).toHaveBeenCalledTimes(1)
      expect(await screen.findByText(/blocks notifications from this page/)).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Allow notifications in this browser' })).toBeNull()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('offers no browser permission button in the desktop app (main notifies there)', async () => {
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() })
    try {
      render(Settings, { props: { api: createFakeGameApi(), onBack: () => {} } })
      await screen.findByLabelText('Check for updates when the app starts')
      expect(screen.queryByRole('button', { name: 'Allow notifications in this browser' })).toBeNull()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
