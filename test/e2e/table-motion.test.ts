/**
 * Cards travel across the table (issue #16, item 13), in real Chromium on a seeded solo table whose bots
 * think for 500 ms: my draw flies from the pile to my hand, my discard to the pile, and the bots' draws and
 * discards fly too (inside their delay); under `prefers-reduced-motion: reduce` nothing flies.
 * A flight is a `.flight` copy of a card laid over the page; the page counts the ones it sees added.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { withHostAndBrowser } from './helpers'
import { startSeededSolo } from './seeded-table'
import { look, openPage, step } from './ui-driver'

const e2e = withHostAndBrowser('table-motion', { playerName: 'Host', sound: false, animationSpeed: 'normal', botDelayMs: 500 })

const flights = (page: Page) => page.evaluate('window.__flights') as Promise<number>

/** Plays my turn with the driver's policy until I have discarded (answers what it did). */
async function playMyTurn(page: Page): Promise<string[]> {
  const did: string[] = []
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const move = await step(page).catch(() => null)
    if (move) did.push(move)
    if (move === 'discard' || move === 'over' || move === 'next hand') return did
    if (!move) await page.waitForTimeout(50)
  }
  return did
}

const myTurnToDraw = (page: Page) => expect.poll(async () => (await look(page)).canDraw, { timeout: 20_000 }).toBe(true)

describe('cards in motion', () => {
  it('flies cards between the piles and the hands, and not at all under reduced motion', async () => {
    await startSeededSolo(e2e.host, {
      name: 'Host',
      bots: [{ level: 'easy' }, { level: 'easy' }],
      rules: { phaseList: [[{ kind: 'set', size: 3 }, { kind: 'set', size: 3 }]], fixedHands: 2 },
      seed: 'table-motion-1',
      botDelayMs: 500,
    })
    const { page, problems } = await openPage(e2e.browser, 'about:blank')
    await page.addInitScript(`window.__flights = 0
      new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes) if (n.classList && n.classList.contains('flight')) window.__flights++ })
        .observe(document, { childList: true, subtree: true })`)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto(e2e.host.operatorUrl)
    await page.getByRole('region', { name: 'Your hand' }).waitFor()

    // Reduced motion: a whole round (my turn, both bots' turns) and not one flight.
    await myTurnToDraw(page)
    await playMyTurn(page)
    await myTurnToDraw(page)
    expect(await flights(page)).toBe(0)

    // Full motion: my draw flies to my hand, my discard to the pile.
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await page.keyboard.press('d')
    await expect.poll(() => flights(page)).toBeGreaterThanOrEqual(1)
    const afterDraw = await flights(page)
    const did = await playMyTurn(page)
    expect(did).toContain('discard')
    await expect.poll(() => flights(page)).toBeGreaterThan(afterDraw)
    const afterMine = await flights(page)
    // The bots' turns: each draws and discards, paced by their 500 ms, each card flying.
    await myTurnToDraw(page)
    expect(await flights(page)).toBeGreaterThanOrEqual(afterMine + 4)
    // Every copy has landed and gone.
    await expect.poll(() => page.locator('.flight').count()).toBe(0)
    expect(problems).toEqual([])
    await page.close()
  })
})
