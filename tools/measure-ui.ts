/**
 * `npm run measure:ui` (after `npm run build`): the renderer's size and its time to first paint.
 * - Size: every file in out/renderer, raw and gzip (level 9), and the initial load (index.html plus the
 *   assets it references; lazily imported chunks such as the QR encoder are listed but not counted).
 * - First paint: the headless host serves the build; headless Chromium (/usr/bin/chromium or CHROMIUM_PATH)
 *   opens it N times (default 5, `--runs N`) in fresh contexts; `performance.getEntriesByType('paint')`
 *   gives first-paint and first-contentful-paint, and the Element Timing entry of the menu's title
 *   (`<h1 elementtiming="menu">`) when the menu itself was painted ("menu painted": what a player waits
 *   for; first paint may be the empty felt). Also the bundle's download, script evaluation (navigation start
 *   → DOMContentLoaded end: the app mounts inside it). Prints a table and one JSON line.
 */
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { launchChromium, root, startHeadlessHost } from '../test/e2e/helpers'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } })
const runs = Math.max(1, Number(values.runs) || 5)
const outDir = join(root, 'out/renderer')

async function files(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await files(path)))
    else out.push(path)
  }
  return out
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function sizes() {
  const html = await readFile(join(outDir, 'index.html'), 'utf8')
  const rows: { file: string; raw: number; gzip: number; initial: boolean }[] = []
  for (const path of await files(outDir)) {
    const data = await readFile(path)
    const file = relative(outDir, path)
    rows.push({ file, raw: (await stat(path)).size, gzip: gzipSync(data, { level: 9 }).length, initial: file === 'index.html' || html.includes(file) })
  }
  rows.sort((a, b) => b.raw - a.raw)
  const initial = rows.filter((r) => r.initial)
  return {
    rows,
    initialRaw: initial.reduce((n, r) => n + r.raw, 0),
    initialGzip: initial.reduce((n, r) => n + r.gzip, 0),
    totalRaw: rows.reduce((n, r) => n + r.raw, 0),
    totalGzip: rows.reduce((n, r) => n + r.gzip, 0),
  }
}

async function firstPaint() {
  const dataDir = await mkdtemp(join(tmpdir(), 'p10-measure-'))
  const [host, browser] = await Promise.all([startHeadlessHost(dataDir), launchChromium()])
  const fp: number[] = []
  const fcp: number[] = []
  const ready: number[] = []
  const menu: number[] = []
  const dcl: number[] = []
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      // Element Timing entries are only buffered for observers: start one before the page's own scripts.
      await page.addInitScript(`window.__menuPaint = null; new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.identifier === 'menu') window.__menuPaint = e.renderTime || e.loadTime }).observe({ type: 'element', buffered: true })`)
      const t0 = Date.now()
      await page.goto(host.url)
      await page.getByRole('heading', { name: /phase 10/i }).waitFor()
      ready.push(Date.now() - t0)
      // The page's own clock (string: no DOM types on the Node side).
      const paints = (await page.evaluate(
        `performance.getEntriesByType('paint').map((e) => ({ name: e.name, ms: e.startTime }))`,
      )) as { name: string; ms: number }[]
      for (const p of paints) (p.name === 'first-paint' ? fp : fcp).push(Math.round(p.ms))
      await page.waitForFunction(() => (globalThis as unknown as { __menuPaint: unknown }).__menuPaint !== null, undefined, { timeout: 5000 })
      menu.push(Math.round(Number(await page.evaluate('window.__menuPaint'))))
      dcl.push(Math.round(Number(await page.evaluate(`performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd`))))
      await context.close()
    }
  } finally {
    await browser.close()
    await host.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
  return {
    runs,
    firstPaintMs: median(fp),
    firstContentfulPaintMs: median(fcp),
    menuPaintedMs: median(menu),
    domContentLoadedMs: median(dcl),
    menuVisibleMs: median(ready),
    all: { fp, fcp, menu, dcl },
  }
}

const s = await sizes()
console.log('out/renderer                          raw        gzip')
for (const r of s.rows) console.log(`${(r.file + (r.initial ? '' : ' (lazy)')).padEnd(36)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)}`)
console.log(`${'initial load'.padEnd(36)} ${kb(s.initialRaw).padStart(10)} ${kb(s.initialGzip).padStart(10)}`)
console.log(`${'everything'.padEnd(36)} ${kb(s.totalRaw).padStart(10)} ${kb(s.totalGzip).padStart(10)}`)
const paint = await firstPaint()
console.log(
  `first paint (median of ${paint.runs}): ${paint.firstPaintMs} ms; first contentful paint ${paint.firstContentfulPaintMs} ms; ` +
    `menu painted ${paint.menuPaintedMs} ms; DOMContentLoaded (app mounted) ${paint.domContentLoadedMs} ms; menu visible (navigation to heading, Node clock) ${paint.menuVisibleMs} ms`,
)
console.log(JSON.stringify({ initialRaw: s.initialRaw, initialGzip: s.initialGzip, totalRaw: s.totalRaw, totalGzip: s.totalGzip, ...paint }))
