import '../../test-support/dom'
import { fireEvent, render, screen } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import { canDraw } from '@shared/engine/views'
import { play, position, view } from '../../test-support/engine-views'
import Piles from './Piles.svelte'

function pilesOf(v: ReturnType<typeof view>, ondraw = vi.fn()) {
  render(Piles, { props: { drawCount: v.drawCount, discard: v.discard, canDrawDeck: canDraw(v, 'deck'), canTakeDiscard: canDraw(v, 'discard'), ondraw } })
  return ondraw
}

describe('Piles', () => {
  it('on my draw: both piles are buttons that say what they do, with the counts', async () => {
    const v = view(position({ hands: [['R1', 'R2'], ['B1', 'B2']], drawPile: ['G4', 'G5', 'G6'], upcard: 'Y9' }))
    expect(v.stage).toBe('draw')
    const ondraw = pilesOf(v)
    await fireEvent.click(screen.getByRole('button', { name: `Draw pile, ${v.drawCount} cards: draw a card (D)` }))
    expect(ondraw).toHaveBeenLastCalledWith('deck')
    await fireEvent.click(screen.getByRole('button', { name: 'Discard pile, top card yellow 9: pick it up (P)' }))
    expect(ondraw).toHaveBeenLastCalledWith('discard')
    expect(screen.getByText(`Draw · ${v.drawCount}`)).toBeInTheDocument()
    expect(screen.getByText('Discard · 1')).toBeInTheDocument()
  })

  it('offers nothing once I have drawn: the piles are pictures then', () => {
    const s = play(position({ hands: [['S', 'R2'], ['B1', 'B2']], upcard: 'Y9' }), [[0, { type: 'draw', from: 'deck' }]])
    const mine = view(s, 0)
    const ondraw = pilesOf(mine)
    expect(screen.getByRole('img', { name: 'Discard pile, top card yellow 9' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: `Draw pile, ${mine.drawCount} cards` })).toBeInTheDocument()
    expect(screen.queryAllByRole('button')).toEqual([])
    expect(ondraw).not.toHaveBeenCalled()
  })

  it('never offers a Skip from the discard pile', () => {
    // A Skip turned up as the first discard: whoever draws first may take the deck only.
    const s = position({ hands: [['R1', 'R2'], ['B1', 'B2'], ['G1', 'G2']], upcard: 'S' })
    const v = view(s, s.turn!)
    expect(v.stage).toBe('draw')
    pilesOf(v)
    expect(screen.getByRole('button', { name: /^Draw pile, \d+ cards: draw a card \(D\)$/ })).toBeEnabled()
    expect(screen.getByRole('img', { name: 'Discard pile, top card Skip' })).toBeInTheDocument()
  })


})
