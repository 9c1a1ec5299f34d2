/**
 * A LAN game in real Chromium: the headless host serves the table; the operator's page opens it (without
 * sitting down), sets the rules, a turn timer and the drop policy; two browser pages (own contexts: no
 * operator cookie, own storage; Ann's a touch screen) join as guests, say they are ready and play. Ben's browser closes mid-game:
 * play pauses and the operator hands his seat to a bot; Ben comes back with his seat token and plays on. At
 * the end Ann votes for a rematch (everyone sees "1 of 2 ready"), and Ben's vote starts it.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { withHostAndBrowser } from './helpers'
import { joinAsGuest as join, look, openPage, shoot, step } from './ui-driver'

const e2e = withHostAndBrowser('lan', { playerName: 'Hosta', cardStyle: 'colour-blind', sound: false, animationSpeed: 'fast', botDelayMs: 0 })


const joinAsGuest = (name: string, options: { touch?: boolean } = {}) => join(e2e.browser, e2e.host.url, name, options)

describe('a LAN game: a host and two browser guests', () => {
  it('the operator hosts without a seat, two guests join and play one hand to the end of the game', async () => {
    const op = await openPage(e2e.browser, e2e.host.operatorUrl)
    const hostPage = op.page
    await hostPage.getByRole('button', { name: /Host a LAN game/ }).click()
    await hostPage.getByLabel(/I play too/).uncheck() // the operator only runs the table; the guests play
    await shoot(hostPage, 'host-start')
    await hostPage.getByRole('button', { name: 'Open the table' }).click()
    await hostPage.getByRole('region', { name: 'Seats' }).waitFor()
    // Short rules: one phase, one hand.
    await hostPage.getByLabel('Phases').selectOption({ label: 'Sprint (1 phase: a set of 3)' })
    await hostPage.getByLabel('Game length').selectOption({ label: '1 hand, everyone advances' })
    await hostPage.getByLabel('Turn timer').selectOption({ label: '120 seconds' })
    await expect.poll(() => hostPage.getByLabel('Phases').inputValue()).toBe('sprint')
    await expect.poll(() => hostPage.getByLabel('Game length').inputValue()).toBe('1')
    await expect.poll(() => hostPage.getByLabel('Turn timer').inputValue()).toBe('120')
    // What happens to a player who drops out: a bot takes over after 30 s (the host also decides at the table).
    const grace = hostPage.getByRole('combobox', { name: "Keep a dropped player's seat for" })
    const then = hostPage.getByRole('combobox', { name: 'Then, if they are not back' })
    await grace.selectOption({ label: '30 seconds' })
    await expect.poll(() => grace.inputValue()).toBe('30')
    await then.selectOption({ label: 'A bot takes over' })
    await expect.poll(() => then.inputValue()).toBe('bot')
    // A bot comes and goes.
    await hostPage.getByRole('button', { name: '+ Add bot' }).click()
    await hostPage.getByRole('button', { name: /Remove .+/ }).first().click()

    const ann = await joinAsGuest('Ann', { touch: true }) // Ann plays on a touch screen, Ben with a keyboard
    const ben = await joinAsGuest('Ben')
    const start = hostPage.getByRole('button', { name: 'Start the game' })
    await start.waitFor()
    expect(await hostPage.getByText('Ann').isVisible()).toBe(true)
    await shoot(hostPage, 'lobby-host')
    await shoot(ann.page, 'lobby-guest')
    await start.click()

    let pages = [ann.page, ben.page]
    for (const page of pages) await page.getByRole('region', { name: 'Your hand' }).waitFor()
    // Every player sees the turn timer counting down.
    for (const page of [hostPage, ...pages]) expect(await page.getByRole('timer').textContent()).toMatch(/\d:\d\d/)
    await shoot(hostPage, 'table-operator')
    await shoot(ben.page, 'table-guest')
    // Keyboard marks (key caps, "(D)" in the hint, the hand's 1-0) only where there is a keyboard.
    const marksShown = (page: Page) => page.evaluate(`[...document.querySelectorAll('kbd, .keyhint, .hand-key')].filter((e) => e.getClientRects().length > 0).length`)
    expect(await marksShown(ben.page)).toBeGreaterThan(5)
    expect(await marksShown(ann.page)).toBe(0)

    const moves = new Map<Page, number>(pages.map((p) => [p, 0]))
    const playUntil = async (done: () => Promise<boolean>) => {
      const deadline = Date.now() + 90_000
      while (Date.now() < deadline && !(await done())) {
        let moved = false
        for (const page of pages) {
          const did = await step(page).catch(() => null)
          if (did && did !== 'over') {
            moves.set(page, moves.get(page)! + 1)
            moved = true
          }
        }
        if (!moved) await ann.page.waitForTimeout(60)
      }
    }
    // A few moves each, then Ben's browser goes away: play pauses; the host hands his seat to a bot.
    await playUntil(async () => moves.get(ann.page)! >= 1 && moves.get(ben.page)! >= 1)
    expect(ben.problems).toEqual([])
    const benSeat = String(await ben.page.evaluate(`localStorage.getItem('phase10.seat')`))
    await ben.page.close()
    pages = [ann.page]
    const dropped = hostPage.getByRole('region', { name: 'Ben lost the connection' })
    await dropped.waitFor()
    expect(await dropped.textContent()).toMatch(/kept for 0:[0-3]\d; then: a bot takes over/)
    await ann.page.getByRole('region', { name: 'Ben lost the connection' }).waitFor()
    await shoot(hostPage, 'table-dropped-host')
    await dropped.getByRole('button', { name: 'Let a bot play for Ben' }).click()
    await dropped.waitFor({ state: 'detached' })

    // Ben opens the page again (his browser kept the seat token): he has his seat back and plays on.
    const ben2 = await openPage(e2e.browser, 'about:blank')
    await ben2.page.addInitScript(`localStorage.setItem('phase10.seat', ${JSON.stringify(benSeat)})`)
    await ben2.page.goto(e2e.host.url)
    await ben2.page.getByRole('region', { name: 'Your hand' }).waitFor()
    pages = [ann.page, ben2.page]
    moves.set(ben2.page, 0)
    await playUntil(async () => (await look(ann.page)).over && (await look(ben2.page)).over)
    for (const page of pages) expect(await page.locator('#over-title').isVisible()).toBe(true)
    expect(moves.get(ann.page)).toBeGreaterThan(0)

    // The rematch vote: Ann votes; everyone sees who is ready; Ben's vote starts the new game.
    await ann.page.getByRole('button', { name: 'Vote for a rematch' }).click()
    await ann.page.getByRole('button', { name: 'Voted: waiting for the others' }).waitFor()
    await hostPage.locator('#over-title').waitFor()
    await expect.poll(() => hostPage.getByText(/ready for a rematch/).textContent()).toBe('1 of 2 ready for a rematch: Ann')
    await expect.poll(() => ben2.page.getByText(/ready for a rematch/).textContent()).toBe('1 of 2 ready for a rematch: Ann')
    await shoot(ann.page, 'game-over-guest')
    await shoot(hostPage, 'game-over-host-votes')
    await ben2.page.getByRole('button', { name: 'Vote for a rematch' }).click()
    for (const page of pages) await page.getByRole('region', { name: 'Your hand' }).waitFor()
    expect([...op.problems, ...ann.problems, ...ben2.problems]).toEqual([])
    for (const page of [hostPage, ...pages]) await page.close()
  }, 240_000)
})
