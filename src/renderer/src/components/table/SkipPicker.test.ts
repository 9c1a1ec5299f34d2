import '../../test-support/dom'
import { fireEvent, render, screen } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import { skipTargets } from '../../../../shared/engine/views'
import { play, position, view } from '../../test-support/engine-views'
import SkipPicker from './SkipPicker.svelte'

describe('SkipPicker', () => {
  it('offers only the players the engine allows: not me, not someone with a Skip already waiting', async () => {
    // Bob (seat 2) plays first and skips Ada (seat 1): her Skip waits while it is my turn, with a Skip in hand.
    let s = position({
      hands: [
        ['S', 'R1', 'R2'],
        ['B1', 'B2', 'B3'],
        ['S', 'G1', 'G2'],
      ],
      dealer: 1,
      drawPile: ['R5', 'R6', 'R7'],
    })
    s = play(s, [
      [2, { type: 'draw', from: 'deck' }],
      [2, { type: 'skip', card: 'S', target: 1 }],
      [0, { type: 'draw', from: 'deck' }],
    ])
    const v = view(s, 0)
    expect(skipTargets(v)).toEqual([2])
    const onpick = vi.fn()
    render(SkipPicker, { props: { targets: skipTargets(v), players: v.players, onpick, oncancel: () => {} } })
    expect(screen.getByRole('button', { name: /Bob/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Ada/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /You/ })).toBeNull()
    await fireEvent.click(screen.getByRole('button', { name: /Bob/ }))
    expect(onpick).toHaveBeenCalledWith(2)
  })

  it('lets a Skip be played with no effect when no one can be targeted', async () => {
    const onpick = vi.fn()
    const v = view(position({ hands: [['S', 'R1'], ['B1', 'B2']] }))
    render(SkipPicker, { props: { targets: [], players: v.players, onpick, oncancel: () => {} } })
    await fireEvent.click(screen.getByRole('button', { name: 'Play it anyway' }))
    expect(onpick).toHaveBeenCalledWith(undefined)
  })
})
