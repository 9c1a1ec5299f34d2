/**
 * Accessibility checks for the e2e tests: axe-core (the engine browsers' own audits use) run inside the page
 * at desktop and phone size. Playwright's evaluate runs outside the page's CSP, so the app's strict
 * `script-src 'self'` stays as it is.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export const A11Y_SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const

/** Rules issue #16 found broken; they must stay fixed whatever their impact (page-has-heading-one is only moderate). */
const ALWAYS = ['label-content-name-mismatch', 'scrollable-region-focusable', 'page-has-heading-one']

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[]; failureSummary?: string }[]
}

/** The serious and critical axe violations of the page as it is now (plus the ALWAYS rules), one line each. */
export async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE)
  const violations = (await page.evaluate(`window.axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
  })))`)) as AxeViolation[]
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALWAYS.includes(v.id))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Checks the page at both sizes; throws with every problem found; leaves the desktop size set. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const found: string[] = []
  for (const size of A11Y_SIZES) {
    await page.setViewportSize(size)
    await page.waitForTimeout(150)
    // Colours mid-transition (a card flying in, a dialog fading in) are not the colours a player reads.
    await page.waitForFunction('document.getAnimations().every((a) => a.playState !== "running")', null, { timeout: 3000 }).catch(() => {})
    for (const p of await axeProblems(page)) found.push(`${name} at ${size.width}x${size.height}: ${p}`)
  }
  await page.setViewportSize(A11Y_SIZES[0])
  if (found.length) throw new Error(`accessibility problems:\n${found.join('\n')}`)
}
