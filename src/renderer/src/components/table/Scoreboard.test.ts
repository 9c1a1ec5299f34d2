import '../../test-support/dom'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import { play, position, view } from '../../test-support/engine-views'
import Scoreboard from './Scoreboard.svelte'

// I (seat 0) lay down Phase 1 and go out; Ada (seat 1) is left holding B1, B2, W (5 + 5 + 25 points).
function handOver() {
  return play(
    position({
      players: ['Me', 'Ada'],
      hands: [
        ['R5', 'B5', 'G5', 'R7', 'B7', 'G7'],
        ['B1', 'B2', 'W'],
      ],
      drawPile: ['Y12', 'G9'],
    }),
    [
      [0, { type: 'draw', from: 'deck' }],
      [0, { type: 'layDown', groups: [['R5', 'B5', 'G5'], ['R7', 'B7', 'G7']] }],
      [0, { type: 'discard', card: 'Y12' }],
    ],
  )
}

describe('Scoreboard', () => {
  it('says who went out, who made their phase, the points of the hand and the totals, best first', async () => {
    const v = view(handOver(), 0)
    expect(v.stage).toBe('handOver')
    const onnext = vi.fn()
    render(Scoreboard, { props: { view: v, onnext } })
    const dialog = screen.getByRole('dialog', { name: 'Hand 1 is over' })
    expect(within(dialog).getByText(/You went out!/)).toBeInTheDocument()
    const rows = within(dialog).getAllByRole('row').slice(1)
    const cells = rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent?.replace(/\s+/g, ' ').trim()))
    expect(cells).toEqual([
      ['Me (you) · went out', '✓ made', '+0', '0'],
      ['Ada', '✗ not made', '+35', '35'],
    ])
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Next hand' }))
    expect(onnext).toHaveBeenCalledOnce()
  })

  it('from the other seat: names who went out; the button waits while a request is on its way', () => {
    render(Scoreboard, { props: { view: view(handOver(), 1), onnext: () => {}, busy: true } })
    expect(screen.getByText(/went out\./)).toHaveTextContent('Me went out.')
    expect(screen.getByRole('row', { name: /Ada \(you\)/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next hand' })).toBeDisabled()
  })
})
