/**
 * No menu cuts its words off (issue #16: "Until someone completes the l…" in the game length at both
 * widths, "Mediu…" for a bot's level on a phone): on the solo setup and the host's lobby, at 1280×800 and
 * 390×844, every option of every menu fits the menu's box.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { withHostAndBrowser } from './helpers'
import { openPage } from './ui-driver'

const e2e = withHostAndBrowser('select-text', { sound: false, animationSpeed: 'fast', botDelayMs: 0 })

/** "label: option" for every option wider than the text area of its visible <select> (box minus padding and arrow). */
function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = []
    const probe = document.createElement('span')
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre;left:-9999px'
    document.body.append(probe)
    for (const sel of document.querySelectorAll('select')) {
      if (!sel.getClientRects().length) continue
      const cs = getComputedStyle(sel)
      probe.style.font = cs.font
      probe.style.letterSpacing = cs.letterSpacing
      const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20 // the arrow
      for (const o of sel.options) {
        probe.textContent = o.textContent
        if (probe.getBoundingClientRect().width > room) out.push((sel.getAttribute('aria-label') || sel.labels?.[0]?.textContent?.trim() || '?') + ': ' + o.textContent + ' (' + Math.round(probe.getBoundingClientRect().width) + ' > ' + Math.round(room) + ')')
      }
    }
    probe.remove()
    return out
  })()`) as Promise<string[]>
}

async function checkBothSizes(page: Page, name: string): Promise<string[]> {
  const found: string[] = []
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size)
    await page.waitForTimeout(150)
    for (const c of await cutOff(page)) found.push(`${name} ${size.width}: ${c}`)
    // …and no menu makes the page wider than the screen instead.
    const width = Number(await page.evaluate('document.documentElement.scrollWidth'))
    if (width > size.width) found.push(`${name} ${size.width}: the page is ${width} px wide`)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  return found
}

describe('menus show their words whole', () => {
  it('on the solo setup and in the host’s lobby, at both widths', async () => {
    const { page, problems } = await openPage(e2e.browser, e2e.host.operatorUrl)
    await page.getByRole('button', { name: /Play solo/ }).click()
    await page.getByRole('button', { name: 'Deal the cards' }).waitFor()
    await page.getByRole('button', { name: '+ Add a bot' }).click()
    const found = await checkBothSizes(page, 'solo setup')
    await page.getByRole('button', { name: 'Back' }).click()
    await page.getByRole('button', { name: /Host a LAN game/ }).click()
    await page.getByRole('button', { name: 'Open the table' }).click()
    await page.getByRole('region', { name: 'Seats' }).waitFor()
    await page.getByRole('button', { name: '+ Add bot' }).click()
    found.push(...(await checkBothSizes(page, 'lobby')))
    expect(found).toEqual([])
    expect(problems).toEqual([])
    await page.close()
  })
})
