/**
 * The history end to end in the host: a solo game played to its end lands in history.json once (not again
 * when its save is reopened; a rematch is a new game), `table.record` over a loopback WebSocket (refused
 * before the end, any member after it, the record replays to the table's final scores), and a joined desktop
 * keeping the host's record as its own (`source: 'guest'`, `you` = its seat).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { decide } from '@shared/ai'
import type { ApiResult, HistoryList, TableSnapshot } from '@shared/api'
import { gameRecordSchema, replayRecord, type GameRecord } from '@shared/history/record'
import { createServices, type RequestContext, type Services } from '../../../src/main/services'
import { InProcessBotRunner } from '../../../src/main/session/bot-runner'
import { createConnectRemote } from '../../../src/main/session/remote-table'
import { HistoryStore } from '../../../src/main/history/history-store'
import { TestClient, playUntil, startTestHost, type TestHost } from '../lan/harness'

const local: RequestContext = { transport: 'ipc', clientId: 'local', operator: true }
let dirs: string[] = []
let open: Services[] = []
let hosts: TestHost[] = []
let clients: TestClient[] = []
beforeEach(() => {
  dirs = []
  open = []
  hosts = []
  clients = []
})
afterEach(async () => {
  for (const c of clients) c.close()
  for (const s of open) await s.close()
  for (const h of hosts) await h.stop()
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

async function services(dataDir?: string, extra: Partial<Parameters<typeof createServices>[0]> = {}): Promise<{ s: Services; dataDir: string }> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'p10-history-svc-')))
  if (!dataDir) dirs.push(dir)
  const s = await createServices({ dataDir: dir, app: { name: 'Phase 10', version: '0' }, bots: new InProcessBotRunner(), botDelayMs: 0, warn: () => {}, ...extra })
  open.push(s)
  return { s, dataDir: dir }
}
const call = async <T>(s: Services, name: string, params: unknown = {}, ctx = local) => (await s.dispatch(name, params, ctx)) as ApiResult<T>
const value = <T>(r: ApiResult<T>): T => {
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.message}`)
  return r.value
}

/** Plays the local seat (Easy bot moves) until the game ends; bots answer in between. */
async function playLocal(s: Services): Promise<TableSnapshot> {
  for (let i = 0; i < 50_000; i++) {
    const v = value(await call<TableSnapshot | null>(s, 'table.get'))!
    if (v.status === 'over') return v
    const view = v.view
    if (view && v.status === 'playing' && !v.paused && (view.stage === 'handOver' || view.turn === v.mySeat)) {
      const action = decide({ level: 'easy', view: view as never, history: [], salt: 'me' })!
      const r = await call(s, 'table.act', { version: v.version, action })
      if (!r.ok && r.error.code !== 'STALE_VERSION' && r.error.code !== 'RULES') throw new Error(JSON.stringify(r.error))
    } else await new Promise((r) => setTimeout(r, 1))
  }
  throw new Error('the game did not end')
}

const scoresOf = (snap: TableSnapshot) => snap.view!.players.map((p) => p.score)
const replayedScores = (record: GameRecord) => {
  const r = replayRecord(record)
  if (!r.ok) throw new Error(r.error.message)
  return r.state.players.map((p) => p.score)
}

describe('the history of games hosted here', () => {
  it('a solo game played to the end lands in the history once; reopening its save does not record it again; a rematch is a new game', async () => {
    const { s, dataDir } = await services()
    value(await call(s, 'solo.start', { name: 'Me', bots: [{ level: 'easy' }, { level: 'hard' }], rules: { fixedHands: 2 }, seed: 'history-solo-1' }))
    const before = await call(s, 'table.record')
    expect(before).toMatchObject({ ok: false, error: { code: 'WRONG_STATUS' } })
    const end = await playLocal(s)

    const list = value(await call<HistoryList>(s, 'history.list'))
    expect(list.notices).toEqual([])
    expect(list.games).toHaveLength(1)
    const [game] = list.games
    expect(game).toMatchObject({ mode: 'solo', source: 'host', edition: 'classic', yourSeat: 0, winner: end.view!.winner })
    expect(game.hands).toBeGreaterThanOrEqual(2) // 2, and a tie-break hand if two lead together
    expect(game.players.map((p) => [p.name, p.kind, p.botLevel, p.you])).toEqual([
      ['Me', 'human', null, true],
      ['Easy bot 1', 'bot', 'easy', false],
      ['Hard bot 1', 'bot', 'hard', false],
    ])
    expect(game.players.map((p) => p.score)).toEqual(scoresOf(end))

    const record = value(await call<GameRecord>(s, 'history.get', { id: game.id }))
    expect(gameRecordSchema.safeParse(record).success).toBe(true)
    expect(game.hands).toBe(record.hands.length)
    expect(replayedScores(record)).toEqual(scoresOf(end))
    expect(value(await call<GameRecord>(s, 'table.record')).id).toBe(game.id)
    expect(record.startedAt).toBeGreaterThan(0)
    expect(record.finishedAt).toBeGreaterThanOrEqual(record.startedAt)

    // The app restarts and the finished table is reopened from its save: still one game, the same one.
    const tableId = end.tableId
    const reopen = async (from: Services) => {
      await from.close()
      open = open.filter((x) => x !== from)
      const next = (await services(dataDir)).s
      value(await call(next, 'host.open', { resume: tableId, seat: true }))
      return next
    }
    let again = await reopen(s)
    expect(value(await call<GameRecord>(again, 'table.record')).id).toBe(game.id) // same game, same id
    expect(value(await call<HistoryList>(again, 'history.list')).games.map((g) => g.id)).toEqual([game.id])
    // Deleted from the history, it does not come back when its save is reopened (it is not recorded again).
    value(await call(again, 'history.remove', { id: game.id }))
    again = await reopen(again)
    expect(value(await call<HistoryList>(again, 'history.list')).games).toEqual([])

    // A rematch is a new game with a new record.
    value(await call(again, 'table.rematch'))
    const second = await playLocal(again)
    const ids = value(await call<HistoryList>(again, 'history.list')).games.map((g) => g.id)
    expect(ids).toHaveLength(1)
    expect(ids[0]).not.toBe(game.id)
    expect(ids[0].startsWith(`${tableId}-`)).toBe(true)
    expect(replayedScores(value(await call<GameRecord>(again, 'history.get', { id: ids[0] })))).toEqual(scoresOf(second))
    expect(new HistoryStore({ dataDir }).all().map((r) => r.id)).toEqual(ids)
  })

  it('history.remove, export and import through the services; a remote client may not read the history', async () => {
    const { s } = await services()
    value(await call(s, 'solo.start', { name: 'Me', bots: [{ level: 'easy' }], rules: { fixedHands: 1 }, seed: 'history-solo-2' }))
    await playLocal(s)
    const { json, games } = value(await call<{ json: string; games: number }>(s, 'history.export'))
    expect(games).toBe(1)
    const [game] = value(await call<HistoryList>(s, 'history.list')).games
    const stats = value(await call<{ played: number; hands: number }>(s, 'history.stats'))
    expect(stats).toMatchObject({ played: 1, hands: 1 })
    expect(await call(s, 'history.remove', { id: game.id })).toEqual({ ok: true, value: null })
    expect(await call(s, 'history.remove', { id: game.id })).toMatchObject({ ok: false, error: { code: 'NO_TABLE' } })
    expect(await call(s, 'history.import', { json })).toEqual({ ok: true, value: { added: 1, skipped: 0, invalid: 0, dropped: 0 } })
    expect(await call(s, 'history.import', { json })).toEqual({ ok: true, value: { added: 0, skipped: 1, invalid: 0, dropped: 0 } })
    expect(await call(s, 'history.import', { json: 'nope' })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
    expect(await call(s, 'history.get', { id: '../etc' })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
    const phone: RequestContext = { transport: 'websocket', clientId: 'ws:1', operator: false }
    for (const name of ['history.list', 'history.get', 'history.remove', 'history.export', 'history.import', 'history.stats'])
      expect(await call(s, name, name === 'history.import' ? { json } : name === 'history.get' || name === 'history.remove' ? { id: game.id } : {}, phone), name).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN' },
      })
  })
})

describe('table.record over a loopback WebSocket', () => {
  async function lanGame(): Promise<{ t: TestHost; ann: TestClient; watcher: TestClient; stranger: TestClient }> {
    const t = await startTestHost()
    hosts.push(t)
    dirs.push(t.dataDir)
    const op: RequestContext = { transport: 'websocket', clientId: 'bench-op', operator: true }
    const ann = await TestClient.connect(t.wsUrl)
    const watcher = await TestClient.connect(t.wsUrl)
    const stranger = await TestClient.connect(t.wsUrl)
    clients.push(ann, watcher, stranger)
    value(await ann.join('Ann'))
    value(await t.host.services.dispatch('lobby.addBot', { level: 'medium' }, op))
    value(await t.host.services.dispatch('lobby.setRules', { rules: { fixedHands: 2 } }, op))
    value(await ann.request('lobby.setReady', { ready: true }))
    value(await t.host.services.dispatch('lobby.start', { seed: 'history-lan-1' }, op))
    value(await watcher.join('Watcher', { spectate: true }))
    return { t, ann, watcher, stranger }
  }

  it('answers WRONG_STATUS before the end, NO_TABLE to a client that has not joined, and the record to a player and a spectator after it', async () => {
    const { t, ann, watcher, stranger } = await lanGame()
    await ann.until(() => (ann.snapshot?.status === 'playing' ? true : undefined))
    expect(await ann.request('table.record')).toMatchObject({ ok: false, error: { code: 'WRONG_STATUS' } })
    expect(await watcher.request('table.record')).toMatchObject({ ok: false, error: { code: 'WRONG_STATUS' } })
    expect(await stranger.request('table.record')).toMatchObject({ ok: false, error: { code: 'NO_TABLE' } })

    await playUntil([ann])
    const end = ann.snapshot!
    expect(end.status).toBe('over')
    const forAnn = value(await ann.request<GameRecord>('table.record'))
    const forWatcher = value(await watcher.request<GameRecord>('table.record'))
    expect(forWatcher).toEqual(forAnn)
    const record = gameRecordSchema.parse(forAnn)
    expect(record).toMatchObject({ mode: 'lan', source: 'host', tableId: end.tableId, tableName: 'Test table', finalScores: scoresOf(end), winner: end.view!.winner })
    expect(record.players.map((p) => [p.name, p.kind, p.you])).toEqual([
      ['Ann', 'human', false],
      ['Medium bot 1', 'bot', false],
    ])
    expect(record.hands.length).toBeGreaterThanOrEqual(2)
    expect(record.hands.at(-1)!.totals).toEqual(scoresOf(end))
    expect(replayedScores(record)).toEqual(scoresOf(end))
    expect(await stranger.request('table.record')).toMatchObject({ ok: false, error: { code: 'NO_TABLE' } })
    // The host kept it too, once.
    expect(t.host.services.history.all().map((r) => r.id)).toEqual([record.id])
  })

  it('a desktop joined to the host keeps the finished game as its own (source guest, you = its seat)', async () => {
    const t = await startTestHost()
    hosts.push(t)
    dirs.push(t.dataDir)
    const op: RequestContext = { transport: 'websocket', clientId: 'bench-op', operator: true }
    const guestDir = await mkdtemp(join(tmpdir(), 'p10-history-guest-'))
    dirs.push(guestDir)
    const guest = (
      await services(guestDir, {
        connectRemote: createConnectRemote({ dataDir: guestDir, tuning: { heartbeatMs: 0, backoff: { initialMs: 20, maxMs: 200 } } }),
      })
    ).s
    value(await t.host.services.dispatch('lobby.addBot', { level: 'easy' }, op))
    value(await t.host.services.dispatch('lobby.setRules', { rules: { fixedHands: 1 } }, op))
    const joined = value(await call<TableSnapshot>(guest, 'join.connect', { address: '127.0.0.1', port: t.host.port, name: 'Desk' }))
    expect(joined.mySeat).toBe(1)
    value(await call(guest, 'lobby.setReady', { ready: true }))
    // Not over yet: relayed to the host, refused there.
    expect(await call(guest, 'table.record')).toMatchObject({ ok: false, error: { code: 'WRONG_STATUS' } })
    value(await t.host.services.dispatch('lobby.start', { seed: 'history-guest-1' }, op))
    const end = await playLocal(guest)

    const deadline = Date.now() + 5000
    while (guest.history.all().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
    const kept = guest.history.all()
    expect(kept).toHaveLength(1)
    expect(kept[0]).toMatchObject({ source: 'guest', tableId: end.tableId, finalScores: scoresOf(end) })
    expect(kept[0].players.map((p) => [p.name, p.you])).toEqual([
      ['Easy bot 1', false],
      ['Desk', true],
    ])
    expect(value(await call<GameRecord>(guest, 'table.record')).source).toBe('host') // relayed as the host sent it
    expect(replayedScores(kept[0])).toEqual(scoresOf(end))
    expect(value(await call<HistoryList>(guest, 'history.list')).games[0]).toMatchObject({ yourSeat: 1, source: 'guest' })
  })
})
