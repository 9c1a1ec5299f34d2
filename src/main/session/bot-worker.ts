/** The bot worker (see bot-runner.ts): answers `{id, request}` with `{id, ok, action}`; pure CPU, no I/O. */
import { parentPort } from 'node:worker_threads'
import { decideNow, type BotRequest } from './bot-runner'

parentPort?.on('message', (msg: { id: number; request: BotRequest }) => {
  try {
    parentPort!.postMessage({ id: msg.id, ok: true, action: decideNow(msg.request) })
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err) })
  }
})
