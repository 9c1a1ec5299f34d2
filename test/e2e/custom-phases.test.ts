/**
 * A custom phase list in real Chromium against the real headless host: built in solo setup's editor with
 * the keyboard and buttons (a group's kind and size, a new phase, a reorder), refused while impossible,
 * saved to this browser's lists, used, and dealt — the table shows the custom phase. The editor is
 * screenshotted at 1280×800 and 390×844, where nothing may overflow sideways.
 */
import { describe, expect, it } from 'vitest'
import { withHostAndBrowser } from './helpers'
import { openPage, shoot } from './ui-driver'

const e2e = withHostAndBrowser('custom-phases', { playerName: 'Host', sound: false, animationSpeed: 'off', botDelayMs: 0 })

describe('a custom phase list in the browser', () => {
  it('is built in solo setup, saved, used, and dealt', async () => {
    const { page, problems } = await openPage(e2e.browser, e2e.host.operatorUrl)
    await page.getByRole('button', { name: /Play solo/ }).click()
    await page.getByRole('button', { name: 'Custom…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Custom phase list' })
    await dialog.waitFor()

    // Start from Classic's ten phases: keep the first two, then make them "a set of 2 + a run of 3" and
    // "a set of 4", the second moved first.
    for (let n = 10; n > 2; n--) await dialog.getByRole('button', { name: `Remove phase ${n}` }).click()
    await dialog.getByLabel('Name of the list').fill('E2E mix')
    await dialog.getByLabel('Phase 1, group 1: cards').fill('9')
    await dialog.getByRole('combobox', { name: 'Phase 1, group 2' }).selectOption('run')
    await dialog.getByLabel('Phase 1, group 2: cards').fill('3')
    // Impossible while it asks for 12 cards: the reason shows and the list cannot be used.
    await expect.poll(() => dialog.textContent()).toContain('Phase 1: needs 12 cards, but a hand holds 10')
    expect(await dialog.getByRole('button', { name: 'Use this list' }).isDisabled()).toBe(true)
    await dialog.getByLabel('Phase 1, group 1: cards').fill('2')
    await dialog.getByRole('combobox', { name: 'Phase 2, group 2' }).selectOption('set')
    await dialog.getByRole('button', { name: 'Remove group 2 of phase 2' }).click()
    await dialog.getByLabel('Phase 2, group 1: cards').fill('4')
    // Reorder by keyboard: focus the button, press Enter.
    await dialog.getByRole('button', { name: 'Move phase 2 up' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => dialog.locator('.sum').allTextContents()).toEqual(['1 set of 4 · 4 cards', '1 set of 2 + 1 run of 3 · 5 cards'])
    expect(await dialog.getByLabel('Code of this list').textContent()).toBe('P10-s4.s2r3-E2E_mix')
    await shoot(page, 'phase-editor')

    await dialog.getByRole('button', { name: 'Save to your lists' }).click()
    await dialog.getByText('Saved “E2E mix” to your lists.').waitFor()
    // A browser keeps its own settings (localStorage), the saved list among them.
    const stored = JSON.parse(String(await page.evaluate(`localStorage.getItem('phase10.settings')`)))
    expect(stored.savedPhaseLists).toEqual([{ name: 'E2E mix', phaseList: [[{ kind: 'set', size: 4 }], [{ kind: 'set', size: 2 }, { kind: 'run', size: 3 }]] }])
    await dialog.getByRole('button', { name: 'Use this list' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await page.getByLabel('Phases').evaluate((s) => (s as unknown as { selectedOptions: { textContent: string }[] }).selectedOptions[0].textContent)).toBe(
      'E2E mix (2)',
    )
    await shoot(page, 'solo-setup-custom-list')

    await page.getByRole('button', { name: 'Deal the cards' }).click()
    await page.getByRole('region', { name: 'Your hand' }).waitFor()
    // My phase on the table is the custom list's first: a set of 4.
    await page.getByRole('heading', { name: /^Phase 1\s+1 set of 4$/ }).waitFor()
    expect(problems).toEqual([])
    await page.close()
  })
})
