import '../test-support/dom'
import { fireEvent, render, screen } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import { position, recordingApi, snapshotOf } from '../test-support/engine-views'
import { TableStore } from '../stores/table.svelte'
import Table from './Table.svelte'

const HINT = { action: { type: 'draw', from: 'discard' }, why: 'take the G9: your phase is then two cards away' }

async function tableWith(hints: boolean) {
  const store = new TableStore()
  const state = position({ hands: [['R9', 'B9', 'R3'], ['B1', 'B2', 'B3']], upcard: 'G9' })
  const api = recordingApi({ 'table.get': snapshotOf(state, 0, { hints }), 'table.hint': HINT })
  store.connect(api)
  await store.refresh()
  render(Table, { props: { store, onleave: () => {} } })
  return { api }
}

describe('Table: the coach', () => {
  it("asks the host for Expert's move with the Hint button and shows its one line why", async () => {
    const { api } = await tableWith(true)
    await fireEvent.click(screen.getByRole('button', { name: /Hint I/ }))
    expect(api.calls.at(-1)).toEqual({ name: 'table.hint', params: {} })
    expect(await screen.findByText(`Coach: ${HINT.why}`)).toBeTruthy()
  })

  it('asks with the I key too', async () => {
    const { api } = await tableWith(true)
    await fireEvent.keyDown(window, { key: 'i' })
    expect(api.calls.at(-1)).toEqual({ name: 'table.hint', params: {} })
  })

  it('offers no Hint at a table without hints', async () => {
    const { api } = await tableWith(false)
    expect(screen.queryByRole('button', { name: /Hint I/ })).toBeNull()
    await fireEvent.keyDown(window, { key: 'i' })
    expect(api.calls.some((c) => c.name === 'table.hint')).toBe(false)
  })
})
