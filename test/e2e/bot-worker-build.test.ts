/** The electron-vite build ships the bot worker as out/main/bot-worker.js, and it decides like the source. */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { expect, it } from 'vitest'
import { botWorkerUrl, decideNow } from '../../src/main/session/bot-runner'
import { newGame } from '../../src/shared/engine/state'
import { viewFor } from '../../src/shared/engine/views'
import { root } from './helpers'

it('out/main/bot-worker.js is found from the bundle and answers bot decisions', async () => {
  const main = join(root, 'out/main')
  expect(existsSync(join(main, 'bot-worker.js')), 'run the build first').toBe(true)
  // bot-runner's code lands in a shared chunk; from there, the worker is one folder up.
  const chunk = readdirSync(join(main, 'chunks')).find((f) => f.startsWith('bot-runner'))!
  expect(botWorkerUrl(pathToFileURL(join(main, 'chunks', chunk)).href)?.href).toBe(pathToFileURL(join(main, 'bot-worker.js')).href)
  const worker = new Worker(join(main, 'bot-worker.js'))
  try {
    const state = newGame({ players: ['a', 'b', 'c'], seed: 'built-worker' })
    const request = { level: 'medium' as const, view: viewFor(state, state.turn!), history: [], salt: 'x' }
    const answer = await new Promise((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
      worker.postMessage({ id: 1, request })
    })
    expect(answer).toEqual({ id: 1, ok: true, action: decideNow(request) })
  } finally {
    await worker.terminate()
  }
})
