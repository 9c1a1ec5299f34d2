/**
 * Your turn, in a background browser tab (issue #17 item 4), in real Chromium against the headless host:
 * notification permission granted through the browser (as a player's "Allow" would), the tab made hidden
 * (document.hidden faked by an init script; Chromium's own visibility cannot be switched headless). Then a
 * solo game's turn coming back from the bots blinks the title and shows one Notification; showing the tab
 * restores the title. Also: the page a host serves offers "Open in the desktop app" (item 5).
 */
import { describe, expect, it } from 'vitest'
import { withHostAndBrowser } from './helpers'
import { step } from './ui-driver'

const e2e = withHostAndBrowser('alerts', { playerName: 'Host', sound: false, animationSpeed: 'off', botDelayMs: 0 })

/** Runs in the page before its scripts: a switchable `document.hidden`, and a Notification that records. */
const INIT = `(() => {
  window.__hidden = false
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => window.__hidden })
  const Real = window.Notification
  window.__notes = []
  class Recorded {
    static get permission() { return Real.permission }
    static requestPermission() { return Real.requestPermission() }
    constructor(title, options) { window.__notes.push({ title, body: options && options.body }) }
    close() {}
  }
  window.Notification = Recorded
})()`

describe('a browser tab in the background', () => {
  it('blinks its title and notifies when the turn comes back to the player, then restores the title', async () => {
    const origin = new URL(e2e.host.url).origin
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } })
    try {
      await context.grantPermissions(['notifications'], { origin })
      await context.addInitScript(INIT)
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      const problems: string[] = []
      page.on('pageerror', (err) => problems.push(err.message))
      await page.goto(e2e.host.operatorUrl)
      expect(await page.evaluate('Notification.permission')).toBe('granted')
      await page.getByRole('button', { name: /Play solo/ }).click()
      await page.getByLabel('Bot speed').selectOption({ label: 'Instant' })
      await page.getByRole('button', { name: 'Deal the cards' }).click()
      await page.getByRole('region', { name: 'Your hand' }).waitFor()
      const title = await page.title()
      await page.evaluate('window.__hidden = true')
      // Play until the bots have moved and it is this player's turn again.
      const deadline = Date.now() + 60_000
      while (Date.now() < deadline && (await page.evaluate('window.__notes.length')) === 0) {
        const did = await step(page).catch(() => null) // a bot moved mid-step: look again
        if (did === 'over') break
        await page.waitForTimeout(did ? 30 : 60)
      }
      expect(await page.evaluate('window.__notes')).toEqual([{ title: 'Your turn in Phase 10', body: expect.stringContaining('it is your turn') }])
      expect(await page.title()).toBe('▶ Your turn in Phase 10')
      // It blinks: the page's own title comes back within the blink period (polled: the CSP forbids eval).
      const blinkedBack = async () => {
        for (let i = 0; i < 30; i++, await page.waitForTimeout(100)) if ((await page.title()) === title) return true
        return false
      }
      expect(await blinkedBack()).toBe(true)
      await page.evaluate(`window.__hidden = false; document.dispatchEvent(new Event('visibilitychange'))`)
      await page.waitForTimeout(1200)
      expect(await page.title()).toBe(title)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('the join page a host serves links to the desktop app', async () => {
    const page = await e2e.browser.newPage()
    try {
      await page.goto(`${e2e.host.url}#/join`)
      const href = await page.getByRole('link', { name: 'Open in the desktop app' }).getAttribute('href')
      const url = new URL(e2e.host.url)
      expect(href).toBe(`phase10://join?host=${url.hostname}&port=${url.port}`)
    } finally {
      await page.close()
    }
  })
})
