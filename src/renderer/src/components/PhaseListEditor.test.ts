import '../test-support/dom'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeGameApi, type FakeGameApi } from '../../../../test/fakes/fake-game-api'
import { DEFAULT_SETTINGS } from '@shared/api'
import { encodePhaseList } from '@shared/engine/phase-code'
import type { GroupRequirement } from '@shared/engine/phases'
import { resolveRules, type PartialRuleOptions, type RuleOptions } from '@shared/engine/rules'
import { prefs } from '../stores/prefs.svelte'
import RuleOptionsForm from './RuleOptionsForm.svelte'

const set = (size: number): GroupRequirement => ({ kind: 'set', size })
const run = (size: number): GroupRequirement => ({ kind: 'run', size })

let api: FakeGameApi
beforeEach(async () => {
  // No dialog transitions: a closed editor leaves the DOM at once.
  prefs.apply({ ...DEFAULT_SETTINGS, animationSpeed: 'off' })
  api = createFakeGameApi({ animationSpeed: 'off' })
  prefs.connect(api)
  await waitFor(() => expect(prefs.loaded).toBe(true))
})

/** The rules form as a setup screen shows it; `onchange` keeps the latest rules, as SoloSetup does. */
function form(partial: PartialRuleOptions = {}, readonly = false) {
  const onchange = vi.fn()
  const view = render(RuleOptionsForm, { props: { rules: resolveRules(partial), onchange, readonly } })
  onchange.mockImplementation((rules: RuleOptions) => view.rerender({ rules, onchange, readonly }))
  return { onchange }
}

async function openEditor() {
  await fireEvent.click(screen.getByRole('button', { name: 'Custom…' }))
  return screen.getByRole('dialog', { name: 'Custom phase list' })
}

const phaseTitles = (dialog: HTMLElement) => within(within(dialog).getByRole('list', { name: 'Phases' })).getAllByRole('heading').map((h) => h.textContent)
const summaries = (dialog: HTMLElement) => [...dialog.querySelectorAll('.sum')].map((e) => e.textContent)
const useButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Use this list' })

describe('the custom phase list editor', () => {
  it('builds a list from groups with buttons (add, reorder, remove) and uses it', async () => {
    const { onchange } = form({ phaseList: [[set(3)]] })
    const dialog = await openEditor()
    expect(summaries(dialog)).toEqual(['1 set of 3 · 3 cards'])

    // Phase 1: a set of 4 and a run of 4.
    await fireEvent.input(within(dialog).getByLabelText('Phase 1, group 1: cards'), { target: { value: '4' } })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Add a group to phase 1' }))
    await fireEvent.change(within(dialog).getByRole('combobox', { name: 'Phase 1, group 2' }), { target: { value: 'run' } })
    await fireEvent.input(within(dialog).getByLabelText('Phase 1, group 2: cards'), { target: { value: '4' } })
    // Phase 2: 7 cards of one colour, then moved first.
    await fireEvent.click(within(dialog).getByRole('button', { name: '+ Add a phase' }))
    expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: 'Phase 2, group 1' }))
    await fireEvent.change(within(dialog).getByRole('combobox', { name: 'Phase 2, group 1' }), { target: { value: 'colour' } })
    await fireEvent.input(within(dialog).getByLabelText('Phase 2, group 1: cards'), { target: { value: '7' } })
    expect(summaries(dialog)).toEqual(['1 set of 4 + 1 run of 4 · 8 cards', '7 cards of 1 colour · 7 cards'])
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Move phase 2 up' }))
    expect(summaries(dialog)).toEqual(['7 cards of 1 colour · 7 cards', '1 set of 4 + 1 run of 4 · 8 cards'])
    // Focus stays with the moved phase: its "up" is off at the top, so its "down" has it (keyboard users go on).
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Move phase 1 down' })))
    // A third phase, removed again.
    await fireEvent.click(within(dialog).getByRole('button', { name: '+ Add a phase' }))
    expect(phaseTitles(dialog)).toEqual(['Phase 1', 'Phase 2', 'Phase 3'])
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Remove phase 3' }))
    expect(phaseTitles(dialog)).toEqual(['Phase 1', 'Phase 2'])

    await fireEvent.click(useButton(dialog))
    expect(onchange).toHaveBeenLastCalledWith(expect.objectContaining({ phaseList: [[{ kind: 'colour', size: 7 }], [set(4), run(4)]] }), {
      phaseList: [[{ kind: 'colour', size: 7 }], [set(4), run(4)]],
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('combobox', { name: 'Phases' })).toHaveDisplayValue('Custom (2)')
  })

  it('shows the engine’s reason for an impossible phase inline and keeps "Use this list" off until it is fixed', async () => {
    const { onchange } = form({ phaseList: [[set(3)]], wildCount: 0 })
    const dialog = await openEditor()
    await fireEvent.input(within(dialog).getByLabelText('Phase 1, group 1: cards'), { target: { value: '9' } })
    const reason = 'Phase 1, group 1: a set of 9 needs 1 Wild besides the 8 cards of its number, and the deck has no Wilds'
    expect(within(dialog).getByRole('list', { name: 'Phases' })).toHaveTextContent(reason)
    expect(useButton(dialog)).toBeDisabled()
    expect(useButton(dialog)).toHaveAccessibleDescription(`1 problem to fix first. ${reason}.`)
    await fireEvent.click(useButton(dialog))
    expect(onchange).not.toHaveBeenCalled()

    // A run of 1 and too many cards for a hand, whatever the Wilds.
    await fireEvent.input(within(dialog).getByLabelText('Phase 1, group 1: cards'), { target: { value: '8' } })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Add a group to phase 1' }))
    await fireEvent.change(within(dialog).getByRole('combobox', { name: 'Phase 1, group 2' }), { target: { value: 'run' } })
    await fireEvent.input(within(dialog).getByLabelText('Phase 1, group 2: cards'), { target: { value: '1' } })
    expect(dialog).toHaveTextContent('Phase 1, group 2: a run needs at least 2 cards in a row (1 card is not a run)')
    await fireEvent.input(within(dialog).getByLabelText('Phase 1, group 2: cards'), { target: { value: '3' } })
    expect(dialog).toHaveTextContent('Phase 1: needs 11 cards, but a hand holds 10: a phase may ask for at most 10')
    expect(useButton(dialog)).toBeDisabled()
    await fireEvent.input(within(dialog).getByLabelText('Phase 1, group 2: cards'), { target: { value: '2' } })
    expect(useButton(dialog)).toBeEnabled()
    expect(useButton(dialog)).toHaveAccessibleDescription('1 phase, every one possible with no Wilds.')
  })

  it('shares a list as a code and imports one, with a clear error for a bad code that changes nothing', async () => {
    form({ phaseList: [[set(3), set(3)], [run(4)]] })
    const dialog = await openEditor()
    await fireEvent.input(within(dialog).getByLabelText('Name of the list'), { target: { value: 'Two steps' } })
    expect(within(dialog).getByLabelText('Code of this list')).toHaveTextContent('P10-s3s3.r4-Two_steps')

    const paste = within(dialog).getByRole('textbox', { name: 'Paste a code' })
    await fireEvent.input(paste, { target: { value: 'P10-s3x4' } })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('That code does not work: phase 1: "x" is not a group: use s (set), r (run) or c (one colour).')
    expect(summaries(dialog)).toEqual(['2 sets of 3 · 6 cards', '1 run of 4 · 4 cards'])

    // Enter in the field imports (and never submits a setup form around the editor).
    await fireEvent.input(paste, { target: { value: encodePhaseList([[set(2), run(3)], [set(5)], [run(9)]], 'Party mix') } })
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    paste.dispatchEvent(enter)
    expect(enter.defaultPrevented).toBe(true)
    await waitFor(() => expect(summaries(dialog)).toEqual(['1 set of 2 + 1 run of 3 · 5 cards', '1 set of 5 · 5 cards', '1 run of 9 · 9 cards']))
    expect(within(dialog).queryByRole('alert')).toBeNull()
    expect(within(dialog).getByLabelText('Name of the list')).toHaveValue('Party mix')
    expect(within(dialog).getByRole('status')).toHaveTextContent('Imported 3 phases (“Party mix”).')
  })

  it('saves named lists to the settings, lists them in the Phases menu, and deletes them', async () => {
    const { onchange } = form({ phaseList: [[set(3)]] })
    let dialog = await openEditor()
    const save = () => within(dialog).getByRole('button', { name: /^(Save to your lists|Replace)/ })
    expect(save()).toBeDisabled()
    expect(save()).toHaveAccessibleDescription('Name the list to save it.')
    await fireEvent.input(within(dialog).getByLabelText('Name of the list'), { target: { value: '  Sprint   of two ' } })
    await fireEvent.input(within(dialog).getByLabelText('Phase 1, group 1: cards'), { target: { value: '2' } })
    await fireEvent.click(save())
    await waitFor(() => expect(api.settings.savedPhaseLists).toEqual([{ name: 'Sprint of two', phaseList: [[set(2)]] }]))
    expect(within(dialog).getByRole('status')).toHaveTextContent('Saved “Sprint of two” to your lists.')
    // The same name (any case) replaces it.
    await fireEvent.input(within(dialog).getByLabelText('Name of the list'), { target: { value: 'sprint OF two' } })
    expect(save()).toHaveTextContent('Replace “Sprint of two”')
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    const menu = screen.getByRole('combobox', { name: 'Phases' }) as HTMLSelectElement
    const group = within(menu).getByRole('group', { name: 'Your lists' })
    expect(within(group).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sprint of two (1)'])
    await fireEvent.change(menu, { target: { value: within(group).getByRole('option').getAttribute('value') } })
    expect(onchange).toHaveBeenLastCalledWith(expect.objectContaining({ phaseList: [[set(2)]] }), { phaseList: [[set(2)]] })
    expect(menu).toHaveDisplayValue('Sprint of two (1)')

    dialog = await openEditor()
    expect(within(dialog).getByLabelText('Name of the list')).toHaveValue('Sprint of two')
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Sprint of two' }))
    await waitFor(() => expect(api.settings.savedPhaseLists).toEqual([]))
    expect(within(dialog).getByText('None yet: name this list and save it.')).toBeInTheDocument()
  })

  it('refuses fewer Wilds than the chosen list needs, with the reason, and changes nothing', async () => {
    const { onchange } = form({ phaseList: [[set(9)]], wildCount: 1 })
    const wilds = screen.getByRole('spinbutton', { name: 'Wilds' }) as HTMLInputElement
    await fireEvent.change(wilds, { target: { value: '0' } })
    expect(onchange).not.toHaveBeenCalled()
    expect(wilds).toHaveValue(1)
    expect(screen.getByRole('alert')).toHaveTextContent('Not changed: Phase 1, group 1: a set of 9 needs 1 Wild besides the 8 cards of its number, and the deck has no Wilds.')
  })

  it('is not offered to a guest (the lobby shows the host’s rules read-only)', () => {
    form({ phaseList: [[set(3)]] }, true)
    expect(screen.queryByRole('button', { name: 'Custom…' })).toBeNull()
    expect(screen.getByRole('combobox', { name: 'Phases' })).toBeDisabled()
  })
})
