/**
 * An in-memory GameApi for component tests: validates params with the real contract schemas, so a
 * component sending a bad request gets the same BAD_REQUEST it would get from the host.
 */
import {
  DEFAULT_SETTINGS,
  requests,
  type ApiResult,
  type EventName,
  type EventPayload,
  type GameApi,
  type SavedGame,
  type Settings,
} from '@shared/api'

export interface FakeGameApi extends GameApi {
  settings: Settings
  /** What `saves.list` answers. */
  savedGames: SavedGame[]
  calls: { name: string; params: unknown }[]
  /** What `app.info` reports as the desktop app's update; `app.installUpdate` answers this result's code or null. */
  update: { state: 'downloading' | 'ready'; version: string } | null
  installUpdateError: 'WRONG_STATUS' | null
  /** What `app.info` reports: `ipc` for the desktop window (default), `websocket` for a browser. */
  transport: 'ipc' | 'websocket'
  /** Simulates the host pushing an event (e.g. another window saved). */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
}

export function createFakeGameApi(initial: Partial<Settings> = {}, savedGames: SavedGame[] = []): FakeGameApi {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const api = {
    settings: { ...DEFAULT_SETTINGS, ...initial },
    savedGames,
    calls: [] as { name: string; params: unknown }[],
    update: null as FakeGameApi['update'],
    installUpdateError: null as FakeGameApi['installUpdateError'],
    transport: 'ipc' as FakeGameApi['transport'],
    async invoke(name: string, params: unknown): Promise<ApiResult<unknown>> {
      api.calls.push({ name, params })
      const def = requests[name as keyof typeof requests]
      const parsed = def?.params.safeParse(params)
      if (!def || !parsed?.success) return { ok: false, error: { code: 'BAD_REQUEST', message: parsed?.error?.issues[0]?.message ?? 'unknown request' } }
      switch (name) {
        case 'app.info':
          return { ok: true, value: { name: 'Phase 10', version: 'test', platform: 'test', transport: api.transport, update: api.update } }
        case 'app.installUpdate':
          if (api.installUpdateError) return { ok: false, error: { code: api.installUpdateError, message: 'leave the table first: an update never interrupts a game' } }
          return { ok: true, value: null }
        case 'saves.list':
          return { ok: true, value: api.savedGames }
        case 'saves.remove': {
          const { tableId } = parsed.data as { tableId: string }
          if (!api.savedGames.some((g) => g.tableId === tableId)) return { ok: false, error: { code: 'NO_TABLE', message: 'no such save' } }
          api.savedGames = api.savedGames.filter((g) => g.tableId !== tableId)
          return { ok: true, value: null }
        }
        case 'settings.get':
          return { ok: true, value: { ...api.settings } }
        case 'settings.set':
          api.settings = { ...api.settings, ...(parsed.data as Partial<Settings>) }
          api.emit('settings.changed', { ...api.settings })
          return { ok: true, value: { ...api.settings } }
        default:
          return { ok: false, error: { code: 'BAD_REQUEST', message: `fake has no ${name}` } }
      }
    },
    on(event: string, listener: (payload: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      return () => void listeners.get(event)!.delete(listener)
    },
    emit(event: string, payload: unknown) {
      for (const l of listeners.get(event) ?? []) l(payload)
    },
  }
  return api as unknown as FakeGameApi
}

/** The fake with some requests answered by `answers` instead (recorded in `calls` like every other). */
export function withAnswers(api: FakeGameApi, answers: Record<string, (params: unknown) => ApiResult<unknown>>): FakeGameApi {
  const invoke = api.invoke.bind(api)
  api.invoke = (async (name: string, params: unknown) => {
    const answer = answers[name]
    if (!answer) return invoke(name as never, params as never)
    api.calls.push({ name, params })
    return answer(params)
  }) as FakeGameApi['invoke']
  return api
}

/** What a desktop's services answer on the Join screen: nothing found on the LAN, `join.connect` refused. */
export const DESKTOP_JOIN_ANSWERS: Record<string, (params: unknown) => ApiResult<unknown>> = {
  'discovery.start': () => ({ ok: true, value: [] }),
  'discovery.stop': () => ({ ok: true, value: null }),
  'join.connect': () => ({ ok: false, error: { code: 'DISCONNECTED', message: 'no host there' } }),
}
