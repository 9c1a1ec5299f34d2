/**
 * The parts of a table's snapshots that are the same for every client, made once per change.
 *
 * After a change the table builds a snapshot for each of its clients. They differ only in a few fields (the
 * own hand and Save Pile, seat, role…); everything public — seats, chat, the players' records, the discard
 * pile… — is equal. While one round of snapshots is built, a `SnapshotShare` hands every client the SAME
 * objects for those parts: the ws bridge's patch encoder (net/patch-encoder.ts) then skips what did not
 * change by reference and computes what did once per change, not once per client.
 *
 * Only for one round: nothing may change at the table while it is in use (it lives for the loop that
 * delivers the snapshots; the table never changes during a delivery).
 */
import type { GameState } from '@shared/engine/state'
import { checkSeat, dealView, publicRecord, readonlySpectatorView, type GameView, type PublicPlayer } from '@shared/engine/views'
import { jsonEqual } from '@shared/json-equal'

/**
 * `viewFor(state, seat)`, from the spectator view of the same state: its objects, and the fields in which a
 * seat's view differs from it (views.ts `buildView`: the seat, its hand and Save Pile, its deal record).
 * Every other field of a view is computed from the state alone. snapshot-share.test.ts checks that this is
 * exactly `viewFor` for every seat at every step of random games: a seat-dependent field added to the view
 * fails it until it is added here.
 */
export function seatView(spectator: GameView, state: GameState, seat: number): GameView {
  checkSeat(state, seat)
  const me = state.players[seat]
  // The state's own arrays, as in the spectator view (`readonlySpectatorView`): snapshots are never written.
  return { ...spectator, seat, hand: me.hand, saved: me.saved, deal: dealView(state, seat) }
}

/** What a seat's public record was made from (`publicRecord`: the player, the rules, the phases, a tie-break). */
interface PlayerMemo {
  player: GameState['players'][number]
  handCount: number
  savedCount: number
  rules: GameState['rules']
  phases: GameState['phases']
  tieBreak: GameState['tieBreak']
  record: PublicPlayer
}

/** Whether seat `s`'s record in `m` was made from what `state` holds for it now. */
function memoHolds(m: PlayerMemo, state: GameState, s: number): boolean {
  const p = state.players[s]
  return m.player === p && m.handCount === p.hand.length && m.savedCount === p.saved.length && m.rules === state.rules && m.phases === state.phases && m.tieBreak === state.tieBreak
}

export class SnapshotShare {
  private readonly made = new Map<string, unknown>()
  private publicState: GameState | null = null
  private publicView: GameView | null = null
  /**
   * Each seat's `deal` and the state's deal record it was made from: one list, handed from share to share
   * (a list per round was more for the collector to copy than the deals it saved).
   */
  private readonly seatDeals: Array<{ record: GameState['deal']; deal: GameView['deal'] } | undefined>
  /**
   * Each seat's public record and what `publicRecord` made it from, handed from share to share like
   * `seatDeals`: an action changes one or two players, and the others' records are then the last round's
   * objects without being made and compared again. `apply` never writes a state (a changed player is a new
   * object; the counts are checked too), and snapshot-share.test.ts holds every round's view to
   * `spectatorView` over random games.
   */
  private readonly playerMemo: Array<PlayerMemo | undefined>

  /**
   * `previous`: the last round's share. A part equal to its part of the same name is ITS object (compared
   * once per round, no JSON made), so what did not change since is skipped by every client's patch at once.
   */
  constructor(private previous: SnapshotShare | null = null) {
    this.seatDeals = previous?.seatDeals ?? []
    this.playerMemo = previous?.playerMemo ?? []
  }

  /** This share as the next round's `previous` (it forgets its own, so rounds do not chain up). */
  retire(): SnapshotShare {
    this.previous = null
    return this
  }

  /** The value `make` gives, made by the first client that asks: the same object for all of them. */
  once<T>(key: string, make: () => T, same: (before: T, now: T) => boolean = jsonEqual): T {
    return this.round(key, () => this.reuse(this.previous?.made.get(key), make(), same))
  }

  /** Like `once`, but never compared with the last round's (the public snapshot: it changes every round). */
  round<T>(key: string, make: () => T): T {
    if (this.made.has(key)) return this.made.get(key) as T
    const value = make()
    this.made.set(key, value)
    return value
  }

  /** `same`: an equality of the part's own shape, where one is cheaper than `jsonEqual` (the seats). */
  private reuse<T>(before: unknown, now: T, same: (before: T, now: T) => boolean = jsonEqual): T {
    return before !== undefined && before !== now && same(before as T, now) ? (before as T) : now
  }

  /**
   * `reuse` one level down for a list of records (the view's players: an action changes one or two of them):
   * the records that did not change are the last round's, so only the new ones stay alive and get diffed.
   * `now` must be a new array of the caller's own: its entries are replaced.
   */
  private reuseList<T>(before: unknown, now: T[]): T[] {
    if (!Array.isArray(before) || before.length !== now.length) return this.reuse(before, now)
    let same = true
    for (let i = 0; i < now.length; i++) {
      const v = now[i]
      const old = before[i] as unknown
      if (old === v) continue
      if (typeof v === 'object' && v !== null && jsonEqual(old, v)) now[i] = old as T
      else same = false
    }
    return same ? (before as T[]) : now
  }

  /** The public records of `state`'s players: a seat's last one when nothing it is made from changed. */
  private playersOf(state: GameState): PublicPlayer[] {
    const players: PublicPlayer[] = new Array(state.players.length)
    for (let s = 0; s < players.length; s++) {
      const m = this.playerMemo[s]
      players[s] = m && memoHolds(m, state, s) ? m.record : publicRecord(state, s, false)
    }
    return players
  }

  private remember(state: GameState, players: readonly PublicPlayer[]): void {
    for (let s = 0; s < players.length; s++) {
      const m = this.playerMemo[s]
      if (m && m.record === players[s] && memoHolds(m, state, s)) continue
      const p = state.players[s]
      this.playerMemo[s] = { player: p, handCount: p.hand.length, savedCount: p.saved.length, rules: state.rules, phases: state.phases, tieBreak: state.tieBreak, record: players[s] }
    }
    this.playerMemo.length = players.length
  }

  /**
   * `viewFor(state, seat)` (the spectator view for `null`), built once per change: a seat's view is the
   * spectator view — the same objects — with its own fields (`seatView`).
   */
  view(state: GameState, seat: number | null): GameView {
    if (this.publicState !== state || !this.publicView) {
      const view = readonlySpectatorView(state, this.playersOf(state))
      const before = this.previous?.publicView as unknown as Record<string, unknown> | undefined
      if (before) {
        const fields = view as unknown as Record<string, unknown>
        for (const k in fields) {
          const v = fields[k]
          // The players list is the view's own (new per view); other lists may be the state's, never written.
          if (k === 'players') fields[k] = this.reuseList(before[k], v as unknown[])
          else if (typeof v === 'object' && v !== null) fields[k] = this.reuse(before[k], v)
        }
      }
      this.publicView = view
      this.publicState = state
      this.remember(state, view.players)
    }
    if (seat === null) return this.publicView
    const view = seatView(this.publicView, state, seat)
    // The deal record changes once a hand: until then every round gives the seat the same object.
    const known = this.seatDeals[seat]
    if (known && known.record === state.deal) view.deal = known.deal
    else this.seatDeals[seat] = { record: state.deal, deal: view.deal }
    return view
  }
}
