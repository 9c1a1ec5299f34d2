/**
 * RemoteTable against a minimal but real WebSocket host on 127.0.0.1 (the GameApi frames over `ws`):
 * handshake, token persistence, relaying with validation, address fallback, reconnect + rejoin, giving up.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocketServer, type WebSocket } from 'ws'
import { PROTOCOL_VERSION, WS_PATH, type ApiEvent, type TableSnapshot } from '@shared/api'
import { defaultRules } from '@shared/engine/rules'
import { HostKey } from './host-key'
import { REMOTE_SEATS_FILE, RemoteTable, createConnectRemote, lastRemoteSeat, type RemoteTableOptions } from './remote-table'

function snapshot(patch: Partial<TableSnapshot> = {}): TableSnapshot {
  return {
    protocol: PROTOCOL_VERSION,
    tableId: 'tbl1',
    name: 'Kitchen',
    role: 'guest',
    status: 'lobby',
    mySeat: 1,
    seats: [
      { seat: 0, name: 'Ada', kind: 'human', botLevel: null, connected: true, ready: true, isHost: true, autoPlayed: false },
      { seat: 1, name: 'Bob', kind: 'human', botLevel: null, connected: true, ready: false, isHost: false, autoPlayed: false },
    ],
    rules: defaultRules(),
    version: 0,
    view: null,
    recentEvents: [],
    paused: null,
    turnDeadline: null,
    dropPolicy: 'wait',
    joinUrls: [],
    connection: 'connected',
    chat: [],
    ...patch,
  }
}

/** A tiny host: table.join (protocol + token check), lobby.setReady, table.act, app.info; knobs for abuse. */
class FakeHost {
  wss!: WebSocketServer
  port = 0
  joins: Array<Record<string, unknown>> = []
  tokens = new Set<string>(['tok-old'])
  nextToken = 1
  sockets = new Set<WebSocket>()
  /** Replace answers to break the contract. */
  override: Partial<Record<string, unknown>> = {}
  silent = false
  /** The table's host key: a real one, so RemoteTable's proof checks run for real. */
  key = HostKey.generate()
  /** Every frame received (to check what an impostor was sent). */
  frames: string[] = []
  async start(port = 0): Promise<void> {
    this.wss = new WebSocketServer({ host: '127.0.0.1', port, path: WS_PATH })
    await new Promise<void>((r) => this.wss.once('listening', () => r()))
    this.port = (this.wss.address() as AddressInfo).port
    this.wss.on('connection', (ws) => {
      this.sockets.add(ws)
      ws.on('close', () => this.sockets.delete(ws))
      ws.on('message', (data) => {
        this.frames.push(String(data))
        if (this.silent) return
        const f = JSON.parse(String(data)) as { id: number; name: string; params: Record<string, unknown> }
        const reply = (result: unknown) => ws.send(JSON.stringify({ type: 'response', id: f.id, result }))
        if (f.name in this.override) return reply(this.override[f.name])
        switch (f.name) {
          case 'table.join': {
            this.joins.push(f.params)
            if (f.params.protocol !== PROTOCOL_VERSION)
              return reply({ ok: false, error: { code: 'PROTOCOL_VERSION', message: 'old', detail: { protocol: PROTOCOL_VERSION } } })
            let token = f.params.token as string | undefined
            if (token && !this.tokens.has(token)) return reply({ ok: false, error: { code: 'BAD_TOKEN', message: 'no such seat' } })
            if (!token) this.tokens.add((token = `tok-${this.nextToken++}`))
            return reply({ ok: true, value: { token, snapshot: snapshot({ hostKey: this.key.publicKey }) } })
          }
          case 'host.prove':
            return reply({ ok: true, value: { tableId: 'tbl1', publicKey: this.key.publicKey, signature: this.key.prove('tbl1', f.params.challenge as string) } })
          case 'lobby.setReady':
            return reply({ ok: true, value: snapshot({ seats: snapshot().seats.map((s) => ({ ...s, ready: true })) }) })
          case 'table.act':
            return reply({ ok: true, value: { version: 8 } })
          case 'app.info':
            return reply({ ok: true, value: { name: 'Phase 10', version: 't', platform: 'linux', transport: 'websocket' } })
          default:
            return reply({ ok: false, error: { code: 'BAD_REQUEST', message: 'unknown' } })
        }
      })
    })
  }
  broadcast(event: string, payload: unknown): void {
    for (const ws of this.sockets) ws.send(JSON.stringify({ type: 'event', event, payload }))
  }
  drop(): void {
    for (const ws of this.sockets) ws.terminate()
  }
  async stop(): Promise<void> {
    this.drop()
    await new Promise<void>((r) => this.wss.close(() => r()))
  }
}

let dataDir: string
let host: FakeHost
let tables: RemoteTable[]
let relayed: ApiEvent[]
const fast = { connectTimeoutMs: 1000, requestTimeoutMs: 1000, backoff: { initialMs: 20, maxMs: 100 }, heartbeatMs: 0 }

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'p10-remote-'))
  host = new FakeHost()
  await host.start()
  tables = []
  relayed = []
})
afterEach(async () => {
  for (const t of tables) await t.close()
  await host.stop().catch(() => undefined)
  await rm(dataDir, { recursive: true, force: true })
})

async function connect(extra: Partial<RemoteTableOptions> = {}): Promise<RemoteTable> {
  const r = await RemoteTable.connect({ addresses: ['127.0.0.1'], port: host.port, name: 'Bob', dataDir, onEvent: (e) => relayed.push(e), ...fast, ...extra })
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  tables.push(r.value)
  return r.value
}
const until = async (cond: () => boolean, ms = 3000) => {
  const end = Date.now() + ms
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}
const snapshotsRelayed = () => relayed.filter((e) => e.event === 'table.snapshot').map((e) => e.payload as TableSnapshot | null)

describe('RemoteTable', () => {
  it('joins with the protocol version and our name, keeps the token on disk, and a restart reuses it', async () => {
    const t = await connect()
    expect(host.joins[0]).toEqual({ protocol: PROTOCOL_VERSION, name: 'Bob' })
    expect(t.state).toBe('connected')
    expect(t.snapshot()).toMatchObject({ tableId: 'tbl1', role: 'guest', connection: 'connected' })
    expect(t.seatToken).toBe('tok-1')
    expect(await lastRemoteSeat(dataDir)).toMatchObject({ tableId: 'tbl1', token: 'tok-1', port: host.port, addresses: ['127.0.0.1'] })
    await t.close()
    // "app restart": a new RemoteTable for the same host picks the stored token
    const again = await connect()
    expect(host.joins[1]).toEqual({ protocol: PROTOCOL_VERSION, name: 'Bob', token: 'tok-1' })
    expect(again.seatToken).toBe('tok-1')
  })

  it('a stale stored token (host has a new table) falls back to a fresh seat; an explicit bad token is refused', async () => {
    // The old table's key is not this table's: its token is never sent, a fresh seat is taken.
    await writeFile(
      join(dataDir, REMOTE_SEATS_FILE),
      JSON.stringify({ seats: [{ tableId: 'gone', tableName: 'x', addresses: ['127.0.0.1'], port: host.port, name: 'Bob', token: 'tok-zzz', savedAt: 1, hostKey: HostKey.generate().publicKey }] }),
    )
    const t = await connect()
    expect(host.joins.map((j) => j.token)).toEqual([undefined])
    expect(host.frames.some((f) => f.includes('tok-zzz'))).toBe(false)
    expect(t.seatToken).toBe('tok-1')
    const stored = JSON.parse(await readFile(join(dataDir, REMOTE_SEATS_FILE), 'utf8')) as { seats: Array<{ token: string }> }
    // The old record stays: it may belong to a table elsewhere, which this host could not speak for.
    expect(stored.seats.map((s) => s.token)).toEqual(['tok-1', 'tok-zzz'])
    const refused = await RemoteTable.connect({ addresses: ['127.0.0.1'], port: host.port, name: 'Bob', dataDir, token: 'nope', onEvent: () => {}, ...fast })
    expect(refused).toMatchObject({ ok: false, error: { code: 'BAD_TOKEN' } })
  })

  it('passes the host refusal of another protocol version through', async () => {
    host.override['table.join'] = { ok: false, error: { code: 'PROTOCOL_VERSION', message: 'host speaks 2', detail: { protocol: 2 } } }
    const r = await RemoteTable.connect({ addresses: ['127.0.0.1'], port: host.port, name: 'Bob', dataDir, onEvent: () => {}, ...fast })
    expect(r).toMatchObject({ ok: false, error: { code: 'PROTOCOL_VERSION', detail: { protocol: 2 } } })
  })

  it('tries the addresses in order: an unreachable first address falls through to the next', async () => {
    const t = await connect({ addresses: ['127.0.0.2', '127.0.0.1'] })
    expect(t.state).toBe('connected')
    const none = await RemoteTable.connect({ addresses: ['127.0.0.2', '127.0.0.3'], port: host.port, name: 'Bob', dataDir, onEvent: () => {}, ...fast })
    expect(none).toMatchObject({ ok: false, error: { code: 'DISCONNECTED' } })
  })

  it('relays table requests and validates answers: a malformed answer becomes INTERNAL', async () => {
    const t = await connect()
    expect(await t.act(7, { type: 'draw', from: 'deck' })).toEqual({ ok: true, value: { version: 8 } })
    const ready = await t.setReady(true)
    expect(ready.ok && ready.value.seats.every((s) => s.ready)).toBe(true)
    expect(t.snapshot()?.seats[1].ready).toBe(true)
    host.override['table.act'] = { ok: true, value: { version: 'eight' } }
    expect(await t.act(8, { type: 'draw', from: 'deck' })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
    expect(await t.request('settings.get', {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
  })

  it('relays valid table events and drops invalid or foreign ones (untrusted host)', async () => {
    const t = await connect()
    host.broadcast('table.chat', { id: 1, at: 5, seat: 0, name: 'Ada', text: 'hi' })
    host.broadcast('table.chat', { id: 2, at: 5, seat: 9, name: 'Ada', text: 'bad seat' })
    host.broadcast('settings.changed', { playerName: 'Evil' })
    host.broadcast('table.snapshot', { ...snapshot(), view: { hand: 'all the cards' } })
    host.broadcast('table.events', { version: 3, events: [{ type: 'discarded', seat: 0, card: 'R7' }] })
    await until(() => relayed.some((e) => e.event === 'table.events'))
    expect(relayed.map((e) => e.event), JSON.stringify(relayed)).toEqual(['table.chat', 'table.events'])
    host.broadcast('table.snapshot', snapshot({ status: 'playing', connection: 'reconnecting' }))
    await until(() => snapshotsRelayed().length === 1)
    // our own link state is what the relayed snapshot says
    expect(snapshotsRelayed()[0]).toMatchObject({ status: 'playing', connection: 'connected' })
    expect(t.snapshot()?.status).toBe('playing')
  })

  it('reconnects after a drop and rejoins with its token; reports reconnecting → connected', async () => {
    const t = await connect()
    host.drop()
    await until(() => t.state === 'reconnecting')
    expect(await t.act(0, { type: 'draw', from: 'deck' })).toMatchObject({ ok: false, error: { code: 'DISCONNECTED' } })
    expect(await t.request('table.get', {})).toMatchObject({ ok: true, value: { connection: 'reconnecting' } })
    await until(() => t.state === 'connected')
    expect(host.joins.at(-1)).toEqual({ protocol: PROTOCOL_VERSION, name: 'Bob', token: 'tok-1' })
    expect(snapshotsRelayed().map((s) => s?.connection)).toEqual(['reconnecting', 'connected'])
  })

  it('survives the host restarting on the same port (backoff keeps trying)', async () => {
    const t = await connect()
    const port = host.port
    await host.stop()
    await until(() => t.state === 'reconnecting')
    await new Promise((r) => setTimeout(r, 200))
    const key = host.key
    host = new FakeHost()
    host.key = key // a resumed table keeps its key (it is in the save)
    host.tokens.add('tok-1') // the resumed table knows the seat
    await host.start(port)
    await until(() => t.state === 'connected')
    expect(host.joins[0]).toMatchObject({ token: 'tok-1' })
  })

  it('gives up after giveUpAfterMs with connection "disconnected"; a refused rejoin also stops', async () => {
    const t = await connect({ giveUpAfterMs: 300 })
    await host.stop()
    await until(() => t.state === 'disconnected', 3000)
    expect(snapshotsRelayed().at(-1)?.connection).toBe('disconnected')

    host = new FakeHost()
    await host.start()
    const u = await connect()
    host.tokens.clear() // the seat is gone
    host.drop()
    await until(() => u.state === 'disconnected')
  })

  it('a dead link (no answers, socket still open) is noticed by the heartbeat', async () => {
    const t = await connect({ heartbeatMs: 50 })
    host.silent = true
    await until(() => t.state === 'reconnecting', 2000)
    host.silent = false
    await until(() => t.state === 'connected', 3000)
  })

  it('leave tells the host, forgets the token and relays a null snapshot; a closed table does the same', async () => {
    const t = await connect()
    const left = await t.request('table.leave', {})
    expect(left).toEqual({ ok: true, value: null }) // the fake host answers table.leave with BAD_REQUEST; leaving still happens
    expect(await lastRemoteSeat(dataDir)).toBeNull()
    expect(snapshotsRelayed().at(-1)).toBeNull()
    relayed = []
    const u = await connect()
    host.broadcast('table.snapshot', null)
    await until(() => snapshotsRelayed().length === 1)
    expect(u.state).toBe('disconnected')
  })

  it('createConnectRemote answers the session and its first snapshot (the services hook)', async () => {
    const connectRemote = createConnectRemote({ dataDir, addressesFor: (a) => ['127.0.0.2', a], tuning: fast })
    const r = await connectRemote({ address: '127.0.0.1', port: host.port, name: 'Bob' }, (e) => relayed.push(e))
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value.snapshot.tableId).toBe('tbl1')
    await r.value.session.close()
  })

  it('sends a stored seat token only to the host that proves the table key (a spoofed advert gets nothing)', async () => {
    const first = await connect({ tableId: 'tbl1' })
    const token = first.seatToken!
    await first.close()
    tables.length = 0
    // An impostor takes the host's place (same address, port and table id), with a key of its own.
    await host.stop()
    const impostor = new FakeHost()
    impostor.tokens.add(token)
    await impostor.start(host.port)
    try {
      const r = await RemoteTable.connect({ addresses: ['127.0.0.1'], port: impostor.port, tableId: 'tbl1', name: 'Bob', dataDir, onEvent: () => {}, ...fast })
      expect(r).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: expect.stringMatching(/could not prove/) } })
      expect(impostor.frames.some((f) => f.includes('host.prove'))).toBe(true)
      expect(impostor.frames.some((f) => f.includes(token))).toBe(false)
      // A replayed proof does not help either: the impostor answers with the real key but cannot sign.
      impostor.key = HostKey.generate()
      impostor.override['host.prove'] = { ok: true, value: { tableId: 'tbl1', publicKey: host.key.publicKey, signature: 'A'.repeat(86) } }
      const again = await RemoteTable.connect({ addresses: ['127.0.0.1'], port: impostor.port, tableId: 'tbl1', name: 'Bob', dataDir, onEvent: () => {}, ...fast })
      expect(again.ok).toBe(false)
      expect(impostor.frames.some((f) => f.includes(token))).toBe(false)
    } finally {
      await impostor.stop()
    }
    host = new FakeHost() // afterEach stops it
    await host.start()
  })
})
