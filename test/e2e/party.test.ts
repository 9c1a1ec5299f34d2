/**
 * A party at a LAN table (issue #15), in real Chromium: a Masters game of the 3 short phases, two hands, the
 * operator runs it without a seat; Ann and Ben play in their own browsers.
 * - Between hands nobody is dealt in while someone still reads the scores: Ann's "Next hand" (the N key)
 *   only marks her ready; Ben sees her ✓ on his scores; his own "Next hand" deals.
 * - Everyone sees everyone's Masters progress (opponent panels and the scores), at 1280×800 and 390×844.
 * - The table's own rules are one click (or R) away, in words.
 * - The operator gives Ben's seat to a bot mid-game: Ben is told why and his seat token no longer works.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { withHostAndBrowser } from './helpers'
import { joinAsGuest as join, look, openPage, shoot, step } from './ui-driver'

const e2e = withHostAndBrowser('party', { playerName: 'Hosta', sound: false, animationSpeed: 'fast', botDelayMs: 0 })


const joinAsGuest = (name: string) => join(e2e.browser, e2e.host.url, name)

const scores = (page: Page) => page.getByRole('dialog', { name: /Hand \d+ is over/ })

/**
 * Plays both pages until each shows the end-of-hand scores (a driver's Enter that lands just as the scores
 * open may already have said "ready" for the player who went out: the answer says who is still reading).
 */
async function playToScores(pages: Page[]): Promise<Page[]> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const shown = await Promise.all(pages.map((p) => scores(p).isVisible()))
    if (shown.every(Boolean)) {
      const reading = await Promise.all(pages.map((p) => scores(p).getByRole('button', { name: 'Next hand' }).isVisible()))
      return pages.filter((_, i) => reading[i])
    }
    let moved = false
    for (const [i, page] of pages.entries()) if (!shown[i] && (await step(page, { nextHand: false }).catch(() => null))) moved = true
    if (!moved) await pages[0].waitForTimeout(60)
  }
  throw new Error(`the hand did not end within 120 s: ${JSON.stringify(await Promise.all(pages.map((p) => look(p))))}`)
}

describe('a party at a LAN table', () => {
  it('readies up between hands, shows Masters progress and the rules in play, and the operator can kick', async () => {
    const op = await openPage(e2e.browser, e2e.host.operatorUrl)
    const hostPage = op.page
    await hostPage.getByRole('button', { name: /Host a LAN game/ }).click()
    await hostPage.getByLabel(/I play too/).uncheck()
    await hostPage.getByRole('button', { name: 'Open the table' }).click()
    await hostPage.getByRole('region', { name: 'Seats' }).waitFor()
    await hostPage.getByRole('radio', { name: 'Masters' }).check()
    await hostPage.getByLabel('Phases', { exact: true }).selectOption({ label: 'Quick (3 short phases)' })
    await hostPage.getByLabel('Game length').selectOption({ label: '2 hands, everyone advances' })
    await expect.poll(() => hostPage.getByLabel('Game length').inputValue()).toBe('2')
    await expect.poll(() => hostPage.getByLabel('Phases', { exact: true }).inputValue()).toBe('quick')

    const ann = await joinAsGuest('Ann')
    const ben = await joinAsGuest('Ben')
    // A guest sees the table's options in words, not a form it cannot change.
    expect(await ben.page.getByText(/Masters/).first().isVisible()).toBe(true)
    await hostPage.getByRole('button', { name: 'Start the game' }).click()
    const pages = [ann.page, ben.page]
    for (const page of pages) await page.getByRole('region', { name: 'Your hand' }).waitFor()

    // The rules in play: the R key (and a button) opens them, in words (asked by a player who is not
    // choosing a Masters phase right now: that dialog has the keys then).
    const reader = (await look(ben.page)).choosePhase ? ann.page : ben.page
    await reader.keyboard.press('r')
    const rules = reader.getByRole('dialog', { name: "This table's rules" })
    await rules.waitFor()
    expect(await rules.textContent()).toMatch(/Masters/)
    expect(await rules.textContent()).toMatch(/2 hands/)
    await rules.getByRole('button', { name: 'Back to the table' }).click()
    await rules.waitFor({ state: 'detached' })

    const reading = await playToScores(pages)
    expect(reading.length).toBeGreaterThanOrEqual(1)
    // Ready-up: one player's N marks them ready; nobody is dealt in while the other still reads.
    const [first, second] = reading.length === 2 ? reading : [null, reading[0]]
    const [firstName, secondName] = second === ann.page ? ['Ben', 'Ann'] : ['Ann', 'Ben']
    if (first) await scores(first).press('n')
    const firstPage = first ?? (second === ann.page ? ben.page : ann.page)
    await firstPage.getByRole('button', { name: new RegExp(`Waiting for ${secondName}`) }).waitFor()
    const firstRow = scores(second).getByRole('row', { name: new RegExp(firstName) })
    await expect.poll(() => firstRow.textContent()).toMatch(/✓ Ready/)
    expect(await scores(second).getByRole('row', { name: new RegExp(secondName) }).textContent()).toMatch(/Reading…/)
    // Everyone's progress through the phases, on the scores.
    expect(await firstRow.getByRole('img', { name: /of 3 phases completed/ }).count()).toBe(1)
    await shoot(second, 'party-scores-ready')
    await second.waitForTimeout(700)
    expect(await scores(firstPage).isVisible()).toBe(true) // still not dealt
    await scores(second).getByRole('button', { name: 'Next hand' }).click()
    for (const page of pages) await scores(page).waitFor({ state: 'detached' })

    // Hand 2: Ben's panel on Ann's table says how far Ben is, readable on a desktop and a phone.
    const benPanel = ann.page.getByRole('article', { name: /^Ben/ })
    const progress = benPanel.getByRole('img', { name: /of 3 phases completed/ })
    for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await ann.page.setViewportSize(size)
      await progress.scrollIntoViewIfNeeded()
      expect(await progress.isVisible()).toBe(true)
      const box = (await progress.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(size.width)
    }
    await ann.page.setViewportSize({ width: 1280, height: 800 })

    // The operator gives Ben's seat to a bot: Ben is told why, and his saved seat no longer works.
    const benSeat = String(await ben.page.evaluate(`localStorage.getItem('phase10.seat')`))
    await hostPage.getByRole('button', { name: 'Remove Ben…' }).click()
    const kick = hostPage.getByRole('dialog', { name: 'Remove Ben' })
    await kick.getByLabel('Bot level').selectOption('hard')
    await kick.getByRole('button', { name: 'Remove', exact: true }).click()
    await ben.page.getByText('The host gave your seat to a bot.').waitFor()
    expect(await ben.page.getByRole('region', { name: 'Your hand' }).count()).toBe(0)
    // Ann plays on against the bot in Ben's seat (play reaches her turn again).
    await expect.poll(async () => (await look(ann.page)).canDraw || (await look(ann.page)).choosePhase || (await look(ann.page)).canPlay, { timeout: 20_000 }).toBe(true)
    // Ben's browser, opened again with the seat it had, is not let back in.
    const again = await openPage(e2e.browser, 'about:blank')
    await again.page.addInitScript(`localStorage.setItem('phase10.seat', ${JSON.stringify(benSeat)})`)
    await again.page.goto(e2e.host.url)
    await again.page.getByRole('button', { name: /Join a game/ }).waitFor()
    await again.page.waitForTimeout(500)
    expect(await again.page.getByRole('region', { name: 'Your hand' }).count()).toBe(0)

    expect([...op.problems, ...ann.problems, ...ben.problems]).toEqual([])
    for (const page of [hostPage, ann.page, ben.page, again.page]) await page.close()
  }, 240_000)
})
