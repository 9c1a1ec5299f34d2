import '../../test-support/dom'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import { makePhase } from '@shared/engine/groups'
import { myPhase } from '@shared/engine/views'
import { position, view } from '../../test-support/engine-views'
import LayDownDialog from './LayDownDialog.svelte'

describe('LayDownDialog', () => {
  it('suggests a lay-down from the solver that the engine accepts, putting extra naturals in', async () => {
    // Phase 2: 1 set of 3 + 1 run of 4. Three 9s (and a fourth), a run 3-4-5 with a Wild, spare 11 and Skip.
    const v = view(position({ hands: [['R9', 'B9', 'G9', 'Y9', 'R3', 'B4', 'G5', 'W', 'R11', 'S'], ['R1', 'R2']], phases: [2, 1] }))
    const phase = myPhase(v)!
    const onconfirm = vi.fn()
    render(LayDownDialog, { props: { hand: v.hand, phase, wildsNeedNaturalPerGroup: false, onconfirm, oncancel: () => {} } })
    const layDown = screen.getByRole('button', { name: 'Lay down' })
    expect(layDown).toBeDisabled()
    await fireEvent.click(screen.getByRole('button', { name: 'Suggest' }))
    expect(layDown).toBeEnabled()
    await fireEvent.click(layDown)
    const groups: string[][] = onconfirm.mock.calls[0][0]
    expect(makePhase(groups, phase, false)).not.toBeNull()
    expect(groups[0]).toHaveLength(4) // all four 9s go down
    expect(groups[1]).toContain('R3')
  })

  it('shows each Wild’s meaning and lets the player change it to another the engine accepts', async () => {
    // Phase 4: a run of 7. 2..7 and a Wild: the Wild can be 1 or 8.
    const v = view(position({ hands: [['R2', 'B3', 'G4', 'Y5', 'R6', 'B7', 'W', 'S', 'R12', 'G12'], ['R1', 'R2']], phases: [4, 1] }))
    const onconfirm = vi.fn()
    render(LayDownDialog, { props: { hand: v.hand, phase: myPhase(v)!, wildsNeedNaturalPerGroup: false, onconfirm, oncancel: () => {} } })
    await fireEvent.click(screen.getByRole('button', { name: 'Suggest' }))
    const meaning = screen.getByRole('combobox', { name: /Wild in group 1 stands for/ }) as HTMLSelectElement
    const options = within(meaning).getAllByRole('option').map((o) => o.textContent)
    expect(options).toEqual(['auto', '1', '8'])
    const other = meaning.value === '1' ? '8' : '1'
    await fireEvent.change(meaning, { target: { value: other } })
    await fireEvent.click(screen.getByRole('button', { name: 'Lay down' }))
    expect(onconfirm.mock.calls[0][0][0]).toContain(`W=${other}`)
  })

  it('builds a group by hand and only enables "Lay down" when the whole phase is valid', async () => {
    const v = view(position({ hands: [['R9', 'B9', 'G9', 'Y2', 'R2', 'B2', 'S', 'R11', 'G11', 'B1'], ['R1', 'R2']], phases: [1, 1] }))
    render(LayDownDialog, { props: { hand: v.hand, phase: myPhase(v)!, wildsNeedNaturalPerGroup: false, onconfirm: () => {}, oncancel: () => {} } })
    for (const c of ['red 9', 'blue 9', 'green 9']) await fireEvent.click(screen.getByRole('button', { name: `Add ${c} to group 1` }))
    await fireEvent.click(screen.getByRole('button', { name: /Group 2/ }))
    for (const c of ['yellow 2', 'red 2']) await fireEvent.click(screen.getByRole('button', { name: `Add ${c} to group 2` }))
    expect(screen.getByRole('button', { name: 'Lay down' })).toBeDisabled()
    await fireEvent.click(screen.getByRole('button', { name: 'Add blue 2 to group 2' }))
    expect(screen.getByRole('button', { name: 'Lay down' })).toBeEnabled()
    // a Skip can never go into a phase
    expect(screen.getByRole('button', { name: /Add Skip/ })).toBeDisabled()
  })

  it('says so when the hand cannot make the phase', async () => {
    const v = view(position({ hands: [['R1', 'B3', 'G5', 'Y7', 'R9', 'B11', 'S', 'R12', 'G2', 'B4'], ['R1', 'R2']], phases: [1, 1] }))
    render(LayDownDialog, { props: { hand: v.hand, phase: myPhase(v)!, wildsNeedNaturalPerGroup: false, onconfirm: () => {}, oncancel: () => {} } })
    await fireEvent.click(screen.getByRole('button', { name: 'Suggest' }))
    expect(screen.getByRole('status')).toHaveTextContent('cannot make this phase')
  })
})
