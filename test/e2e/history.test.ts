/**
 * The game history (issue #19) in real Chromium: a short solo game (Sprint, two hands, instant bots) played to
 * the end through the UI lands on the History screen (menu › History) with its players and scores; the list
 * and the Statistics tab pass axe at both sizes and work by keyboard; Replay opens the replay viewer, whose
 * Escape comes back to History.
 */
import { describe, expect, it } from 'vitest'
import { expectAccessible } from './a11y'
import { withHostAndBrowser } from './helpers'
import { look, openPage, playToEnd, shoot, startSprintSolo } from './ui-driver'

const e2e = withHostAndBrowser('history', { playerName: 'Host', cardStyle: 'classic', sound: false, animationSpeed: 'off', botDelayMs: 0 })

describe('the History screen', () => {
  it('lists a finished solo game, shows the statistics, and opens its replay', async () => {
    const { page, problems } = await openPage(e2e.browser, e2e.host.operatorUrl)
    await startSprintSolo(page)
    await playToEnd(page)
    expect((await look(page)).over).toBe(true)
    const myScore = Number(await page.locator('table.scores tbody tr', { hasText: '(you)' }).getByRole('cell').nth(1).textContent())

    await page.getByRole('button', { name: 'Back to menu' }).click()
    await page.getByRole('button', { name: /^History/ }).click()
    const list = page.getByRole('list', { name: /Finished games/ })
    await list.waitFor()
    const games = list.getByRole('listitem')
    await expect.poll(() => games.count()).toBe(1)
    const text = (await games.first().textContent()) ?? ''
    expect(text).toMatch(/Classic · \d+ hands/) // 2, or more after a tie-break hand
    expect(text).toMatch(/\((Easy|Medium|Hard|Expert)\)/)
    expect(text).toContain(`with ${myScore} points`)
    await shoot(page, 'history')
    await expectAccessible(page, 'history list')

    // The Statistics tab, by keyboard: the tabs are one stop, the arrows move between them.
    await page.getByRole('tab', { name: 'Games' }).focus()
    await page.keyboard.press('ArrowRight')
    const stats = page.getByRole('tabpanel', { name: 'Statistics' })
    await stats.waitFor()
    await expect.poll(() => stats.textContent()).toMatch(/Games\s*1/)
    expect(await stats.getByRole('table', { name: 'Wins and losses by opponent' }).getByRole('row').count()).toBe(2)
    await shoot(page, 'history-stats')
    await expectAccessible(page, 'history statistics')

    await page.keyboard.press('ArrowLeft')
    await page.getByRole('button', { name: /^Replay Solo/ }).click()
    await expect.poll(() => page.evaluate('location.hash')).toBe('#/replay')
    // Closing the replay comes back here.
    await page.getByRole('heading', { name: /^Replay/, level: 1 }).waitFor({ state: 'attached' })
    await page.keyboard.press('Escape')
    await page.getByRole('heading', { name: 'History', level: 1 }).waitFor()
    expect(problems.filter((p) => !/Evaluating a string as JavaScript violates .*unsafe-eval/.test(p))).toEqual([])
    await page.close()
  }, 180_000)
})
