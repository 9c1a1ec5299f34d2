import '../../test-support/dom'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import { play, position, view } from '../../test-support/engine-views'
import type { SeatInfo } from '@shared/api'
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
      ['Me (you) · went out', '✓ made', '+0', '0', '1/10'],
      ['Ada', '✗ not made', '+35', '35', '0/10'],
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

describe('Scoreboard ready-up (between hands at a LAN table)', () => {
  const seats = (connected = true): SeatInfo[] => [
    { seat: 0, name: 'Me', kind: 'human', botLevel: null, connected: true, ready: true, isHost: false, autoPlayed: false },
    { seat: 1, name: 'Ada', kind: 'human', botLevel: null, connected, ready: true, isHost: true, autoPlayed: false },
  ]

  it('answers the N key (the dialog used to swallow it) and shows who is still reading', async () => {
    const onnext = vi.fn()
    render(Scoreboard, { props: { view: view(handOver(), 0), onnext, seats: seats(), ready: [] } })
    expect(screen.getByRole('row', { name: /Ada/ })).toHaveTextContent('Reading…')
    await fireEvent.keyDown(screen.getByRole('button', { name: 'Next hand' }), { key: 'n' })
    expect(onnext).toHaveBeenCalledOnce()
  })

  it('once I am ready: the button says whom we wait for, N does nothing more, and the operator may deal now', async () => {
    const onnext = vi.fn()
    const ondealnow = vi.fn()
    render(Scoreboard, { props: { view: view(handOver(), 0), onnext, ondealnow, seats: seats(), ready: [0] } })
    const wait = screen.getByRole('button', { name: /Waiting for Ada/ })
    expect(wait).toBeDisabled()
    expect(screen.getByRole('row', { name: /Me \(you\)/ })).toHaveTextContent('✓ Ready')
    await fireEvent.keyDown(screen.getByRole('dialog'), { key: 'N' })
    expect(onnext).not.toHaveBeenCalled()
    await fireEvent.click(screen.getByRole('button', { name: 'Deal now' }))
    expect(ondealnow).toHaveBeenCalledOnce()
  })

  it('marks a dropped player away and counts down an auto-deal', () => {
    render(Scoreboard, { props: { view: view(handOver(), 0), onnext: () => {}, seats: seats(false), ready: [0], deadline: Date.now() + 12_000 } })
    expect(screen.getByRole('row', { name: /Ada/ })).toHaveTextContent('Away')
    expect(screen.getByRole('timer')).toHaveTextContent(/Next hand in 0:1[12]/)
  })
})

describe('Scoreboard progress', () => {
  it('shows each player’s completed phases in Masters (any order)', () => {
    const s = play(
      position({ players: ['Me', 'Ada'], rules: { edition: 'masters' }, phases: [2, 1], completed: [[1, 3], []], hands: [['R5', 'B5', 'G5', 'Y6', 'R7', 'B8', 'G9'], ['B1', 'B2', 'W']], drawPile: ['Y12'] }),
      [
        [0, { type: 'draw', from: 'deck' }],
        [0, { type: 'layDown', groups: [['R5', 'B5', 'G5'], ['Y6', 'R7', 'B8', 'G9']] }],
        [0, { type: 'discard', card: 'Y12' }],
      ],
    )
    render(Scoreboard, { props: { view: view(s, 0), onnext: () => {} } })
    expect(screen.getByRole('img', { name: /^3 of 10 phases completed \(1, 2, 3\)/ })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: /^0 of 10 phases completed;/ })).toBeInTheDocument()
  })
})
