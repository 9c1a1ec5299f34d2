import '../../test-support/dom'
import { render, screen } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import { play, position, view } from '../../test-support/engine-views'
import Opponent from './Opponent.svelte'

describe('Opponent', () => {
  it('shows name, phase, card count, score and bot level — never the cards', () => {
    const v = view(position({ hands: [['R1', 'R2'], ['B9', 'B10', 'B11']] }))
    render(Opponent, { props: { player: v.players[1], bot: 'hard', isTurn: true } })
    expect(screen.getByRole('article', { name: 'Ada, playing now' })).toBeInTheDocument()
    expect(screen.getByText('Phase 1')).toBeInTheDocument()
    expect(screen.getByLabelText('3 cards in hand')).toBeInTheDocument()
    expect(screen.getByText(/Bot · hard/)).toBeInTheDocument()
    expect(screen.queryByText('9')).toBeNull()
  })

  it('shows a pending Skip, a laid phase and a dropped connection', () => {
    // I lay down Phase 1 and skip Bob (seat 2): his Skip waits while Ada (seat 1) plays.
    let s = position({
      hands: [
        ['R5', 'B5', 'G5', 'R7', 'B7', 'G7', 'S', 'R1'],
        ['B1', 'B2', 'B3'],
        ['Y1', 'Y2', 'Y3'],
      ],
      drawPile: ['Y12'],
    })
    s = play(s, [
      [0, { type: 'draw', from: 'deck' }],
      [0, { type: 'layDown', groups: [['R5', 'B5', 'G5'], ['R7', 'B7', 'G7']] }],
      [0, { type: 'skip', card: 'S', target: 2 }],
    ])
    const v = view(s, 1)
    render(Opponent, { props: { player: v.players[0], connected: false } })
    render(Opponent, { props: { player: v.players[2] } })
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument()
    expect(screen.getByLabelText('Phase made this hand')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: /You's set of 5s, 3 cards/ })).toBeInTheDocument()
    expect(screen.getByText('Skipped next turn')).toBeInTheDocument()
  })

  it('turns its laid groups into hit targets when given some', () => {
    let s = position({
      hands: [
        ['R5', 'B5', 'G5', 'R7', 'B7', 'G7', 'S', 'R1'],
        ['B1', 'B2', 'B3'],
      ],
      drawPile: ['Y12'],
    })
    s = play(s, [
      [0, { type: 'draw', from: 'deck' }],
      [0, { type: 'layDown', groups: [['R5', 'B5', 'G5'], ['R7', 'B7', 'G7']] }],
    ])
    const v = view(s, 1)
    const ontarget = vi.fn()
    render(Opponent, { props: { player: v.players[0], targets: [1], ontarget } })
    screen.getByRole('button', { name: /Hit You's set of 7s/ }).click()
    expect(ontarget).toHaveBeenCalledWith(1)
    expect(screen.queryByRole('button', { name: /set of 5s/ })).toBeNull()
  })

  it('shows which phases a Masters player has completed, for everyone to see', () => {
    const v = view(position({ rules: { edition: 'masters' }, phases: [1, 4, 2], completed: [[], [2, 3, 7], []], hands: [['R1'], ['B9'], ['G2']] }))
    render(Opponent, { props: { player: v.players[1], phases: v.phases, edition: 'masters' } })
    expect(screen.getByRole('img', { name: '3 of 10 phases completed (2, 3, 7); playing phase 4' })).toHaveTextContent('3/10')
  })
})
