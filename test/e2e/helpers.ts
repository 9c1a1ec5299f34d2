import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from 'playwright-core'
import { Worker } from 'node:worker_threads'
import { decideNow } from '../../src/main/session/bot-runner'
import { newGame } from '@shared/engine/state'
import { viewFor } from '@shared/engine/views'
import { afterAll, beforeAll } from 'vitest'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const screenshotDir = join(root, 'test-results', 'screenshots')

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  await mkdir(screenshotDir, { recursive: true })
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs] })
}

export interface HostProcess {
  url: string
  /** The URL with the operator token (sets the operator cookie, then shows the app). */
  operatorUrl: string
  child: ChildProcess
  output: () => string
  stop(): Promise<void>
}

/**
 * Starts `tsx src/main/headless.ts --port 0` on 127.0.0.1 in its own process group; resolves with its URL.
 * `dealSeed`: the host's `--deal-seed`, so a test file's games are dealt the same way every run (a flow that
 * needs a lay-down, a second hand… does not depend on a random deal).
 */
export async function startHeadlessHost(dataDir: string, dealSeed?: string): Promise<HostProcess> {
  if (!existsSync(join(root, 'out/renderer/index.html'))) {
    throw new Error('out/renderer is missing: e2e needs the build (`npm test` builds first; or run `npm run build`)')
  }
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['src/main/headless.ts', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir, '--no-advert', ...(dealSeed ? ['--deal-seed', dealSeed] : [])], {
    cwd: root,
    detached: true, // own process group, so stop() ends tsx and the node it spawns, and nothing else
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  const urls = await new Promise<{ url: string; operatorUrl: string }>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`host printed no URL within 20 s:\n${out}`)), 20_000)
    const check = () => {
      const m = /Phase 10 host listening on (http:\/\/\S+)/.exec(out)
      const op = /operator \(runs the table\): (http:\/\/\S+)/.exec(out)
      if (m && op) {
        clearTimeout(timer)
        resolveUrl({ url: m[1], operatorUrl: op[1] })
      }
    }
    child.stdout!.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`host exited (${code}) before listening:\n${out}`))
    })
  })
  return {
    ...urls,
    child,
    output: () => out,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done()
        child.once('exit', () => done())
        try {
          process.kill(-child.pid!, 'SIGTERM')
        } catch {
          done()
        }
        setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL')
          } catch {
            /* already gone */
          }
        }, 3000).unref()
      }),
  }
}

export interface E2eSetup {
  host: HostProcess
  browser: Browser
  dataDir: string
}

/**
 * Registers beforeAll/afterAll for a test file: a fresh data dir seeded with the host's `settings`, the
 * headless host on it and Chromium (started side by side); all three are gone after the file. The returned
 * object is filled in by beforeAll. The host deals from the seed `e2e-<name>` (the same games every run).
 */
export function withHostAndBrowser(name: string, settings: Record<string, unknown>): E2eSetup {
  const setup = {} as E2eSetup
  beforeAll(async () => {
    setup.dataDir = await mkdtemp(join(tmpdir(), `p10-e2e-${name}-`))
    await writeFile(join(setup.dataDir, 'settings.json'), JSON.stringify(settings))
    ;[setup.host, setup.browser] = await Promise.all([startHeadlessHost(setup.dataDir, `e2e-${name}`), launchChromium()])
  })
  afterAll(async () => {
    await setup.browser?.close()
    await setup.host?.stop()
    if (setup.dataDir) await rm(setup.dataDir, { recursive: true, force: true })
  })
  return setup
}

/**
 * Starts the bot worker file at `path`, asks it for one decision on a fresh 3-player game, and stops it:
 * the answer, and what the source's `decideNow` says for the same request.
 */
export async function askBotWorker(path: string, level: 'medium' | 'hard' | 'expert', seed: string): Promise<{ answer: unknown; expected: unknown }> {
  const worker = new Worker(path)
  try {
    const state = newGame({ players: ['a', 'b', 'c'], seed })
    const request = { level, view: viewFor(state, state.turn!), history: [], salt: 'x' }
    const answer = await new Promise((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
      worker.postMessage({ id: 1, job: { type: 'decide', request } })
    })
    return { answer, expected: { id: 1, ok: true, value: decideNow(request) } }
  } finally {
    await worker.terminate()
  }
}
