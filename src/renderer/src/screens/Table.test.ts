import '../test-support/dom'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import { play, position, recordingApi, snapshotOf } from '../test-support/engine-views'
import { TableStore } from '../stores/table.svelte'
import Table from './Table.svelte'

async function tableWith(state: Parameters<typeof snapshotOf>[0], extra: Parameters<typeof snapshotOf>[2] = {}) {
  const store = new TableStore()
  const api = recordingApi({ 'table.get': snapshotOf(state, 0, extra) })
  store.connect(api)
  await store.refresh()
  render(Table, { props: { store, onleave: () => {} } })
  return { store, api }
}

// Me (seat 0): Phase 1 down this turn, holding Y5, W, R1, G12; Ada (seat 1) holds 3 cards.
function afterMyLayDown() {
  return play(
    position({
      hands: [
        ['R5', 'B5', 'G5', 'R7', 'B7', 'G7', 'Y5', 'W', 'R1'],
        ['B1', 'B2', 'B3'],
      ],
      drawPile: ['G12'],
    }),
    [
      [0, { type: 'draw', from: 'deck' }],
      [0, { type: 'layDown', groups: [['R5', 'B5', 'G5'], ['R7', 'B7', 'G7']] }],
    ],
  )
}

describe('Table: hitting', () => {
  it('lights up only the groups the selected card may hit, and sends the hit with the snapshot’s version', async () => {
    const { api } = await tableWith(afterMyLayDown())
    expect(screen.queryByRole('button', { name: /^Hit Your/ })).toBeNull()
    await fireEvent.click(screen.getByRole('button', { name: /yellow 5/ }))
    expect(screen.queryByRole('button', { name: /Hit Your set of 7s/ })).toBeNull()
    await fireEvent.click(screen.getByRole('button', { name: /Hit Your set of 5s/ }))
    expect(api.calls.at(-1)).toEqual({ name: 'table.act', params: { version: 2, action: { type: 'hit', card: 'Y5', target: { seat: 0, group: 0 } } } })
  })

  it('offers every group to a Wild, and no group to a card that fits nowhere', async () => {
    await tableWith(afterMyLayDown())
    await fireEvent.click(screen.getByRole('button', { name: /Wild, card/ }))
    expect(screen.getAllByRole('button', { name: /^Hit Your/ })).toHaveLength(2)
    await fireEvent.click(screen.getByRole('button', { name: /Wild, card/ }))
    await fireEvent.click(screen.getByRole('button', { name: /red 1/ }))
    expect(screen.queryByRole('button', { name: /^Hit Your/ })).toBeNull()
    expect(screen.getByRole('button', { name: /Hit H/ })).toBeDisabled()
  })

  it('hits by keyboard: a number key selects the card, H hits the only target', async () => {
    const { api } = await tableWith(afterMyLayDown())
    const cards = screen.getAllByRole('button', { name: /, card \d+$/ })
    const y5 = cards.findIndex((c) => /yellow 5/.test(c.getAttribute('aria-label')!))
    await fireEvent.keyDown(window, { key: String(y5 + 1) })
    await fireEvent.keyDown(window, { key: 'h' })
    expect(api.calls.at(-1)?.params).toMatchObject({ action: { type: 'hit', card: 'Y5' } })
  })
})

describe('Table: turn flow', () => {
  it('offers only drawing at the start of my turn, and draws with D', async () => {
    const { api } = await tableWith(position({ hands: [['R1', 'R2', 'R3'], ['B1', 'B2', 'B3']], upcard: 'G9' }))
    expect(screen.getByRole('button', { name: /Draw D/ })).toBeEnabled()
    expect(screen.getByRole('button', { name: /Pick up discard/ })).toBeEnabled()
    expect(screen.queryByRole('button', { name: /Discard E/ })).toBeNull()
    await fireEvent.keyDown(window, { key: 'd' })
    expect(api.calls.at(-1)).toEqual({ name: 'table.act', params: { version: 0, action: { type: 'draw', from: 'deck' } } })
  })

  it('does not offer a lay-down the hand cannot make', async () => {
    const s = play(position({ hands: [['R1', 'R2', 'R3', 'B9'], ['B1', 'B2', 'B3']], drawPile: ['G12'] }), [[0, { type: 'draw', from: 'deck' }]])
    await tableWith(s)
    expect(screen.getByRole('button', { name: /Lay down L/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: /Discard/ })).toBeDisabled() // nothing selected yet
    await fireEvent.click(screen.getByRole('button', { name: /blue 9/ }))
    expect(screen.getByRole('button', { name: /Discard/ })).toBeEnabled()
  })
})

describe('Table: a dropped player', () => {
  const lan = (seat1Connected: boolean) =>
    snapshotOf(position({ players: ['Me', 'Ann'], hands: [['R1', 'R2', 'R3'], ['B1', 'B2', 'B3']] })).seats.map((x) =>
      x.seat === 1 ? { ...x, kind: 'human' as const, botLevel: null, connected: seat1Connected } : x,
    )

  it('the host sees the grace countdown and decides: keep waiting, a bot, or remove', async () => {
    const s = position({ players: ['Me', 'Ann'], hands: [['R1', 'R2', 'R3'], ['B1', 'B2', 'B3']] })
    const now = Date.now()
    const { api } = await tableWith(s, {
      role: 'host',
      seats: lan(false),
      dropPolicy: 'bot',
      hostNow: now,
      paused: { seat: 1, name: 'Ann', graceDeadline: now + 42_000 },
    })
    const panel = screen.getByRole('region', { name: 'Ann lost the connection' })
    expect(panel).toHaveTextContent(/kept for 0:4[12]; then: a bot takes over/)
    await fireEvent.click(screen.getByRole('button', { name: 'Let a bot play for Ann' }))
    expect(api.calls.at(-1)).toEqual({ name: 'lobby.dropPolicy', params: { policy: 'bot', seat: 1 } })
    await fireEvent.click(screen.getByRole('button', { name: 'Remove Ann' }))
    expect(api.calls.at(-1)).toEqual({ name: 'lobby.dropPolicy', params: { policy: 'remove', seat: 1 } })
    await fireEvent.click(screen.getByRole('button', { name: 'Keep waiting' }))
    expect(api.calls.at(-1)).toEqual({ name: 'lobby.dropPolicy', params: { policy: 'wait', seat: 1 } })
  })

  it('a guest sees who dropped and what happens, without the host’s choices', async () => {
    const s = position({ players: ['Me', 'Ann'], hands: [['R1', 'R2', 'R3'], ['B1', 'B2', 'B3']] })
    await tableWith(s, { role: 'guest', seats: lan(false), paused: { seat: 1, name: 'Ann', graceDeadline: null } })
    expect(screen.getByRole('region', { name: 'Ann lost the connection' })).toHaveTextContent('Play waits until Ann is back or the host decides.')
    expect(screen.queryByRole('button', { name: /Let a bot play/ })).toBeNull()
  })
})

describe('Table: turn timer', () => {
  it('shows the time left in the turn next to the banner when the rules have a turn timer', async () => {
    const s = position({ hands: [['R1', 'R2', 'R3'], ['B1', 'B2', 'B3']], rules: { turnTimerSeconds: 45 } })
    const now = Date.now()
    await tableWith(s, { role: 'guest', hostNow: now, turnDeadline: now + 45_000 })
    expect(screen.getByRole('timer')).toHaveTextContent(/0:4[45]/)
  })

  it('shows no timer without one', async () => {
    await tableWith(position({ hands: [['R1', 'R2', 'R3'], ['B1', 'B2', 'B3']] }))
    expect(screen.queryByRole('timer')).toBeNull()
  })
})

describe('Table: the rules of this table, in play', () => {
  it('opens with R or the Rules button and shows the active options in words, house rules marked', async () => {
    const s = position({ hands: [['R1', 'R2'], ['B1', 'B2']], rules: { skipTarget: 'next', fixedHands: 3, wildCount: 4, turnTimerSeconds: 60 } })
    await tableWith(s)
    await fireEvent.keyDown(window, { key: 'r' })
    const dialog = screen.getByRole('dialog', { name: "This table's rules" })
    const rules = dialog
    expect(rules).toHaveTextContent('4 Wilds and 4 Skips')
    expect(rules).toHaveTextContent('A Skip always makes the next player lose their turn')
    expect(rules).toHaveTextContent('3 hands; everyone moves on each hand')
    expect(rules).toHaveTextContent('60 seconds, then the host plays a safe move')
    expect(within(dialog).getAllByText('house rule')).toHaveLength(3) // deck, Skips, game length
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Back to the table' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await fireEvent.click(screen.getByRole('button', { name: 'Rules' }))
    expect(screen.getByRole('dialog', { name: "This table's rules" })).toBeInTheDocument()
  })

  it('shows the skip protection of a Masters table', async () => {
    await tableWith(position({ hands: [['R1', 'R2'], ['B1', 'B2']], rules: { edition: 'masters' }, phases: [1, 1] }))
    await fireEvent.click(screen.getByRole('button', { name: 'Rules' }))
    expect(screen.getByRole('dialog', { name: "This table's rules" })).toHaveTextContent('may be skipped again as soon as their turn was skipped')
  })
})

describe('Table: the host removes a player mid-game', () => {
  it('gives the seat to a bot of the chosen level, or removes it at the next hand', async () => {
    const s = position({ hands: [['R1', 'R2'], ['B1', 'B2'], ['G1', 'G2']] })
    const { api } = await tableWith(s, { role: 'host' })
    await fireEvent.click(screen.getByRole('button', { name: 'Remove Ada…' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove Ada' })
    await fireEvent.click(within(dialog).getByRole('radio', { name: /leaves the game when this hand ends/ }))
    await fireEvent.change(within(dialog).getByRole('combobox', { name: 'Bot level' }), { target: { value: 'hard' } })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(api.calls.at(-1)).toEqual({ name: 'lobby.removeSeat', params: { seat: 1, botLevel: 'hard', atNextHand: true } })
  })

  it('offers no removal to a guest', async () => {
    await tableWith(position({ hands: [['R1', 'R2'], ['B1', 'B2']] }), { role: 'guest' })
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull()
  })
})

describe('Table: leaving a table I host', () => {
  it('asks in the words the desktop window uses: how many players lose their game', async () => {
    const s = position({ hands: [['R1', 'R2'], ['B1', 'B2'], ['G1', 'G2']] })
    const snap = snapshotOf(s, 0)
    const seats = snap.seats.map((x) => (x.seat === 0 ? x : { ...x, kind: 'human' as const, botLevel: null }))
    await tableWith(s, { role: 'host', seats })
    await fireEvent.click(screen.getByRole('button', { name: '← Leave' }))
    expect(screen.getByRole('dialog', { name: 'End the game for 2 players? It is saved and can be resumed.' })).toBeInTheDocument()
  })
})
