import { describe, expect, it } from 'vitest'
import { playGame } from '../ai/arena'
import type { BotLevel } from '../ai/types'
import type { PartialRuleOptions, RuleOptions } from '../engine/rules'
import type { GameState } from '../engine/state'
import { gameRecordOf, gameRecordSchema, replayRecord, type GameRecord } from './record'
import { buildReplay, replayProblems, type ReplayModel } from './replay-model'

/**
 * Every value worth telling apart of every rule option (the numbers: their least, default-ish and greatest).
 * A `Record` over the options' keys, so a new option fails to type-check here until it is listed.
 */
const OPTION_VALUES: { [K in keyof RuleOptions]: RuleOptions[K][] } = {
  edition: ['classic', 'masters'],
  phaseList: ['classic', 'even', 'odd', [[{ kind: 'run', size: 4 }], [{ kind: 'set', size: 3 }, { kind: 'colour', size: 3 }]]],
  skipCount: [0, 1, 8],
  wildCount: [0, 2, 12],
  skipTarget: ['choose', 'next'],
  skipLands: ['discardPile', 'target'],
  skipProtection: ['round', 'untilSkipped'],
  wildsNeedNaturalPerGroup: [false, true],
  hitOnLayDownTurn: [true, false],
  mustDiscardToGoOut: [false, true],
  fixedHands: [null, 1, 50],
  scoreSavedCards: [false, true],
  turnTimerSeconds: [null, 5, 600],
}

const LEVELS: BotLevel[] = ['easy', 'medium', 'hard']

/** A whole bot game, seeded; its record as the history would write it. */
function playedRecord(seed: string, rules: PartialRuleOptions, players = 3): { record: GameRecord; state: GameState } {
  const levels = Array.from({ length: players }, (_, s) => LEVELS[s % LEVELS.length])
  const game = playGame({ levels, seed, rules })
  if (game.capped || game.rejected) throw new Error(`${seed}: the bot game did not finish (${game.rejected?.message ?? 'capped'})`)
  const record = gameRecordOf(game.state, {
    tableId: game.state.tableId,
    tableName: 'Test table',
    mode: 'solo',
    source: 'host',
    startedAt: 1_700_000_000_000,
    finishedAt: 1_700_000_600_000,
    players: levels.map((level, s) => ({ name: game.state.players[s].name, kind: s === 0 ? 'human' : 'bot', botLevel: s === 0 ? null : level, you: s === 0 })),
  })
  return { record, state: game.state }
}

/** What the history file or an import would hand the viewer: the record through JSON and the schema. */
const throughJson = (record: GameRecord): GameRecord => gameRecordSchema.parse(JSON.parse(JSON.stringify(record)))

function modelOf(record: GameRecord): ReplayModel {
  const r = buildReplay(record)
  if (!r.ok) throw new Error(r.error)
  return r.model
}

describe('a replay reproduces the recorded game under every rule option (issue #19)', () => {
  const cases: [string, PartialRuleOptions][] = []
  for (const edition of OPTION_VALUES.edition)
    for (const [option, values] of Object.entries(OPTION_VALUES))
      if (option !== 'edition') for (const value of values) cases.push([`${edition}, ${option} = ${JSON.stringify(value)}`, { edition, [option]: value }])

  it.each(cases.map(([name, rules], i) => [name, rules, i] as const))('%s', (_name, rules, i) => {
    // Game keys are at most 64 characters (a real one is 43): the case's number seeds it.
    const { record, state } = playedRecord(`replay-option-${i}`, rules)
    const read = throughJson(record)
    expect(read).toEqual(record)
    const model = modelOf(read)
    expect(replayProblems(model, read)).toEqual([])
    expect(model.finalScores).toEqual(state.players.map((p) => p.score))
    expect(model.winner).toBe(state.winner)
    expect(model.hands.map((h) => h.points)).toEqual(read.hands.map((h) => h.points))
    // The engine's own replay of the record agrees too.
    const engine = replayRecord(read)
    expect(engine.ok && engine.state.players.map((p) => p.score)).toEqual(read.finalScores)
    // One step per action plus the first deal; one hand start per hand played.
    expect(model.steps).toHaveLength(read.log.length + 1)
    expect(model.handStarts).toHaveLength(read.hands.length)
    // Each hand's deal in the replay is the one the table committed to.
    const dealt = model.handStarts.map((at) => model.steps[at].events.find((e) => e.type === 'handDealt'))
    expect(dealt.map((e) => e?.type === 'handDealt' && e.commitment)).toEqual(read.commitments)
    // The last step is the finished game, all hands shown as the state held them.
    const last = model.tableAt(model.steps.length - 1)
    expect(last.view.stage).toBe('gameOver')
    expect(last.view.players.map((p) => p.score)).toEqual(read.finalScores)
  })
})

describe('the replay model', () => {
  const { record } = playedRecord('replay-model', { fixedHands: 3 }, 4)
  const model = modelOf(throughJson(record))

  it('starts with the first deal, every hand revealed', () => {
    const first = model.steps[0]
    expect(first.action).toBe(-1)
    expect(first.events[0]).toMatchObject({ type: 'handDealt', handNumber: 1, dealer: record.dealer })
    const t = model.tableAt(0)
    expect(t.hands).toHaveLength(4)
    // The dealer's left gets 10 cards and plays first (no one has drawn yet); everyone holds 10.
    for (const hand of t.hands) expect(hand).toHaveLength(10)
    expect(t.view.handNumber).toBe(1)
    expect(t.view.discard).toHaveLength(1)
  })

  it('steps one action at a time, naming the card drawn from the pile', () => {
    const step = model.steps[1]
    expect(step.action).toBe(0)
    expect(step.seat).toBe(record.log[0].seat)
    expect(record.log[0].action.type).toBe('draw')
    const before = model.tableAt(0).hands[step.seat!]
    const after = model.tableAt(1).hands[step.seat!]
    expect(after).toHaveLength(before.length + 1)
    if (step.events[0].type === 'drew' && step.events[0].from === 'deck') expect(after).toContain(step.drawn)
  })

  it('marks where each hand starts, and tells which hand a step is in', () => {
    expect(model.handStarts[0]).toBe(0)
    expect(model.handStarts).toHaveLength(3)
    for (const [h, at] of model.handStarts.entries()) {
      expect(model.steps[at].events.some((e) => e.type === 'handDealt' && e.handNumber === h + 1)).toBe(true)
      expect(model.handIndexOf(at)).toBe(h)
      if (at > 0) expect(model.handIndexOf(at - 1)).toBe(h - 1)
      expect(model.tableAt(at).view.handNumber).toBe(h + 1)
    }
    expect(model.handIndexOf(model.steps.length - 1)).toBe(2)
  })

  it('refuses a log that does not replay', () => {
    const broken = { ...record, log: [record.log[1], ...record.log] }
    const r = buildReplay(broken)
    expect(r.ok).toBe(false)
  })

  it('names a record whose scores were edited', () => {
    const edited = { ...record, finalScores: record.finalScores.map((s) => s + 1) }
    expect(replayProblems(model, edited)).toHaveLength(1)
  })

  it('builds a long six-player game fast, and steps and jumps at once', () => {
    const { record: long } = playedRecord('replay-long', { wildCount: 4 }, 6)
    const runs: number[] = []
    let m = model
    for (let k = 0; k < 5; k++) {
      const t0 = performance.now()
      m = modelOf(long)
      runs.push(performance.now() - t0)
    }
    runs.sort((a, b) => a - b)
    const t1 = performance.now()
    for (let i = 0; i < m.steps.length; i++) m.tableAt(i)
    const everyTable = performance.now() - t1
    const t2 = performance.now()
    for (const at of m.handStarts) m.tableAt(at)
    m.tableAt(m.steps.length - 1)
    const jumps = performance.now() - t2
    console.log(
      `replay model: ${long.log.length} actions, ${m.handStarts.length} hands, 6 players: build ${runs[2].toFixed(1)} ms (median of 5), ` +
        `every step's table once ${everyTable.toFixed(1)} ms (${((everyTable / m.steps.length) * 1000).toFixed(0)} µs/step), cached jumps ${jumps.toFixed(2)} ms`,
    )
    expect(m.steps.length).toBeGreaterThan(700)
    // Generous bounds on a shared 2-core machine: a frame is 16 ms, a first build may take a few frames.
    expect(runs[2]).toBeLessThan(250)
    expect(everyTable / m.steps.length).toBeLessThan(2)
  })
})
