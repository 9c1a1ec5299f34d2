/**
 * A table's seats as records (table-host-types.ts `Seat`): making them, what clients and saves see of them,
 * and the grace timer a dropped player's seat waits on. The table decides when; these only say how.
 */
import { randomBytes } from 'node:crypto'
import type { SeatInfo } from '@shared/api'
import type { BotLevel } from '@shared/ai/types'
import type { SavedSeat } from './saves'
import type { Seat } from './table-host-types'

/** The seat token: the secret that reclaims a human seat. */
const newToken = () => randomBytes(18).toString('base64url')

export function newHumanSeat(name: string, isHost: boolean): Seat {
  return { name, kind: 'human', botLevel: null, token: newToken(), clientId: null, ready: isHost, isHost, autoPlayed: false, graceEndsAt: null, graceTimer: null }
}

export function newBotSeat(name: string, level: BotLevel): Seat {
  return { name, kind: 'bot', botLevel: level, token: null, clientId: null, ready: true, isHost: false, autoPlayed: false, graceEndsAt: null, graceTimer: null }
}

/** "Medium bot 2": the first number no seat's name has. */
export function botNameFor(seats: readonly Seat[], level: BotLevel): string {
  const taken = new Set(seats.map((s) => s.name))
  const base = `${level[0].toUpperCase()}${level.slice(1)} bot`
  for (let i = 1; ; i++) if (!taken.has(`${base} ${i}`)) return `${base} ${i}`
}

/** A human plays the seat from a client of their own (not a bot, not the host's auto-play). */
export const isHumanControlled = (s: Seat): boolean => s.kind === 'human' && !s.autoPlayed

/** The first seat play waits for in a game (a human's, dropped, not auto-played), or -1. */
export const firstDroppedSeat = (seats: readonly Seat[]): number => seats.findIndex((s) => isHumanControlled(s) && s.clientId === null)

/** What every client sees of the seats (no tokens, no client ids). */
export function seatInfosOf(seats: readonly Seat[]): SeatInfo[] {
  return seats.map((s, seat) => ({
    seat,
    name: s.name,
    kind: s.kind,
    botLevel: s.botLevel,
    connected: s.kind === 'bot' || s.clientId !== null,
    ready: s.kind === 'bot' || s.ready,
    isHost: s.isHost,
    autoPlayed: s.autoPlayed,
  }))
}

/**
 * Whether two seat lists are equal, field by field: the snapshot's seats are made after every change and
 * compared with the last ones (snapshot-share.ts `once`), and a written-out compare of these scalars costs a
 * fraction of a generic walk. table-seats.test.ts holds it to every field of `seatInfoSchema`.
 */
export function sameSeatInfos(a: readonly SeatInfo[], b: readonly SeatInfo[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const x = a[i]
    const y = b[i]
    const same =
      x.seat === y.seat &&
      x.name === y.name &&
      x.kind === y.kind &&
      x.botLevel === y.botLevel &&
      x.connected === y.connected &&
      x.ready === y.ready &&
      x.isHost === y.isHost &&
      x.autoPlayed === y.autoPlayed
    if (!same) return false
  }
  return true
}

/** What a save keeps of the seats (the tokens too: a restarted host lets the same players back). */
export function savedSeatsOf(seats: readonly Seat[]): SavedSeat[] {
  return seats.map((s) => ({ name: s.name, kind: s.kind, botLevel: s.botLevel, token: s.token, isHost: s.isHost, autoPlayed: s.autoPlayed }))
}

/** A save's seats, every one without its client (everyone rejoins a restarted host). */
export function restoredSeats(saved: readonly SavedSeat[]): Seat[] {
  return saved.map((s) => ({ ...s, clientId: null, ready: true, graceEndsAt: null, graceTimer: null }))
}

/** Starts the seat's grace period of `ms`: `over` runs at its end unless `clearGrace` came first. */
export function startGrace(s: Seat, ms: number, now: number, over: () => void): void {
  clearGrace(s)
  s.graceEndsAt = now + ms
  s.graceTimer = setTimeout(over, ms)
  s.graceTimer.unref?.()
}

export function clearGrace(s: Seat | undefined): void {
  if (!s) return
  if (s.graceTimer) clearTimeout(s.graceTimer)
  s.graceTimer = null
  s.graceEndsAt = null
}
