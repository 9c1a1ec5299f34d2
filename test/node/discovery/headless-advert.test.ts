/**
 * `npm run host -- --host 127.0.0.1` (issue #17 item 6, #18 item 15): the listener AND the advert are on
 * that address's adapter — loopback here, so this test's multicast never leaves the machine. The advert
 * lists only loopback addresses, and SIGTERM sends the goodbye.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { GameBrowser } from '../../../src/main/net/discovery'
import { killAll, startHeadless } from '../lan/headless-process'

const dir = mkdtempSync(join(tmpdir(), 'p10-headless-advert-'))
const browser = new GameBrowser({ mdns: { interface: '127.0.0.1', bind: '0.0.0.0' }, queryIntervalMs: 500 })
afterAll(async () => {
  await browser.stop()
  await killAll()
  rmSync(dir, { recursive: true, force: true })
})

it('--host 127.0.0.1 advertises on loopback only, with loopback addresses, and says goodbye on SIGTERM', async () => {
  browser.start()
  const host = await startHeadless(dir, ['--name', 'Loopback only'], { advert: true })
  const out = host.output()
  expect(out).toMatch(/advertised on: \S+ \(127\.0\.0\.1(, ::1)?\)/)
  expect(out).not.toContain('on your network')
  const tableId = /table: Loopback only \(([\w-]+)\)/.exec(out)?.[1]
  expect(tableId).toBeTruthy()
  const games = await browser.waitFor((g) => g.some((x) => x.id === tableId), 5000)
  const game = games.find((g) => g.id === tableId)!
  expect(game.port).toBe(Number(/127\.0\.0\.1:(\d+)/.exec(out)?.[1]))
  expect(browser.addressesOf(game.id).every((a) => a.startsWith('127.') || a === '::1')).toBe(true)

  const t0 = Date.now()
  process.kill(host.child.pid!, 'SIGTERM')
  await browser.waitFor((g) => !g.some((x) => x.id === tableId), 1500)
  console.log(`[discovery] headless --host 127.0.0.1: goodbye seen ${Date.now() - t0} ms after SIGTERM`)
})
