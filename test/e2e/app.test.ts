/**
 * The real renderer bundle in real Chromium, served by the real headless host (`tsx src/main/headless.ts`),
 * talking GameApi over the real WebSocket bridge. Screenshots go to test-results/screenshots/.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, screenshotDir, startHeadlessHost, type HostProcess } from './helpers'

let host: HostProcess
let browser: Browser
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'p10-e2e-'))
  ;[host, browser] = await Promise.all([startHeadlessHost(dataDir, 'e2e-app'), launchChromium()])
})
afterAll(async () => {
  await browser?.close()
  await host?.stop()
  await rm(dataDir, { recursive: true, force: true })
})

/** A page that records console errors, page errors and CSP violations; the test asserts there were none. */
async function openPage(viewport: { width: number; height: number }): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport })
  page.setDefaultTimeout(10_000)
  const problems: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(`console: ${msg.text()}`)
  })
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`))
  // The host machine's own browser: the operator URL (settings are the operator's; phones get FORBIDDEN).
  await page.goto(host.operatorUrl)
  return { page, problems }
}

describe('the app in a browser, served by the headless host', () => {
  it('shows the home screen with its five entries, without errors or CSP violations', async () => {
    const { page, problems } = await openPage({ width: 1280, height: 800 })
    await page.getByRole('heading', { name: /phase 10/i }).waitFor()
    for (const label of ['Play solo', 'Host a LAN game', 'Join a game', 'Rules', 'Settings']) {
      expect(await page.getByRole('button', { name: new RegExp(label) }).isVisible(), label).toBe(true)
    }
    // app.info answered over the WebSocket bridge by the real host:
    expect(await page.getByText(/^Phase 10 v\d+\.\d+\.\d+$/).getAttribute('title')).toBe(`${process.platform} · websocket`)
    await page.screenshot({ path: join(screenshotDir, 'home-1280x800.png') })
    expect(problems).toEqual([])
    await page.close()
  })

  it('keeps a browser’s settings in that browser (never on the host) and shows them again after a reload', async () => {
    const { page, problems } = await openPage({ width: 1280, height: 800 })
    await page.getByRole('button', { name: /Settings/ }).click()
    const name = page.getByLabel('Your name')
    await expect.poll(() => name.inputValue()).toBe('Player')
    await name.fill('Ada Lovelace')
    await page.getByRole('radio', { name: 'Colour-blind (shapes)' }).check()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    await page.screenshot({ path: join(screenshotDir, 'settings-1280x800.png') })

    await page.reload()
    // The router keeps #/settings in the URL, so the reload lands on Settings again.
    await expect.poll(() => page.getByLabel('Your name').inputValue()).toBe('Ada Lovelace')
    expect(await page.getByRole('radio', { name: 'Colour-blind (shapes)' }).isChecked()).toBe(true)

    // src/renderer/src/api/browser-api.ts: settings.* stay in localStorage; the host's file is untouched.
    const local = JSON.parse(String(await page.evaluate(`localStorage.getItem('phase10.settings')`)))
    expect(local).toMatchObject({ playerName: 'Ada Lovelace', cardStyle: 'colour-blind' })
    await expect(readFile(join(dataDir, 'settings.json'), 'utf8')).rejects.toThrow()
    expect(problems).toEqual([])
    await page.close()
  })

  it('fits a phone screen (390×844)', async () => {
    const { page, problems } = await openPage({ width: 390, height: 844 })
    await page.getByRole('heading', { name: /phase 10/i }).waitFor()
    const scrollWidth = await page.evaluate('document.documentElement.scrollWidth')
    expect(scrollWidth).toBeLessThanOrEqual(390)
    await page.screenshot({ path: join(screenshotDir, 'home-390x844.png'), fullPage: true })
    await page.getByRole('button', { name: /Settings/ }).click()
    // Another browser (a new context: its own storage) has its own settings.
    await expect.poll(() => page.getByLabel('Your name').inputValue()).toBe('Player')
    await page.screenshot({ path: join(screenshotDir, 'settings-390x844.png'), fullPage: true })
    expect(problems).toEqual([])
    await page.close()
  })

  it('serves the app with the CSP header and keeps files outside the bundle private', async () => {
    const res = await fetch(host.url)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const traversal = await fetch(new URL('/%2e%2e/%2e%2e/package.json', host.url))
    expect(traversal.status).toBe(404)
  })
})
