/**
 * `npm run screenshots` (after `npm run build`): the README's pictures. The headless host (no mDNS advert)
 * serves the build; headless Chromium plays a seeded two-hand solo game against two bots through the UI
 * (the e2e driver's policy) and photographs, at 1280×800 and 390×844 (device scale 1), the table once
 * another player has laid down, the lay-down dialog, the end-of-hand scores and game over, into
 * docs/screenshots/*.png. Animations are off (the setting), so no card is caught mid-flight. A deal that
 * misses a picture (I never make my phase) is followed by the next seed. With Debian's `pngquant` installed
 * the PNGs are then palette-compressed (about a quarter of the size).
 * `-- --out DIR` writes elsewhere; `--seed S` starts from another deal.
 */
import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import type { Page } from 'playwright-core'
import { launchChromium, root, startHeadlessHost } from '../test/e2e/helpers'
import { startSeededSolo } from '../test/e2e/seeded-table'
import { look, openPage, step } from '../test/e2e/ui-driver'

const { values } = parseArgs({ options: { out: { type: 'string', default: join(root, 'docs/screenshots') }, seed: { type: 'string', default: 'readme-screenshots-3' } } })
const outDir = values.out!
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.waitForTimeout(250)
    const path = join(outDir, `${name}-${size.width}x${size.height}.png`)
    await page.screenshot({ path })
    console.log(`${relative(process.cwd(), path)}  ${((await stat(path)).size / 1024).toFixed(0)} KB`)
  }
  await page.setViewportSize(SIZES[0])
  await page.waitForTimeout(150)
}

/** Plays one seeded game on a fresh host and takes the pictures not in `taken` yet. */
async function photograph(seed: string, taken: Set<string>): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'p10-shots-'))
  const settings = { playerName: 'Sam', sound: true, animationSpeed: 'off', botDelayMs: 0 }
  await writeFile(join(dataDir, 'settings.json'), JSON.stringify(settings))
  const [host, browser] = await Promise.all([startHeadlessHost(dataDir), launchChromium()])
  try {
    await startSeededSolo(host, {
      name: 'Sam',
      bots: [
        { level: 'medium', name: 'Ada' },
        { level: 'medium', name: 'Babbage' },
      ],
      rules: { phaseList: [[{ kind: 'set', size: 3 }, { kind: 'set', size: 3 }]], fixedHands: 2 },
      seed,
      botDelayMs: 0,
    })
    const { page, problems } = await openPage(browser, 'about:blank')
    // The page's own settings too (a browser keeps its own): no motion, so nothing is caught mid-flight.
    await page.addInitScript(`localStorage.setItem('phase10.settings', ${JSON.stringify(JSON.stringify(settings))})`)
    await page.goto(host.operatorUrl)
    await page.getByRole('region', { name: 'Your hand' }).waitFor()
    const deadline = Date.now() + 120_000
    while (Date.now() < deadline) {
      const seen = await look(page)
      if (seen.over) {
        if (!taken.has('game-over')) await shoot(page, 'game-over')
        taken.add('game-over')
        break
      }
      if (seen.nextHand && !taken.has('scores')) {
        await shoot(page, 'scores')
        taken.add('scores')
      }
      const othersLaid = await page.locator('.opponents [data-laid-group]').count()
      const mineLaid = await page.locator('.centre [data-laid-group]').count()
      // The table: my move, with groups laid by another player and by me.
      if (seen.canPlay && !taken.has('table') && othersLaid && mineLaid) {
        await shoot(page, 'table')
        taken.add('table')
      }
      if (seen.canLayDown && !taken.has('lay-down')) {
        await page.keyboard.press('l')
        const dialog = page.getByRole('dialog', { name: /Lay down Phase/ })
        await dialog.getByRole('button', { name: 'Suggest' }).click()
        await shoot(page, 'lay-down')
        taken.add('lay-down')
        await dialog.getByRole('button', { name: 'Lay down' }).click()
        await dialog.waitFor({ state: 'detached' })
        continue
      }
      const did = await step(page).catch(() => null)
      if (!did) await page.waitForTimeout(40)
    }
    if (problems.length) throw new Error(`the page reported problems:\n${problems.join('\n')}`)
  } finally {
    await browser.close()
    await host.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await mkdir(outDir, { recursive: true })
const WANTED = ['table', 'lay-down', 'scores', 'game-over']
const taken = new Set<string>()
// A deal where I never make the phase has no lay-down to show: the next seed then (the same ones every run).
for (let attempt = 0; attempt < 6 && WANTED.some((n) => !taken.has(n)); attempt++) await photograph(attempt ? `${values.seed}-${attempt}` : values.seed!, taken)
const missing = WANTED.filter((n) => !taken.has(n))
if (missing.length) throw new Error(`not photographed: ${missing.join(', ')}`)
// Smaller files for the repository when Debian's pngquant is there (optional; lossy palette, no visible change).
if (spawnSync('pngquant', ['--version']).status === 0) {
  for (const name of WANTED)
    for (const size of SIZES) {
      const path = join(outDir, `${name}-${size.width}x${size.height}.png`)
      spawnSync('pngquant', ['--quality', '65-90', '--speed', '1', '--force', '--skip-if-larger', '--ext', '.png', path])
      console.log(`pngquant ${relative(process.cwd(), path)}  ${((await stat(path)).size / 1024).toFixed(0)} KB`)
    }
}
