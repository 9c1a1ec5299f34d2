/**
 * The replay viewer (issue #19) in real Chromium: a short solo game (Sprint, two hands, instant bots) played
 * to the end through the UI, then "Watch replay" on the game-over screen: the first deal with every hand face
 * up, stepping by keyboard, a jump to the last hand, and at the end the same final scores as the game-over
 * screen showed. Esc goes back to the game-over screen.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expectAccessible } from './a11y'
import { screenshotDir, withHostAndBrowser } from './helpers'
import { look, openPage, playToEnd, shoot, startSprintSolo } from './ui-driver'

const e2e = withHostAndBrowser('replay', { playerName: 'Host', cardStyle: 'classic', sound: false, animationSpeed: 'off', botDelayMs: 0 })

describe('the replay viewer', () => {
  it('replays a finished solo game from the game-over screen to the same final scores', async () => {
    const { page, problems } = await openPage(e2e.browser, e2e.host.operatorUrl)

    // A short game: one phase, two hands, two instant bots. Each hand's end-of-hand scores: this device's own
    // deal check of the hand just played must say ✓ there before anyone deals on (issue #19).
    await startSprintSolo(page)
    const checkedHands = new Set<number>()
    await playToEnd(page, {
      atScores: async () => {
        const hand = Number((await page.getByRole('dialog').getByRole('heading').first().textContent())?.match(/Hand (\d+)/)?.[1])
        await page.getByRole('dialog').getByRole('listitem', { name: `Hand ${hand}: deal checked` }).waitFor({ timeout: 10_000 })
        checkedHands.add(hand)
      },
    })
    if (!(await look(page)).over) await page.screenshot({ path: join(screenshotDir, 'debug-replay-stuck.png') })
    await page.getByRole('heading', { name: /wins!|You win/ }).waitFor()
    expect(checkedHands.has(1)).toBe(true)
    // Two hands, or more when they end in a tie for the win (tie-break hands, RULES.md section 8): every hand
    // but the last ended on the scores.
    const hands = Math.max(...checkedHands) + 1
    // At game over: ✓ on every hand and on the game key, and no alarm.
    const marks = page.getByRole('list', { name: 'Deal checks' })
    for (const name of [...Array.from({ length: hands }, (_, i) => `Hand ${i + 1}: deal checked`), 'Game key: deal checked']) await marks.getByRole('listitem', { name }).waitFor({ timeout: 10_000 })
    expect(await page.getByRole('alert').filter({ hasText: 'did not check out' }).count()).toBe(0)
    await page.getByRole('button', { name: 'How do I know the deal was fair?' }).click()
    await page.getByRole('dialog', { name: 'Fair deals' }).getByRole('button', { name: 'Got it' }).click()

    // The game-over screen's standings: name → final score.
    const standings = page.locator('table.scores tbody tr')
    const finalScores = new Map<string, number>()
    for (const row of await standings.all()) {
      const name = (await row.getByRole('rowheader').textContent())!.replace(' (you)', '').trim()
      finalScores.set(name, Number(await row.getByRole('cell').nth(1).textContent()))
    }
    expect(finalScores.size).toBe(3)

    await page.getByRole('button', { name: 'Watch replay' }).click()
    await page.getByRole('heading', { name: /^Replay/, level: 1 }).waitFor({ state: 'attached' })
    const progress = page.locator('[data-replay-progress]')
    await expect.poll(() => progress.textContent()).toMatch(new RegExp(`^Hand 1 of ${hands} · move 0 of \\d+$`))
    // The replay checks the record's deals with Chromium's Web Crypto too.
    await expect.poll(() => page.locator('[data-replay-fairness]').textContent()).toMatch(new RegExp(`✓ All ${hands} deals checked`))
    // The first deal: three hands of ten, all face up.
    const seats = page.getByRole('region', { name: 'Players' })
    for (const name of finalScores.keys()) {
      const hand = seats.getByRole('group', { name: `${name}'s hand, 10 cards` })
      await expect.poll(() => hand.getByRole('img').count()).toBe(10)
      expect(await hand.getByRole('img', { name: 'face-down card' }).count()).toBe(0)
    }
    await shoot(page, 'replay')
    await expectAccessible(page, 'replay')

    // Step forward twice and back once by keyboard: the move in words follows.
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => progress.textContent()).toMatch(/move 2 of/)
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => progress.textContent()).toMatch(/move 1 of/)
    await expect.poll(() => page.getByRole('heading', { name: 'Move 1', level: 3 }).isVisible()).toBe(true)

    // Jump to the next hand (its deal), then to the end of the game.
    await page.keyboard.press(']')
    await expect.poll(() => progress.textContent()).toMatch(new RegExp(`^Hand 2 of ${hands} · move 0 of`))
    await expect.poll(() => page.getByText(/dealt hand 2/).isVisible()).toBe(true)
    await page.keyboard.press('End')
    await expect.poll(() => page.getByText(/wins the game!/).isVisible()).toBe(true)

    // The replay's totals are the game-over screen's final scores.
    const replayed = new Map<string, number>()
    const names = await page.locator('section[aria-labelledby="replay-scores"] thead th').allTextContents()
    const totals = await page.locator('[data-replay-total]').allTextContents()
    for (const [i, total] of totals.entries()) replayed.set(names[i + 1].trim(), Number(total))
    expect(replayed).toEqual(finalScores)
    await shoot(page, 'replay-end')

    // Esc: back to the game-over screen.
    await page.keyboard.press('Escape')
    await page.getByRole('heading', { name: /wins!|You win/ }).waitFor()
    // axe-core compiles message templates with `new Function`, which the app's CSP refuses (see a11y.test.ts).
    expect(problems.filter((p) => !/Evaluating a string as JavaScript violates .*unsafe-eval/.test(p))).toEqual([])
    await page.close()
  })
})
