/** The electron-vite build ships the bot worker as out/main/bot-worker.js, and it decides like the source. */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'
import { botWorkerUrl } from '../../src/main/session/bot-runner'
import { askBotWorker, root } from './helpers'

it('out/main/bot-worker.js is found from the bundle and answers bot decisions', async () => {
  const main = join(root, 'out/main')
  expect(existsSync(join(main, 'bot-worker.js')), 'run the build first').toBe(true)
  // bot-runner's code lands in a shared chunk; from there, the worker is one folder up.
  const chunk = readdirSync(join(main, 'chunks')).find((f) => f.startsWith('bot-runner'))!
  expect(botWorkerUrl(pathToFileURL(join(main, 'chunks', chunk)).href)?.href).toBe(pathToFileURL(join(main, 'bot-worker.js')).href)
  const { answer, expected } = await askBotWorker(join(main, 'bot-worker.js'), 'medium', 'built-worker')
  expect(answer).toEqual(expected)
  // Expert searches inside the worker too (its sampler, rollouts and the engine all bundled with it).
  const expert = await askBotWorker(join(main, 'bot-worker.js'), 'expert', 'built-worker')
  expect(expert.answer).toEqual(expert.expected)
})
