import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../engine/actions'
import type { GameState, PlayerState } from '../engine/state'
import type { GameView, PublicPlayer } from '../engine/views'
import { playGame } from './arena'
import { decide } from './bot'
import { newMemory, observe, publicEventFor } from './memory'
import { openRng, rngFromSeed } from '../engine/rng'
import { sampleWorld, UNIFORM, type PublicKnowledge } from './sampler'
import type { BotContext, BotMemory, OpponentNotes } from './types'

// Compile-time: none of the bot's inputs has a field that holds hidden state (RULES.md section 11).
type Hidden = 'drawPile' | 'rng' | 'seed' | 'handSeed' | 'log'
type NoHidden<T> = Extract<keyof T, Hidden> extends never ? true : false
const inputsHoldNoHiddenFields: [NoHidden<BotContext>, NoHidden<GameView>, NoHidden<PublicPlayer>, NoHidden<BotMemory>, NoHidden<OpponentNotes>, NoHidden<PublicKnowledge>] = [true, true, true, true, true, true]
// The bot never takes a GameState: a GameState is not a BotContext, nor what Expert's sampler reads.
type StateIsNotContext = GameState extends BotContext ? false : GameState extends PublicKnowledge ? false : true
const stateIsNotContext: StateIsNotContext = true
// The sampler's input is exactly the view and the public memory: nothing else can be handed to it.
type SamplerReadsOnly = Exclude<keyof PublicKnowledge, 'view' | 'memory'> extends never ? true : false
const samplerReadsOnly: SamplerReadsOnly = true
void (null as unknown as PlayerState)

const HIDDEN_KEYS = new Set(['drawPile', 'rng', 'seed', 'handSeed', 'log'])

/** Every object and array reachable from `root`, and every key seen on the way. */
function reachable(root: unknown): { objects: Set<object>; keys: Set<string>; arrays: unknown[][] } {
  const objects = new Set<object>()
  const keys = new Set<string>()
  const arrays: unknown[][] = []
  const stack: unknown[] = [root]
  while (stack.length) {
    const x = stack.pop()
    if (typeof x !== 'object' || x === null || objects.has(x)) continue
    objects.add(x)
    if (Array.isArray(x)) {
      arrays.push(x)
      stack.push(...x)
    } else
      for (const [k, v] of Object.entries(x)) {
        keys.add(k)
        stack.push(v)
      }
  }
  return { objects, keys, arrays }
}

const sameMultiset = (a: readonly unknown[], b: readonly string[]) => a.length === b.length && [...a].map(String).sort().join() === [...b].sort().join()

describe('a bot sees only what a human in its seat sees', () => {
  it('holds no hidden-state field in its input types', () => {
    expect(inputsHoldNoHiddenFields.every(Boolean)).toBe(true)
    expect(stateIsNotContext).toBe(true)
    expect(samplerReadsOnly).toBe(true)
  })

  for (const edition of ['classic', 'masters'] as const) {
    it(`never reaches another seat's hand, the draw pile or the RNG during real ${edition} games`, () => {
      let checked = 0
      for (let g = 0; g < 1; g++) {
        playGame({
          levels: ['hard', 'medium', 'easy', 'expert'],
          seed: `fair:${edition}:${g}`,
          rules: { edition },
          inspect: (seat, input, hidden) => {
            const { objects, keys, arrays } = reachable({ view: input.view, memory: input.memory })
            for (const k of HIDDEN_KEYS) expect(keys.has(k), `key ${k} reachable`).toBe(false)
            // The whole history is scanned on every 16th decision (it grows with the game).
            const full = checked++ % 16 === 0
            // The history may carry finished hands' seeds (section 11 reveals them), nothing else hidden.
            const past = reachable(full ? input.history : input.history.slice(-40))
            for (const k of HIDDEN_KEYS) if (k !== 'seed') expect(past.keys.has(k), `key ${k} in the history`).toBe(false)
            for (const e of full ? input.history : []) if (e.type === 'handEnded') expect(input.view.revealedSeeds).toContain(e.seed)
            for (const o of past.objects) objects.add(o)
            arrays.push(...past.arrays)
            // The seed of a hand in progress and the game seed appear nowhere (a finished hand's is revealed).
            const strings = JSON.stringify(full ? input : { view: input.view, memory: input.memory })
            if (hidden.stage !== 'handOver') expect(strings.includes(hidden.handSeed)).toBe(false)
            expect(strings.includes(`"${hidden.seed}"`)).toBe(false)
            // Not one object of the hidden state is shared with what the bot receives.
            expect(objects.has(hidden.drawPile)).toBe(false)
            expect(objects.has(hidden.rng as object)).toBe(false)
            hidden.players.forEach((p, s) => {
              if (s === seat) return
              expect(objects.has(p.hand), `seat ${s}'s hand array`).toBe(false)
              expect(objects.has(p.saved), `seat ${s}'s Save Pile`).toBe(false)
              // Nor a copy of another player's whole hand (checked when it is big enough to be telling).
              if (p.hand.length >= 5) for (const a of arrays) expect(sameMultiset(a, p.hand), `copy of seat ${s}'s hand`).toBe(false)
            })
            // The draw pile's next cards in order appear nowhere.
            const next = hidden.drawPile.slice(Math.max(0, hidden.drawCount - 6), hidden.drawCount)
            if (next.length === 6) for (const a of arrays) expect(a.length >= 6 && a.join().includes(next.join())).toBe(false)
            // The memory knows only cards taken from the discard pile in public.
            const taken = new Set(input.history.slice(-400).flatMap((e) => (e.type === 'drew' && e.from === 'discard' && e.card ? [e.card] : [])))
            for (const o of input.memory.opponents) for (const c of o.holding) expect(taken.has(c)).toBe(true)
          },
        })
      }
      expect(checked).toBeGreaterThan(250)
    }, 180_000)
  }

  it('strips the card from a deck or Save Pile draw for everyone but the drawer', () => {
    const e: GameEvent = { type: 'drew', seat: 1, from: 'deck', card: 'R5' }
    expect(publicEventFor(e, 2)).toEqual({ type: 'drew', seat: 1, from: 'deck' })
    expect(publicEventFor(e, 1)).toEqual(e)
    const d: GameEvent = { type: 'drew', seat: 1, from: 'discard', card: 'R5' }
    expect(publicEventFor(d, 2)).toEqual(d)
  })

  it('builds the same memory from the whole history as incrementally', () => {
    let incremental: BotMemory | null = null
    let compared = 0
    playGame({
      levels: ['hard', 'hard', 'hard'],
      seed: 'memory',
      inspect: (seat, input) => {
        if (seat !== 1) return
        incremental = input.memory
        const fresh = observe(newMemory(), input.view, input.history.slice())
        const ours = observe(structuredClone(incremental), input.view, input.history)
        expect(fresh.opponents).toEqual(ours.opponents)
        compared++
      },
    })
    expect(compared).toBeGreaterThan(100)
  })

  it('decides without any memory object exactly as with one', () => {
    const views: BotContext[] = []
    playGame({
      levels: ['hard', 'medium'],
      seed: 'stateless',
      inspect: (seat, input) => {
        if (views.length < 300) views.push({ level: 'hard', view: input.view, history: input.history.slice(), salt: 'x' })
      },
    })
    for (const ctx of views) {
      const memory = newMemory()
      expect(decide(ctx)).toEqual(decide({ ...ctx, memory }))
    }
  })

  it("Expert's sampled worlds know no more of other hands than public play tells", () => {
    // If the sampler could reach the real state, its opponent hands would match the real ones. Dealt from the
    // view alone, the cards the plain sampler deals an opponent (beyond their public pickups) match that
    // opponent's real unknown cards no better than a decoy: as many cards drawn at random from every card hidden
    // from the seat. The inferring sampler (inference.ts) does better only by what public play reveals: a few
    // tenths of a card per hand (20% of the hidden cards right against 22%: docs/ai.md), where a leak would give
    // it most of the hand.
    const rng = openRng(rngFromSeed('leak'))
    const decoyRng = openRng(rngFromSeed('decoy'))
    let real = 0
    let decoy = 0
    let inferred = 0
    let samples = 0
    const minus = (a: readonly string[], b: readonly string[]) => {
      const rest = a.slice()
      for (const c of b) {
        const i = rest.indexOf(c)
        if (i >= 0) rest.splice(i, 1)
      }
      return rest
    }
    const overlap = (a: readonly string[], b: readonly string[]) => a.length - minus(a, b).length
    playGame({
      levels: ['expert', 'hard', 'hard', 'hard'],
      seed: 'fair:leak',
      inspect: (seat, input, hidden) => {
        if (seat !== 0 || input.view.turn !== 0 || input.view.stage !== 'play') return
        const memory = observe(newMemory(), input.view, input.history)
        const world = sampleWorld({ view: input.view, memory }, rng, UNIFORM)
        const inferring = sampleWorld({ view: input.view, memory }, rng)
        if (!world || !inferring) return
        const known = (s: number) => memory.opponents[s].holding.slice(0, hidden.players[s].hand.length)
        const hiddenCards = [...hidden.drawPile.slice(0, hidden.drawCount), ...[1, 2, 3].flatMap((s) => [...minus(hidden.players[s].hand, known(s)), ...hidden.players[s].saved])]
        for (let s = 1; s < 4; s++) {
          const dealt = world.players[s].hand.slice(known(s).length)
          const truth = minus(hidden.players[s].hand, known(s))
          const pool = hiddenCards.slice()
          const fake: string[] = []
          for (let k = 0; k < truth.length; k++) fake.push(pool.splice(decoyRng.int(0, pool.length - 1), 1)[0])
          real += overlap(dealt, truth)
          decoy += overlap(dealt, fake)
          inferred += overlap(inferring.players[s].hand.slice(known(s).length), truth)
          samples++
        }
      },
    })
    expect(samples).toBeGreaterThan(100)
    // A leak would put the real overlap cards ahead per hand; chance keeps it within a fraction of a card.
    expect(Math.abs(real - decoy) / samples).toBeLessThan(0.4)
    expect(Math.abs(inferred - decoy) / samples).toBeLessThan(0.8)
  }, 120_000)
})
