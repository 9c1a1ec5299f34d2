import '../test-support/dom'
import { fireEvent, render, screen } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import { play, position, recordingApi, snapshotOf } from '../test-support/engine-views'
import { TableStore } from '../stores/table.svelte'
import Table from './Table.svelte'

async function tableWith(state: Parameters<typeof snapshotOf>[0]) {
  const store = new TableStore()
  const api = recordingApi({ 'table.get': snapshotOf(state) })
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
