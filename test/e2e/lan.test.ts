/**
 * A LAN game in real Chromium: the headless host serves the table; the operator's page opens it (without
 * sitting down), two browser pages (own contexts: no operator cookie, own storage) join as guests, say they are
 * ready, and both play one hand through the UI until the game is over.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, startHeadlessHost, type HostProcess } from './helpers'
import { look, openPage, shoot, step } from './ui-driver'

let host: HostProcess
let browser: Browser
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'p10-e2e-lan-'))
  await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ playerName: 'Hosta', cardStyle: 'colour-blind', sound: false, animationSpeed: 'fast', botDelayMs: 0 }))
  ;[host, browser] = await Promise.all([startHeadlessHost(dataDir), launchChromium()])
})
afterAll(async () => {
  await browser?.close()
  await host?.stop()
  await rm(dataDir, { recursive: true, force: true })
})

function operatorUrl(): string {
  const fromHelper = (host as unknown as { operatorUrl?: string }).operatorUrl
  if (fromHelper) return fromHelper
  const m = /operator \(runs the table\): (http:\/\/\S+)/.exec(host.output())
  if (!m) throw new Error(`no operator URL in the host output:\n${host.output()}`)
  return m[1]
}

async function joinAsGuest(name: string): Promise<{ page: Page; problems: string[] }> {
  const guest = await openPage(browser, host.url)
  const { page } = guest
  await page.getByRole('button', { name: /Join a game/ }).click()
  await page.getByLabel('Your name').fill(name)
  await page.getByRole('button', { name: 'Join the table' }).click()
  await page.getByRole('region', { name: 'Seats' }).waitFor()
  await page.getByRole('button', { name: "I'm ready" }).click()
  await page.getByRole('button', { name: 'Not ready' }).waitFor()
  return guest
}

describe('a LAN game: a host and two browser guests', () => {
  it('the operator hosts without a seat, two guests join and play one hand to the end of the game', async () => {
    const op = await openPage(browser, operatorUrl())
    const hostPage = op.page
    await hostPage.getByRole('button', { name: /Host a LAN game/ }).click()
    await hostPage.getByLabel(/I play too/).uncheck() // the operator only runs the table; the guests play
    await shoot(hostPage, 'host-start')
    await hostPage.getByRole('button', { name: 'Open the table' }).click()
    await hostPage.getByRole('region', { name: 'Seats' }).waitFor()
    // Short rules: one phase, one hand.
    await hostPage.getByLabel('Phases').selectOption({ label: 'Sprint (1 phase: a set of 3)' })
    await hostPage.getByLabel('Game length').selectOption({ label: '1 hand, everyone advances' })
    await expect.poll(() => hostPage.getByLabel('Phases').inputValue()).toBe('sprint')
    await expect.poll(() => hostPage.getByLabel('Game length').inputValue()).toBe('1')
    // A bot comes and goes.
    await hostPage.getByRole('button', { name: '+ Add bot' }).click()
    await hostPage.getByRole('button', { name: /Remove .+/ }).first().click()

    const ann = await joinAsGuest('Ann')
    const ben = await joinAsGuest('Ben')
    const start = hostPage.getByRole('button', { name: 'Start the game' })
    await start.waitFor()
    expect(await hostPage.getByText('Ann').isVisible()).toBe(true)
    await shoot(hostPage, 'lobby-host')
    await shoot(ann.page, 'lobby-guest')
    await start.click()

    const pages = [ann.page, ben.page]
    for (const page of pages) await page.getByRole('region', { name: 'Your hand' }).waitFor()
    await shoot(hostPage, 'table-operator')
    await shoot(ben.page, 'table-guest')

    const moves = new Map<Page, number>(pages.map((p) => [p, 0]))
    const deadline = Date.now() + 90_000
    while (Date.now() < deadline) {
      const seen = await Promise.all(pages.map((p) => look(p)))
      if (seen.every((s) => s.over)) break
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
    for (const page of pages) expect(await page.locator('#over-title').isVisible()).toBe(true)
    for (const page of pages) expect(moves.get(page)).toBeGreaterThan(0)
    await shoot(ann.page, 'game-over-guest')
    expect([...op.problems, ...ann.problems, ...ben.problems]).toEqual([])
    expect(await hostPage.locator('#over-title').isVisible()).toBe(true)
    for (const page of [hostPage, ...pages]) await page.close()
  })
})
