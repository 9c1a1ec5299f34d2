#!/usr/bin/env node
// Renders resources/icon.svg to resources/icon.png (512×512, transparent corners) with the system Chromium.
// Run once after editing the SVG and commit both: `npm run icon`. Needs /usr/bin/chromium (or CHROMIUM_PATH).
import { readFileSync } from 'node:fs'
import { chromium } from 'playwright-core'

const svg = readFileSync(new URL('../resources/icon.svg', import.meta.url), 'utf8')
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})
try {
  const page = await browser.newPage({ viewport: { width: 512, height: 512 } })
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`)
  await page.locator('svg').screenshot({ path: new URL('../resources/icon.png', import.meta.url).pathname, omitBackground: true })
  console.log('wrote resources/icon.png')
} finally {
  await browser.close()
}
