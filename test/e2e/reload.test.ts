/**
 * Reloading the page mid-game (issue #16): the browser lands back in its seat, not on "No game in progress".
 * The operator's solo table at the headless host: the page's new WebSocket is a new client, so the host
 * gives the operator its own seat back.
 */
import { describe, expect, it } from 'vitest'
import { withHostAndBrowser } from './helpers'
import { look, openPage, step } from './ui-driver'

const e2e = withHostAndBrowser('reload', { playerName: 'Host', sound: false, animationSpeed: 'fast', botDelayMs: 0 })

describe('a reload mid-game', () => {
  it('brings the operator’s browser back to its seat at the solo table it runs', async () => {
    const { page, problems } = await openPage(e2e.browser, e2e.host.operatorUrl)
    await page.getByRole('button', { name: /Play solo/ }).click()
    await page.getByLabel('Bot speed').selectOption({ label: 'Instant' })
    await page.getByRole('button', { name: 'Deal the cards' }).click()
    await page.getByRole('region', { name: 'Your hand' }).waitFor()
    for (let moves = 0; moves < 2; ) if (await step(page).catch(() => null)) moves++
    // The hand as it settles after my last move (a draw's card arrives with the next snapshot).
    let before = await look(page)
    for (let settled = false; !settled; ) {
      await page.waitForTimeout(250)
      const now = await look(page)
      settled = now.cards === before.cards
      before = now
    }

    await page.reload()
    await page.getByRole('region', { name: 'Your hand' }).waitFor()
    expect(await page.getByRole('heading', { name: 'No game in progress' }).count()).toBe(0)
    expect((await look(page)).cards).toBe(before.cards)
    // Play goes on from the same seat (the bots are not waiting for a dropped player).
    for (let moves = 0; moves < 2; ) if (await step(page).catch(() => null)) moves++
    expect(problems).toEqual([])
    await page.close()
  })
})
