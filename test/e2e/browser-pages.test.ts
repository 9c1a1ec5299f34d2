/**
 * What a plain browser gets from the headless host (issue #16): the join link opens the join screen, which
 * names the table and who sits there; a page without the operator link offers only what works there; and a
 * browser's own settings (name, bot speed) are the ones the tables it runs use.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { withHostAndBrowser } from './helpers'
import { openPage } from './ui-driver'

// The host machine's own settings: slow bots and the default name, which a browser's settings must override.
const e2e = withHostAndBrowser('browser-pages', { sound: false, animationSpeed: 'fast', botDelayMs: 1500 })

/** A page whose browser has these settings saved (src/renderer/src/api/browser-api.ts keeps them locally). */
async function pageWithSettings(url: string, settings: Record<string, unknown>) {
  const opened = await openPage(e2e.browser, 'about:blank')
  await opened.page.addInitScript(`localStorage.setItem('phase10.settings', ${JSON.stringify(JSON.stringify(settings))})`)
  await opened.page.goto(url)
  return opened
}

describe('browser pages at the headless host', () => {
  it('runs a solo table with this browser’s name and bot speed, not the host machine’s', async () => {
    const { page, problems } = await pageWithSettings(e2e.host.operatorUrl, { playerName: 'Zed', botDelayMs: 0, sound: false })
    await page.getByRole('button', { name: /Play solo/ }).click()
    await expect.poll(() => page.getByLabel('Bot speed').inputValue()).toBe('0')
    await page.getByRole('button', { name: 'Deal the cards' }).click()
    await page.getByRole('region', { name: 'Your hand' }).waitFor()
    // The table as the host saved it when it started: this browser's player, and its bot delay.
    const dir = join(e2e.dataDir, 'saves')
    const file = (await readdir(dir)).find((f) => f.endsWith('.json'))!
    const save = JSON.parse(await readFile(join(dir, file), 'utf8'))
    expect(save.seats[0]).toMatchObject({ name: 'Zed', isHost: true })
    expect(save.botDelayMs).toBe(0)
    await page.getByRole('button', { name: '← Leave' }).click()
    await page.getByRole('dialog', { name: 'Leave the table?' }).getByRole('button', { name: 'Leave' }).click()
    await page.getByRole('button', { name: /Continue: Solo vs/ }).waitFor()
    expect(problems).toEqual([])
    await page.close()
  })

  it('offers a page without the operator link only what it may do, and says why', async () => {
    const { page, problems } = await openPage(e2e.browser, e2e.host.url)
    await page.getByText(/Solo games and hosting are for the host's own machine/).waitFor()
    expect(await page.getByRole('button', { name: /Play solo/ }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /Host a LAN game/ }).count()).toBe(0)
    for (const label of ['Join a game', 'Rules', 'Settings']) expect(await page.getByRole('button', { name: new RegExp(label) }).isVisible(), label).toBe(true)
    expect(problems).toEqual([])
    await page.close()
  })

  it('opens the join screen from the join link, naming the table and who is there', async () => {
    const op = await pageWithSettings(e2e.host.operatorUrl, { playerName: 'Hosta', sound: false })
    await op.page.getByRole('button', { name: /Host a LAN game/ }).click()
    await op.page.getByLabel('Table name').fill('Kitchen table')
    await op.page.getByRole('button', { name: 'Open the table' }).click()
    await op.page.getByRole('region', { name: 'Seats' }).waitFor()
    const link = (await op.page.getByRole('button', { name: /^http:\/\// }).first().textContent())!.trim()
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#\/join$/)

    const guest = await openPage(e2e.browser, link)
    await guest.page.getByRole('heading', { name: 'Join a game' }).waitFor()
    await guest.page.getByRole('heading', { name: 'Kitchen table' }).waitFor()
    const who = guest.page.getByRole('list', { name: 'At the table' })
    expect(await who.textContent()).toContain('Hosta')
    expect(await guest.page.getByText(/waiting in the lobby/).isVisible()).toBe(true)
    await guest.page.getByLabel('Your name').fill('Ann')
    await guest.page.getByRole('button', { name: 'Join the table' }).click()
    await guest.page.getByRole('region', { name: 'Seats' }).waitFor()
    expect([...op.problems, ...guest.problems]).toEqual([])
    await op.page.getByRole('button', { name: 'Close table' }).click()
    await guest.page.getByText('The table was closed.').waitFor()
    for (const p of [op.page, guest.page]) await p.close()
  })
})
