/**
 * Bot decisions off the table's critical path. A `BotRunner` answers "what does this bot seat do now?"
 * from exactly what a human in that seat would see (its view and the public history: RULES.md section 11).
 *
 * - `WorkerBotRunner`: one `worker_threads` worker (./bot-worker) for all bot seats of the process, so a
 *   Hard bot's search never blocks the ws server or IPC. Used by the app and the headless host.
 * - `InProcessBotRunner`: the same decision on the main thread after a `setImmediate` (tests, and the
 *   fallback when the worker cannot start).
 *
 * Locating the worker: under tsx (headless host, tests) this module is src/main/session/bot-runner.ts and
 * the worker is ./bot-worker.ts, which the inherited tsx loader runs. In the electron-vite build
 * electron.vite.config.ts emits the worker as its own entry, out/main/bot-worker.js, next to index.js; this
 * module then lives in a shared chunk (out/main/chunks/bot-runner-*.js), hence `../bot-worker.js`.
 * `botWorkerUrl` picks whichever exists. (electron-vite's `?modulePath` import would also work in the
 * build, but not under tsx; a second entry works in both.)
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Action, GameEvent } from '@shared/engine/actions'
import type { GameView } from '@shared/engine/views'
import { decide, type BotLevel } from '@shared/ai'
import { hintFor, type Hint } from '@shared/ai/explain'

export interface BotRequest {
  level: BotLevel
  view: GameView
  history: readonly GameEvent[]
  /** The bot's own randomness seed (its seat's name and table id): same inputs, same decision. */
  salt: string
}

export interface BotRunner {
  /** The bot's action, or `null` when it has nothing to do; rejects only on a bug in the bot. */
  decide(request: BotRequest): Promise<Action | null>
  /** The coach's hint for a seat (Expert's search, off the host's event loop like every bot decision). */
  hint(request: HintRequest): Promise<Hint | null>
  close(): Promise<void>
}

/** What the coach is given: exactly what a bot in that seat would be (its view, the hand's public events). */
export type HintRequest = Omit<BotRequest, 'level'>

/** One piece of bot work, as the worker receives it (and the in-process runner runs it). */
export type BotJob = { type: 'decide'; request: BotRequest } | { type: 'hint'; request: HintRequest }

export function decideNow(request: BotRequest): Action | null {
  return decide({ level: request.level, view: request.view, history: request.history, salt: request.salt })
}

export function runJob(job: BotJob): Action | Hint | null {
  return job.type === 'decide' ? decideNow(job.request) : hintFor(job.request.view, job.request.history, job.request.salt)
}

export class InProcessBotRunner implements BotRunner {
  decide(request: BotRequest): Promise<Action | null> {
    return this.run({ type: 'decide', request }) as Promise<Action | null>
  }
  hint(request: HintRequest): Promise<Hint | null> {
    return this.run({ type: 'hint', request }) as Promise<Hint | null>
  }
  run(job: BotJob): Promise<Action | Hint | null> {
    // Yield first: a bot never answers inside the call that made its turn come up.
    return new Promise((resolve, reject) =>
      setImmediate(() => {
        try {
          resolve(runJob(job))
        } catch (err) {
          reject(err)
        }
      }),
    )
  }
  async close(): Promise<void> {}
}

/** The worker file next to this module (source under tsx) or next to the bundle (build). */
export function botWorkerUrl(base: string = import.meta.url): URL | null {
  // Build: this code sits in out/main/chunks/ (shared with the worker entry), the worker in out/main/.
  for (const file of ['./bot-worker.js', '../bot-worker.js', './bot-worker.ts']) {
    const url = new URL(file, base)
    if (existsSync(fileURLToPath(url))) return url
  }
  return null
}

/**
 * The worker to start. The built worker (.js) directly. The source worker (.ts, under tsx or vitest) through
 * a two-line ESM bootstrap that registers tsx's loader inside the worker first: tsx registers its hooks in
 * the main thread only, and on Node 20 neither inheriting them nor `--import tsx` in the worker's execArgv
 * makes a .ts worker load.
 */
function workerEntry(url: URL): URL {
  if (!url.pathname.endsWith('.ts')) return url
  const api = 'tsx/esm/api' // a variable: the bundler must not try to resolve it (the build never takes this path)
  const code = `import { register } from ${JSON.stringify(import.meta.resolve(api))}\nregister()\nawait import(${JSON.stringify(url.href)})\n`
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`)
}

type Pending = { job: BotJob; resolve: (a: Action | Hint | null) => void; reject: (e: Error) => void }

export class WorkerBotRunner implements BotRunner {
  private worker: Worker | null = null
  private nextId = 1
  private readonly pending = new Map<number, Pending>()
  private failed: Error | null = null

  /** The worker starts on the first decision (a host with no bot never starts one). */
  constructor(
    private readonly url: URL,
    private readonly options: { execArgv?: string[]; warn?: (m: string) => void } = {},
  ) {}

  private start(): Worker {
    const worker = new Worker(workerEntry(this.url), this.options.execArgv ? { execArgv: this.options.execArgv } : {})
    worker.unref()
    worker.on('message', (msg: { id: number; ok: boolean; value?: Action | Hint | null; error?: string }) => {
      const p = this.pending.get(msg.id)
      this.pending.delete(msg.id)
      if (!p) return
      if (msg.ok) p.resolve(msg.value ?? null)
      else p.reject(new Error(msg.error ?? 'bot failed'))
    })
    const die = (err: Error) => {
      if (this.failed) return
      this.failed = err
      this.options.warn?.(`[bots] the bot worker stopped (${err.message}); bots decide on the main thread`)
      // Whatever was asked is answered on the main thread instead: a dead worker never stalls a table.
      const fallback = new InProcessBotRunner()
      for (const [, p] of this.pending) fallback.run(p.job).then(p.resolve, p.reject)
      this.pending.clear()
    }
    worker.on('error', die)
    worker.on('exit', (code) => die(new Error(`bot worker exited (${code})`)))
    return worker
  }

  decide(request: BotRequest): Promise<Action | null> {
    return this.run({ type: 'decide', request }) as Promise<Action | null>
  }

  hint(request: HintRequest): Promise<Hint | null> {
    return this.run({ type: 'hint', request }) as Promise<Hint | null>
  }

  private run(job: BotJob): Promise<Action | Hint | null> {
    // A dead worker is not fatal to the table: decide here instead.
    if (this.failed) return new InProcessBotRunner().run(job)
    this.worker ??= this.start()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { job, resolve, reject })
      this.worker!.postMessage({ id, job })
    })
  }

  async close(): Promise<void> {
    this.failed = new Error('closed')
    this.pending.clear()
    await this.worker?.terminate()
  }
}

/** The app's runner: the worker when its file is there, else in-process (warned once). */
export function createBotRunner(warn: (m: string) => void = (m) => console.warn(m)): BotRunner {
  const url = botWorkerUrl()
  if (!url) {
    warn('[bots] bot-worker not found next to the main bundle; bots decide on the main thread')
    return new InProcessBotRunner()
  }
  try {
    return new WorkerBotRunner(url, { warn })
  } catch (err) {
    warn(`[bots] cannot start the bot worker (${err instanceof Error ? err.message : String(err)}); bots decide on the main thread`)
    return new InProcessBotRunner()
  }
}
