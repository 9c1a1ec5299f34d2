/**
 * Drives the table UI like a player would (keyboard first), for the e2e tests: what the table offers now
 * (`look`), one move of a simple policy (`step`: draw, lay down with Suggest, hit, discard), screenshots at
 * desktop and phone size (`shoot`), and a page that records console errors and CSP violations.
 */
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { screenshotDir } from './helpers'

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const

/** Screenshots the page at both sizes (full page on the phone), checks it fits the width, restores the desktop size. */
export async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.waitForTimeout(120)
    await page.screenshot({ path: join(screenshotDir, `${name}-${size.width}x${size.height}.png`), fullPage: size.width < 500 })
    // Every screen fits the width: nothing scrolls sideways, on a phone or a desktop.
    const width = Number(await page.evaluate('document.documentElement.scrollWidth'))
    if (width > size.width) throw new Error(`${name} is ${width}px wide at ${size.width}x${size.height}`)
    // Nor does a box cut content off or hide it behind its own sideways scrollbar (an ellipsis is meant; so
    // is a box marked data-scrolls-x, and text hidden for screen readers only: .visually-hidden clips by design).
    const hidden = await page.evaluate(`[...document.querySelectorAll('body *')].filter((e) => {
      const style = getComputedStyle(e)
      const o = style.overflowX
      return (o === 'auto' || o === 'scroll' || o === 'hidden') && style.textOverflow !== 'ellipsis' && e.scrollWidth > e.clientWidth + 1 && e.getClientRects().length > 0 && !e.closest('[data-scrolls-x], .visually-hidden')
    }).map((e) => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).trim().split(/\\s+/).join('.') : '') + ' ' + e.scrollWidth + '>' + e.clientWidth)`)
    if ((hidden as string[]).length) throw new Error(`${name} at ${size.width}x${size.height} cuts off content sideways: ${(hidden as string[]).join(', ')}`)
  }
  await page.setViewportSize(SIZES[0])
}

/** `touch`: a touch screen without a hover pointer (a phone joining by QR): `(hover: none) and (pointer: coarse)`. */
export async function openPage(browser: Browser, url: string, options: { touch?: boolean } = {}): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: SIZES[0], hasTouch: options.touch ?? false })
  page.setDefaultTimeout(10_000)
  const problems: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(`console: ${msg.text()}`)
  })
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`))
  await page.goto(url)
  return { page, problems }
}

export interface Seen {
  over: boolean
  nextHand: boolean
  canDraw: boolean
  canPlay: boolean
  canLayDown: boolean
  /** Masters: this player chooses the hand's phase before drawing. */
  choosePhase: boolean
  cards: number
}

/** What the table offers right now, read in one round trip (button texts and the hand's cards). */
export function look(page: Page): Promise<Seen> {
  return page.evaluate(`(() => {
    const buttons = [...document.querySelectorAll('button')]
    const button = (re) => buttons.find((b) => re.test((b.textContent || '').replace(/\\s+/g, ' ').trim()))
    const enabled = (b) => !!b && !b.disabled
    return {
      over: !!document.querySelector('#over-title'),
      nextHand: !!button(/^Next hand$/),
      canDraw: enabled(button(/^Draw D$/)),
      canPlay: !!button(/^(Discard|Play Skip) Enter$/),
      canLayDown: enabled(button(/^Lay down L$/)),
      choosePhase: [...document.querySelectorAll('[role=dialog]')].some((d) => /Choose your phase/.test(d.textContent || '')),
      cards: document.querySelectorAll('[data-hand-index]').length,
    }
  })()`)
}

const cardKey = (i: number) => String((i + 1) % 10)

/** The index of the first of the first `n` cards that, once selected, lights up a hit target; -1 if none. */
function findHitter(page: Page, n: number): Promise<number> {
  // A string, as the page's code runs in the browser (no DOM types on the Node side).
  return page.evaluate(`(async () => {
    const key = (k) => window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }))
    const tick = () => new Promise((r) => setTimeout(r, 0))
    key('Escape')
    await tick()
    for (let i = 0; i < ${n}; i++) {
      key(String((i + 1) % 10))
      await tick()
      const found = !!document.querySelector('[data-target]')
      key(String((i + 1) % 10))
      await tick()
      if (found) return i
    }
    return -1
  })()`)
}

/** One step of the human seat's simple policy, by keyboard; answers what it did (null: the bots are playing). */
export async function step(page: Page, options: { nextHand?: boolean } = {}): Promise<string | null> {
  const seen = await look(page)
  if (seen.over) return 'over'
  // `nextHand: false`: leave the end-of-hand scores open (a test reads them before anyone deals on).
  if (seen.nextHand && options.nextHand === false) return null
  if (seen.nextHand) {
    const next = page.getByRole('button', { name: 'Next hand' })
    await next.click()
    // Until the deal arrives (or, at a LAN table, once this player is ready: "Waiting for …") no button is
    // named "Next hand" any more; a second step would click it again as it goes.
    await next.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {})
    return 'next hand'
  }
  if (seen.choosePhase) {
    // Masters: the first phase still open (completed ones are disabled).
    await page.getByRole('dialog', { name: /Choose your phase/ }).locator('button:not([disabled])').first().click()
    return 'choose phase'
  }
  if (seen.canDraw) {
    await page.keyboard.press('d')
    return 'draw'
  }
  if (!seen.canPlay) return null
  if (seen.canLayDown) {
    await page.keyboard.press('l')
    const dialog = page.getByRole('dialog', { name: /Lay down Phase/ })
    await dialog.getByRole('button', { name: 'Suggest' }).click()
    await dialog.getByRole('button', { name: 'Lay down' }).click()
    await dialog.waitFor({ state: 'detached' })
    return 'lay down'
  }
  // Hit with the first card that lights up a group (keep one card to discard). Which card that is, is
  // found in one round trip (the same number keys, sent inside the page); the hit itself is real keys.
  const n = Math.min(seen.cards, 10)
  const hitter = seen.cards > 1 ? await findHitter(page, n) : -1
  if (hitter >= 0) {
    await page.keyboard.press('Escape')
    await page.keyboard.press(cardKey(hitter))
    const targets = await page.locator('[data-target]').count()
    await page.keyboard.press('h') // one target: hits it; several: focuses the first, Enter hits it
    if (targets > 1) await page.keyboard.press('Enter')
    const wildEnd = page.getByRole('dialog', { name: 'Where does the Wild go?' })
    if (await wildEnd.isVisible().catch(() => false)) await wildEnd.getByRole('button').first().click()
    return 'hit'
  }
  // Discard the rightmost of the first ten cards; a Skip asks whom to skip.
  await page.keyboard.press('Escape')
  await page.keyboard.press(cardKey(n - 1))
  await page.keyboard.press('Enter')
  const picker = page.getByRole('dialog', { name: 'Play your Skip' })
  // The first player who may be skipped (protected ones are disabled), else "Play it anyway".
  if (await picker.isVisible().catch(() => false)) await picker.locator('button:not([disabled])').first().click()
  return 'discard'
}


/** A guest's browser joins the table on `url` by name from the menu and says it is ready (its own context: no operator cookie). */
export async function joinAsGuest(browser: Browser, url: string, name: string, options: { touch?: boolean } = {}): Promise<{ page: Page; problems: string[] }> {
  const guest = await openPage(browser, url, options)
  const { page } = guest
  await page.getByRole('button', { name: /Join a game/ }).click()
  await page.getByLabel('Your name').fill(name)
  await page.getByRole('button', { name: 'Join the table' }).click()
  await page.getByRole('region', { name: 'Seats' }).waitFor()
  await page.getByRole('button', { name: "I'm ready" }).click()
  await page.getByRole('button', { name: 'Not ready' }).waitFor()
  return guest
}

/** From the menu: a short solo game (Sprint: one phase, `hands` hands, instant bots), dealt and on screen. */
export async function startSprintSolo(page: Page, hands: 1 | 2 = 2): Promise<void> {
  await page.getByRole('button', { name: /Play solo/ }).click()
  await page.getByLabel('Phases').selectOption({ label: 'Sprint (1 phase: a set of 3)' })
  await page.getByLabel('Game length').selectOption({ label: `${hands} hand${hands === 1 ? '' : 's'}, everyone advances` })
  await page.getByLabel('Bot speed').selectOption({ label: 'Instant' })
  await page.getByRole('button', { name: 'Deal the cards' }).click()
  await page.getByRole('region', { name: 'Your hand' }).waitFor()
}

/**
 * Plays my seat to the game's end (within `ms`): `step` after `step`, a bot's move in between only means look
 * again. `atScores` runs whenever the end-of-hand scores are open, before anyone deals on.
 */
export async function playToEnd(page: Page, options: { ms?: number; atScores?: () => Promise<void> } = {}): Promise<boolean> {
  const deadline = Date.now() + (options.ms ?? 90_000)
  while (Date.now() < deadline) {
    // With `atScores`, steps never deal on themselves: a step that saw the scores appear after this loop
    // last looked would deal past them unread.
    const did = await step(page, options.atScores ? { nextHand: false } : {}).catch(() => null)
    if (did === 'over') return true
    if (options.atScores && (await look(page).catch(() => null))?.nextHand) {
      await options.atScores()
      await step(page).catch(() => null)
      continue
    }
    await page.waitForTimeout(did ? 30 : 60)
  }
  return (await look(page)).over
}
