/**
 * Real game records for the history tests: a short game (one fixed hand by default) played to its end on a
 * TableHost — the local seat by the Easy bot's moves, the others by bots — and cheap variants of it.
 */
import { decide } from '@shared/ai'
import type { PartialRuleOptions } from '@shared/engine/rules'
import type { GameRecord } from '@shared/history/record'
import { InProcessBotRunner } from '../../../src/main/session/bot-runner'
import { TableHost } from '../../../src/main/session/table-host'

export async function playedRecord(seed = 'history-seed-1', rules: PartialRuleOptions = { fixedHands: 1 }, bots: ('easy' | 'medium' | 'hard')[] = ['easy', 'medium']): Promise<GameRecord> {
  const host = new TableHost({ name: 'History test', mode: 'solo', bots: new InProcessBotRunner(), deliver: () => {}, rules })
  let record: GameRecord | null = null
  host.on('gameRecorded', (r) => (record = r))
  try {
    host.attachHost('local', 'Me')
    for (const level of bots) host.addBot(level)
    const started = host.start(seed)
    if (!started.ok) throw new Error(started.error.message)
    for (let i = 0; i < 50_000 && !record; i++) {
      const snap = host.snapshotFor('local')!
      const view = snap.view!
      if (snap.status === 'playing' && (view.stage === 'handOver' || view.turn === snap.mySeat)) {
        const action = decide({ level: 'easy', view: view as never, history: [], salt: 'me' })
        if (action && host.act('local', snap.version, action).ok) continue
      }
      await new Promise((r) => setImmediate(r))
    }
  } finally {
    await host.close()
  }
  if (!record) throw new Error('the game did not end')
  return record
}

/** The same game under another id and time (game `i` ends at i seconds). */
export function variant(record: GameRecord, i: number, patch: Partial<GameRecord> = {}): GameRecord {
  return { ...record, id: `g${i}`, startedAt: i * 1000, finishedAt: i * 1000 + 500, ...patch }
}
