/**
 * Protocol 2's deltas against the truth: random seeded games at a real TableHost, every client's events
 * sent through its own SnapshotStream (the host's encoder) and read back by a SnapshotReader (the clients'
 * decoder). At every step each client must hold exactly the snapshot protocol 1 would have sent it —
 * `recentEvents` included — and have been handed the same `table.events` batches in the same order.
 */
import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION, tableSnapshotSchema, type ApiEvent, type TableSnapshot, type WsServerFrame } from '@shared/api'
import { SnapshotReader } from '@shared/api/deltas'
import { quickAction } from '@shared/engine/policy'
import { InProcessBotRunner } from '../session/bot-runner'
import { TableHost } from '../session/table-host'
import { composeSnapshot, publicPartOf } from '../session/snapshot-parts'
import { SnapshotStream } from './snapshot-stream'

const isSnapshot = (s: unknown): s is TableSnapshot => tableSnapshotSchema.safeParse(s).success

interface Wire {
  stream: SnapshotStream
  reader: SnapshotReader
  /** What protocol 1 sent this client (table.events and table.snapshot), in order. */
  truth: Array<{ event: string; payload: unknown }>
  /** What the reader handed on, in order. */
  seen: Array<{ event: string; payload: unknown }>
  frames: number
  bytes: number
}

function wire(): Wire {
  const w = {} as Wire
  const receive = (text: string) => {
    w.frames++
    w.bytes += text.length
    const frame = JSON.parse(text) as WsServerFrame
    if (frame.type !== 'event') return
    const { deliver, resync } = w.reader.read(frame.event, frame.payload)
    if (resync) throw new Error(`the reader lost the stream at ${frame.event}`)
    for (const e of deliver) if (e.event === 'table.events' || e.event === 'table.snapshot') w.seen.push(e)
  }
  Object.assign(w, {
    stream: new SnapshotStream((f) => receive(JSON.stringify(f)), receive),
    reader: new SnapshotReader(isSnapshot),
    truth: [],
    seen: [],
    frames: 0,
    bytes: 0,
  })
  return w
}

/** Every client holds the snapshot protocol 1 would have sent it last. */
function check(wires: Map<string, Wire>, label: string, mismatches: string[] = []): void {
  if (mismatches.length) throw new Error(`${label}: ${mismatches[0]}`)
  for (const [id, w] of wires) {
    w.stream.flush()
    const last = w.truth.findLast((e) => e.event === 'table.snapshot')?.payload ?? null
    // After a JSON round trip: what a wire carries.
    const expected = JSON.parse(JSON.stringify(last)) as TableSnapshot | null
    if (!isDeepStrictEqual(w.reader.snapshot, expected))
      throw new Error(`${label}: ${id} holds another snapshot than protocol 1 sent:\n${JSON.stringify(w.reader.snapshot)?.slice(0, 400)}\nvs\n${JSON.stringify(expected)?.slice(0, 400)}`)
  }
}

/** …and was handed the same `table.events` batches, in the same order (at the end, nothing held back). */
function checkEvents(wires: Map<string, Wire>, label: string): void {
  const events = (list: Wire['seen']) => list.filter((e) => e.event === 'table.events').map((e) => JSON.stringify(e.payload))
  for (const [id, w] of wires) expect(events(w.seen), `${label}: ${id}'s batches`).toEqual(events(w.truth))
}

/**
 * The table shares the public parts of one round's snapshots between its clients (session/snapshot-share.ts):
 * each must be exactly the snapshot the table builds for that client on its own, at that moment (the clock,
 * `hostNow`, aside).
 */
function alone(host: TableHost, id: string, sent: TableSnapshot): string | null {
  const table = host as unknown as { share: unknown }
  const share = table.share
  table.share = null
  const own = host.snapshotFor(id)
  table.share = share
  const clockless = (s: unknown) => JSON.stringify({ ...(s as object), hostNow: 0 })
  if (clockless(own) === clockless(sent)) return null
  const a = sent as unknown as Record<string, unknown>
  const b = own as unknown as Record<string, unknown>
  const keys = Object.keys(b).filter((k) => k !== 'hostNow' && JSON.stringify(a[k]) !== JSON.stringify(b[k]))
  return `${id} was sent another snapshot than the table builds for it alone: ${keys.map((k) => `${k}: ${JSON.stringify(a[k])} vs ${JSON.stringify(b[k])}`).join('; ')}`
}

interface Stats {
  bytes: number
  frames: number
  snapshots: number
  fullBytes: number
  /** snapshots the stream knew the public part of (session/snapshot-parts.ts) */
  composed: number
}

/** Games per run (`FUZZ_RUNS=3000` for a long one); each is 1-2 short hands with 2-4 players, a spectator, chat. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150)

const RULES = [
  { phaseList: [[{ kind: 'set', size: 3 }]], fixedHands: 2 },
  { phaseList: [[{ kind: 'run', size: 4 }]], fixedHands: 2, edition: 'masters' },
  { phaseList: [[{ kind: 'set', size: 2 }, { kind: 'set', size: 2 }]], fixedHands: 1, skipTarget: 'next' },
] as const

async function playOne(seed: number, stats: Stats): Promise<void> {
  const wires = new Map<string, Wire>()
  const mismatches: string[] = []
  const deliver = (to: string, e: ApiEvent) => {
    const w = wires.get(to)
    if (!w) return
    // Composed from the round's public snapshot (the stream diffs that once per change): taken note of at once.
    if (e.event === 'table.snapshot' && e.payload && publicPartOf(e.payload)) stats.composed++
    w.truth.push({ event: e.event, payload: e.payload })
    w.stream.push(e.event, e.payload)
    // (The table catches what its deliver throws: mismatches are collected and fail the step's check.)
    const mismatch = e.event === 'table.snapshot' && e.payload ? alone(host, to, e.payload as TableSnapshot) : null
    if (mismatch) mismatches.push(mismatch)
  }
  const rules = RULES[seed % RULES.length]
  const host = new TableHost({ name: 'Fuzz', mode: 'lan', bots: new InProcessBotRunner(), deliver, rules: rules as never, botDelayMs: () => 0 })
  try {
    const humans = 2 + (seed % 3)
    wires.set('local', wire())
    host.attachHost('local', 'Host')
    for (let i = 1; i < humans; i++) {
      wires.set(`ws:${i}`, wire())
      expect(host.join(`ws:${i}`, { protocol: PROTOCOL_VERSION, name: `P${i}` }).ok).toBe(true)
      host.setReady(`ws:${i}`, true)
    }
    if (seed % 2) host.addBot('medium')
    wires.set('watcher', wire())
    expect(host.join('watcher', { protocol: PROTOCOL_VERSION, name: 'Watcher', spectate: true }).ok).toBe(true)
    await new Promise((r) => setImmediate(r))
    check(wires, `seed ${seed} lobby`, mismatches)
    expect(host.start(`fuzz-${seed}`).ok).toBe(true)
    const players = [...wires.keys()].filter((id) => id !== 'watcher')
    for (let step = 0; step < 5000; step++) {
      let moved = false
      for (const id of players) {
        const snap = host.snapshotFor(id)
        const view = snap?.view
        if (!snap || !view || snap.status !== 'playing') continue
        if ((view.stage === 'handOver' && !snap.handReady?.includes(snap.mySeat!)) || (view.stage !== 'handOver' && view.turn === snap.mySeat)) {
          const action = quickAction(view as never)
          if (action && host.act(id, snap.version, action).ok) moved = true
        }
        if (step % 7 === 0 && id === players[1]) host.chat(id, `move ${step}`)
      }
      await new Promise((r) => setImmediate(r)) // spectators' coalesced snapshots, bots' moves
      // Now and then a client asks for its snapshot whole (`table.resync`): the stream sends the table's
      // snapshot for it now (as the bridge does, from `table.get`), and the updates after it apply to it.
      const resyncing = step % 13 === 6 ? players[seed % players.length] : step % 17 === 9 ? 'watcher' : null
      if (resyncing) {
        const now = host.snapshotFor(resyncing)
        const w = wires.get(resyncing)!
        w.stream.resync(now)
        w.truth.push({ event: 'table.snapshot', payload: now }) // what the client now holds (a newer `hostNow`…)
      }
      check(wires, `seed ${seed} step ${step}`, mismatches)
      if (host.snapshotFor('local')?.status === 'over') break
    }
    await new Promise((r) => setTimeout(r, 120)) // batches still waiting for a snapshot go out alone
    check(wires, `seed ${seed} end`, mismatches)
    checkEvents(wires, `seed ${seed}`)
    expect(host.snapshotFor('local')?.status).toBe('over')
    for (const w of wires.values()) {
      stats.bytes += w.bytes
      stats.frames += w.frames
      const fulls = w.truth.filter((e) => e.event === 'table.snapshot')
      stats.snapshots += fulls.length
      for (const f of fulls) stats.fullBytes += JSON.stringify(f.payload).length
    }
  } finally {
    await host.close()
  }
}

describe('snapshot deltas (protocol 2) against whole snapshots', () => {
  it(`rebuild every client’s snapshot and events exactly, at every step of ${RUNS} random games`, async () => {
    const stats: Stats = { bytes: 0, frames: 0, snapshots: 0, fullBytes: 0, composed: 0 }
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 1_000_000 }), (seed) => playOne(seed, stats)),
      { numRuns: RUNS, seed: 20261201, endOnFailure: true },
    )
    // The point of it all: far fewer bytes than whole snapshots.
    expect(stats.bytes).toBeLessThan(stats.fullBytes / 4)
    // Most snapshots take the shared public patch (the rest, e.g. the lobby's spectators, the general one).
    expect(stats.composed).toBeGreaterThan(stats.snapshots / 2)
  }, RUNS * 4000)

  it('a receiver that misses an update asks for a resync, and a whole snapshot puts it right', () => {
    const reader = new SnapshotReader(isSnapshot)
    const snap = { protocol: PROTOCOL_VERSION } as unknown
    expect(reader.read('table.update', { base: 0, rev: 1, batches: [], patch: [] })).toEqual({ deliver: [], resync: true })
    // Until a whole snapshot comes, further updates are dropped without asking again.
    expect(reader.read('table.update', { base: 1, rev: 2, batches: [], patch: [] })).toEqual({ deliver: [], resync: false })
    expect(reader.read('table.snapshot', null).deliver).toEqual([{ event: 'table.snapshot', payload: null }])
    void snap
  })

  it('sends a seat’s snapshot whole when it cannot patch it from the own fields it kept (no public part known)', () => {
    const frames: string[] = []
    const stream = new SnapshotStream((f) => frames.push(JSON.stringify(f)), (t) => frames.push(t))
    const pub = { status: 'playing', mySeat: null, role: 'spectator', joinUrls: [], hostProblem: 'disk full', view: { seat: null, hand: [], saved: [], deal: null, turn: 0 } }
    const mine = composeSnapshot(pub as unknown as TableSnapshot, { role: 'guest', mySeat: 1, joinUrls: [], recentEvents: [], view: { ...pub.view, seat: 1, hand: ['R1'] } as never })
    stream.push('table.snapshot', mine)
    stream.flush()
    // A snapshot the table did not just compose: no public part to diff, and the stream kept only its own fields.
    const later = { ...mine, hostProblem: undefined, view: { ...mine.view!, turn: 1 } }
    stream.push('table.snapshot', later)
    stream.flush()
    expect(frames.map((f) => (JSON.parse(f) as { event: string }).event)).toEqual(['table.snapshot', 'table.snapshot'])
    expect(JSON.parse(frames[1]).payload).toEqual(JSON.parse(JSON.stringify(later)))
    // …and from that whole one, the next composed snapshot is a patch again.
    const pub2 = { ...pub, view: { ...pub.view, turn: 2 } }
    stream.push('table.snapshot', composeSnapshot(pub2 as unknown as TableSnapshot, { role: 'guest', mySeat: 1, joinUrls: [], recentEvents: [], view: { ...pub2.view, seat: 1, hand: ['R1'] } as never }))
    stream.flush()
    expect(JSON.parse(frames[2])).toMatchObject({ event: 'table.update', payload: { base: 0, rev: 1 } })
  })
})
