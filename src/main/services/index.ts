/**
 * The host's services: the implementation of every GameApi request, in plain Node. The Electron IPC
 * wiring (src/main/ipc.ts) and the WebSocket bridge (src/main/net/ws-bridge.ts) both call `dispatch` and
 * forward `events`; there is exactly one implementation of each request. The table requests live in
 * ./table.ts.
 */
import { fail, ok, type Diagnostics, type JoinLink } from '@shared/api'
import type { Updates } from '../updater'
import { lockDataDir } from '../data-dir-lock'
import { createBotRunner, type BotRunner } from '../session/bot-runner'
import { HistoryStore } from '../history/history-store'
import { createDispatcher, type Dispatch, type Handlers } from './dispatch'
import { EventHub } from './event-hub'
import { createHistoryService } from './history'
import { SettingsStore } from './settings-store'
import { createTableService, type TableService, type TableServiceOptions } from './table'

export type { Dispatch, Handlers, RequestContext } from './dispatch'
export { EventHub, type Subscriber } from './event-hub'

/** What the table service needs, less what `createServices` makes itself (events, settings, default bots). */
export interface ServicesOptions extends Omit<TableServiceOptions, 'events' | 'settings' | 'bots' | 'keepRecord'> {
  /** Per-user data dir: Electron's userData, the headless `--data-dir`, or a temp dir in tests. */
  dataDir: string
  app: { name: string; version: string }
  /** Bot decisions; default: a worker thread (tests pass an InProcessBotRunner). */
  bots?: BotRunner
  /** The desktop app's updates (made after the services, so looked up when asked); none in the headless host. */
  updates?: () => Pick<Updates, 'status' | 'install'> | null
  /** The desktop window's turn alert (src/main/attention.ts): answers whether it flashed / notified. */
  attention?: (message: { title: string; body: string }) => boolean
  /** The `phase10://join` link not yet handled (src/main/deep-links.ts), taken once. */
  takeDeepLink?: () => JoinLink | null
  /** "Can't see the table?" (src/main/net/diagnostics.ts), for this host's listener and advert. */
  diagnose?: () => Promise<Diagnostics>
}

export interface Services {
  dispatch: Dispatch
  events: EventHub
  settings: SettingsStore
  table: TableService
  bots: BotRunner
  /** The finished games kept here (`<dataDir>/history.json`). */
  history: HistoryStore
  /** Stops bots and closes the table (the save stays). */
  close(): Promise<void>
}

export async function createServices(options: ServicesOptions): Promise<Services> {
  // One host per data folder (its saves): a second is refused with the first one's pid.
  const lock = lockDataDir(options.dataDir)
  const events = new EventHub()
  const settings = new SettingsStore({ dataDir: options.dataDir, warn: options.warn })
  await settings.load()
  const bots = options.bots ?? createBotRunner(options.warn)
  const history = new HistoryStore({ dataDir: options.dataDir, warn: options.warn })
  const historyService = createHistoryService(history, options.warn)
  const table = createTableService({ ...options, events, settings, bots, keepRecord: historyService.keep })

  const handlers: Handlers = {
    'app.info': (_params, ctx) =>
      ok({
        name: options.app.name,
        version: options.app.version,
        platform: process.platform,
        transport: ctx.transport,
        update: ctx.transport === 'ipc' ? (options.updates?.()?.status() ?? null) : null,
      }),
    'app.installUpdate': (_params, ctx) => {
      const updates = options.updates?.()
      // The app's own window only: not even the headless host's operator restarts a desktop app.
      if (ctx.transport !== 'ipc' || !updates) return fail('FORBIDDEN', 'only the desktop app installs its updates')
      const r = updates.install()
      if (r.ok) return ok(null)
      return fail('WRONG_STATUS', r.reason === 'busy' ? 'leave the table first: an update never interrupts a game' : 'no update has been downloaded')
    },
    // The desktop window's own: a phone has its own browser alerts, and no deep links reach it through here.
    'app.attention': (message, ctx) => {
      if (ctx.transport !== 'ipc') return fail('FORBIDDEN', 'only the desktop app flashes its window')
      return ok({ shown: settings.get().turnAlerts && (options.attention?.(message) ?? false) })
    },
    'app.deepLink': (_params, ctx) => {
      if (ctx.transport !== 'ipc') return fail('FORBIDDEN', 'only the desktop app opens phase10:// links')
      return ok(options.takeDeepLink?.() ?? null)
    },
    'net.diagnose': async () => {
      if (!options.diagnose) return fail('INTERNAL', 'network diagnostics are not available here')
      return ok(await options.diagnose())
    },
    'settings.get': () => ok(settings.get()),
    'settings.set': async (patch) => {
      const saved = await settings.update(patch)
      events.emit('settings.changed', saved)
      return ok(saved)
    },
    ...table.handlers,
    ...historyService.handlers,
  }

  return {
    dispatch: createDispatcher(handlers),
    events,
    settings,
    table,
    bots,
    history,
    close: async () => {
      await table.close()
      await bots.close()
      lock.release()
    },
  }
}
