/**
 * The table as a card table (issue #16, items 12 and 13), in real Chromium on a seeded solo table:
 * - at 1280×800 the piles sit in the middle of the window, the other players above them, my hand below;
 * - at 390×844 my hand is in at most two rows and on screen without scrolling, and a group another player
 *   laid down is a hit target I can reach and press;
 * - dragging a hand card onto an opponent's lit group hits it, and onto the discard pile discards it.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { screenshotDir, withHostAndBrowser } from './helpers'
import { startSeededSolo } from './seeded-table'
import { look, openPage, step } from './ui-driver'

const e2e = withHostAndBrowser('table-layout', { playerName: 'Host', sound: false, animationSpeed: 'fast', botDelayMs: 0 })

type Box = { x: number; y: number; width: number; height: number }
const box = async (page: Page, selector: string): Promise<Box> => (await page.locator(selector).first().boundingBox())!
const centreOf = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 })

/** The hand's cards, in order, and each card's slot (where it rests; a selected card is lifted inside it). */
const handCodes = (page: Page) => page.locator('[data-hand-index]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')))

/** Index of the first hand card that, selected alone, lights up a group of another player; -1 if none. */
async function opponentHitter(page: Page): Promise<number> {
  const n = await page.locator('[data-hand-index]').count()
  for (let i = 0; i < Math.min(n, 10); i++) {
    await page.keyboard.press('Escape')
    await page.keyboard.press(String((i + 1) % 10))
    if (await page.locator('.opponents [data-target]').count()) return i
  }
  await page.keyboard.press('Escape')
  return -1
}

/** Drags with the mouse from one point to another in small steps (pointer events, as a hand would). */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x + 12, from.y - 12, { steps: 3 })
  await page.mouse.move(to.x, to.y, { steps: 8 })
  await page.mouse.up()
}

describe('the table layout', () => {
  it('centres the piles on a desktop, fits the hand on a phone, and takes drags onto the table', async () => {
    await startSeededSolo(e2e.host, {
      name: 'Host',
      bots: [{ level: 'medium' }, { level: 'medium' }],
      rules: { phaseList: [[{ kind: 'set', size: 3 }]], fixedHands: 4 },
      seed: 'table-layout-1',
      botDelayMs: 0,
    })
    const { page, problems } = await openPage(e2e.browser, e2e.host.operatorUrl)
    await page.getByRole('region', { name: 'Your hand' }).waitFor()

    // Desktop: the piles' middle is the window's middle (±10 % of its width); seats above, hand below.
    const piles = await box(page, '.piles')
    expect(Math.abs(centreOf(piles).x - 640)).toBeLessThanOrEqual(128)
    expect((await box(page, '.opponents')).y + 20).toBeLessThan(piles.y)
    expect((await box(page, '.bottom')).y).toBeGreaterThan(piles.y + piles.height)

    // Play until another player has laid down and one of my cards can hit their group.
    let hitter = -1
    const deadline = Date.now() + 80_000
    while (hitter < 0 && Date.now() < deadline) {
      const seen = await look(page)
      if (seen.over) break
      if (seen.canPlay && !seen.canLayDown && (await page.locator('.opponents [data-laid-group]').count())) hitter = await opponentHitter(page)
      if (hitter < 0) await step(page).catch(() => null)
    }
    expect(hitter, 'no hit on another player came up in the seeded game').toBeGreaterThanOrEqual(0)
    await page.screenshot({ path: join(screenshotDir, 'table-layout-hit-1280x800.png') })

    // The phone.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.waitForTimeout(200)
    expect(await page.evaluate('window.scrollY')).toBe(0)
    const slotTops = await page.locator('[data-slot]').evaluateAll((slots) => [...new Set(slots.map((s) => Math.round(s.getBoundingClientRect().top)))])
    expect(slotTops.length).toBeLessThanOrEqual(2)
    const slots = await page.locator('[data-slot]').evaluateAll((all) => all.map((s) => s.getBoundingClientRect().bottom))
    expect(Math.max(...slots)).toBeLessThanOrEqual(844)
    expect(await page.locator('[data-slot]').count()).toBeGreaterThanOrEqual(2)

    // The hit target on the opponent's group: on screen, and the topmost thing where a finger would press.
    const target = page.locator('.opponents [data-target]').first()
    const t = (await target.boundingBox())!
    expect(t.y).toBeGreaterThanOrEqual(0)
    expect(t.y + t.height).toBeLessThanOrEqual(844)
    expect(t.x + t.width).toBeLessThanOrEqual(390)
    const c = centreOf(t)
    await page.screenshot({ path: join(screenshotDir, 'table-layout-hit-390x844.png') })
    expect(await page.evaluate(`!!document.elementFromPoint(${c.x}, ${c.y})?.closest('.opponents [data-target]')`)).toBe(true)
    const laid = await target.getAttribute('data-laid-group')
    const groupCards = () => page.locator(`[data-laid-group="${laid}"] [data-card]`).count()
    const cardsBefore = await groupCards()

    // Drag the hitting card onto that group: it is hit (the group grows, my hand shrinks).
    await page.keyboard.press('Escape')
    const before = await handCodes(page)
    const card = (await page.locator('[data-slot]').nth(hitter).boundingBox())!
    await drag(page, { x: card.x + 8, y: card.y + card.height / 2 }, c)
    const wildEnd = page.getByRole('dialog', { name: 'Where does the Wild go?' })
    if (await wildEnd.isVisible().catch(() => false)) await wildEnd.getByRole('button').first().click()
    await expect.poll(groupCards).toBe(cardsBefore + 1)
    await expect.poll(async () => (await handCodes(page)).length).toBe(before.length - 1)

    // Drag a card onto the discard pile: it is discarded (the log says so: the bots may already have covered it).
    const hand = await handCodes(page)
    const last = hand.length - 1
    if (hand.length > 1 && hand[last] !== 'S') {
      const discards = () => page.locator('.log li').evaluateAll((lines) => lines.filter((l) => /^You discarded /.test(l.textContent ?? '')).length)
      const discarded = await discards()
      const from = (await page.locator('[data-slot]').nth(last).boundingBox())!
      await drag(page, { x: from.x + from.width / 2, y: from.y + from.height / 3 }, centreOf(await box(page, '[data-pile="discard"]')))
      await expect.poll(discards).toBe(discarded + 1)
    }
    expect(problems).toEqual([])
    await page.close()
  })
  it('keeps a phone’s hand on screen with five other players, their groups still there to hit', async () => {
    await startSeededSolo(e2e.host, {
      name: 'Host',
      bots: [1, 2, 3, 4, 5].map(() => ({ level: 'medium' as const })),
      rules: { phaseList: [[{ kind: 'set', size: 3 }]], fixedHands: 3 },
      seed: 'table-layout-6',
      botDelayMs: 0,
    })
    const { page, problems } = await openPage(e2e.browser, e2e.host.operatorUrl)
    await page.getByRole('region', { name: 'Your hand' }).waitFor()
    // Until at least three others have laid down (their groups are the tallest thing in their seats).
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      const seen = await look(page)
      if (seen.over || (seen.canPlay && (await page.locator('.opponents [data-laid-group]').count()) >= 3)) break
      await step(page).catch(() => null)
    }
    expect(await page.locator('.opponents [data-laid-group]').count()).toBeGreaterThanOrEqual(3)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.waitForTimeout(200)
    await page.screenshot({ path: join(screenshotDir, 'table-layout-six-390x844.png') })
    const bottoms = await page.locator('[data-slot]').evaluateAll((all) => all.map((s) => s.getBoundingClientRect().bottom))
    expect(Math.max(...bottoms)).toBeLessThanOrEqual(844)
    const tops = await page.locator('[data-slot]').evaluateAll((slots) => [...new Set(slots.map((s) => Math.round(s.getBoundingClientRect().top)))])
    expect(tops.length).toBeLessThanOrEqual(2)
    // Every seat's groups are on screen and not covered (each is a hit target when a card fits it).
    // (A string: the page's code runs in the browser, and the Node side has no DOM types.)
    const groups = (await page.evaluate(`[...document.querySelectorAll('.opponents [data-laid-group]')].map((g) => {
      const r = g.getBoundingClientRect()
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      return r.bottom <= innerHeight && r.right <= innerWidth && !!hit && g.contains(hit)
    })`)) as boolean[]
    expect(groups.length).toBeGreaterThanOrEqual(3)
    expect(groups.every(Boolean)).toBe(true)
    expect(problems).toEqual([])
    await page.close()
  })
})
