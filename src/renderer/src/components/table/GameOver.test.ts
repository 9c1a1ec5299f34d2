import '../../test-support/dom'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import { play, position, snapshotOf, view } from '../../test-support/engine-views'
import GameOver from './GameOver.svelte'

// A one-hand, one-phase game: I (seat 0) lay down a set of 5s and go out; Ada and Ben keep their cards.
function gameOver() {
  return play(
    position({
      players: ['Me', 'Ada', 'Ben'],
      hands: [['R5', 'B5', 'G5'], ['B1', 'B2', 'W'], ['G10', 'S']],
      drawPile: ['Y12'],
      rules: { phaseList: [[{ kind: 'set', size: 3 }]], fixedHands: 1 },
    }),
    [
      [0, { type: 'draw', from: 'deck' }],
      [0, { type: 'layDown', groups: [['R5', 'B5', 'G5']] }],
      [0, { type: 'discard', card: 'Y12' }],
    ],
  )
}

const stats = [{ laid: 1, wentOut: 1, hits: 0, skips: 0 }]

describe('GameOver', () => {
  it('names the winner and lists the standings, best score first, with the last hand and statistics', async () => {
    const v = view(gameOver(), 1)
    expect(v.stage).toBe('gameOver')
    const onleave = vi.fn()
    const onrematch = vi.fn()
    render(GameOver, { props: { view: v, stats, onleave, onrematch } })
    expect(screen.getByRole('heading', { name: 'Me wins!' })).toBeInTheDocument()
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Me', 'Ben', 'Ada (you)'])
    // Ada: 5 + 5 + 25 (Wild); Ben: 10 + 15 (Skip).
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', '25', '+25', '0', '0', '0', '0'])
    expect(within(rows[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '0', '+0', '1', '1', '0', '0'])
    expect(screen.getByText('Check the deals')).toBeInTheDocument()
    // Solo: no votes to count; Rematch starts at once.
    expect(screen.queryByText(/ready for a rematch/)).toBeNull()
    await fireEvent.click(screen.getByRole('button', { name: 'Rematch' }))
    expect(onrematch).toHaveBeenCalledOnce()
    await fireEvent.click(screen.getByRole('button', { name: 'Back to menu' }))
    expect(onleave).toHaveBeenCalledOnce()
  })

  it('ranks by the rules, not the score alone: the winner who completed the last phase is first, then the others (issue #16)', () => {
    // Classic, one phase, no fixed hands: Babbage goes out with his phase made and wins on 60 points; Ada
    // (15) and I (30) have fewer points but never completed the last phase.
    const s = play(
      position({
        players: ['Me', 'Ada', 'Babbage'],
        hands: [['G2', 'G3'], ['B1'], ['R5', 'B5', 'G5']],
        drawPile: ['Y12'],
        dealer: 1,
        scores: [20, 10, 60],
        rules: { phaseList: [[{ kind: 'set', size: 3 }]] },
      }),
      [
        [2, { type: 'draw', from: 'deck' }],
        [2, { type: 'layDown', groups: [['R5', 'B5', 'G5']] }],
        [2, { type: 'discard', card: 'Y12' }],
      ],
    )
    render(GameOver, { props: { view: view(s, 0), stats: [], onleave: () => {}, onrematch: () => {} } })
    expect(screen.getByRole('heading', { name: 'Babbage wins!' })).toBeInTheDocument()
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Babbage', 'Ada', 'Me (you)'])
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 2).map((c) => c.textContent))).toEqual([
      ['1', '60'],
      ['2', '15'],
      ['3', '30'],
    ])
  })

  it('at a LAN table shows who voted for a rematch ("1 of 3 ready") and a guest’s own vote', async () => {
    const s = gameOver()
    const snap = snapshotOf(s, 1, { role: 'guest' })
    const seats = snap.seats.map((x) => ({ ...x, kind: 'human' as const, botLevel: null }))
    const onrematch = vi.fn()
    const { rerender } = render(GameOver, { props: { view: view(s, 1), stats, onleave: () => {}, onrematch, role: 'guest', seats, votes: [2] } })
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 ready for a rematch: Ben')
    const list = screen.getByRole('list', { name: 'Rematch votes' })
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual(['… Me: not yet', '… Ada (you): not yet', '✓ Ben: ready'])
    await fireEvent.click(screen.getByRole('button', { name: 'Vote for a rematch' }))
    expect(onrematch).toHaveBeenCalledOnce()
    await rerender({ votes: [1, 2] })
    expect(screen.getByRole('status')).toHaveTextContent('2 of 3 ready for a rematch: you, Ben')
    expect(screen.getByRole('button', { name: 'Voted: waiting for the others' })).toBeDisabled()
  })

  it('the host’s button starts the rematch; bots and players who left do not count', () => {
    const s = gameOver()
    const snap = snapshotOf(s, 0, { role: 'host' })
    const seats = snap.seats.map((x) => (x.seat === 1 ? { ...x, kind: 'human' as const, botLevel: null, connected: false } : x))
    render(GameOver, { props: { view: view(s, 0), stats, onleave: () => {}, onrematch: () => {}, role: 'host', seats, votes: [] } })
    expect(screen.getByRole('status')).toHaveTextContent('No votes for a rematch yet (0 of 1)')
    expect(screen.getByRole('button', { name: 'Start a rematch' })).toBeEnabled()
  })
  it('shows the final table: every seat with its laid phase and cards left (mine face up), around the last discard', () => {
    render(GameOver, { props: { view: view(gameOver(), 1), stats, onleave: vi.fn(), onrematch: vi.fn() } })
    const scene = screen.getByRole('region', { name: 'The table at the end' })
    const me = within(scene).getByRole('article', { name: /^Me, place 1/ })
    expect(within(me).getByRole('group', { name: /Me's set of 5s, 3 cards/ })).toBeInTheDocument()
    expect(within(me).getByText('Went out')).toBeInTheDocument()
    const ada = within(scene).getByRole('article', { name: /^Ada \(you\), place 3/ })
    expect(within(within(ada).getByRole('group', { name: 'Your cards left' })).getAllByRole('img').map((c) => c.getAttribute('aria-label'))).toEqual(['blue 1', 'blue 2', 'Wild'])
    expect(within(within(scene).getByRole('article', { name: /^Ben, place 2/ })).getByText('2 cards left')).toBeInTheDocument()
    expect(within(scene).getByRole('img', { name: 'Last discard: yellow 12' })).toBeInTheDocument()
  })

  it('offers the replay when the table can give one (issue #19)', async () => {
    const props = { view: view(gameOver(), 0), stats, onleave: () => {}, onrematch: () => {} }
    const { unmount } = render(GameOver, { props })
    expect(screen.queryByRole('button', { name: 'Watch replay' })).toBeNull()
    unmount()
    const onreplay = vi.fn()
    render(GameOver, { props: { ...props, onreplay } })
    await fireEvent.click(screen.getByRole('button', { name: 'Watch replay' }))
    expect(onreplay).toHaveBeenCalledOnce()
  })
})
