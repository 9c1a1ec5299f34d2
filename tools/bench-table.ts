/**
 * bench:table — what an action costs the host and its clients, without the sockets (issue #18).
 *
 *   npm run bench:table [-- --tables 50 --rounds 8 --acts 3000] [--no-saves] [--json]
 *   node --expose-gc --import tsx tools/bench-table.ts …   (also: the heap a table keeps alive)
 *   … [--host-only] [--heap-profile FILE.heapprofile] [--play cheap|quick]
 *
 * `--host-only`: the clients do not decode (their frames are only counted; their moves come from the
 * snapshots the host hands their streams), so the process allocates only what a host does — for
 * `node --trace-gc-nvp` (bytes each young-generation collection copies and promotes). `--heap-profile FILE`:
 * V8's sampling heap profile of the measured rounds, written before the tables close: where what they
 * allocated and still hold was allocated (open it in Chrome's DevTools, Memory tab).
 *
 * N tables × 6 human clients in this one process: each table a real TableHost (journal on, in a temporary
 * folder, unless `--no-saves`), each client's events through its own SnapshotStream (the ws bridge's
 * encoder: the same `table.update` text the socket would carry) and back through the browser's and the
 * joining desktop's own decoder (ws-client.ts `createRpcChannel`, on a socket the bench feeds). The tables
 * take turns, one action at a time (bench:lan's cheap player, tools/bench/lan-moves.ts), so every table's
 * state, snapshots and streams are live at once as on a busy host.
 *
 * Each round of `--acts` actions is timed in three parts — the host (TableHost.act and every stream's
 * encoding), the clients (decoding every frame) and the process's CPU time (both, with GC) — and the
 * figures are the MINIMUM over the rounds per part: the round least disturbed by other processes, so an A/B
 * on a shared machine still compares code, not load. bench:lan measures the same host over real sockets
 * against its floor.
 */
import { parseArgs } from 'node:util'
import { benchTable } from './bench/table'
import { BENCH_PLAYS, type BenchPlay } from './bench/lan-moves'

const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '8' },
    acts: { type: 'string', default: '3000' },
    'no-saves': { type: 'boolean', default: false },
    'host-only': { type: 'boolean', default: false },
    'heap-profile': { type: 'string' },
    allocations: { type: 'boolean', default: false },
    play: { type: 'string', default: 'cheap' },
    json: { type: 'boolean', default: false },
  },
})

if (!(BENCH_PLAYS as readonly string[]).includes(values.play)) {
  console.error(`bench:table: --play must be one of ${BENCH_PLAYS.join(', ')}`)
  process.exit(2)
}
const heapProfile = values['heap-profile']
let inspector: import('node:inspector/promises').Session | null = null
/** The measured rounds under V8's sampling heap profiler: what they allocated that is still alive at the end. */
async function heapWindow(edge: 'start' | 'end'): Promise<void> {
  if (edge === 'start') {
    const { Session } = await import('node:inspector/promises')
    inspector = new Session()
    inspector.connect()
    const all = values.allocations
    await inspector.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: all, includeObjectsCollectedByMinorGC: all })
  } else if (inspector) {
    // Under --expose-gc: a full collection first, so the profile holds only what is alive (without it, also
    // what died in the old generation since its last collection: what was promoted).
    if (!values.allocations) (globalThis as { gc?: () => void }).gc?.()
    const { profile } = await inspector.post('HeapProfiler.stopSampling')
    const { writeFile } = await import('node:fs/promises')
    await writeFile(heapProfile!, JSON.stringify(profile))
    inspector.disconnect()
  }
}

const r = await benchTable({
  tables: Math.min(200, Math.max(1, Number(values.tables))),
  rounds: Math.min(50, Math.max(1, Number(values.rounds))),
  acts: Math.min(100_000, Math.max(100, Number(values.acts))),
  saves: !values['no-saves'],
  hostOnly: values['host-only'],
  window: heapProfile ? heapWindow : undefined,
  play: values.play as BenchPlay,
})
if (values.json) console.log(JSON.stringify(r, null, 2))
else {
  const f = (x: number) => x.toFixed(1).padStart(6)
  const o = r.options
  console.log(`bench:table — ${o.tables} tables × 6 clients in one process, ${o.rounds} rounds of ${o.acts} actions, journal ${o.saves ? 'on' : 'off'}${o.hostOnly ? ', clients not decoding (--host-only)' : ''}${o.play === 'quick' ? ', whole hands (--play quick)' : ''}`)
  console.log('  per action, µs   host (table + encode)  clients (decode ×6)  process CPU  GC pauses')
  console.log(`  min over rounds  ${f(r.min.hostUs)}                 ${f(r.min.clientsUs)}               ${f(r.min.cpuUs)}       ${f(r.min.gcUs)}`)
  console.log(`  median           ${f(r.median.hostUs)}                 ${f(r.median.clientsUs)}               ${f(r.median.cpuUs)}       ${f(r.median.gcUs)} (longest ${r.median.gcMaxMs.toFixed(1)} ms)`)
  console.log(`  ${r.bytesPerClientAct.toFixed(0)} bytes and ${r.framesPerClientAct.toFixed(2)} frames per client per action`)
  if (r.handsEnded) console.log(`  ${r.handsEnded} hands ended`)
  if (r.liveKbPerTable !== null) console.log(`  ${r.liveKbPerTable.toFixed(0)} KB live per table with its 6 clients`)
}
process.exit(0)
