import '../test-support/dom'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import { position, recordingApi, snapshotOf } from '../test-support/engine-views'
import { TableStore } from '../stores/table.svelte'
import Lobby from './Lobby.svelte'
import { defaultRules } from '@shared/engine/rules'

/** A lobby snapshot (no game yet): the table's seats and rules, as the host sends it to `role`. */
function lobby(role: 'host' | 'guest', extra: Parameters<typeof snapshotOf>[2] = {}) {
  const base = snapshotOf(position({ players: ['Hosta', 'Ann'], hands: [['R1'], ['B1']] }), role === 'host' ? 0 : 1)
  return { ...base, status: 'lobby' as const, view: null, version: 0, role, dropPolicy: 'wait' as const, graceSeconds: 60, ...extra }
}

async function lobbyWith(snap: ReturnType<typeof lobby>) {
  const store = new TableStore()
  const api = recordingApi({ 'table.get': snap })
  store.connect(api)
  await store.refresh()
  render(Lobby, { props: { store, onleave: () => {} } })
  return api
}

describe('Lobby: what happens when a player drops out', () => {
  it('the host chooses the grace period and then wait, a bot, or remove', async () => {
    const api = await lobbyWith(lobby('host'))
    const group = screen.getByRole('group', { name: 'If a player drops out during the game' })
    const grace = within(group).getByRole('combobox', { name: "Keep a dropped player's seat for" }) as HTMLSelectElement
    const then = within(group).getByRole('combobox', { name: 'Then, if they are not back' }) as HTMLSelectElement
    expect(grace.value).toBe('60')
    expect(then.value).toBe('wait')
    expect(within(grace).getAllByRole('option').map((o) => o.textContent)).toEqual(['30 seconds', '1 minute', '2 minutes', '5 minutes'])
    expect(within(then).getAllByRole('option').map((o) => o.textContent)).toEqual(['Wait for them', 'A bot takes over', 'Remove them'])
    await fireEvent.change(then, { target: { value: 'bot' } })
    expect(api.calls.at(-1)).toEqual({ name: 'lobby.dropPolicy', params: { policy: 'bot' } })
    await fireEvent.change(grace, { target: { value: '120' } })
    expect(api.calls.at(-1)).toEqual({ name: 'lobby.dropPolicy', params: { policy: 'wait', graceSeconds: 120 } })
  })

  it('a guest reads the host’s choice', async () => {
    await lobbyWith(lobby('guest', { dropPolicy: 'bot', graceSeconds: 120 }))
    const group = screen.getByRole('group', { name: 'If a player drops out during the game' })
    expect(group).toHaveTextContent('Their seat is kept for 2 minutes; then: a bot takes over')
    expect(within(group).queryByRole('combobox')).toBeNull()
  })

  it('tells the host once that play pauses, then what follows (issue #16: no “stays paused … pauses meanwhile”)', async () => {
    await lobbyWith(lobby('host'))
    const group = screen.getByRole('group', { name: 'If a player drops out during the game' })
    const text = group.querySelector('p.detail')!.textContent!
    expect(text).toBe('Play pauses while their seat is kept. Then the table keeps waiting until they are back. You can decide sooner at the table.')
    expect(text.match(/paus/g)).toHaveLength(1)
  })
})

describe('Lobby: between hands', () => {
  it('the host may have the next hand dealt after some seconds; a guest sees the choice', async () => {
    const api = await lobbyWith(lobby('host'))
    const pick = screen.getByRole('combobox', { name: 'Between hands' }) as HTMLSelectElement
    expect(pick.value).toBe('0')
    await fireEvent.change(pick, { target: { value: '30' } })
    expect(api.calls.at(-1)).toEqual({ name: 'lobby.setRules', params: { autoDealSeconds: 30 } })
    await fireEvent.change(pick, { target: { value: '0' } })
    expect(api.calls.at(-1)).toEqual({ name: 'lobby.setRules', params: { autoDealSeconds: null } })
  })
  it('is read-only for a guest', async () => {
    await lobbyWith(lobby('guest', { autoDealSeconds: 15 }))
    const pick = screen.getByRole('combobox', { name: 'Between hands' }) as HTMLSelectElement
    expect(pick).toBeDisabled()
    expect(pick.value).toBe('15')
  })
})

describe('Lobby: the rules', () => {
  it('a guest reads the host’s rules in words, the same words as at the table', async () => {
    await lobbyWith(lobby('guest', { rules: { ...defaultRules('masters'), fixedHands: 2 } }))
    const rules = screen.getByRole('region', { name: "The host's rules" })
    expect(rules).toHaveTextContent('Masters: choose any open phase each hand')
    expect(rules).toHaveTextContent('2 hands; everyone moves on each hand')
    expect(screen.queryByRole('group', { name: 'Rules' })).toBeNull()
  })
})
