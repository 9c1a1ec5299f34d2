/**
 * Child process of history-kill.test.ts: appends variants of one record to the history in `dataDir` for
 * ever (until killed), continuing from what the file already holds. Prints `ready N` once loaded, then
 * `appended i` after each append returned (the record is then on disk).
 *   node --import tsx test/node/history/append-loop.ts DATA_DIR RECORD_JSON_FILE
 */
import { readFileSync } from 'node:fs'
import { HistoryStore } from '../../../src/main/history/history-store'
import type { GameRecord } from '@shared/history/record'

const [dataDir, recordFile] = process.argv.slice(2)
const base = JSON.parse(readFileSync(recordFile, 'utf8')) as GameRecord
const store = new HistoryStore({ dataDir, warn: (m) => process.stderr.write(`${m}\n`) })
let i = store.all().length
process.stdout.write(`ready ${i}\n`)
for (;;) {
  store.append({ ...base, id: `g${i}`, startedAt: i * 1000, finishedAt: i * 1000 + 500 })
  process.stdout.write(`appended ${i}\n`)
  i++
}
