/**
 * The benchmarks' player (bench:lan's clients, bench:table's): cheap on purpose — the clients share one
 * process, and a costly bot would inflate what is measured. Draw from the deck, discard the first card that
 * is not a Skip, deal on between hands. Nobody lays down, so hands run long and the deck is reshuffled: the
 * host does the same work per action as in a real game.
 */
import type { TableSnapshot } from '@shared/api'
import type { Action } from '@shared/engine/actions'
import { legalActions, type GameView } from '@shared/engine/views'

export function benchMove(s: TableSnapshot): Action | null {
  const view = s.view
  if (!view || view.seat === null || s.status !== 'playing' || s.paused) return null
  if (view.stage !== 'handOver' && view.turn !== view.seat) return null
  if (view.stage === 'draw') return { type: 'draw', from: 'deck' }
  if (view.stage === 'handOver') return { type: 'nextHand' }
  if (view.stage === 'play') {
    const card = view.hand.find((c) => c !== 'S')
    if (card) return { type: 'discard', card }
  }
  return legalActions(view as unknown as GameView)[0] ?? null
}
