/**
 * `npm run host`: the host without Electron. Serves the built renderer and the GameApi WebSocket bridge
 * on one port so browsers and phones can play. NOTHING in this import graph may import `electron`
 * (test/node/headless-graph.test.ts checks).
 *
 *   tsx src/main/headless.ts [--port 7310] [--host 0.0.0.0] [--data-dir DIR] [--static-dir out/renderer]
 */
import { existsSync, readFileSync } from 'node:fs'
import { networkInterfaces } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { resolveHeadlessDataDir } from './data-dir'
import { startHostServer } from './net/host-server'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '7310' },
    host: { type: 'string', default: '0.0.0.0' },
    'data-dir': { type: 'string' },
    'static-dir': { type: 'string' },
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

const host = await startHostServer({
  port,
  host: values.host,
  dataDir,
  staticDir,
  app: { name: pkg.productName ?? pkg.name, version: pkg.version },
})
console.log(`Phase 10 host listening on ${host.url}`)
if (values.host === '0.0.0.0') {
  for (const addrs of Object.values(networkInterfaces())) {
    for (const a of addrs ?? []) {
      if (a.family === 'IPv4' && !a.internal) console.log(`  on your network: http://${a.address}:${host.port}/`)
    }
  }
}
console.log(`  data dir: ${dataDir}`)

const shutdown = () => {
  host.close().then(() => process.exit(0))
  setTimeout(() => process.exit(0), 2000).unref()
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
