import { createHash, createHmac, webcrypto } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { playRandomGame } from '../engine/testing'
import { viewFor } from '../engine/views'
import type { GameState } from '../engine/state'
import type { PartialRuleOptions } from '../engine/rules'
import { gameRecordOf } from '../history/record'
import { gameCommitment, handCommitment } from './commitment'
import { checkNotesAgainstRecord } from './game-check'
import { checkGameKey, checkHand, jsSha256, noteFromView, webCryptoSha256, type DealNote, type Sha256 } from './verify'

/** node:crypto, the desktop's own hash: the checks must agree with it, Web Crypto and the pure-JS fallback. */
const nodeSha256: Sha256 = {
  digest: async (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
  hmac: async (key, text) => createHmac('sha256', key).update(text, 'utf8').digest('hex'),
}
const webSha256 = webCryptoSha256(webcrypto.subtle as unknown as typeof globalThis.crypto.subtle)!

/** Plays a random game, every seat (and a spectator) taking its note at every deal, as a client does. */
function playNoting(rules: PartialRuleOptions, seed: string, players = 3) {
  const notes: DealNote[][] = [] // per hand: one per seat
  const take = (s: GameState) => (notes[s.handNumber - 1] = s.players.map((_, seat) => noteFromView(viewFor(s, seat))))
  let first: GameState | null = null
  const { state } = playRandomGame({
    seed,
    players,
    rules,
    onStep: (before, after) => {
      if (!first) take((first = before))
      if (after.handNumber !== before.handNumber) take(after)
    },
  })
  return { state, notes }
}

describe('deal commitments', () => {
  it('the three hashes agree on the documented bytes', async () => {
    const text = 'phase10/commit/v1\ntable-1\n3\n0123456789abcdef0123456789abcdef'
    const want = createHash('sha256').update(text).digest('hex')
    expect(handCommitment('table-1', 3, '0123456789abcdef0123456789abcdef')).toBe(want)
    expect(await jsSha256.digest(text)).toBe(want)
    expect(await webSha256.digest(text)).toBe(want)
    expect(await webSha256.hmac('key', 'phase10/hand/1')).toBe(await nodeSha256.hmac('key', 'phase10/hand/1'))
    expect(gameCommitment('t', 'k')).toBe(createHash('sha256').update('phase10/game/v1\nt\nk').digest('hex'))
  })

  it('a Classic game checks ✓ on every hand for every seat, and its game key ✓', async () => {
    const { state, notes } = playNoting({ fixedHands: 3 }, 'fair-classic', 4)
    expect(notes.length).toBe(3)
    for (const [i, hand] of notes.entries()) {
      for (const note of hand) {
        const check = await checkHand(note, state.revealedSeeds[i], nodeSha256)
        expect(check.status, check.problems.join(' ')).toBe('ok')
        expect(check.passed.length).toBe(3)
      }
    }
    const v = viewFor(state, 0)
    const key = await checkGameKey({ tableId: v.tableId, gameCommitment: v.gameCommitment, gameKey: v.gameKey!, revealedSeeds: v.revealedSeeds, beforeReveal: true }, webSha256)
    expect(key.status).toBe('ok')
  })

  it('a tampered seed, commitment, hand or upcard is caught and said in words', async () => {
    const { state, notes } = playNoting({ fixedHands: 1 }, 'fair-tamper', 3)
    const note = notes[0][1]
    const seed = state.revealedSeeds[0]
    const other = seed.replace(/^./, (c) => (c === '0' ? '1' : '0'))
    const bySeed = await checkHand(note, other, nodeSha256)
    expect(bySeed.status).toBe('bad')
    expect(bySeed.problems[0]).toMatch(/does not match the commitment/)
    const byCommitment = await checkHand({ ...note, commitment: handCommitment(note.tableId, 1, other) }, seed, nodeSha256)
    expect(byCommitment.status).toBe('bad')
    const byHand = await checkHand({ ...note, hand: [...note.hand.slice(1), note.upcard === 'W' ? 'S' : 'W'] }, seed, nodeSha256)
    expect(byHand.status).toBe('bad')
    expect(byHand.problems.join(' ')).toMatch(/but you were dealt/)
    const byUpcard = await checkHand({ ...note, upcard: note.upcard === 'R1' ? 'R2' : 'R1' }, seed, nodeSha256)
    expect(byUpcard.status).toBe('bad')
    // Another table's commitment for the same seed does not vouch for this one.
    const byTable = await checkHand({ ...note, tableId: 'elsewhere' }, seed, nodeSha256)
    expect(byTable.status).toBe('bad')
    // A hand first seen after the reveal proves nothing.
    expect((await checkHand({ ...note, beforeReveal: false }, seed, nodeSha256)).status).toBe('unchecked')
    const v = viewFor(state, 0)
    const badKey = await checkGameKey({ tableId: v.tableId, gameCommitment: v.gameCommitment, gameKey: 'another key', revealedSeeds: v.revealedSeeds, beforeReveal: true }, jsSha256)
    expect(badKey.status).toBe('bad')
    expect(badKey.problems.length).toBe(2) // the commitment, and hand 1's seed not keyed from it
  })

  it('Masters deals with secret Save Piles are partial per hand, then ✓ from the whole game; a doctored record is ✗', async () => {
    let found = false
    for (let g = 0; g < 20 && !found; g++) {
      const { state, notes } = playNoting({ edition: 'masters', fixedHands: 4 }, `fair-masters-${g}`, 3)
      const partial = notes.flat().filter((n) => n.hiddenSaved > 0)
      if (!partial.length) continue
      found = true
      for (const note of partial) expect((await checkHand(note, state.revealedSeeds[note.handNumber - 1], nodeSha256)).status).toBe('partial')
      const record = gameRecordOf(state, {
        tableId: '',
        tableName: 'T',
        mode: 'solo',
        source: 'host',
        startedAt: 1,
        finishedAt: 2,
        players: state.players.map((p, i) => ({ name: p.name, kind: 'human' as const, botLevel: null, you: i === 0 })),
      })
      for (const c of checkNotesAgainstRecord(partial, record, state.revealedSeeds)) expect(c.status, c.problems.join(' ')).toBe('ok')
      // The same game under another key replays to other seeds: every hand fails.
      const forged = { ...record, gameKey: `${record.gameKey}x` }
      expect(checkNotesAgainstRecord(partial, forged, state.revealedSeeds).every((c) => c.status === 'bad')).toBe(true)
      // A log with an action removed does not replay (or replays to other deals).
      const cut = { ...record, log: record.log.slice(1) }
      expect(checkNotesAgainstRecord(partial, cut, state.revealedSeeds).some((c) => c.status === 'bad')).toBe(true)
    }
    expect(found).toBe(true)
  })
})
