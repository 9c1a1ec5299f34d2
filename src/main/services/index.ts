/**
 * The host's services: the implementation of every GameApi request, in plain Node. The Electron IPC
 * wiring (src/main/ipc.ts) and the headless WebSocket bridge (src/main/net/ws-bridge.ts) both call
 * `dispatch` and forward `events`; there is exactly one implementation of each request.
 * Later issues add their handlers here (lobby, table, saves…).
 */
import { fail, ok } from '../../shared/api'
import { createDispatcher, type Dispatch, type Handlers } from './dispatch'
import { EventHub } from './event-hub'
import { SettingsStore } from './settings-store'

export type { Dispatch, Handlers, RequestContext } from './dispatch'
export { EventHub } from './event-hub'

export interface ServicesOptions {
  /** Per-user data dir: Electron's userData, the headless `--data-dir`, or a temp dir in tests. */
  dataDir: string
  app: { name: string; version: string }
  warn?: (message: string) => void
}

export interface Services {
  dispatch: Dispatch
  events: EventHub
  settings: SettingsStore
}

export async function createServices(options: ServicesOptions): Promise<Services> {
  const events = new EventHub()
  const settings = new SettingsStore({ dataDir: options.dataDir, warn: options.warn })
  await settings.load()

  const handlers: Handlers = {
    'app.info': (_params, ctx) =>
      ok({ name: options.app.name, version: options.app.version, platform: process.platform, transport: ctx.transport }),
    'settings.get': () => ok(settings.get()),
    'settings.set': async (patch) => {
      const saved = await settings.update(patch)
      events.emit('settings.changed', saved)
      return ok(saved)
    },
    ...Object.fromEntries(
      ['solo.start', 'host.open', 'host.close', 'host.claim', 'join.connect', 'discovery.start', 'discovery.stop', 'lobby.setRules', 'lobby.addBot', 'lobby.removeSeat', 'lobby.start', 'lobby.dropPolicy', 'table.join', 'table.get', 'table.act', 'table.chat', 'lobby.setReady', 'table.leave', 'table.rematch'].map((n) => [n, () => fail('INTERNAL', 'not yet')]),
    ) as unknown as Omit<Handlers, 'app.info' | 'settings.get' | 'settings.set'>,
  }

  return { dispatch: createDispatcher(handlers), events, settings }
}
