/**
 * RULES.md section 11, checked on the wire: every frame a client received is compared with the full engine
 * state at the moment it was sent. A client sees its own hand and Save Pile, laid groups, the discard pile
 * and counts; never another seat's cards, the draw pile's order, the current hand's seed, or the game key
 * before the game is over (then it is revealed as `gameKey`).
 */
import { isDeepStrictEqual } from 'node:util'
import { spectatorView, viewFor } from '@shared/engine/views'
import type { SentFrame } from './harness'

const FORBIDDEN_KEYS = new Set(['drawPile', 'rng', 'handSeed', 'log'])
const PUBLIC_PLAYER_KEYS = ['completed', 'handCount', 'inHand', 'laidDown', 'left', 'lostTurn', 'name', 'pendingSkip', 'phase', 'savedCount', 'savedThisHand', 'score', 'seat'].join()

/** Returns the problems found (empty = nothing hidden leaked) and how many frames carried a view. */
export function checkSecrecy(frames: SentFrame[], seat: number | null): { problems: string[]; views: number; frames: number } {
  const problems: string[] = []
  let views = 0
  for (const [i, { text, state }] of frames.entries()) {
    const where = `frame ${i}`
    const json = JSON.parse(text) as unknown
    if (state) {
      if (state.stage !== 'gameOver' && text.includes(state.seed)) problems.push(`${where}: contains the game key before game over`)
      if (state.stage !== 'handOver' && state.stage !== 'gameOver' && text.includes(state.handSeed))
        problems.push(`${where}: contains the seed of the hand in progress`)
      const pile = state.drawPile.slice(0, state.drawCount)
      if (pile.length >= 4 && text.includes(JSON.stringify(pile.slice(-4)).slice(1, -1))) problems.push(`${where}: contains the draw pile's top cards in order`)
    }
    walk(json, (key, value, parent) => {
      if (FORBIDDEN_KEYS.has(key)) problems.push(`${where}: has a "${key}" field`)
      // A finished hand's seed is revealed in its handEnded event (section 11); no other seed is sent.
      if (key === 'seed' && (parent as { type?: string }).type !== 'handEnded') problems.push(`${where}: has a "seed" field`)
      if (key === 'gameKey' && value !== null && !(state?.stage === 'gameOver' && value === state.seed)) problems.push(`${where}: a gameKey before game over`)
      if (key === 'players' && Array.isArray(value))
        for (const p of value) if (Object.keys(p as object).sort().join() !== PUBLIC_PLAYER_KEYS) problems.push(`${where}: a player has other fields`)
      if (key === 'type' && value === 'drew') {
        const e = parent as { seat: number; from: string; card?: string }
        if (e.card !== undefined && e.from !== 'discard' && e.seat !== seat) problems.push(`${where}: seat ${seat} was told seat ${e.seat}'s ${e.from} draw`)
      }
      if (key === 'view' && value && typeof value === 'object') {
        views++
        if (!state) problems.push(`${where}: a view without a game`)
        else {
          const v = value as { seat: number | null; hand: string[]; saved: string[]; version: number }
          if (v.seat !== seat) problems.push(`${where}: view of seat ${v.seat} sent to seat ${seat}`)
          const expected = JSON.parse(JSON.stringify(seat === null ? spectatorView(state) : viewFor(state, seat)))
          if (!isDeepStrictEqual(value, expected)) problems.push(`${where}: view differs from viewFor(state, ${seat}) at that moment`)
          if (seat === null && (v.hand.length || v.saved.length)) problems.push(`${where}: a spectator got cards`)
        }
      }
    })
  }
  return { problems, views, frames: frames.length }
}

function walk(value: unknown, visit: (key: string, value: unknown, parent: unknown) => void): void {
  if (Array.isArray(value)) for (const v of value) walk(v, visit)
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      visit(k, v, value)
      walk(v, visit)
    }
}
