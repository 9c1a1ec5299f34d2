/**
 * The table through the services as the desktop app uses them (client `local`, operator), plus TableHost
 * details that need no network: solo games, resume after a restart, corrupt saves, the turn timer, the bot
 * worker.
 */
import { mkdtemp, readdir, rm, utimes, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createServices, type RequestContext, type Services } from '../../../src/main/services'
import { KEEP_SAVES } from '../../../src/main/services/table'
import { InProcessBotRunner, WorkerBotRunner, botWorkerUrl, decideNow } from '../../../src/main/session/bot-runner'
import { TableHost } from '../../../src/main/session/table-host'
import { decide } from '@shared/ai'
import { hintFor } from '@shared/ai/explain'
import type { ApiEvent, ApiResult, SavedGame, TableSnapshot } from '@shared/api'
import { newGame } from '@shared/engine/state'
import { viewFor } from '@shared/engine/views'

const local: RequestContext = { transport: 'ipc', clientId: 'local', operator: true }
let dataDir: string
let services: Services | null = null
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'p10-solo-'))
})
afterEach(async () => {
  await services?.close()
  services = null
  await rm(dataDir, { recursive: true, force: true })
})

async function start(): Promise<{ s: Services; heard: ApiEvent[]; others: ApiEvent[] }> {
  const s = await createServices({ dataDir, app: { name: 'Phase 10', version: '0' }, bots: new InProcessBotRunner(), botDelayMs: 0, warn: () => {} })
  services = s
  const heard: ApiEvent[] = []
  const others: ApiEvent[] = []
  s.events.subscribe((e) => heard.push(e), { id: 'local', isOperator: () => true })
  s.events.subscribe((e) => others.push(e), { id: 'ws:99', isOperator: () => false })
  return { s, heard, others }
}

const call = async <T>(s: Services, name: string, params: unknown, ctx = local) => (await s.dispatch(name, params, ctx)) as ApiResult<T>

/** Plays the local seat (Easy bot moves) until `stop` or the game ends; bots answer in between. */
async function playLocal(s: Services, stop: (snap: TableSnapshot) => boolean = (x) => x.status === 'over'): Promise<TableSnapshot> {
  for (let i = 0; i < 20_000; i++) {
    const snap = (await call<TableSnapshot>(s, 'table.get', {})) as { ok: true; value: TableSnapshot }
    const v = snap.value
    if (stop(v)) return v
    const view = v.view!
    if (view.stage === 'handOver' || view.turn === v.mySeat) {
      const action = decide({ level: 'easy', view: view as never, history: [], salt: 'me' })!
      const r = await call(s, 'table.act', { version: v.version, action })
      if (!r.ok && r.error.code !== 'STALE_VERSION') throw new Error(JSON.stringify(r.error))
    } else await new Promise((r) => setImmediate(r))
  }
  throw new Error('game did not end')
}

describe('solo', () => {
  it('solo.start seats me with 3 bots, starts at once, and plays to the end; only I hear my table', async () => {
    const { s, heard, others } = await start()
    const r = await call<TableSnapshot>(s, 'solo.start', { name: 'Me', bots: [{ level: 'easy' }, { level: 'medium' }, { level: 'hard' }], seed: 'solo-seed-123456' })
    expect(r).toMatchObject({ ok: true, value: { role: 'solo', status: 'playing', mySeat: 0 } })
    if (!r.ok) return
    expect(r.value.seats.map((x) => [x.name, x.kind])).toEqual([
      ['Me', 'human'],
      ['Easy bot 1', 'bot'],
      ['Medium bot 1', 'bot'],
      ['Hard bot 1', 'bot'],
    ])
    const end = await playLocal(s)
    expect(end.view!.winner).not.toBeNull()
    expect(heard.some((e) => e.event === 'table.snapshot')).toBe(true)
    expect(heard.some((e) => e.event === 'table.events')).toBe(true)
    expect(others).toEqual([])
  })

  it('a remote client may not start a solo game or read settings', async () => {
    const { s } = await start()
    const remote: RequestContext = { transport: 'websocket', clientId: 'ws:1', operator: false }
    expect(await call(s, 'solo.start', { bots: [{ level: 'easy' }] }, remote)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    expect(await call(s, 'settings.get', {}, remote)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    expect(await call(s, 'table.get', {}, remote)).toEqual({ ok: true, value: null })
    expect(await call(s, 'table.act', { version: 0, action: { type: 'nextHand' } }, remote)).toMatchObject({ ok: false, error: { code: 'NO_TABLE' } })
  })

  it('resumes after the app restarts: same seats, same version, my hand', async () => {
    const first = await start()
    const r = await call<TableSnapshot>(first.s, 'solo.start', { bots: [{ level: 'medium' }], seed: 'resume-solo-seed-77' })
    if (!r.ok) throw new Error('no table')
    const mid = await playLocal(first.s, (x) => x.version >= 12 && x.view!.turn === 0)
    await first.s.close() // quits: the save is flushed
    services = null
    const second = await start()
    const resumed = await call<TableSnapshot>(second.s, 'host.open', { resume: r.value.tableId })
    expect(resumed).toMatchObject({ ok: true, value: { role: 'solo', status: 'playing', version: mid.version, mySeat: 0, paused: null } })
    if (resumed.ok) expect(resumed.value.view!.hand).toEqual(mid.view!.hand)
    await playLocal(second.s)
  })

  it('lists unfinished saved games newest first, for the home screen to continue; finished ones are left out', async () => {
    const { s } = await start()
    expect(await call(s, 'saves.list', {})).toEqual({ ok: true, value: [] })
    const a = await call<TableSnapshot>(s, 'solo.start', { name: 'Me', bots: [{ level: 'easy' }, { level: 'hard' }], seed: 'list-a-seed-0001' })
    if (!a.ok) throw new Error('no table')
    const mid = await playLocal(s, (x) => x.view!.handNumber >= 2 && x.view!.turn === 0)
    await call(s, 'host.close', {})
    await new Promise((r) => setTimeout(r, 20)) // distinct file times
    const b = await call<TableSnapshot>(s, 'solo.start', { name: 'Me', bots: [{ level: 'medium' }], seed: 'list-b-seed-0002', rules: { edition: 'masters' } })
    if (!b.ok) throw new Error('no table')
    await playLocal(s) // to the end: not offered any more
    await call(s, 'host.close', {})
    const listed = await call<SavedGame[]>(s, 'saves.list', {})
    expect(listed.ok).toBe(true)
    if (!listed.ok) return
    expect(listed.value).toHaveLength(1)
    expect(listed.value[0]).toMatchObject({ tableId: a.value.tableId, mode: 'solo', edition: 'classic', handNumber: mid.view!.handNumber })
    expect(listed.value[0].players.map((p) => [p.name, p.kind, p.botLevel, p.isHost])).toEqual([
      ['Me', 'human', null, true],
      ['Easy bot 1', 'bot', 'easy', false],
      ['Hard bot 1', 'bot', 'hard', false],
    ])
    expect(listed.value[0].players.map((p) => p.score)).toEqual(mid.view!.players.map((p) => p.score))
    // It resumes where it was left.
    expect(await call(s, 'host.open', { resume: listed.value[0].tableId })).toMatchObject({ ok: true, value: { status: 'playing', version: mid.version, mySeat: 0 } })
    // Another machine may not look, nor delete.
    const remote: RequestContext = { transport: 'websocket', clientId: 'ws:1', operator: false }
    expect(await call(s, 'saves.list', {}, remote)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    expect(await call(s, 'saves.remove', { tableId: a.value.tableId }, remote)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    // Forgetting: not the table open now; then gone from the list and the disk.
    expect(await call(s, 'saves.remove', { tableId: a.value.tableId })).toMatchObject({ ok: false, error: { code: 'WRONG_STATUS' } })
    await call(s, 'host.close', {})
    expect(await call(s, 'saves.remove', { tableId: a.value.tableId })).toEqual({ ok: true, value: null })
    expect(await call(s, 'saves.list', {})).toEqual({ ok: true, value: [] })
    expect(await call(s, 'saves.remove', { tableId: a.value.tableId })).toMatchObject({ ok: false, error: { code: 'NO_TABLE' } })
    expect(await call(s, 'saves.remove', { tableId: '../settings' })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
    expect((await readdir(join(dataDir, 'saves'))).filter((f) => f.startsWith(a.value.tableId))).toEqual([])
  })

  it('a new table makes room: at most KEEP_SAVES saves stay on disk, the newest', async () => {
    const { s } = await start()
    const dir = join(dataDir, 'saves')
    await mkdir(dir, { recursive: true })
    for (let i = 0; i < KEEP_SAVES + 5; i++) {
      await writeFile(join(dir, `old${i}.json`), '{}')
      await utimes(join(dir, `old${i}.json`), 1_000_000 + i, 1_000_000 + i)
    }
    const r = await call<TableSnapshot>(s, 'solo.start', { bots: [{ level: 'easy' }], seed: 'prune-seed-0001' })
    if (!r.ok) throw new Error('no table')
    await s.close() // flushes the new table's save
    services = null
    const left = (await readdir(dir)).filter((f) => f.endsWith('.json'))
    expect(left).toHaveLength(KEEP_SAVES)
    expect(left).toContain(`${r.value.tableId}.json`)
    expect(left).not.toContain('old5.json') // the oldest went
    expect(left).toContain('old6.json')
  })

  it('sets a corrupt save aside and refuses to resume it', async () => {
    const { s } = await start()
    await mkdir(join(dataDir, 'saves'), { recursive: true })
    await writeFile(join(dataDir, 'saves', 'broken.json'), '{"format":1,"tableId":"broken","log":[')
    expect(await call(s, 'host.open', { resume: 'broken' })).toMatchObject({ ok: false, error: { code: 'NO_TABLE' } })
    const files = await readdir(join(dataDir, 'saves'))
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^broken\.json\.corrupt-/)
    // A save whose log stops replaying keeps the moves before that point (here: none) instead of being lost.
    const good = { format: 1, tableId: 'bad-log', name: 'x', mode: 'lan', savedAt: 0, seed: 'abc', rules: newGame({ players: ['a', 'b'], seed: 'abc' }).rules, seats: [{ name: 'a', kind: 'human', botLevel: null, token: 't', isHost: true, autoPlayed: false }, { name: 'b', kind: 'bot', botLevel: 'easy', token: null, isHost: false, autoPlayed: false }], dropPolicy: 'wait', log: [{ seat: 1, action: { type: 'discard', card: 'R1' } }] }
    await writeFile(join(dataDir, 'saves', 'bad-log.json'), JSON.stringify(good))
    const resumed = (await call(s, 'host.open', { resume: 'bad-log' })) as { ok: true; value: { tableId: string; status: string } }
    expect(resumed).toMatchObject({ ok: true, value: { tableId: 'bad-log', status: 'playing' } })
    expect(s.table.host()!.engineState!.version).toBe(newGame({ players: ['a', 'b'], seed: 'abc' }).version)
    expect((await readdir(join(dataDir, 'saves'))).filter((f) => f.startsWith('bad-log.json.corrupt-'))).toHaveLength(0)
  })
})

describe('TableHost', () => {
  it('plays a safe default move when the turn timer runs out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      const sent: { to: string; e: ApiEvent }[] = []
      const host = new TableHost({ name: 't', mode: 'solo', bots: new InProcessBotRunner(), deliver: (to, e) => sent.push({ to, e }), rules: { turnTimerSeconds: 5 } })
      host.attachHost('local', 'Slow')
      host.addBot('easy')
      host.start('timer-seed-000001')
      // Let the bot play until it is my turn.
      for (let i = 0; i < 100 && host.engineState!.turn !== 0; i++) await new Promise((r) => setImmediate(r))
      const st = host.engineState!
      expect(st.turn).toBe(0)
      const snap = host.snapshotFor('local')!
      expect(snap.turnDeadline).toBe(Date.now() + 5000)
      await vi.advanceTimersByTimeAsync(4900)
      expect(host.engineState).toBe(st)
      await vi.advanceTimersByTimeAsync(200)
      // The host drew and discarded for me (the Easy bot's moves), then play moved on.
      for (let i = 0; i < 20 && host.engineState!.turn === 0; i++) await new Promise((r) => setImmediate(r))
      const log = host.toSave().log.slice(st.version)
      expect(log[0]).toMatchObject({ seat: 0, action: { type: 'draw' } })
      expect(log.some((e) => e.seat === 0 && (e.action.type === 'discard' || e.action.type === 'skip'))).toBe(true)
      await host.close()
    } finally {
      vi.useRealTimers()
    }
  })

  it('the bot worker decides exactly like the in-process bot', async () => {
    const url = botWorkerUrl(new URL('../../../src/main/session/bot-runner.ts', import.meta.url).href)
    expect(url).not.toBeNull()
    const warnings: string[] = []
    const runner = new WorkerBotRunner(url!, { warn: (m) => warnings.push(m) })
    try {
      for (const seed of ['w1', 'w2', 'w3']) {
        const state = newGame({ players: ['a', 'b', 'c'], seed })
        const request = { level: 'hard' as const, view: viewFor(state, state.turn!), history: [], salt: seed }
        expect(await runner.decide(request)).toEqual(decideNow(request))
        // The coach's hint is worked out there too (off the host's event loop), the same as in-process.
        const { level: _level, ...asked } = request
        expect(await runner.hint(asked)).toEqual(hintFor(asked.view, asked.history, asked.salt))
      }
      // Answered by the worker itself, not by the main-thread fallback.
      expect(warnings).toEqual([])
    } finally {
      await runner.close()
    }
  })
})

describe('bot delay per table', () => {
  it('solo.start and lobby.setRules set the bots’ delay for this table; the snapshot shows it', async () => {
    const { s } = await start()
    const r = await call<TableSnapshot>(s, 'solo.start', { bots: [{ level: 'easy' }], botDelayMs: 1234, seed: 'delay-seed-0000001' })
    expect(r).toMatchObject({ ok: true, value: { botDelayMs: 1234 } })
    const opened = await call<TableSnapshot>(s, 'host.open', { tableName: 'Den' })
    expect(opened).toMatchObject({ ok: true, value: { botDelayMs: 0, role: 'host', status: 'lobby' } }) // the services' override (tests: 0)
    expect(await call(s, 'lobby.setRules', { botDelayMs: 50 })).toMatchObject({ ok: true, value: { botDelayMs: 50 } })
  })
})
