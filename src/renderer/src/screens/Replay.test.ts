import '../test-support/dom'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import { tick } from 'svelte'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { playGame } from '@shared/ai/arena'
import { gameRecordOf, type GameRecord } from '@shared/history/record'
import { closeReplay, openReplay, replay } from '../stores/replay.svelte'
import { router } from '../stores/router.svelte'
import Replay from './Replay.svelte'

/** A short bot game (two fixed hands, three players) as the history records it. */
function record(): GameRecord {
  const game = playGame({ levels: ['easy', 'easy', 'easy'], seed: 'replay-screen', rules: { fixedHands: 2 } })
  if (game.state.stage !== 'gameOver') throw new Error('the game did not finish')
  return gameRecordOf(game.state, {
    tableId: game.state.tableId,
    tableName: 'Kitchen',
    mode: 'solo',
    source: 'host',
    startedAt: 1,
    finishedAt: 2,
    players: game.state.players.map((p, s) => ({ name: p.name, kind: s === 0 ? 'human' : 'bot', botLevel: s === 0 ? null : 'easy', you: s === 0 })),
  })
}
const REC = record()

const progress = () => document.querySelector('[data-replay-progress]')?.textContent ?? ''
const moveWords = () => screen.getByRole('heading', { level: 3, name: /^(The deal|Move \d+)$/ }).parentElement!.textContent ?? ''
const key = async (k: string) => {
  await fireEvent.keyDown(window, { key: k })
  await tick()
}

afterEach(() => {
  vi.useRealTimers()
})

describe('Replay', () => {
  it('opens on the first deal with every hand face up', () => {
    render(Replay, { props: { record: REC, onclose: () => {} } })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Replay: Kitchen')
    expect(progress()).toMatch(/^Hand 1 of 2 · move 0 of \d+$/)
    const seats = screen.getByRole('region', { name: 'Players' })
    for (const p of REC.players) {
      const hand = within(seats).getByRole('group', { name: `${p.name}'s hand, 10 cards` })
      // Faces, not backs: every card has its own name ("red 7", "Wild", …).
      const cards = within(hand).getAllByRole('img')
      expect(cards).toHaveLength(10)
      for (const c of cards) expect(c.getAttribute('aria-label')).not.toBe('face-down card')
    }
    expect(moveWords()).toMatch(/dealt hand 1/)
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Step back' })).toBeDisabled()
  })

  it("checks the record's deals itself: ✓ for an honest record, a loud ✗ for a doctored seed", async () => {
    const { unmount } = render(Replay, { props: { record: REC, onclose: () => {} } })
    await vi.waitFor(() => expect(document.querySelector('[data-replay-fairness]')?.textContent).toMatch(/✓ All 2 deals checked/))
    unmount()
    const doctored = { ...REC, commitments: [REC.commitments[1], REC.commitments[0]] }
    render(Replay, { props: { record: doctored, onclose: () => {} } })
    await vi.waitFor(() => expect(screen.getByText(/deals do not check out/)).toHaveTextContent(/hand 1: the seed does not match its commitment/))
  })

  it('steps forward and back with the arrow keys and the buttons, naming the card drawn', async () => {
    render(Replay, { props: { record: REC, onclose: () => {} } })
    await key('ArrowRight')
    expect(progress()).toMatch(/move 1 of/)
    expect(moveWords()).toMatch(/^Move 1.*(drew .+ from the pile|picked up)/)
    const who = REC.players[REC.log[0].seat].name
    expect(within(screen.getByRole('region', { name: 'Players' })).getByRole('group', { name: `${who}'s hand, 11 cards` })).toBeInTheDocument()
    await fireEvent.click(screen.getByRole('button', { name: 'Step forward' }))
    expect(progress()).toMatch(/move 2 of/)
    await key('ArrowLeft')
    await key('ArrowLeft')
    expect(progress()).toMatch(/move 0 of/)
  })

  it("jumps to hand 2's deal with the hand menu, ] and [, and to the end", async () => {
    render(Replay, { props: { record: REC, onclose: () => {} } })
    await fireEvent.change(screen.getByLabelText('Hand'), { target: { value: '1' } })
    expect(progress()).toMatch(/^Hand 2 of 2 · move 0 of/)
    expect(moveWords()).toMatch(/dealt hand 2/)
    // Hand 1's scores are in the panel now.
    const scores = screen.getByRole('region', { name: 'Scores' })
    expect(within(scores).getAllByRole('row')).toHaveLength(3) // head, hand 1, total
    await key('[')
    expect(progress()).toMatch(/^Hand 1 of 2 · move 0/)
    await key(']')
    expect(progress()).toMatch(/^Hand 2 of 2 · move 0/)
    await key('End')
    expect(within(scores).getAllByRole('row')).toHaveLength(4)
    const totals = [...document.querySelectorAll('[data-replay-total]')].map((c) => Number(c.textContent))
    expect(totals).toEqual(REC.finalScores)
    expect(screen.getByText(/wins the game!/)).toBeInTheDocument()
  })

  it('plays and pauses with Space, faster at a higher speed', async () => {
    vi.useFakeTimers()
    render(Replay, { props: { record: REC, onclose: () => {} } })
    await key(' ')
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument()
    await vi.advanceTimersByTimeAsync(950)
    expect(progress()).toMatch(/move 1 of/)
    await key('+') // 2×: a step every 450 ms
    await vi.advanceTimersByTimeAsync(950)
    expect(progress()).toMatch(/move 3 of/)
    await key(' ')
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument()
    await vi.advanceTimersByTimeAsync(5000)
    expect(progress()).toMatch(/move 3 of/)
  })

  it('closes with Esc and with its button', async () => {
    const onclose = vi.fn()
    render(Replay, { props: { record: REC, onclose } })
    await key('Escape')
    expect(onclose).toHaveBeenCalledTimes(1)
    await fireEvent.click(screen.getByRole('button', { name: /Close replay/ }))
    expect(onclose).toHaveBeenCalledTimes(2)
  })

  it('says so when a record does not replay', () => {
    render(Replay, { props: { record: { ...REC, log: REC.log.slice(1) }, onclose: () => {} } })
    expect(screen.getByRole('heading', { name: 'This game cannot be replayed' })).toBeInTheDocument()
  })
})

describe('openReplay', () => {
  it('shows the record on the replay screen and Close goes back where it came from', () => {
    router.go('table')
    openReplay(REC)
    expect(router.current).toBe('replay')
    expect(replay.record).toBe(REC)
    closeReplay()
    expect(router.current).toBe('table')
    expect(replay.record).toBeNull()
  })
})
