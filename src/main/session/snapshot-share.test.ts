/**
 * A shared snapshot part must be exactly what each client would have got on its own: `seatView` is
 * `viewFor` for every seat at every step of random games (so a seat-dependent view field cannot be shared
 * by mistake), and a `SnapshotShare` hands every client the same objects.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { GameState } from '@shared/engine/state'
import { params, RULE_COMBOS } from '@shared/engine/test-games'
import { playRandomGame } from '@shared/engine/testing'
import { readonlySpectatorView, spectatorView, viewFor } from '@shared/engine/views'
import { jsonEqual } from '@shared/json-equal'
import { SnapshotShare, seatView } from './snapshot-share'

function checkState(state: GameState): void {
  const spectator = spectatorView(state)
  const readonly = readonlySpectatorView(state)
  if (!isSame(readonly, spectator)) expect(readonly, `spectator at version ${state.version}`).toStrictEqual(spectator)
  for (let seat = 0; seat < state.players.length; seat++) {
    const shared = seatView(spectator, state, seat)
    const own = viewFor(state, seat)
    if (!isSame(shared, own)) expect(shared, `seat ${seat} at version ${state.version}`).toStrictEqual(own)
  }
}

// toStrictEqual only on a mismatch (it is slow for thousands of steps); JSON keeps undefined out, so compare
// the key sets too.
const isSame = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b) && Object.keys(a).join() === Object.keys(b).join()

describe('snapshot share', () => {
  it('seatView(spectatorView(state), state, seat) is viewFor(state, seat) at every step of random games', () => {
    const combos = Object.values(RULE_COMBOS)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 2, max: 6 }), (n, players) => {
        const rules = combos[n % combos.length]
        playRandomGame({ seed: `share-${n}`, players, rules: { ...rules, fixedHands: rules.fixedHands ?? 2 }, onStep: (_before, after) => checkState(after) })
      }),
      params(12),
    )
  })

  it('gives every client the same objects for the public parts, and each seat its own cards', () => {
    let state: GameState | null = null
    playRandomGame({ seed: 'share-objects', players: 3, rules: { fixedHands: 1 }, onStep: (_b, after) => void (state ??= after) })
    const s = state!
    const share = new SnapshotShare()
    const a = share.view(s, 0)
    const b = share.view(s, 1)
    expect(a.players).toBe(b.players)
    expect(a.discard).toBe(b.discard)
    expect(share.view(s, null)).toBe(share.view(s, null))
    expect(a.hand).toEqual(s.players[0].hand)
    expect(b.hand).toEqual(s.players[1].hand)
    // Snapshots are only read: their arrays are the state's own (apply never writes a state), not copies.
    expect(a.hand).toBe(s.players[0].hand)
    expect(a.discard).toBe(s.discard)
    expect(share.once('k', () => ({ x: 1 }))).toBe(share.once('k', () => ({ x: 2 })))
  })

  it("keeps the last round's player records that did not change: only the changed ones are new objects", () => {
    let last: SnapshotShare | null = null
    let kept = 0
    let fresh = 0
    playRandomGame({
      seed: 'share-players',
      players: 4,
      rules: { fixedHands: 1 },
      onStep: (before, after) => {
        const prev = last?.view(before, null) ?? null
        const share = new SnapshotShare(last?.retire() ?? null)
        const now = share.view(after, null)
        last = share
        if (!prev) return
        for (let s = 0; s < now.players.length; s++) {
          if (jsonEqual(prev.players[s], now.players[s])) {
            expect(now.players[s]).toBe(prev.players[s])
            kept++
          } else fresh++
        }
        expect(JSON.stringify(now)).toBe(JSON.stringify(spectatorView(after)))
      },
    })
    expect(kept).toBeGreaterThan(fresh)
    expect(fresh).toBeGreaterThan(0)
  })

  it('a chain of rounds gives every view exactly as made afresh, over random games of every rule set', () => {
    // The shares remember each player's record from round to round (and each seat's deal): a record kept when
    // it should have changed would show here.
    const combos = Object.values(RULE_COMBOS)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 2, max: 6 }), (n, players) => {
        const rules = combos[n % combos.length]
        let last: SnapshotShare | null = null
        playRandomGame({
          seed: `share-chain-${n}`,
          players,
          rules: { ...rules, fixedHands: rules.fixedHands ?? 2 },
          onStep: (_before, after) => {
            const share: SnapshotShare = new SnapshotShare(last?.retire() ?? null)
            last = share
            if (!isSame(share.view(after, null), spectatorView(after))) expect(share.view(after, null)).toStrictEqual(spectatorView(after))
            const seat = after.version % after.players.length
            if (!isSame(share.view(after, seat), viewFor(after, seat))) expect(share.view(after, seat)).toStrictEqual(viewFor(after, seat))
          },
        })
      }),
      params(12),
    )
  })
})
