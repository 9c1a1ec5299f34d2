import { render, screen, waitFor } from '@testing-library/svelte'
import { afterEach, describe, expect, it } from 'vitest'
import { DESKTOP_JOIN_ANSWERS, createFakeGameApi, withAnswers, type FakeGameApi } from '../../../../test/fakes/fake-game-api'
import { joinLink } from '../stores/join-link.svelte'
import { TableStore } from '../stores/table.svelte'
import Join from './Join.svelte'

/** The fake answers discovery and join.connect like the desktop's services would (join.connect: refused here). */
function desktopApi(): FakeGameApi {
  return withAnswers(createFakeGameApi({ playerName: 'Lin' }), DESKTOP_JOIN_ANSWERS)
}

afterEach(() => {
  joinLink.pending = null
})

describe('joining from a phase10:// link', () => {
  it('opens pre-filled and connects to the link’s host at once', async () => {
    joinLink.pending = { address: '192.168.1.23', port: 7311, tableId: 'Uj9eaZneTMRY' }
    const api = desktopApi()
    const store = new TableStore()
    store.connect(api)
    render(Join, { props: { api, store, onBack: () => {} } })
    await waitFor(() => expect(api.calls.find((c) => c.name === 'join.connect')).toBeTruthy())
    expect(api.calls.find((c) => c.name === 'join.connect')!.params).toEqual({ address: '192.168.1.23', port: 7311, name: expect.any(String) })
    expect(screen.getByLabelText('Host address')).toHaveValue('192.168.1.23:7311')
    expect(joinLink.pending).toBeNull() // joined once
  })

  it('the link store takes a link from the window’s start and from the event, opening the join screen', async () => {
    const api = createFakeGameApi()
    let links = [{ address: '10.0.0.7', port: 7310 }, { address: '10.0.0.8', port: 7312 }]
    const invoke = api.invoke.bind(api)
    api.invoke = (async (name: string, params: unknown) =>
      name === 'app.deepLink' ? { ok: true, value: links.shift() ?? null } : invoke(name as never, params as never)) as FakeGameApi['invoke']
    let opened = 0
    const off = joinLink.connect(api, () => opened++)
    await waitFor(() => expect(joinLink.take()).toEqual({ address: '10.0.0.7', port: 7310 }))
    api.emit('app.deepLink', { address: '10.0.0.8', port: 7312 })
    await waitFor(() => expect(joinLink.take()).toEqual({ address: '10.0.0.8', port: 7312 }))
    expect(opened).toBe(2)
    off()
    links = [{ address: '10.0.0.9', port: 1 }]
    api.emit('app.deepLink', { address: '10.0.0.9', port: 1 })
    expect(opened).toBe(2)
  })
})

describe('the page a host serves', () => {
  it('offers the same table in the desktop app', async () => {
    const api = createFakeGameApi()
    api.transport = 'websocket'
    const store = new TableStore()
    render(Join, { props: { api, store, onBack: () => {} } })
    const link = await screen.findByRole('link', { name: 'Open in the desktop app' })
    const url = new URL(link.getAttribute('href')!)
    expect(url.protocol).toBe('phase10:')
    expect(url.hostname).toBe('join')
    expect(url.searchParams.get('host')).toBe(location.hostname)
    expect(Number(url.searchParams.get('port'))).toBe(Number(location.port) || 80)
  })
})
