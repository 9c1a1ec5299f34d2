/**
 * The table on a phone (390×844, issue #16): the Log overlay is an opaque, readable panel over the
 * opponents, and neither it nor the chat covers the hint line that says what to do. A LAN table (the chat
 * is there) hosted by the operator, who plays against a bot.
 */
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshotDir, withHostAndBrowser } from './helpers'
import { openPage, step } from './ui-driver'

const e2e = withHostAndBrowser('phone-table', { sound: false, animationSpeed: 'fast', botDelayMs: 0 })

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The alpha of an element's own background colour (1: opaque). */
const backgroundAlpha = (page: Page, selector: string) =>
  page.evaluate(`(() => {
    const c = getComputedStyle(document.querySelector(${JSON.stringify(selector)})).backgroundColor
    const m = /rgba?\\(([^)]+)\\)/.exec(c)
    const parts = m ? m[1].split(',').map(Number) : []
    return parts.length === 4 ? parts[3] : parts.length === 3 ? 1 : 0
  })()`) as Promise<number>

describe('the table on a phone', () => {
  it('shows the Log as an opaque panel that leaves the hint line and the chat clear of each other', async () => {
    const { page, problems } = await openPage(e2e.browser, 'about:blank')
    // Instant bots (this browser's own setting is the one its table uses).
    await page.addInitScript(`localStorage.setItem('phase10.settings', ${JSON.stringify(JSON.stringify({ botDelayMs: 0, sound: false }))})`)
    await page.goto(e2e.host.operatorUrl)
    await page.getByRole('button', { name: /Host a LAN game/ }).click()
    await page.getByRole('button', { name: 'Open the table' }).click()
    await page.getByRole('region', { name: 'Seats' }).waitFor()
    await page.getByRole('button', { name: '+ Add bot' }).click()
    await page.getByRole('button', { name: 'Start the game' }).click()
    await page.getByRole('region', { name: 'Your hand' }).waitFor()
    // A few turns, so the log has more lines than its panel shows at once (and a line of chat).
    for (let moves = 0; moves < 14; ) if (await step(page).catch(() => null)) moves++
    await page.getByRole('textbox', { name: 'Chat message' }).fill('gl hf')
    await page.getByRole('button', { name: 'Send' }).click()
    await page.setViewportSize({ width: 390, height: 844 })
    await page.waitForTimeout(150)
    const hint = page.locator('.bottom .hint')
    await expect.poll(async () => (await hint.textContent())?.trim()).toMatch(/^(Draw from the pile|Select a card|You can lay down)/)
    // Without the log open, the chat is not laid over the hint either.
    const chat = page.getByRole('region', { name: 'Chat' })
    if (await chat.isVisible()) expect(overlaps((await chat.boundingBox())!, (await hint.boundingBox())!)).toBe(false)

    await page.getByRole('button', { name: 'Log' }).click()
    const log = page.getByRole('region', { name: 'Game log' })
    await log.waitFor()
    expect(await log.locator('li').count()).toBeGreaterThan(15)
    // It opens on the newest lines.
    await expect.poll(() => log.locator('ol').evaluate((ol) => Math.abs(ol.scrollHeight - ol.clientHeight - ol.scrollTop) < 2)).toBe(true)
    await page.screenshot({ path: join(screenshotDir, 'table-log-open-390x844.png') })
    // Opaque: nothing of the opponent panels shows through the log.
    expect(await backgroundAlpha(page, '.log')).toBe(1)
    expect(await backgroundAlpha(page, '.side')).toBe(1)
    // The hint line stays readable: neither the log nor the chat is laid over it.
    const hintBox = (await hint.boundingBox())!
    expect(overlaps((await log.boundingBox())!, hintBox)).toBe(false)
    expect(overlaps((await chat.boundingBox())!, hintBox)).toBe(false)
    expect(await page.getByRole('button', { name: 'Log' }).getAttribute('aria-expanded')).toBe('true')
    expect(problems).toEqual([])
    await page.close()
  })
})
