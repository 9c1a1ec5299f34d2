/** Words that must match the rules in play (issue #16): under fixedHands everyone advances every hand. */
import './test-support/dom'
import { render, screen } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import { resolveRules } from '@shared/engine/rules'
import Scoreboard from './components/table/Scoreboard.svelte'
import Rules from './screens/Rules.svelte'
import { play, position, view } from './test-support/engine-views'

function handOver(fixedHands: number | null) {
  return play(
    position({ players: ['Me', 'Ada'], hands: [['R5', 'B5', 'G5'], ['B1', 'B2']], drawPile: ['Y12', 'G9'], rules: { phaseList: [[{ kind: 'set', size: 3 }], [{ kind: 'set', size: 3 }]], fixedHands } }),
    [
      [0, { type: 'draw', from: 'deck' }],
      [0, { type: 'layDown', groups: [['R5', 'B5', 'G5']] }],
      [0, { type: 'discard', card: 'Y12' }],
    ],
  )
}

describe('fixed-hands games in words', () => {
  it('the end-of-hand scores never say “Whoever made their phase moves on” when everyone does', () => {
    render(Scoreboard, { props: { view: view(handOver(3), 0), onnext: () => {} } })
    expect(screen.queryByText(/Whoever made their phase moves on/)).toBeNull()
    expect(screen.getByText(/Everyone moves on to the next phase/)).toBeInTheDocument()
  })

  it('without fixedHands it still says only who made their phase moves on', () => {
    render(Scoreboard, { props: { view: view(handOver(null), 0), onnext: () => {} } })
    expect(screen.getByText(/Whoever made their phase moves on/)).toBeInTheDocument()
  })

  it('the table’s rules say everyone moves on, phase made or not', () => {
    render(Rules, { props: { onBack: () => {}, rules: resolveRules({ fixedHands: 3 }) } })
    expect(screen.getByText(/Everyone moves on to the next phase, phase made or not: the game lasts 3 hands/)).toBeInTheDocument()
    expect(screen.queryByText(/Everyone who laid down their phase moves on/)).toBeNull()
  })
})
