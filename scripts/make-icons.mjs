#!/usr/bin/env node
// Generates every desktop icon from resources/icon.svg. Run after editing the SVG and commit the outputs:
// `npm run icon`. Needs Chromium (/usr/bin/chromium or CHROMIUM_PATH); test/node/icons.test.ts checks the
// committed files (and SOURCE.sha256) without it.
//   resources/icons/NxN.png   Linux icon set (electron-builder takes the folder)
//   resources/icon.png        512×512 window icon loaded at runtime (src/main/shell.ts)
//   resources/icon.ico        Windows, resources/icon.icns  macOS (packed by icon-gen)
// Chromium renders the SVG rather than icon-gen's own sharp/librsvg path, so the text and the shadow filter
// look the same as in the app's renderer.
import { createHash } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import icongen from 'icon-gen'

const resources = fileURLToPath(new URL('../resources/', import.meta.url))
const iconsDir = join(resources, 'icons')
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
const ICNS_SIZES = [16, 32, 64, 128, 256, 512, 1024]

const svg = readFileSync(join(resources, 'icon.svg'), 'utf8')
const written = []
mkdirSync(iconsDir, { recursive: true })

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
})
try {
  const page = await browser.newPage()
  for (const size of SIZES) {
    // Render natively at each size (the viewBox scales the vector) instead of downscaling one bitmap.
    await page.setViewportSize({ width: size, height: size })
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`)
    await page.locator('svg').evaluate((el, s) => {
      el.setAttribute('width', String(s))
      el.setAttribute('height', String(s))
      el.style.display = 'block' // no inline baseline gap below the svg
    }, size)
    const file = join(iconsDir, `${size}x${size}.png`)
    await page.screenshot({ path: file, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } })
    written.push(file)
  }
} finally {
  await browser.close()
}

copyFileSync(join(iconsDir, '512x512.png'), join(resources, 'icon.png'))
written.push(join(resources, 'icon.png'))

// icon-gen's PNG-folder input wants files named `<size>.png`; give it a temp folder of copies. (Its index
// still require()s sharp at load time, though PNG input never calls it; sharp ships prebuilt binaries.)
const tmp = mkdtempSync(join(tmpdir(), 'make-icons-'))
try {
  for (const size of SIZES) copyFileSync(join(iconsDir, `${size}x${size}.png`), join(tmp, `${size}.png`))
  const out = await icongen(tmp, resources, {
    report: false,
    ico: { name: 'icon', sizes: ICO_SIZES },
    icns: { name: 'icon', sizes: ICNS_SIZES },
  })
  written.push(...out)
} finally {
  rmSync(tmp, { recursive: true, force: true })
}

// Lets the test notice outputs that are stale relative to the SVG.
const hash = createHash('sha256').update(readFileSync(join(resources, 'icon.svg'))).digest('hex')
writeFileSync(join(iconsDir, 'SOURCE.sha256'), hash + '\n')
written.push(join(iconsDir, 'SOURCE.sha256'))

for (const f of written) console.log(`wrote ${f.slice(resources.length - 'resources/'.length)} (${statSync(f).size} bytes)`)
