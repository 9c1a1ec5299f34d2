/**
 * The benchmarks' players (bench:lan's clients, bench:table's).
 * - `cheap` (the default): cheap on purpose — the clients share one process, and a costly bot would inflate
 *   what is measured. Draw from the deck, discard the first card that is not a Skip. Nobody lays down, so
 *   hands run long and the deck is reshuffled: the host does the same work per action as in a real game —
 *   except what happens between hands.
 * - `quick`: the engine's fast policy (`quickAction`: lays down, hits, goes out; ~µs a move), so hands end:
 *   the host's hand-end work (the save compacted, the next deal, scores, game end and rematch) is measured too.
 */
import type { TableSnapshot } from '@shared/api'
import type { Action } from '@shared/engine/actions'
import { quickAction } from '@shared/engine/policy'
import { legalActions, type GameView } from '@shared/engine/views'

export type BenchPlay = 'cheap' | 'quick'
export const BENCH_PLAYS: readonly BenchPlay[] = ['cheap', 'quick']

export function benchMove(s: TableSnapshot, play: BenchPlay = 'cheap'): Action | null {
  const view = s.view
  if (!view || view.seat === null || s.status !== 'playing' || s.paused) return null
  if (view.stage !== 'handOver' && view.turn !== view.seat) return null
  // Between hands each seat says once that it is ready for the next one.
  if (view.stage === 'handOver') return s.handReady?.includes(view.seat) ? null : { type: 'nextHand' }
  if (play === 'quick') return quickAction(view as unknown as GameView)
  if (view.stage === 'draw') return { type: 'draw', from: 'deck' }
  if (view.stage === 'play') {
    const card = view.hand.find((c) => c !== 'S')
    if (card) return { type: 'discard', card }
  }
  return legalActions(view as unknown as GameView)[0] ?? null
}
