/**
 * `npx tsx tools/cpuprofile-share.ts PROFILE.cpuprofile PATTERN…`: the share of a V8 CPU profile's samples
 * (inclusive: anywhere on the stack) spent under functions whose script URL matches each PATTERN — e.g. the
 * host's persistence: `BENCH_LAN_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench:lan`, then
 * this on the 50-table profile with `session/saves.ts write-file-atomic`.
 */
import { readFileSync } from 'node:fs'

type Node = { id: number; callFrame: { url: string; functionName: string }; children?: number[] }
const [file, ...patterns] = process.argv.slice(2)
if (!file || !patterns.length) {
  console.error('usage: cpuprofile-share.ts PROFILE PATTERN…')
  process.exit(2)
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[] }
const parent = new Map<number, number>()
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const idle = new Set(profile.nodes.filter((n) => ['(idle)', '(program)', '(garbage collector)'].includes(n.callFrame.functionName)).map((n) => n.id))
const busy = profile.samples.filter((s) => !idle.has(s))
for (const pattern of patterns) {
  let hits = 0
  for (const s of busy) {
    for (let id: number | undefined = s; id !== undefined; id = parent.get(id)) {
      if (byId.get(id)!.callFrame.url.includes(pattern)) {
        hits++
        break
      }
    }
  }
  console.log(`${pattern}: ${((100 * hits) / busy.length).toFixed(2)} % of ${busy.length} busy samples`)
}
