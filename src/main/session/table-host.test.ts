/**
 * TableHost fields the table UI reads: the host's clock beside the turn deadline (countdowns), the grace
 * period and drop policy (the lobby's control), and who voted for a rematch (the game-over screen).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PROTOCOL_VERSION, tableSnapshotSchema, type ApiEvent, type TableSnapshot } from '@shared/api'
import { decide } from '@shared/ai'
import { InProcessBotRunner } from './bot-runner'
import { TableHost } from './table-host'

const hosts: TableHost[] = []
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close()
  vi.useRealTimers()
})

function lanTable(rules: ConstructorParameters<typeof TableHost>[0]['rules'] = {}) {
  const sent: { to: string; e: ApiEvent }[] = []
  const host = new TableHost({ name: 't', mode: 'lan', bots: new InProcessBotRunner(), deliver: (to, e) => sent.push({ to, e }), rules })
  hosts.push(host)
  return { host, sent }
}

/** Plays every human seat with the Easy bot's moves until `stop`; bots answer in between. */
async function playHumans(host: TableHost, clients: string[], stop: () => boolean): Promise<void> {
  for (let i = 0; i < 20_000 && !stop(); i++) {
    let moved = false
    for (const id of clients) {
      const snap = host.snapshotFor(id)!
      const view = snap.view
      if (!view || snap.status !== 'playing') continue
      if (view.stage === 'handOver' || view.turn === snap.mySeat) {
        const action = decide({ level: 'easy', view: view as never, history: [], salt: id })
        if (action && host.act(id, snap.version, action).ok) moved = true
      }
    }
    if (!moved) await new Promise((r) => setImmediate(r))
  }
  if (!stop()) throw new Error('the game did not get there')
}

describe('TableHost snapshot for the table UI', () => {
  it('carries the host clock with the turn deadline, so a client can count down with its own clock off', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(1_800_000_000_000)
    const { host } = lanTable({ turnTimerSeconds: 30 })
    host.attachHost('local', 'Host')
    host.join('ws:1', { protocol: PROTOCOL_VERSION, name: 'Ann' })
    host.setReady('ws:1', true)
    expect(host.start('deadline-seed-1').ok).toBe(true)
    const snap = host.snapshotFor('local')!
    expect(tableSnapshotSchema.parse(snap).hostNow).toBe(Date.now())
    expect(snap.turnDeadline! - snap.hostNow!).toBe(30_000)
    await vi.advanceTimersByTimeAsync(12_000)
    const later = host.snapshotFor('ws:1')!
    expect(later.turnDeadline! - later.hostNow!).toBe(18_000)
  })

  it('sends each new turn’s deadline with the snapshot of that turn (not the previous turn’s)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(1_800_000_000_000)
    const { host, sent } = lanTable({ turnTimerSeconds: 30 })
    host.attachHost('local', 'Host')
    host.join('ws:1', { protocol: PROTOCOL_VERSION, name: 'Ann' })
    host.setReady('ws:1', true)
    const lastSnapshot = () => sent.filter((x) => x.to === 'ws:1' && x.e.event === 'table.snapshot').at(-1)!.e.payload as TableSnapshot
    expect(host.start('deadline-seed-2').ok).toBe(true)
    expect(lastSnapshot().turnDeadline).toBe(Date.now() + 30_000)
    await vi.advanceTimersByTimeAsync(5_000)
    const snap = host.snapshotFor('local')!
    const actor = snap.view!.turn === 0 ? 'local' : 'ws:1'
    expect(host.act(actor, snap.version, { type: 'draw', from: 'deck' }).ok).toBe(true)
    // Still that player's turn: a new deadline from now on.
    expect(lastSnapshot().turnDeadline).toBe(Date.now() + 30_000)
    expect(lastSnapshot().hostNow).toBe(Date.now())
  })

  it('shows the grace period and the drop policy the host set in the lobby', () => {
    const { host } = lanTable()
    host.attachHost('local', 'Host')
    expect(host.snapshotFor('local')).toMatchObject({ dropPolicy: 'wait', graceSeconds: 60 })
    expect(host.setDropPolicy({ policy: 'bot', graceSeconds: 120 }).ok).toBe(true)
    expect(host.snapshotFor('local')).toMatchObject({ dropPolicy: 'bot', graceSeconds: 120 })
  })

  it('lists who voted for a rematch until the game starts again', async () => {
    const { host } = lanTable({ phaseList: [[{ kind: 'set', size: 3 }]], fixedHands: 1 })
    host.attachHost('local', 'Host')
    host.join('ws:1', { protocol: PROTOCOL_VERSION, name: 'Ann' })
    host.join('ws:2', { protocol: PROTOCOL_VERSION, name: 'Ben' })
    host.addBot('easy')
    host.setReady('ws:1', true)
    host.setReady('ws:2', true)
    expect(host.start('rematch-votes-1').ok).toBe(true)
    expect(host.snapshotFor('ws:1')!.rematchVotes).toEqual([])
    await playHumans(host, ['local', 'ws:1', 'ws:2'], () => host.currentStatus === 'over')
    const votes = (id: string): TableSnapshot['rematchVotes'] => host.snapshotFor(id)!.rematchVotes
    expect(votes('ws:1')).toEqual([])
    expect(host.rematch('ws:2', false).ok).toBe(true)
    expect(votes('ws:1')).toEqual([2])
    expect(host.rematch('ws:1', false).ok).toBe(true)
    expect(votes('local')).toEqual([1, 2])
    expect(host.currentStatus).toBe('over') // the host has not voted: no new game yet
    expect(host.rematch('local', true).ok).toBe(true)
    expect(host.currentStatus).toBe('playing')
    expect(votes('ws:1')).toEqual([])
  })
})

describe('names at a LAN table', () => {
  it('are cleaned, unique, and no guest passes for the host', () => {
    const { host } = lanTable()
    host.attachHost('local', 'Zed')
    const join = (id: string, name: string) => {
      const r = host.join(id, { protocol: PROTOCOL_VERSION, name })
      if (!r.ok) throw new Error(r.error.message)
      return r.value.snapshot.seats.find((s) => s.seat === r.value.snapshot.mySeat)!.name
    }
    expect(join('ws:1', 'Ev\u202Eil')).toBe('Evil')
    expect(join('ws:2', 'Zed')).toBe('Zed 2') // the host's own name
    expect(join('ws:3', 'ze\u200Bd')).toBe('zed 3')
    expect(join('ws:4', 'Host')).toBe('Host 2') // the host's label where it has no seat
    expect(host.addBot('easy', 'Evil').ok).toBe(true)
    const names = host.snapshotFor('local')!.seats.map((s) => s.name)
    expect(names).toEqual(['Zed', 'Evil', 'Zed 2', 'zed 3', 'Host 2', 'Evil 2'])
  })

  it('chat text loses its bidi controls too', () => {
    const { host } = lanTable()
    host.attachHost('local', 'Zed')
    host.join('ws:1', { protocol: PROTOCOL_VERSION, name: 'Ann' })
    const r = host.chat('ws:1', 'gg \u202Eno')
    expect(r.ok && r.value.text).toBe('gg no')
  })
})


describe('ghost seats in the lobby', () => {
  it('are freed 10 s after their sockets close, whatever the drop policy, and the table fills again', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const { host } = lanTable()
    host.attachHost('local', 'Zed')
    expect(host.snapshotFor('local')!.dropPolicy).toBe('wait')
    for (let i = 1; i <= 5; i++) {
      expect(host.join(`ghost:${i}`, { protocol: PROTOCOL_VERSION, name: `Ghost ${i}` }).ok).toBe(true)
      host.disconnect(`ghost:${i}`)
    }
    expect(host.join('ws:real', { protocol: PROTOCOL_VERSION, name: 'Ann' })).toMatchObject({ ok: false, error: { code: 'TABLE_FULL' } })
    vi.advanceTimersByTime(9_999)
    expect(host.snapshotFor('local')!.seats).toHaveLength(6)
    vi.advanceTimersByTime(1)
    expect(host.snapshotFor('local')!.seats.map((s) => s.name)).toEqual(['Zed'])
    expect(host.join('ws:real', { protocol: PROTOCOL_VERSION, name: 'Ann' }).ok).toBe(true)
    host.setReady('ws:real', true)
    expect(host.start('after-ghosts').ok).toBe(true)
  })

  it('a player who comes back within the lobby grace keeps the seat', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const { host } = lanTable()
    host.attachHost('local', 'Zed')
    const joined = host.join('ws:1', { protocol: PROTOCOL_VERSION, name: 'Ann' })
    const token = joined.ok ? joined.value.token! : ''
    host.disconnect('ws:1')
    vi.advanceTimersByTime(5_000)
    expect(host.join('ws:2', { protocol: PROTOCOL_VERSION, name: 'Ann', token }).ok).toBe(true)
    vi.advanceTimersByTime(20_000)
    expect(host.snapshotFor('local')!.seats.map((s) => s.name)).toEqual(['Zed', 'Ann'])
  })
})

describe('the table key', () => {
  it('signs challenges verifiably, is in the snapshot and the advert, and survives a resume', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const { SaveStore } = await import('./saves')
    const { fingerprintOf, newChallenge, verifyProof } = await import('./host-key')
    const dir = await mkdtemp(join(tmpdir(), 'p10-key-'))
    try {
      const saves = new SaveStore(dir, () => {})
      const host = new TableHost({ name: 't', mode: 'lan', bots: new InProcessBotRunner(), deliver: () => {}, saves })
      hosts.push(host)
      host.attachHost('local', 'Zed')
      host.addBot('easy')
      expect(host.start('key-seed').ok).toBe(true)
      const key = host.snapshotFor('local')!.hostKey!
      expect(host.info().fingerprint).toBe(fingerprintOf(key))
      const challenge = newChallenge()
      const proof = host.prove(challenge)
      expect(proof).toMatchObject({ tableId: host.tableId, publicKey: key })
      expect(verifyProof(key, host.tableId, challenge, proof.signature)).toBe(true)
      expect(verifyProof(key, host.tableId, newChallenge(), proof.signature)).toBe(false) // not another challenge
      expect(verifyProof(key, 'other-table', challenge, proof.signature)).toBe(false) // not another table
      await host.close()
      const loaded = await saves.load(host.tableId)
      const resumed = TableHost.fromSave(loaded!, { bots: new InProcessBotRunner(), deliver: () => {}, saves })
      hosts.push(resumed)
      expect(resumed.prove(challenge).publicKey).toBe(key)
      expect(verifyProof(key, host.tableId, challenge, resumed.prove(challenge).signature)).toBe(true)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('TableHost game keys', () => {
  it('draws each game key from the gameKey option when start and rematch name none (the headless --deal-seed)', async () => {
    const { gameKeysFrom } = await import('./game-keys')
    const make = () => {
      const host = new TableHost({ name: 't', mode: 'solo', bots: new InProcessBotRunner(), deliver: () => {}, gameKey: gameKeysFrom('demo') })
      hosts.push(host)
      host.attachHost('local', 'Host')
      host.addBot('easy')
      expect(host.start().ok).toBe(true)
      return host
    }
    const a = make()
    const b = make()
    expect(a.engineState!.seed).toBe('demo#1')
    // The same seed deals the same game: the same hands on two tables.
    expect(b.engineState!.seed).toBe('demo#1')
    expect(b.engineState!.players.map((p) => p.hand)).toEqual(a.engineState!.players.map((p) => p.hand))
    // Without the option every game gets 32 random bytes.
    const { host: random } = lanTable()
    random.attachHost('local', 'Host')
    random.addBot('easy')
    expect(random.start().ok).toBe(true)
    expect(random.engineState!.seed).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // A rematch takes the next key.
    await playHumans(a, ['local'], () => a.currentStatus === 'over')
    expect(a.rematch('local', true).ok).toBe(true)
    expect(a.engineState!.seed).toBe('demo#2')
  })
})
