import '../../test-support/dom'
import { render, screen, within } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import { myPhase } from '@shared/engine/views'
import { play, position, view } from '../../test-support/engine-views'
import MyPhase from './MyPhase.svelte'

function phaseOf(v: ReturnType<typeof view>) {
  render(MyPhase, { props: { phase: myPhase(v), hand: v.hand, wildsNeedNaturalPerGroup: v.rules.wildsNeedNaturalPerGroup, made: !!v.players[v.seat!].laidDown } })
}

describe('MyPhase', () => {
  it('names the phase and shows how many cards are missing, with the closest partial phase', () => {
    // Phase 1 (2 sets of 3): a pair of 5s and a pair of 7s → 2 cards away.
    phaseOf(view(position({ hands: [['R5', 'B5', 'R7', 'G7', 'Y1', 'G12'], ['B1', 'B2']] })))
    expect(screen.getByRole('heading', { name: /Phase 1 2 sets of 3/ })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('2 cards away')
    const partial = screen.getByRole('list', { name: 'Closest partial phase' })
    expect(within(partial).getByLabelText('needs a 5')).toBeInTheDocument()
    expect(within(partial).getByLabelText('needs a 7')).toBeInTheDocument()
  })

  it('says when the hand makes the phase', () => {
    phaseOf(view(position({ hands: [['R5', 'B5', 'W', 'R7', 'G7', 'Y7'], ['B1', 'B2']] })))
    expect(screen.getByRole('status')).toHaveTextContent('Ready to lay down! (L)')
    expect(screen.queryByRole('list', { name: 'Closest partial phase' })).toBeNull()
  })

  it('after laying down: made, hit to empty the hand', () => {
    const s = play(position({ hands: [['R5', 'B5', 'G5', 'R7', 'B7', 'G7', 'Y1'], ['B1', 'B2']], drawPile: ['G12'] }), [
      [0, { type: 'draw', from: 'deck' }],
      [0, { type: 'layDown', groups: [['R5', 'B5', 'G5'], ['R7', 'B7', 'G7']] }],
    ])
    phaseOf(view(s))
    expect(screen.getByText(/Made this hand/)).toBeInTheDocument()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('follows the rules: with "every group needs a natural card", Wilds alone do not make a group', () => {
    // Five Wilds and a 7: two sets of 3 without the rule; only one group could hold a natural card with it.
    const hands = [['W', 'W', 'W', 'W', 'W', 'R7'], ['B1', 'B2']]
    phaseOf(view(position({ hands })))
    expect(screen.getByRole('status')).toHaveTextContent('Ready to lay down')
    document.body.innerHTML = ''
    phaseOf(view(position({ hands, rules: { wildsNeedNaturalPerGroup: true } })))
    expect(screen.getByRole('status')).not.toHaveTextContent('Ready to lay down')
  })
})
