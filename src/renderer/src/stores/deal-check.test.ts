import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/svelte'
import { playRandomGame } from '@shared/engine/testing'
import { viewFor, type GameView } from '@shared/engine/views'
import { gameRecordOf } from '@shared/history/record'
import type { GameState } from '@shared/engine/state'
import DealChecks from '../components/table/DealChecks.svelte'
import { DealCheckStore } from './deal-check.svelte'

const settle = async (store: DealCheckStore, hands: number) => {
  for (let i = 0; i < 200 && !(store.game && store.checks.filter(Boolean).length >= hands && store.checks.every((c) => c?.status !== 'partial')); i++) await new Promise((r) => setTimeout(r, 5))
}

/** A game played to its end, with the views seat 0 saw after every action. */
function game(rules: Parameters<typeof playRandomGame>[0]['rules'], seed: string) {
  const views: GameView[] = []
  let first: GameState | null = null
  const { state } = playRandomGame({
    seed,
    players: 3,
    rules,
    onStep: (before, after) => {
      if (!first) views.push(viewFor((first = before), 0))
      views.push(viewFor(after, 0))
    },
  })
  return { state, views }
}

describe('the deal check store', () => {
  it('checks every hand ✓ and the game key ✓ from the views a player saw', async () => {
    const { views } = game({ fixedHands: 3 }, 'store-ok')
    const store = new DealCheckStore()
    for (const v of views) store.observe(v)
    await settle(store, 3)
    expect(store.checks.map((c) => c?.status)).toEqual(['ok', 'ok', 'ok'])
    expect(store.game?.status).toBe('ok')
    expect(store.allGood).toBe(true)
  })

  it('a seed revealed that is not the committed one is ✗, and the dialog says so loudly', async () => {
    const { views } = game({ fixedHands: 2 }, 'store-bad')
    const store = new DealCheckStore()
    // The host reveals another seed for hand 1 (every later view carries the forged one).
    const forged = views.map((v) => (v.revealedSeeds.length ? { ...v, revealedSeeds: ['0'.repeat(32), ...v.revealedSeeds.slice(1)] } : v))
    for (const v of forged) store.observe(v)
    await settle(store, 2)
    expect(store.checks[0]?.status).toBe('bad')
    expect(store.checks[1]?.status).toBe('ok')
    expect(store.game?.status).toBe('bad') // the forged seed was not keyed from the game key either
    render(DealChecks, { checks: store.checks, hands: 2, game: store.game })
    expect(screen.getByRole('alert').textContent).toMatch(/Hand 1: The revealed seed does not match the commitment/)
    expect(screen.getByLabelText('Hand 1: deal check FAILED')).toBeTruthy()
    expect(screen.getByLabelText('Hand 2: deal checked')).toBeTruthy()
  })

  it('a hand first seen after its seed was revealed is not claimed as checked', async () => {
    const { views } = game({ fixedHands: 2 }, 'store-late')
    const store = new DealCheckStore()
    const late = views.filter((v) => v.handNumber === 2 || v.stage === 'gameOver')
    for (const v of late) store.observe(v)
    await settle(store, 2)
    expect(store.checks[0]?.status).toBe('unchecked')
    expect(store.checks[1]?.status).toBe('ok')
    expect(store.allGood).toBe(false)
  })

  it("Masters hands with others' secret saves settle from the host's record at game over", async () => {
    for (let g = 0; g < 30; g++) {
      const { state, views } = game({ edition: 'masters', fixedHands: 4 }, `store-masters-${g}`)
      if (!views.some((v) => v.deal.hiddenSaved > 0)) continue
      const record = gameRecordOf(state, { tableId: '', tableName: 'T', mode: 'solo', source: 'host', startedAt: 1, finishedAt: 2, players: state.players.map((p, i) => ({ name: p.name, kind: 'bot' as const, botLevel: 'easy' as const, you: i === 0 })) })
      const store = new DealCheckStore()
      for (const v of views) store.observe(v, async () => record)
      await settle(store, 4)
      expect(store.checks.every((c) => c?.status === 'ok'), JSON.stringify(store.checks)).toBe(true)
      expect(store.checks.some((c) => c!.passed.some((p) => /whole game/.test(p)))).toBe(true)
      return
    }
    throw new Error('no Masters game with secret saves at a deal')
  })
})
