import '../../test-support/dom'
import { fireEvent, render, screen } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import { choosablePhases } from '@shared/engine/views'
import { position, view } from '../../test-support/engine-views'
import PhaseChooser from './PhaseChooser.svelte'

describe('PhaseChooser (Masters)', () => {
  it('offers only the phases the engine says I may choose, and marks completed ones', async () => {
    const s = position({ hands: [['R1', 'R2'], ['B1', 'B2']], rules: { edition: 'masters' }, completed: [[4], []] })
    const v = view(s, 0)
    expect(v.stage).toBe('choosePhase')
    const choosable = choosablePhases(v)
    expect(choosable).not.toContain(4)
    const onchoose = vi.fn()
    render(PhaseChooser, { props: { phases: v.phases, choosable, completed: v.players[0].completed, onchoose } })
    expect(screen.getByRole('button', { name: /Phase 4: 1 run of 7 \(completed\)/ })).toBeDisabled()
    await fireEvent.click(screen.getByRole('button', { name: /Phase 8: 7 cards of 1 colour/ }))
    expect(onchoose).toHaveBeenCalledWith(8)
  })
})
