/**
 * `npm run host`: the LAN host without Electron. Opens a table at start (or resumes the newest save with
 * `--resume`), serves the built renderer and the GameApi WebSocket bridge on one port so browsers, phones
 * and desktops can play, and prints the join URL and the operator URL (whoever opens it runs the table).
 * NOTHING in this import graph may import `electron` (test/node/headless-graph.test.ts checks).
 *
 *   tsx src/main/headless.ts [--port 7310] [--host 0.0.0.0] [--name NAME] [--data-dir DIR] [--resume]
 *                            [--static-dir out/renderer] [--no-advert]
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { resolveHeadlessDataDir } from './data-dir'
import { DataDirLockedError } from './data-dir-lock'
import { joinUrlsFor, networkChoice, startHostServer } from './net/host-server'
import { isWildcard } from './net/interfaces'
import { createAdvertManager } from './net/discovery'
import { SaveStore } from './session/saves'
import { gameKeysFrom } from './session/game-keys'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '7310' },
    host: { type: 'string', default: '0.0.0.0' },
    name: { type: 'string' },
    'data-dir': { type: 'string' },
    'static-dir': { type: 'string' },
    resume: { type: 'boolean', default: false },
    /** No mDNS advert (tests: never multicast outward). */
    'no-advert': { type: 'boolean', default: false },
    /** Every game's key from this seed and a counter: the same deals every run (tests, demos). */
    'deal-seed': { type: 'string' },
  },
})

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be 0..65535 (0 = any free port), got ${values.port}`)
  process.exit(2)
}
const staticDir = resolve(values['static-dir'] ?? join(repoRoot, 'out/renderer'))
if (!existsSync(join(staticDir, 'index.html'))) {
  console.warn(`warning: ${staticDir}/index.html not found; run \`npm run build\` (npm run host does) first`)
}
const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { productName?: string; name: string; version: string }
const dataDir = resolveHeadlessDataDir(values['data-dir'])
const tableName = (values.name ?? 'Phase 10 table').trim().slice(0, 40) || 'Phase 10 table'
const resume = values.resume ? (await new SaveStore(dataDir).list())[0] : undefined
if (values.resume && !resume) console.warn('--resume: no saved table in the data dir; opening a new one')

// The mDNS advert follows the table (TableHost 'changed' → TableNetwork.advertise → TXT record update), on
// one adapter: --host ADDR's, or for 0.0.0.0 the best usable one (or the operator's `host.open.interface`).
const dealSeed = values['deal-seed']
if (dealSeed !== undefined && (dealSeed.length < 1 || dealSeed.length > 40)) {
  console.error('--deal-seed must be 1..40 characters')
  process.exit(2)
}
if (dealSeed !== undefined) console.warn(`--deal-seed: every deal follows from "${dealSeed}" — anyone who knows it can predict them (for tests and demos, not for play)`)

let boundPort = 0
const choice = networkChoice(values.host)
const advert = values['no-advert'] ? null : createAdvertManager({ port: () => boundPort, iface: () => choice.chosen, warn: (m) => console.warn(m) })
const host = await startHostServer({
  port,
  host: values.host,
  dataDir,
  staticDir,
  app: { name: pkg.productName ?? pkg.name, version: pkg.version },
  table: { tableName, resume },
  advertise: advert ? (info) => advert.advertise(info) : undefined,
  onListening: (p) => (boundPort = p),
  gameKey: dealSeed === undefined ? undefined : gameKeysFrom(dealSeed),
  choice,
}).catch(async (err: unknown) => {
  // One host per data folder: say who has it, in one line, and stop.
  if (err instanceof DataDirLockedError) {
    console.error(`Phase 10: ${err.message}`)
    await advert?.stop()
    process.exit(1)
  }
  throw err
})
console.log(`Phase 10 host listening on ${host.url}`)
if (isWildcard(values.host)) {
  for (const url of joinUrlsFor(values.host, host.port, choice.chosen).filter((u) => !u.includes('127.0.0.1'))) console.log(`  on your network: ${url}`)
}
const on = advert?.advertisedOn()
if (advert) console.log(on ? `  advertised on: ${on.interface} (${on.addresses.join(', ')})` : '  advertised on: nothing (no usable network adapter)')
console.log(`  operator (runs the table): ${host.operatorUrl}`)
const table = host.services.table.host()
if (table) console.log(`  table: ${table.info().name} (${table.tableId})${resume && table.tableId === resume ? ', resumed: players rejoin with their seat tokens' : ''}`)
console.log(`  data dir: ${dataDir}`)

const shutdown = () => {
  Promise.all([host.close(), advert?.stop()]).then(() => process.exit(0))
  setTimeout(() => process.exit(0), 2000).unref()
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
