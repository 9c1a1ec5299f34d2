/**
 * A REAL two-host LAN: two network namespaces joined by a veth pair (10.77.0.1 ↔ 10.77.0.2, addresses only
 * inside the namespaces), a publisher process in one (with a Docker bridge beside its LAN adapter) and a
 * browser process in the other, default mDNS options (the publisher picks its adapter itself). Nothing reaches the machine's own interfaces. Needs root and `ip`; skipped
 * otherwise. The namespaces are removed in afterAll, also when a test fails.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoveredGame } from '../../../src/main/net/discovery'

const here = dirname(fileURLToPath(import.meta.url))
const repo = resolve(here, '../../..')
// One process per peer (not the tsx CLI, which forks a child a kill would leave behind).
const tsxLoader = pathToFileURL(join(repo, 'node_modules/tsx/dist/esm/index.mjs')).href
const peer = join(here, 'ns-peer.ts')

const ipPath = ['/usr/sbin/ip', '/sbin/ip', '/usr/bin/ip', '/bin/ip'].find((p) => existsSync(p))
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const why = !isRoot ? 'not root' : !ipPath ? '`ip` (iproute2) not found' : null
const canNetns = why === null && spawnSync(ipPath as string, ['netns', 'list']).status === 0
if (why) console.warn(`[discovery] SKIPPED the two-namespace LAN test: ${why} (run as root with iproute2 to include it)`)
else if (!canNetns) console.warn('[discovery] SKIPPED the two-namespace LAN test: `ip netns` is not permitted here')

const tag = `${process.pid}`
const NS_A = `p10a-${tag}`
const NS_B = `p10b-${tag}`
const VETH_A = `p10va${tag}`.slice(0, 15)
const VETH_B = `p10vb${tag}`.slice(0, 15)
const ADDR_A = '10.77.0.1'
const ADDR_B = '10.77.0.2'
const DOCKER_A = '172.17.0.1'

function ip(...args: string[]): void {
  const r = spawnSync(ipPath as string, args, { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`ip ${args.join(' ')}: ${r.stderr.trim()}`)
}
function cleanupNetns(): void {
  for (const ns of [NS_A, NS_B]) spawnSync(ipPath as string, ['netns', 'del', ns]) // also removes its veth end
}

interface Line {
  ev: string
  t: number
  games?: DiscoveredGame[]
  addresses?: string[][]
  advertisedOn?: { interface: string; addresses: string[] } | null
  message?: string
}
class Peer {
  readonly proc: ChildProcess
  readonly lines: Line[] = []
  private waiters: Array<() => void> = []
  constructor(ns: string, args: string[]) {
    this.proc = spawn(ipPath as string, ['netns', 'exec', ns, process.execPath, '--import', tsxLoader, peer, ...args], { stdio: ['pipe', 'pipe', 'pipe'], cwd: repo })
    createInterface({ input: this.proc.stdout! }).on('line', (l) => {
      try {
        this.lines.push(JSON.parse(l) as Line)
      } catch {
        return
      }
      for (const w of this.waiters.splice(0)) w()
    })
    this.proc.stderr!.on('data', (d) => process.stderr.write(`[${ns}] ${d}`))
  }
  send(line: string): void {
    this.proc.stdin!.write(`${line}\n`)
  }
  async waitFor(pred: (l: Line) => boolean, timeoutMs: number, what: string): Promise<Line> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const hit = this.lines.find(pred)
      if (hit) return hit
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got: ${JSON.stringify(this.lines).slice(-1500)}`)
      await new Promise<void>((r) => {
        const timer = setTimeout(r, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          r()
        })
      })
    }
  }
  kill(signal: NodeJS.Signals = 'SIGTERM'): void {
    if (this.proc.exitCode === null) this.proc.kill(signal)
  }
}

describe.skipIf(!canNetns)('two hosts on a simulated LAN (network namespaces)', () => {
  const peers: Peer[] = []
  const tableId = randomBytes(6).toString('hex')

  beforeAll(() => {
    // Leftovers of an earlier run that was killed before its afterAll: namespaces of processes that are gone.
    const listed = spawnSync(ipPath as string, ['netns', 'list'], { encoding: 'utf8' }).stdout
    for (const m of listed.matchAll(/^(p10[ab]-(\d+))\b/gm)) {
      let alive = true
      try {
        process.kill(Number(m[2]), 0)
      } catch {
        alive = false
      }
      if (!alive || Number(m[2]) === process.pid) spawnSync(ipPath as string, ['netns', 'del', m[1]])
    }
    try {
      ip('netns', 'add', NS_A)
      ip('netns', 'add', NS_B)
      ip('link', 'add', VETH_A, 'netns', NS_A, 'type', 'veth', 'peer', 'name', VETH_B, 'netns', NS_B)
      for (const [ns, dev, addr] of [
        [NS_A, VETH_A, ADDR_A],
        [NS_B, VETH_B, ADDR_B],
      ]) {
        ip('-n', ns, 'addr', 'add', `${addr}/24`, 'dev', dev)
        ip('-n', ns, 'link', 'set', 'lo', 'up')
        ip('-n', ns, 'link', 'set', dev, 'up')
        ip('-n', ns, 'route', 'add', '224.0.0.0/4', 'dev', dev)
      }
      // A Docker bridge on the publisher's machine (a veth pair inside its namespace): no player is behind
      // it, so the advert must neither go out on it nor list its address (issue #17 item 6).
      ip('link', 'add', 'docker0', 'netns', NS_A, 'type', 'veth', 'peer', 'name', 'dockerpeer', 'netns', NS_A)
      ip('-n', NS_A, 'addr', 'add', `${DOCKER_A}/16`, 'dev', 'docker0')
      ip('-n', NS_A, 'link', 'set', 'docker0', 'up')
      ip('-n', NS_A, 'link', 'set', 'dockerpeer', 'up')
    } catch (err) {
      cleanupNetns()
      throw err
    }
  })

  afterAll(async () => {
    for (const p of peers) p.kill('SIGKILL')
    await new Promise((r) => setTimeout(r, 100))
    cleanupNetns()
    const left = spawnSync(ipPath as string, ['netns', 'list'], { encoding: 'utf8' }).stdout
    expect(left).not.toContain(NS_A)
  })

  const find = (l: Line) => l.games?.find((g) => g.id === tableId)

  it('a game published in one namespace appears in the other, updates, and expires when the host dies', async () => {
    const browser = new Peer(NS_B, ['browse', '1000'])
    peers.push(browser)
    await browser.waitFor((l) => l.ev === 'browsing', 15_000, 'browser start')

    const publisher = new Peer(NS_A, ['publish', '7310', tableId])
    peers.push(publisher)
    const published = await publisher.waitFor((l) => l.ev === 'published', 15_000, 'publisher start')
    // Chosen by itself among the namespace's adapters: the LAN veth, not lo or docker0.
    expect(published.advertisedOn).toEqual({ interface: VETH_A, addresses: [ADDR_A] })
    const seen = await browser.waitFor((l) => !!find(l), 3000, 'the game in the other namespace')
    const appearMs = seen.t - published.t
    const game = find(seen) as DiscoveredGame
    expect(game).toMatchObject({ name: 'Netns table', hostName: 'host-a', port: 7310, seatsTaken: 1, seatsTotal: 6, address: ADDR_A })
    const idx = (seen.games as DiscoveredGame[]).indexOf(game)
    expect(seen.addresses?.[idx]).toEqual([ADDR_A]) // not docker0's; the veth's v6 is link-local: not advertised

    // a second browser started after the advert: found by its first query
    const late = new Peer(NS_B, ['browse', '1000'])
    peers.push(late)
    const lateStart = await late.waitFor((l) => l.ev === 'browsing', 15_000, 'second browser start')
    const lateSeen = await late.waitFor((l) => !!find(l), 3000, 'the game, for a browser started later')
    const queryMs = lateSeen.t - lateStart.t
    late.send('stop')

    publisher.send('seats 4')
    const updated = await publisher.waitFor((l) => l.ev === 'updated', 2000, 'update')
    const seenUpdate = await browser.waitFor((l) => find(l)?.seatsTaken === 4, 3000, 'the seats update')
    const updateMs = seenUpdate.t - updated.t

    // the host dies without a goodbye: the browser expires it (3.5 × 1 s re-query)
    publisher.kill('SIGKILL')
    const killedAt = Date.now()
    const gone = await browser.waitFor((l) => l.t > killedAt && l.ev === 'games' && !find(l), 8000, 'expiry')
    const expireMs = gone.t - killedAt
    console.log(
      `[discovery] two namespaces: appeared ${appearMs} ms after publish; found ${queryMs} ms after a later browse start; ` +
        `update seen after ${updateMs} ms; silent host expired after ${expireMs} ms (staleMs 3500)`,
    )
    expect(appearMs).toBeLessThan(2000)
    browser.send('stop')
  })
})
