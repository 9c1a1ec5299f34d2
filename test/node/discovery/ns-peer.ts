/**
 * Child process for netns.test.ts, run inside a network namespace with default mDNS options (the
 * advertiser picks the usable adapter, as on a real LAN). Prints one JSON line per event on stdout; reads commands on stdin.
 *
 *   ns-peer.ts publish <port> <tableId>   → {"ev":"published","advertisedOn":{…},"t":…}; stdin "seats N" updates, "stop" unpublishes
 *   ns-peer.ts browse                     → {"ev":"games","t":…,"games":[…]} on every change; "stop" exits
 */
import { createInterface } from 'node:readline'
import { GameAdvertiser, GameBrowser, PROTOCOL_VERSION } from '../../../src/main/net/discovery'

const out = (o: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ ...o, t: Date.now() })}\n`)
const [mode, portArg, tableId] = process.argv.slice(2)
const warn = (m: string) => out({ ev: 'warn', message: m })

if (mode === 'publish') {
  const a = new GameAdvertiser({
    port: Number(portArg),
    info: { tableId, name: 'Netns table', hostName: 'host-a', protocol: PROTOCOL_VERSION, seatsTaken: 1, seatsTotal: 6, inProgress: false, edition: 'classic' },
    updateDelayMs: 10,
    warn,
  })
  a.start()
  out({ ev: 'published', advertisedOn: a.advertisedOn })
  createInterface({ input: process.stdin }).on('line', (line) => {
    const [cmd, arg] = line.trim().split(' ')
    if (cmd === 'seats') {
      a.update({ seatsTaken: Number(arg) })
      out({ ev: 'updated' })
    }
    if (cmd === 'stop') void a.stop().then(() => process.exit(0))
  })
} else if (mode === 'browse') {
  const b = new GameBrowser({ queryIntervalMs: Number(portArg) || 1000, warn })
  b.onChange((games) => out({ ev: 'games', games, addresses: games.map((g) => b.addressesOf(g.id)) }))
  b.start()
  out({ ev: 'browsing' })
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() === 'stop') void b.stop().then(() => process.exit(0))
  })
} else {
  console.error('usage: ns-peer.ts publish <port> <tableId> | browse [queryIntervalMs]')
  process.exit(2)
}
