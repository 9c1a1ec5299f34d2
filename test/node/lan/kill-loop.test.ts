/**
 * No move a player has seen is lost to kill -9 (the security review found 11–17 lost at bot speed 0): a
 * table of bots plays at full speed on a headless host process, a spectator records every event batch it
 * receives, the host is killed with SIGKILL at a random moment, restarted with --resume, and the resumed
 * table must hold every batch the spectator saw, exactly — 20 times over. A second host on the same data
 * folder is refused meanwhile.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { seededFloats } from '@shared/engine/rng'
import { TestClient } from './harness'
import { killAll, killHard, startHeadless } from './headless-process'

const KILLS = 20
let dataDir = ''
const clients: TestClient[] = []

afterAll(async () => {
  for (const c of clients) c.close()
  await killAll()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

type Batch = { version: number; events: unknown[] }

/** The batches a client received as `table.events` (and in its joining snapshot), by version. */
function seenBatches(client: TestClient, into: Map<number, string>): void {
  for (const frame of client.received) {
    if (frame.type !== 'event') continue
    if (frame.event === 'table.events') {
      const b = frame.payload as Batch
      into.set(b.version, JSON.stringify(b.events))
    }
  }
  if (client.snapshot?.status === 'playing') for (const b of client.snapshot.recentEvents) into.set(b.version, JSON.stringify(b.events))
}

it(`loses no move anyone saw over ${KILLS} kill -9 restarts at bot speed 0`, async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'p10-killloop-'))
  const random = seededFloats(20261201)
  let host = await startHeadless(dataDir, ['--name', 'Crash test'])
  // The operator sets up a table of bots (no seat of its own), bot delay 0, and starts it.
  const op = await TestClient.connect(host.wsUrl)
  clients.push(op)
  expect((await op.request('host.claim', { token: host.opToken })).ok).toBe(true)
  expect((await op.request('settings.set', { botDelayMs: 0 })).ok).toBe(true)
  for (const level of ['easy', 'medium', 'hard']) expect((await op.request('lobby.addBot', { level })).ok).toBe(true)
  expect((await op.request('lobby.start', {})).ok).toBe(true)
  op.close()

  let checkedVersions = 0
  let rematches = 0
  for (let kill = 0; kill < KILLS; kill++) {
    const watcher = await TestClient.connect(host.wsUrl)
    clients.push(watcher)
    expect((await watcher.join('Watcher', { spectate: true })).ok).toBe(true)
    // The operator's connection: it deals a new game whenever one ends between kills.
    const operator = await TestClient.connect(host.wsUrl)
    clients.push(operator)
    await operator.request('host.claim', { token: host.opToken })
    await operator.join('Operator', { spectate: true })
    if (kill === 0) {
      // Meanwhile a second host on the same data folder is refused, naming the first.
      await expect(startHeadless(dataDir)).rejects.toThrow(/another Phase 10 host is using .*\(pid \d+/)
    }
    // Once the bots are moving (their worker takes a moment to start), kill at a random moment of play.
    const moving = Date.now()
    let joinedAt = watcher.snapshot!.version
    while (Date.now() - moving < 15_000) {
      const snap = watcher.snapshot
      if (snap?.status === 'over' && operator.snapshot?.status === 'over') {
        expect((await operator.request('table.rematch', {})).ok).toBe(true)
        rematches++
        // Versions start again with the new game: only what the watcher receives from now on counts.
        watcher.received.length = 0
        joinedAt = 0
      } else if (snap && snap.version > joinedAt + 2) break
      await new Promise((r) => setTimeout(r, 10))
    }
    await new Promise((r) => setTimeout(r, 10 + random() * 150))
    const seen = new Map<number, string>()
    const tableId = watcher.snapshot!.tableId
    await killHard(host.child)
    seenBatches(watcher, seen)
    watcher.close()
    operator.close()
    expect(seen.size, `kill ${kill + 1}: the spectator saw moves before the kill (version ${watcher.snapshot?.version}, paused ${JSON.stringify(watcher.snapshot?.paused)} ${watcher.snapshot?.hostProblem}) ${host.output()}`).toBeGreaterThan(1)
    const lastSeen = Math.max(...seen.keys())

    host = await startHeadless(dataDir, ['--resume'])
    expect(host.output()).toContain(`(${tableId}), resumed`)
    const back = await TestClient.connect(host.wsUrl)
    clients.push(back)
    expect((await back.join('Watcher', { spectate: true })).ok).toBe(true)
    const resumed = back.snapshot!
    // Every move seen is there: the table is at least as far as the last batch anyone received…
    expect(resumed.version, `kill ${kill + 1}: table at ${resumed.version}, a spectator had seen ${lastSeen}`).toBeGreaterThanOrEqual(lastSeen)
    // …and the batches it still lists are the very ones seen (same events, same order).
    for (const b of resumed.recentEvents) {
      const before = seen.get(b.version)
      if (before !== undefined) {
        expect(JSON.stringify(b.events), `kill ${kill + 1}, version ${b.version}`).toBe(before)
        checkedVersions++
      }
    }
    back.close()
  }
  expect(checkedVersions).toBeGreaterThan(KILLS) // batches compared across the kills
  console.log(`kill -9 loop: ${KILLS} kills, ${checkedVersions} seen batches found again unchanged, ${rematches} new games dealt`)
}, 240_000)
