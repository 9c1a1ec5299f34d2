/** The bot worker (see bot-runner.ts): answers `{id, job}` with `{id, ok, value}`; pure CPU, no I/O. */
import { parentPort } from 'node:worker_threads'
import { runJob, type BotJob } from './bot-runner'

parentPort?.on('message', (msg: { id: number; job: BotJob }) => {
  try {
    parentPort!.postMessage({ id: msg.id, ok: true, value: runJob(msg.job) })
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err) })
  }
})
