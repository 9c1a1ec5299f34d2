import '../../test-support/dom'
import { render, screen } from '@testing-library/svelte'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { tick } from 'svelte'
import TurnTimer from './TurnTimer.svelte'

const T0 = 1_800_000_000_000

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] })
  vi.setSystemTime(T0)
})
afterEach(() => vi.useRealTimers())

const announcement = () => screen.getByRole('status').textContent

describe('TurnTimer', () => {
  it('counts down calmly, turns urgent in the last 10 seconds and announces that once, not every second', async () => {
    render(TurnTimer, { props: { deadline: T0 + 30_000, total: 30, who: 'Ada' } })
    const timer = screen.getByRole('timer')
    expect(timer).toHaveTextContent('0:30')
    expect(timer).toHaveAccessibleName('Time left in this turn: 30 seconds')
    expect(screen.queryByText('Hurry')).toBeNull()
    expect(announcement()).toBe('')
    await vi.advanceTimersByTimeAsync(19_000)
    expect(screen.getByRole('timer')).toHaveTextContent('0:11')
    expect(announcement()).toBe('')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(screen.getByRole('timer')).toHaveTextContent('Hurry 0:10')
    expect(announcement()).toBe('Ada has 10 seconds left')
    await vi.advanceTimersByTimeAsync(3_000)
    expect(screen.getByRole('timer')).toHaveTextContent('0:07')
    expect(announcement()).toBe('Ada has 10 seconds left') // unchanged: no per-second chatter
    await vi.advanceTimersByTimeAsync(60_000)
    expect(screen.getByRole('timer')).toHaveTextContent('0:00')
  })

  it('speaks to me on my turn, and uses the host clock offset', async () => {
    // The host's clock is 5 s ahead of ours: 15 s left on the host's clock.
    render(TurnTimer, { props: { deadline: T0 + 20_000, total: 60, who: 'Me', mine: true, offset: 5_000 } })
    expect(screen.getByRole('timer')).toHaveTextContent('0:15')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(announcement()).toBe('10 seconds left in your turn')
  })

  it('shows nothing without a running timer, and starts again for the next turn', async () => {
    const { rerender } = render(TurnTimer, { props: { deadline: null, total: 30, who: 'Ada' } })
    expect(screen.queryByRole('timer')).toBeNull()
    await rerender({ deadline: T0 + 8_000 })
    await tick()
    expect(screen.getByRole('timer')).toHaveTextContent('Hurry 0:08')
    expect(announcement()).toBe('Ada has 8 seconds left')
  })
})
