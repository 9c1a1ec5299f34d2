/**
 * kill -9 while appending: a child process appends games to the history in a loop and is killed with
 * SIGKILL at random moments, 20 times. After every kill the file must load, hold only valid records, and
 * hold exactly a prefix of what was appended (g0, g1, … in order): never corrupt, no earlier game lost.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HistoryStore } from '../../../src/main/history/history-store'
import { playedRecord } from './records'

const script = new URL('./append-loop.ts', import.meta.url).pathname
let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'p10-history-kill-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs the child until it is ready, lets it append for `ms`, kills it; answers the last append it reported. */
function runAndKill(dataDir: string, recordFile: string, ms: number): Promise<{ ready: number; lastAppended: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir, recordFile], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let ready = -1
    let err = ''
    child.stderr.on('data', (d) => (err += String(d)))
    child.stdout.on('data', (d) => {
      out += String(d)
      const m = /ready (\d+)\n/.exec(out)
      if (ready < 0 && m) {
        ready = Number(m[1])
        setTimeout(() => child.kill('SIGKILL'), ms)
      }
    })
    child.on('error', reject)
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`the child ended by itself: ${err}`))
      const appended = [...out.matchAll(/appended (\d+)\n/g)].map((m) => Number(m[1]))
      resolve({ ready, lastAppended: appended.at(-1) ?? ready - 1 })
    })
  })
}

describe('history under kill -9', () => {
  it('after each of 20 kills at random moments the file loads and holds a prefix of the appended games', async () => {
    const base = await playedRecord('kill-seed-1')
    const recordFile = join(dir, 'record.json')
    writeFileSync(recordFile, JSON.stringify(base))
    const dataDir = join(dir, 'data')
    let known = 0
    let appendedTotal = 0
    for (let k = 0; k < 20; k++) {
      const ms = 5 + Math.floor(Math.random() * 56)
      const { ready, lastAppended } = await runAndKill(dataDir, recordFile, ms)
      expect(ready, `kill ${k}: the child started from what the file held`).toBe(known)
      const notices: string[] = []
      const store = new HistoryStore({ dataDir, warn: (m) => notices.push(m) })
      const ids = store.all().map((r) => r.id)
      expect(notices, `kill ${k} after ${ms} ms`).toEqual([])
      // A prefix: g0 … g(n-1) in order; at least every append the child reported, at most one more.
      expect(ids).toEqual(ids.map((_, i) => `g${i}`))
      expect(ids.length).toBeGreaterThanOrEqual(lastAppended + 1)
      expect(ids.length).toBeLessThanOrEqual(lastAppended + 2)
      expect(ids.length).toBeGreaterThanOrEqual(known)
      appendedTotal += Math.max(0, lastAppended + 1 - ready)
      known = ids.length
    }
    // The kills did land while appending (not all before the first write).
    expect(appendedTotal).toBeGreaterThan(20)
  }, 120_000)
})
