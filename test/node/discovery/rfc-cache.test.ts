/**
 * Our advert as a STANDARD browser sees it (issue #17 item 7): python-zeroconf (Debian's python3-zeroconf,
 * installed by .ci/run), an RFC 6762 cache, runs all along on loopback and prints what its cache says
 * (zeroconf-browser.py). A TXT change must replace the cached value within 1 s — also when it goes back to
 * a value the cache saw before (without the cache-flush bit the cache holds both and shows the older one) —,
 * a rename must replace the instance, and stop must remove it. Multicast stays on loopback.
 * Skipped only when there is no python3 at all.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameAdvertiser, PROTOCOL_VERSION } from '../../../src/main/net/discovery'

const script = join(dirname(fileURLToPath(import.meta.url)), 'zeroconf-browser.py')
const pythons = ['/usr/bin/python3', 'python3'].filter((p) => spawnSync(p, ['--version']).status === 0)
const python = pythons.find((p) => spawnSync(p, ['-c', 'import zeroconf']).status === 0) ?? pythons[0]
if (!python) console.warn('[discovery] SKIPPED the RFC-cache test: no python3 (install python3 and python3-zeroconf to include it)')

type Cached = Record<string, string | number | string[] | null> & { seats?: string; table?: string; _txt_records?: number }
interface State {
  t: number
  instances: Record<string, Cached | null>
}

describe.skipIf(!python)('a running python-zeroconf browser (RFC 6762 cache) on loopback', () => {
  let proc: ChildProcess
  const states: State[] = []
  let waiters: Array<() => void> = []
  const tableId = randomBytes(6).toString('hex')
  const ours = (s: State) => Object.entries(s.instances).filter(([, v]) => v?.id === tableId)

  async function until(pred: (s: State) => boolean, timeoutMs: number, what: string): Promise<State> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const hit = states.find(pred)
      if (hit) return hit
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`python-zeroconf: ${what} not seen within ${timeoutMs} ms; last: ${JSON.stringify(states.at(-1))}`)
      await new Promise<void>((r) => {
        const timer = setTimeout(r, left)
        waiters.push(() => (clearTimeout(timer), r()))
      })
    }
  }

  beforeAll(async () => {
    const check = spawnSync(python as string, ['-c', 'import zeroconf'], { encoding: 'utf8' })
    if (check.status !== 0) throw new Error(`python3 has no zeroconf module: apt-get install python3-zeroconf (${check.stderr.trim()})`)
    proc = spawn(python as string, [script, '127.0.0.1'], { stdio: ['pipe', 'pipe', 'pipe'] })
    proc.stderr!.on('data', (d) => process.stderr.write(`[zeroconf] ${d}`))
    let ready = () => {}
    const started = new Promise<void>((r) => (ready = r))
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      const msg = JSON.parse(line) as { ev: string; t: number; instances?: State['instances'] }
      if (msg.ev === 'ready') ready()
      // Python's wall clock and ours are the same clock: its `t` is when its cache changed.
      if (msg.ev === 'state') states.push({ t: msg.t, instances: msg.instances ?? {} })
      for (const w of waiters.splice(0)) w()
    })
    await started
  })

  afterAll(() => {
    proc?.stdin?.end()
    setTimeout(() => proc?.kill('SIGKILL'), 2000).unref()
  })

  it('sees TXT changes within 1 s (also back to an older value), a rename as a new instance, and the goodbye', async () => {
    const advert = new GameAdvertiser({
      port: 7399,
      info: { tableId, name: 'Kitchen', hostName: 'ada', protocol: PROTOCOL_VERSION, seatsTaken: 6, seatsTotal: 6, inProgress: false, edition: 'classic' },
      mdns: { interface: '127.0.0.1', bind: '0.0.0.0' },
      // the production coalescing delay (100 ms) is part of what is measured
    })
    try {
      advert.start()
      const first = await until((s) => ours(s)[0]?.[1]?.seats === '6/6', 5000, 'the first advert')
      // Only the advert's adapter's addresses (loopback here), not every interface of the machine.
      const addresses = ours(first)[0][1]?._addresses as string[]
      expect(addresses.length).toBeGreaterThan(0)
      expect(addresses.every((a) => a.startsWith('127.') || a === '::1')).toBe(true)
      const timings: number[] = []
      // 6/6 → 4/6 → 6/6 → 4/6: the last two are values the cache has held before.
      for (const seats of [4, 6, 4]) {
        await new Promise((r) => setTimeout(r, 1200)) // the old record is older than the RFC's 1 s by now
        const t0 = Date.now()
        const from = states.length
        advert.update({ seatsTaken: seats })
        const seen = await until(
          (s) => states.indexOf(s) >= from && ours(s).length === 1 && ours(s)[0][1]?.seats === `${seats}/6` && ours(s)[0][1]?._txt_records === 1,
          1000,
          `seats ${seats}/6 as the only cached TXT`,
        )
        timings.push(seen.t - t0)
      }
      // It stays that way: no re-announcement brings an old value back.
      await new Promise((r) => setTimeout(r, 1500))
      expect(ours(states.at(-1) as State).map(([, v]) => v?.seats)).toEqual(['4/6'])

      const renameFrom = states.length
      const t1 = Date.now()
      advert.update({ name: 'Attic' })
      const renamed = await until(
        (s) => states.indexOf(s) >= renameFrom && ours(s).length === 1 && ours(s)[0][0].startsWith('Attic ') && ours(s)[0][1]?.table === 'Attic',
        1000,
        'the renamed instance alone',
      )
      expect(advert.name.startsWith('Attic ')).toBe(true)
      const renameMs = renamed.t - t1

      const stopFrom = states.length
      const t2 = Date.now()
      await advert.stop()
      const gone = await until((s) => states.indexOf(s) >= stopFrom && ours(s).length === 0, 1000, 'the goodbye')
      const stopMs = gone.t - t2
      console.log(`[discovery] python-zeroconf cache: TXT change seen after ${timings.join(' / ')} ms; rename ${renameMs} ms; goodbye ${stopMs} ms`)
      for (const ms of timings) expect(ms).toBeLessThan(1000)
    } finally {
      await advert.stop()
    }
  })
})
