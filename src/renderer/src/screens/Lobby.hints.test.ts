import '../test-support/dom'
import { fireEvent, render, screen } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import { position, recordingApi, snapshotOf } from '../test-support/engine-views'
import { TableStore } from '../stores/table.svelte'
import Lobby from './Lobby.svelte'

function lobby(role: 'host' | 'guest', hints: boolean) {
  const base = snapshotOf(position({ players: ['Hosta', 'Ann'], hands: [['R1'], ['B1']] }), role === 'host' ? 0 : 1)
  return { ...base, status: 'lobby' as const, view: null, version: 0, role, dropPolicy: 'wait' as const, graceSeconds: 60, hints }
}

async function lobbyWith(snap: ReturnType<typeof lobby>) {
  const store = new TableStore()
  const api = recordingApi({ 'table.get': snap })
  store.connect(api)
  await store.refresh()
  render(Lobby, { props: { store, onleave: () => {} } })
  return api
}

describe("Lobby: the coach's hints", () => {
  it('the host turns them on for the table, and may add an Expert bot', async () => {
    const api = await lobbyWith(lobby('host', false))
    const box = screen.getByRole('checkbox', { name: /Coach's hints/ }) as HTMLInputElement
    expect(box.checked).toBe(false)
    await fireEvent.click(box)
    expect(api.calls.at(-1)).toEqual({ name: 'lobby.setRules', params: { hints: true } })
    expect(screen.getByRole('option', { name: 'Expert' })).toBeTruthy()
  })

  it("a guest sees the host's choice and cannot change it", async () => {
    await lobbyWith(lobby('guest', true))
    const box = screen.getByRole('checkbox', { name: /Coach's hints/ }) as HTMLInputElement
    expect(box.checked).toBe(true)
    expect(box.disabled).toBe(true)
  })
})
