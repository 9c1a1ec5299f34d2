/**
 * 10,000 malformed or hostile frames (seeded generator) from a seated player while another player holds the
 * turn: each is answered with an error code, and the host's engine state is the very same object afterwards
 * (nothing changed). Then the game is played to its end.
 */
import { afterEach, expect, it } from 'vitest'
import { API_ERROR_CODES, PROTOCOL_VERSION } from '@shared/api'
import { startTestHost, TestClient, playUntil, type TestHost } from './harness'
import { checkSecrecy } from './secrecy'

const SEED = Number(process.env.FUZZ_SEED ?? 20261129)
const FRAMES = 10_000

/** mulberry32: a small seeded PRNG, so a failure names its seed and frame number. */
function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]
  return { next, int, pick }
}
type Rng = ReturnType<typeof prng>

const WEIRD_NUMBERS = [-1, -0, 0.5, 1e308, -1e308, 2 ** 53, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 1e21, 4294967296, 6, 99]
const WEIRD_VALUES: unknown[] = [null, true, false, '', 'x'.repeat(300), [], {}, [[[]]], { __proto__: { polluted: 1 } }, '\u0000', '💥', ...WEIRD_NUMBERS]
const CARDS = ['R1', 'B12', 'W', 'S', 'W=7', 'W=R', 'G13', 'R0', 'X1', 'w', 'S ', '']
const LOCAL_ONLY = ['solo.start', 'host.open', 'host.close', 'join.connect', 'discovery.start', 'discovery.stop', 'lobby.setRules', 'lobby.addBot', 'lobby.removeSeat', 'lobby.start', 'lobby.dropPolicy', 'lobby.dealNext', 'settings.get', 'settings.set']

function randomText(r: Rng, n: number): string {
  let s = ''
  for (let i = 0; i < n; i++) s += String.fromCharCode(r.int(0x3000))
  return s
}

function randomAction(r: Rng): unknown {
  switch (r.int(9)) {
    case 0:
      return { type: 'draw', from: r.pick(['deck', 'discard', 'saved', 'hand', 7]), card: r.next() < 0.5 ? r.pick(CARDS) : undefined }
    case 1:
      return { type: 'discard', card: r.pick(CARDS) }
    case 2:
      return { type: 'layDown', groups: Array.from({ length: r.int(4) }, () => Array.from({ length: r.int(6) }, () => r.pick(CARDS))) }
    case 3:
      return { type: 'hit', card: r.pick(CARDS), target: { seat: r.pick([0, 1, 2, 3, 5, 6, -1]), group: r.pick([0, 1, 7, 8]) } }
    case 4:
      return { type: 'skip', card: 'S', target: r.pick([0, 1, 2, 3, 9, undefined]) }
    case 5:
      return { type: r.pick(['save', 'choosePhase', 'nextHand']), card: r.pick(CARDS), phase: r.pick([1, 10, 0, 100]) }
    case 6:
      return { type: r.pick(['win', 'reset', '__proto__', 'constructor', 'setState']), state: { version: 0 } }
    case 7:
      return r.pick(WEIRD_VALUES)
    default:
      return { type: 'draw', from: 'deck' } // well-formed, but not this seat's turn
  }
}

interface Hostile {
  data: string | Buffer
  binary: boolean
  /** The error code the answer must carry (any code when omitted); 'close' when the host must hang up. */
  expect?: string
}

function hostileFrame(r: Rng, version: number, token: string): Hostile {
  const req = (name: unknown, params: unknown, id: unknown = r.int(1_000_000)) => JSON.stringify({ type: 'request', id, name, params })
  switch (r.int(16)) {
    case 0:
      return { data: randomText(r, r.int(200)), binary: false, expect: 'BAD_REQUEST' }
    case 1: {
      const good = req('table.act', { version, action: { type: 'draw', from: 'deck' } })
      return { data: good.slice(0, r.int(good.length - 1)), binary: false, expect: 'BAD_REQUEST' }
    }
    case 2:
      return { data: JSON.stringify(r.pick(WEIRD_VALUES)), binary: false, expect: 'BAD_REQUEST' }
    case 3:
      return { data: JSON.stringify({ type: r.pick(['response', 'event', 'REQUEST', 1]), id: r.pick(WEIRD_VALUES), name: 'table.get', params: {} }), binary: false, expect: 'BAD_REQUEST' }
    case 4:
      return { data: req(r.pick(['table.win', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'settings.delete', randomText(r, 8), 'x'.repeat(101)]), {}), binary: false, expect: 'BAD_REQUEST' }
    case 5: // a stale or impossible version, with an otherwise legal-looking action
      return {
        data: req('table.act', { version: r.pick([version - 1, version + 1, 0, ...WEIRD_NUMBERS.filter((n) => n !== version)]), action: { type: 'draw', from: 'deck' } }),
        binary: false,
        expect: undefined, // STALE_VERSION, or BAD_REQUEST for a non-integer
      }
    case 6: // the current version: another seat's move, or nonsense
      return { data: req('table.act', { version, action: randomAction(r) }), binary: false }
    case 7: // trying to act for another seat
      return { data: req('table.act', { version, action: { type: 'draw', from: 'deck' }, seat: r.int(4) }), binary: false, expect: 'BAD_REQUEST' }
    case 8:
      return { data: req(r.pick(LOCAL_ONLY), r.pick([{}, { seat: 0 }, { bots: [{ level: 'hard' }] }, null])), binary: false, expect: 'FORBIDDEN' }
    case 9:
      return { data: req('table.join', { protocol: r.pick([0, PROTOCOL_VERSION + 1, -1, '1', null, 1e9]), name: 'Eve' }), binary: false, expect: 'PROTOCOL_VERSION' }
    case 10:
      return { data: req('table.join', { protocol: PROTOCOL_VERSION, name: 'Eve', token: r.pick(['', 'nope', `${token}x`, token.slice(1), 'A'.repeat(128)]) }), binary: false }
    case 11:
      return { data: req('table.chat', { text: r.pick(['', '   ', 'x'.repeat(201), 42, null]) }), binary: false, expect: 'BAD_REQUEST' }
    case 12:
      return { data: Buffer.from(r.next() < 0.5 ? req('table.get', {}) : randomText(r, 50)), binary: true, expect: 'BAD_REQUEST' }
    case 13:
      return { data: req(r.pick(['lobby.setReady', 'table.rematch', 'host.claim']), r.pick([{ ready: 'yes' }, {}, { token: 'guess' }, { extra: 1 }, [], 'str'])), binary: false }
    case 14:
      return { data: '['.repeat(5000) + ']'.repeat(5000), binary: false, expect: 'BAD_REQUEST' }
    default:
      return { data: req('table.act', { version, action: { type: 'layDown', groups: [Array.from({ length: 24 }, () => r.pick(CARDS))] }, pad: 'x'.repeat(r.int(2000)) }), binary: false, expect: 'BAD_REQUEST' }
  }
}

let t: TestHost
const clients: TestClient[] = []
afterEach(async () => {
  for (const c of clients.splice(0)) c.close()
  await t?.stop()
})

it(`answers ${FRAMES} hostile frames (seed ${SEED}) with error codes, changes nothing, then plays on to the end`, async () => {
  t = await startTestHost({ table: { tableName: 'Fuzz', resume: undefined } })
  const op = await TestClient.connect(t.wsUrl)
  const waiter = await TestClient.connect(t.wsUrl)
  let fuzzer = await TestClient.connect(t.wsUrl)
  clients.push(op, waiter, fuzzer)
  await op.request('host.claim', { token: t.host.operatorToken })
  await op.join('Host')
  await waiter.join('Wanda')
  await fuzzer.join('Eve')
  await op.request('lobby.addBot', { level: 'medium' })
  await op.request('lobby.setRules', { rules: { phaseList: [[{ kind: 'set', size: 3 }, { kind: 'set', size: 3 }], [{ kind: 'set', size: 4 }, { kind: 'set', size: 3 }]] } })
  await waiter.request('lobby.setReady', { ready: true })
  await fuzzer.request('lobby.setReady', { ready: true })
  expect((await op.request('lobby.start', { seed: 'hostile-frames-seed-0001' })).ok).toBe(true)
  await fuzzer.until(() => (fuzzer.snapshot?.view ? true : undefined))
  // Play until Wanda (seat 1) holds the turn mid-hand; she then waits while Eve (seat 2) attacks.
  await playUntil([op, waiter, fuzzer], (s) => s.view !== null && s.view.turn === 1 && (s.view.stage === 'draw' || s.view.stage === 'play'))
  const token = fuzzer.token!
  const r = prng(SEED)
  const validCodes = new Set<string>(API_ERROR_CODES)
  let closes = 0
  const before = t.state()!
  const json = JSON.stringify(before)
  for (let i = 0; i < FRAMES; i++) {
    const version = t.state()!.version
    // A few oversized frames: the host hangs up (1009) and the player comes back with the seat token.
    const h: Hostile = i % 2000 === 1999 ? { data: 'x'.repeat(70 * 1024), binary: r.next() < 0.5, expect: 'close' } : hostileFrame(r, version, token)
    const reply = await fuzzer.raw(h.data, h.binary)
    const where = `seed ${SEED}, frame ${i}: ${String(h.data).slice(0, 120)}`
    if (h.expect === 'close') {
      expect(reply, where).toBeNull()
      closes++
      fuzzer = await TestClient.connect(t.wsUrl)
      clients.push(fuzzer)
      expect((await fuzzer.join('Eve', { token })).ok, where).toBe(true)
    } else {
      expect(reply?.type, where).toBe('response')
      const result = (reply as { result: { ok: boolean; error?: { code: string } } }).result
      expect(result.ok, where).toBe(false)
      expect(validCodes.has(result.error!.code), where).toBe(true)
      if (h.expect) expect(result.error!.code, where).toBe(h.expect)
    }
    // Nothing changed: engine states are immutable, so "unchanged" means "the very same object".
    if (t.state() !== before) throw new Error(`${where}: the state changed`)
  }
  expect(JSON.stringify(t.state())).toBe(json)
  expect(closes).toBe(5)
  // Eve's seat is still hers, and the game goes on to its end.
  expect(fuzzer.snapshot?.mySeat).toBe(2)
  await playUntil([op, waiter, fuzzer])
  expect(t.state()!.stage).toBe('gameOver')
  // And no frame to anyone, the attacker's many connections included, showed a hidden card.
  t.sent.forEach((frames, i) => expect(checkSecrecy(frames, Math.min(i, 2)).problems.slice(0, 3), `connection ${i}`).toEqual([]))
})
