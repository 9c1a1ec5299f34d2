/**
 * A complete solo game in real Chromium against the real headless host and its bots, played through the
 * UI only (clicks and keys): set up with a one-phase rule set and instant bots, then draw, lay down with
 * "Suggest", hit, discard until the game is over. Screenshots of every screen at 1280×800 and 390×844.
 * Also measures the first paint (reported in test-results/ui-metrics.json).
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root, screenshotDir, withHostAndBrowser } from './helpers'
import { look, openPage as openPageIn, shoot, step } from './ui-driver'

// Instant bots: the browser's own bot speed (chosen on the setup screen) is the one its table uses; the
// host's setting is seeded instant too.
const e2e = withHostAndBrowser('solo', { playerName: 'Host', cardStyle: 'classic', sound: false, animationSpeed: 'fast', botDelayMs: 0 })

const openPage = (url: string) => openPageIn(e2e.browser, url)

describe('a solo game in the browser', () => {
  it('plays a whole two-hand, one-phase game against two instant bots through the UI', async () => {
    const { page, problems } = await openPage(e2e.host.operatorUrl)
    await page.getByRole('heading', { name: /phase 10/i }).waitFor()
    const firstPaint = await page.evaluate(`performance.getEntriesByType('paint').map((e) => ({ name: e.name, ms: Math.round(e.startTime) }))`)

    await page.getByRole('button', { name: /Rules/ }).click()
    await page.getByRole('heading', { name: 'How to play Phase 10' }).waitFor()
    await shoot(page, 'rules')
    await page.getByRole('button', { name: 'Back' }).click()

    await page.getByRole('button', { name: /Join a game/ }).click()
    await page.getByRole('button', { name: 'Join the table' }).waitFor()
    await shoot(page, 'join')
    await page.getByRole('button', { name: 'Back' }).click()

    await page.getByRole('button', { name: /Play solo/ }).click()
    await page.getByLabel('Phases').selectOption({ label: 'Sprint (1 phase: a set of 3)' })
    await page.getByLabel('Game length').selectOption({ label: '2 hands, everyone advances' })
    await page.getByLabel("Ada's level").selectOption('easy')
    await page.getByLabel('Bot speed').selectOption({ label: 'Instant' })
    await shoot(page, 'solo-setup')
    await page.getByRole('button', { name: 'Deal the cards' }).click()
    await page.getByRole('region', { name: 'Your hand' }).waitFor()
    await shoot(page, 'table')

    // Reorder the hand by touch (real touch events → pointer events in Chromium), then with the mouse.
    const order = () => page.locator('[data-hand-index]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')))
    const centreNow = async (i: number) => {
      const box = (await page.locator('[data-slot]').nth(i).boundingBox())!
      return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 3) }
    }
    // Where a card rests: cards slide into their new places after a reorder, so wait until it stops moving.
    const centre = async (i: number) => {
      let last = await centreNow(i)
      for (let k = 0; k < 40; k++) {
        await page.waitForTimeout(50)
        const now = await centreNow(i)
        if (now.x === last.x && now.y === last.y) return now
        last = now
      }
      return last
    }
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 })
    const before = await order()
    const [from, to] = [await centre(0), await centre(2)]
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] })
    for (let k = 1; k <= 6; k++)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + ((to.x - from.x) * k) / 6, y: from.y + ((to.y - from.y) * k) / 6 }] })
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await expect.poll(order).toEqual([before[1], before[2], before[0], ...before.slice(3)])
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false })
    const [a, b] = [await centre(2), await centre(0)]
    await page.mouse.move(a.x, a.y)
    await page.mouse.down()
    await page.mouse.move(a.x - 20, a.y, { steps: 3 })
    await page.mouse.move(b.x, b.y, { steps: 5 })
    await page.mouse.up()
    await expect.poll(order).toEqual(before)
    await cdp.detach()

    await page.keyboard.press('?')
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor()
    await shoot(page, 'shortcuts')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'detached' })

    const done: string[] = []
    const errors: string[] = []
    const deadline = Date.now() + 90_000
    let shotLayDown = false
    let shotScoreboard = false
    while (Date.now() < deadline) {
      // Screenshot the lay-down dialog the first time it can open.
      if (!shotLayDown && (await look(page)).canLayDown) {
        await page.keyboard.press('l')
        await page.getByRole('dialog', { name: /Lay down Phase/ }).getByRole('button', { name: 'Suggest' }).click()
        await shoot(page, 'lay-down')
        await page.keyboard.press('Escape')
        await page.getByRole('dialog', { name: /Lay down Phase/ }).waitFor({ state: 'detached' })
        shotLayDown = true
      }
      if (!shotScoreboard && (await look(page)).nextHand) {
        await shoot(page, 'scoreboard')
        shotScoreboard = true
      }
      const did = await step(page).catch((err: Error) => {
        errors.push(err.message.split('\n')[0])
        return null // a bot moved mid-step: look again
      })
      if (did === 'over') break
      if (did) done.push(`${did}@${Math.round((Date.now() - deadline + 90_000) / 100) / 10}`)
      await page.waitForTimeout(did ? 30 : 60)
    }
    if (!(await look(page)).over) {
      await page.screenshot({ path: join(screenshotDir, 'debug-stuck.png') })
      console.log('moves:', done.join(', '), await readFile(join(e2e.dataDir, 'settings.json'), 'utf8').catch(() => 'no settings'))
    }
    expect(await page.getByRole('heading', { name: /wins!|You win/ }).isVisible()).toBe(true)
    console.log(`solo game: ${done.length} human moves: ${done.join(', ')}; retried: ${errors.join(' | ')}`)
    expect(done.some((d) => d.startsWith('draw'))).toBe(true)
    expect(done.some((d) => d.startsWith('discard'))).toBe(true)
    expect(done.some((d) => d.startsWith('next hand'))).toBe(true)
    await shoot(page, 'game-over')

    // The game log tells the story in plain words.
    await page.getByRole('button', { name: 'Rematch' }).waitFor()
    await writeFile(join(root, 'test-results', 'ui-metrics.json'), JSON.stringify({ firstPaint, humanMoves: done.length }, null, 2))
    expect(problems).toEqual([])
    await page.close()
  })
})
