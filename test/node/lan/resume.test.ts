/**
 * The headless host (`tsx src/main/headless.ts`, its own process, bots in a worker thread) is killed with
 * SIGKILL mid-game, restarted with `--resume`, and the players come back to their seats with their tokens.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { TestClient, playUntil, untilAny } from './harness'
import { killAll, killHard, startHeadless } from './headless-process'

const clients: TestClient[] = []
let dataDir = ''

afterAll(async () => {
  for (const c of clients) c.close()
  await killAll()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const startHost = (extra: string[]) => startHeadless(dataDir, extra)
const kill = killHard

it('a killed host resumes from its save and the players rejoin their seats with their tokens', async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'p10-resume-'))
  const first = await startHost(['--name', 'Kitchen'])
  const host = await TestClient.connect(first.wsUrl)
  const ann = await TestClient.connect(first.wsUrl)
  clients.push(host, ann)
  expect((await host.request('host.claim', { token: first.opToken })).ok).toBe(true)
  expect((await host.request('settings.set', { botDelayMs: 0 })).ok).toBe(true)
  await host.join('Host')
  await ann.join('Ann')
  await host.request('lobby.addBot', { level: 'hard' })
  await host.request('lobby.setRules', { rules: { phaseList: [[{ kind: 'set', size: 3 }, { kind: 'set', size: 3 }], [{ kind: 'set', size: 4 }, { kind: 'set', size: 3 }]] } })
  await ann.request('lobby.setReady', { ready: true })
  expect((await host.request('lobby.start', { seed: 'resume-test-seed-0042' })).ok).toBe(true)
  await playUntil([host, ann], (s) => s.version >= 25 && s.view!.turn !== null && s.seats[s.view!.turn].kind === 'human')
  const before = { version: host.snapshot!.version, hostHand: host.snapshot!.view!.hand, annHand: ann.snapshot!.view!.hand, tableId: host.snapshot!.tableId }
  // No waiting for an autosave: every move is in the journal before anyone hears of it.
  await kill(first.child)
  await untilAny([host, ann], () => (host.closed && ann.closed ? true : undefined))
  // The table file and its journal (moves since the last hand's end), nothing else; private to this user.
  const files = (await readdir(join(dataDir, 'saves'))).sort()
  expect(files.filter((f) => f !== `${before.tableId}.log`)).toEqual([`${before.tableId}.json`])
  expect((await stat(join(dataDir, 'saves'))).mode & 0o777).toBe(0o700)
  expect((await stat(join(dataDir, 'saves', `${before.tableId}.json`))).mode & 0o777).toBe(0o600)

  const second = await startHost(['--resume'])
  expect(second.output()).toContain(`(${before.tableId}), resumed`)
  const host2 = await TestClient.connect(second.wsUrl)
  const ann2 = await TestClient.connect(second.wsUrl)
  clients.push(host2, ann2)
  // The first player back sees the table waiting for the other.
  expect((await ann2.join('Ann', { token: ann.token! })).ok).toBe(true)
  expect(ann2.snapshot).toMatchObject({ tableId: before.tableId, name: 'Kitchen', status: 'playing', version: before.version, mySeat: 1 })
  expect(ann2.snapshot!.paused).toMatchObject({ seat: 0, name: 'Host' })
  expect(ann2.snapshot!.view!.hand).toEqual(before.annHand)
  // The old operator token is void; the new one is printed at the restart.
  expect(await host2.request('host.claim', { token: first.opToken })).toMatchObject({ ok: false, error: { code: 'BAD_TOKEN' } })
  expect((await host2.request('host.claim', { token: second.opToken })).ok).toBe(true)
  expect((await host2.join('Host', { token: host.token! })).ok).toBe(true)
  expect(host2.snapshot!.view!.hand).toEqual(before.hostHand)
  expect(host2.snapshot!.paused).toBeNull()
  await playUntil([host2, ann2])
  expect(host2.snapshot!.status).toBe('over')
  // The Hard bot decided in its worker thread all along (a failed worker would have said so).
  expect(first.output() + second.output()).not.toContain('[bots]')
})
