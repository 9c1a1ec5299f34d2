/**
 * The history handlers (`history.*`, all local-only) over the HistoryStore, and `keep`, through which the
 * table service stores a finished game (hosted here, or fetched from a joined host with `table.record`).
 */
import { fail, ok, type HistoryList } from '@shared/api'
import type { GameRecord } from '@shared/history/record'
import { statsOf, summarize } from '@shared/history/stats'
import type { HistoryStore } from '../history/history-store'
import type { Handlers } from './dispatch'

type HistoryHandlers = Pick<Handlers, 'history.list' | 'history.get' | 'history.remove' | 'history.export' | 'history.import' | 'history.stats'>

export interface HistoryService {
  handlers: HistoryHandlers
  /** Stores a finished game; never throws (a full disk is reported, the game goes on). */
  keep(record: GameRecord): void
}

export function createHistoryService(store: HistoryStore, warn: (m: string) => void = (m) => console.warn(m)): HistoryService {
  /** A write that failed (a full disk…), told once on the History screen. */
  let problem: string | null = null
  const handlers: HistoryHandlers = {
    'history.list': () => {
      const games = store.all().map(summarize).reverse()
      const notices = store.takeNotices()
      if (problem) notices.push(problem)
      problem = null
      return ok({ games, notices } satisfies HistoryList)
    },
    'history.get': (p) => {
      const record = store.get(p.id)
      return record ? ok(record) : fail('NO_TABLE', `no game ${p.id} in the history`)
    },
    'history.remove': (p) => (store.remove(p.id) ? ok(null) : fail('NO_TABLE', `no game ${p.id} in the history`)),
    'history.export': () => ok({ json: store.exportJson(), games: store.all().length }),
    'history.import': (p) => {
      try {
        return ok(store.importJson(p.json))
      } catch (err) {
        if (err instanceof SyntaxError) return fail('BAD_REQUEST', 'that file is not JSON')
        if (err instanceof TypeError) return fail('BAD_REQUEST', err.message)
        throw err
      }
    },
    'history.stats': () => ok(statsOf(store.all())),
  }
  return {
    handlers,
    keep(record) {
      try {
        store.append(record)
      } catch (err) {
        const code = (err as NodeJS.ErrnoException)?.code
        problem = `The last game could not be saved to the history (${code === 'ENOSPC' ? 'the disk is full' : (code ?? String(err))}).`
        warn(`history: cannot append ${record.id}: ${err instanceof Error ? err.message : String(err)}`)
      }
    },
  }
}
