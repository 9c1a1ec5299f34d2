/**
 * The replay floor sends its clients the host's own traffic: recorded from a real host over loopback, played back
 * by `replayServer`, the same clients (ws-client.ts's decoder, the bench's player) see the same snapshot at every
 * version and receive the same bytes, up to the revision numbers.
 */
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket, { WebSocketServer } from 'ws'
import { PROTOCOL_VERSION, WS_PATH, type TableSnapshot } from '@shared/api'
import { createRpcChannel, openSocket, type RpcChannel, type WebSocketCtor } from '@shared/api/ws-client'
import { startTestHost, type TestHost } from '../../test/node/lan/harness'
import { benchMove } from './lan-moves'
import { REPLAY_ENDED, ReplayRecorder, replayServer, type TableRecording } from './lan-replay'

interface Client {
  channel: RpcChannel
  snapshot: TableSnapshot | null
  /** JSON of each snapshot this client decoded once the game was on, by version. */
  seen: Map<number, string>
  bytes: number
}

async function connect(url: string, seat: number, recorder: ReplayRecorder | null): Promise<Client> {
  const ws = await openSocket(url, WebSocket as unknown as WebSocketCtor, 5000)
  if (!ws) throw new Error(`cannot connect to ${url}`)
  const client: Client = { channel: createRpcChannel(ws), snapshot: null, seen: new Map(), bytes: 0 }
  const read = ws.onmessage!
  ws.onmessage = (ev) => {
    const text = String(ev.data)
    const playing = client.snapshot?.status === 'playing'
    read(ev)
    if (!text.startsWith('{"type":"event"')) return
    // updates during the game, without their revision numbers (the floor's connection counts its own)
    if (playing && text.includes('"event":"table.update"')) client.bytes += text.replace(/"base":\d+,"rev":\d+/, '').length
    recorder?.frame(0, seat, text, client.snapshot)
  }
  client.channel.onEvent((event, payload) => {
    if (event !== 'table.snapshot') return
    client.snapshot = payload as TableSnapshot | null
    if (client.snapshot?.status === 'playing') client.seen.set(client.snapshot.version, JSON.stringify(client.snapshot))
  })
  return client
}

/** Seats join (the first claims the host's operator rights when `token` is given), get ready and start the game. */
async function seatAll(url: string, token: string | null, recorder: ReplayRecorder | null): Promise<Client[]> {
  const clients: Client[] = []
  for (let i = 0; i < 3; i++) {
    const c = await connect(url, i, recorder)
    if (i === 0 && token) expect((await c.channel.invoke('host.claim', { token })).ok).toBe(true)
    expect((await c.channel.invoke('table.join', { protocol: PROTOCOL_VERSION, name: `P${i}` })).ok).toBe(true)
    clients.push(c)
  }
  for (const c of clients.slice(1)) await c.channel.invoke('lobby.setReady', { ready: true })
  expect((await clients[0].channel.invoke('lobby.start', {})).ok).toBe(true)
  return clients
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 5))
  expect(check()).toBe(true)
}

/** `acts` actions, each by the seat whose turn its snapshot shows (the bench's cheap player); the versions answered. */
async function play(clients: Client[], acts: number): Promise<Array<number | string>> {
  const answers: Array<number | string> = []
  for (let n = 0; n < acts; n++) {
    await until(() => clients.some((c) => c.snapshot && benchMove(c.snapshot)))
    const c = clients.find((x) => x.snapshot && benchMove(x.snapshot))!
    const version = c.snapshot!.version
    const r = await c.channel.invoke('table.act', { version, action: benchMove(c.snapshot!) })
    answers.push(r.ok ? (r.value as { version: number }).version : r.error.code)
    if (!r.ok) break
    // every seat has this version before the next action (the host's order: all frames of an action go out together)
    await until(() => clients.every((x) => x.snapshot?.version === version + 1))
  }
  return answers
}

let host: TestHost | null = null
let floor: WebSocketServer | null = null
afterEach(async () => {
  await host?.stop()
  host = null
  await new Promise((r) => (floor ? floor.close(r) : r(null)))
  floor = null
})

describe('bench:lan replay floor', () => {
  it('plays the host’s frames back: the same snapshots at every version, the same bytes, then an answer that it ran out', async () => {
    host = await startTestHost()
    const recorder = new ReplayRecorder()
    const real = await seatAll(host.wsUrl, host.host.operatorToken, recorder)
    const realAnswers = await play(real, 40)
    expect(realAnswers.every((a) => typeof a === 'number')).toBe(true)
    for (const c of real) c.channel.close()

    // Through JSON, as bench:lan hands it to the floor process.
    const [rec] = JSON.parse(JSON.stringify(recorder.recordings())) as TableRecording[]
    expect(rec.start.filter(Boolean)).toHaveLength(3)
    expect(Object.keys(rec.steps)).toHaveLength(40)

    floor = new WebSocketServer({ port: 0, host: '127.0.0.1', path: WS_PATH })
    await new Promise((r) => floor!.once('listening', r))
    replayServer(floor, rec)
    const url = `ws://127.0.0.1:${(floor.address() as { port: number }).port}${WS_PATH}`
    const replayed = await seatAll(url, null, null)
    const replayedAnswers = await play(replayed, 41)
    expect(replayedAnswers).toEqual([...realAnswers, REPLAY_ENDED])
    for (let seat = 0; seat < 3; seat++) {
      expect([...replayed[seat].seen.keys()]).toEqual([...real[seat].seen.keys()])
      expect(replayed[seat].seen).toEqual(real[seat].seen)
      // the updates after the game's first snapshot: as many bytes, but for the revision numbers
      expect(replayed[seat].bytes).toBeGreaterThan(40 * 200)
      expect(replayed[seat].bytes).toBe(real[seat].bytes)
    }
    for (const c of replayed) c.channel.close()
  })
})
