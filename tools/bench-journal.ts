/**
 * `npm run bench:journal -- [--appends 2000] [--dir DIR] [--json]`: what a move's durability costs on this
 * disk — SaveStore.append (the journal line written before a move is acknowledged) with and without fsync,
 * and a hand-end compaction (the whole table written atomically), each as µs per call, median and p99 — the
 * compaction both synchronously and as a hand's end does it (`writeSnapshotSoon`: the event loop's part, and
 * the time until the file is on disk).
 * The journal does not fsync by default (docs/lan-design.md "Durability"); this is the measurement behind
 * that choice. `--dir` picks the disk (default: the OS temp folder).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { SaveStore, SAVE_FORMAT, type SaveFile } from '../src/main/session/saves'
import { playRandomGame } from '@shared/engine/testing'
import { actionLog } from '@shared/engine/state'

const { values } = parseArgs({ options: { appends: { type: 'string', default: '2000' }, dir: { type: 'string' }, json: { type: 'boolean', default: false } } })
const appends = Number(values.appends)
const base = mkdtempSync(join(values.dir ?? tmpdir(), 'p10-bench-journal-'))

// Real moves and a real table: one random 4-player game's log.
const { state } = playRandomGame({ players: 4, seed: 'bench-journal', rules: {} })
const log = actionLog(state)
const save: SaveFile = {
  format: SAVE_FORMAT,
  tableId: 'bench',
  name: 'bench',
  mode: 'lan',
  savedAt: 0,
  seed: state.seed,
  rules: state.rules,
  seats: state.players.map((p, i) => ({ name: p.name, kind: 'human' as const, botLevel: null, token: `token-${i}`, isHost: i === 0, autoPlayed: false })),
  dropPolicy: 'wait',
  botDelayMs: null,
  autoDealSeconds: null,
  log: log.slice(0, 900),
}

function timeEach(count: number, fn: (i: number) => void): { p50: number; p99: number } {
  const t: number[] = []
  for (let i = 0; i < count; i++) {
    const t0 = process.hrtime.bigint()
    fn(i)
    t.push(Number(process.hrtime.bigint() - t0) / 1000)
  }
  t.sort((a, b) => a - b)
  return { p50: t[Math.floor(t.length / 2)], p99: t[Math.floor(t.length * 0.99)] }
}

const results: Record<string, { p50: number; p99: number }> = {}
for (const fsync of [false, true]) {
  const store = new SaveStore(join(base, fsync ? 'fsync' : 'plain'), { fsync, warn: () => {} })
  store.writeSnapshot({ ...save, log: [] })
  results[fsync ? 'append+fsync' : 'append'] = timeEach(fsync ? Math.min(appends, 500) : appends, (i) => store.append('bench', i, log[i % log.length]))
  store.release('bench')
}
const compactStore = new SaveStore(join(base, 'compact'), { warn: () => {} })
results[`compaction (${save.log.length} moves)`] = timeEach(50, () => compactStore.writeSnapshot(save))
// The hand end's way (writeSnapshotSoon): the event loop's part, then the whole write until it settled.
const soon: Array<Promise<void>> = []
results['…background: event loop'] = timeEach(50, () => void soon.push(compactStore.writeSnapshotSoon(save)))
await Promise.all(soon)
const settled: number[] = []
for (let i = 0; i < 50; i++) {
  const t0 = process.hrtime.bigint()
  await compactStore.writeSnapshotSoon(save)
  settled.push(Number(process.hrtime.bigint() - t0) / 1000)
}
settled.sort((a, b) => a - b)
results['…background: until on disk'] = { p50: settled[25], p99: settled[49] }
rmSync(base, { recursive: true, force: true })

if (values.json) console.log(JSON.stringify({ dir: values.dir ?? tmpdir(), results }))
else for (const [name, r] of Object.entries(results)) console.log(`${name.padEnd(28)} p50 ${r.p50.toFixed(1).padStart(8)} µs   p99 ${r.p99.toFixed(1).padStart(8)} µs`)
