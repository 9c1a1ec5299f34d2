import '../../test-support/dom'
import { fireEvent, render, screen } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import { skipTargetInfo, skipTargets } from '@shared/engine/views'
import { play, position, view } from '../../test-support/engine-views'
import SkipPicker from './SkipPicker.svelte'

describe('SkipPicker', () => {
  it('offers the players the engine allows and shows a protected one disabled with the reason (a Skip already waiting)', async () => {
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
    render(SkipPicker, { props: { info: skipTargetInfo(v), players: v.players, onpick, oncancel: () => {} } })
    await fireEvent.click(screen.getByRole('button', { name: /Bob/ }))
    expect(onpick).toHaveBeenCalledWith(2)
    const ada = screen.getByRole('button', { name: /Ada/ })
    expect(ada).toBeDisabled()
    expect(ada).toHaveAccessibleDescription('Already has a Skip waiting')
    expect(screen.queryByRole('button', { name: /You/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Play it anyway' })).toBeNull()
  })

  it('explains one Skip per round (Classic) and lets the Skip be played with no effect when nobody can be targeted', async () => {
    // Two players: I skip Bob, his turn goes, I play again with another Skip: he is safe until he has played.
    let s = position({ hands: [['S', 'S', 'R1'], ['B1', 'B2', 'B3']], dealer: 1, drawPile: ['R5', 'R6'] })
    s = play(s, [
      [0, { type: 'draw', from: 'deck' }],
      [0, { type: 'skip', card: 'S', target: 1 }],
      [0, { type: 'draw', from: 'deck' }],
    ])
    const v = view(s, 0)
    expect(skipTargets(v)).toEqual([])
    const onpick = vi.fn()
    render(SkipPicker, { props: { info: skipTargetInfo(v), players: v.players, onpick, oncancel: () => {} } })
    expect(screen.getByText(/Nobody can be skipped right now/)).toBeInTheDocument()
    const other = screen.getByRole('button', { name: new RegExp(v.players[1].name) })
    expect(other).toBeDisabled()
    expect(other).toHaveAccessibleDescription(/safe until they play again/)
    await fireEvent.click(screen.getByRole('button', { name: 'Play it anyway' }))
    expect(onpick).toHaveBeenCalledWith(undefined)
  })
})
