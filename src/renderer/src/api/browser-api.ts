/**
 * The GameApi of a page in a plain browser (a phone, or any browser on the headless host), over ws-api.
 * Two things never go to the host:
 *  - `settings.*` are this browser's own (localStorage, validated with the settings schema); the host's
 *    settings belong to the host machine's user (the host refuses them from remote clients anyway).
 *    `settings.changed` is raised locally (and when another tab of this site changes them).
 * And one thing is kept here so the renderer never deals with the transport:
 *  - the seat token: a successful `table.join` remembers `{name, token}` (localStorage, per site = per host);
 *    a later `table.join` without a token (the page reloaded) carries it, falling back to a fresh seat if the
 *    host no longer knows it; and after the socket drops and reconnects, the seat is re-joined at once
 *    (the host then pushes the snapshot). `table.leave` and a closed table forget it.
 */
import {
  DEFAULT_SETTINGS,
  PROTOCOL_VERSION,
  ok,
  fail,
  settingsPatchSchema,
  settingsSchema,
  type ApiResult,
  type GameApi,
  type Settings,
} from '@shared/api'
import type { RpcChannel, WsApiOptions, WsGameApi } from '@shared/api/ws-client'

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export const SETTINGS_KEY = 'phase10.settings'
export const SEAT_KEY = 'phase10.seat'

export interface BrowserApiOptions {
  /** Makes the ws transport (`(o) => createWsApi(url, WebSocket, o)`); gets the reconnect hook. */
  connect: (options: WsApiOptions) => WsGameApi
  storage: StorageLike | null
  /** Subscribes to other tabs' storage changes (window 'storage' events); returns unsubscribe. */
  onStorage?: (listener: (key: string | null) => void) => () => void
  warn?: (message: string) => void
}

interface SeatMemory {
  name: string
  token: string
  spectate?: boolean
}

function readJson(storage: StorageLike | null, key: string): unknown {
  try {
    const text = storage?.getItem(key)
    return text ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
}

/** Stored settings merged over the defaults; unknown keys dropped; anything invalid → defaults. */
export function loadLocalSettings(storage: StorageLike | null): Settings {
  const json = readJson(storage, SETTINGS_KEY)
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ...DEFAULT_SETTINGS }
  const parsed = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...json })
  return parsed.success ? parsed.data : { ...DEFAULT_SETTINGS }
}

export function createBrowserApi(options: BrowserApiOptions): WsGameApi {
  const { storage } = options
  const warn = options.warn ?? ((m: string) => console.warn(`[api] ${m}`))
  const settingsListeners = new Set<(payload: unknown) => void>()
  let settings = loadLocalSettings(storage)
  let connections = 0

  const readSeat = (): SeatMemory | null => {
    const json = readJson(storage, SEAT_KEY) as Partial<SeatMemory> | undefined
    return json && typeof json.token === 'string' && typeof json.name === 'string' ? (json as SeatMemory) : null
  }
  const writeSeat = (seat: SeatMemory | null) => {
    try {
      if (seat) storage?.setItem(SEAT_KEY, JSON.stringify(seat))
      else storage?.removeItem(SEAT_KEY)
    } catch {
      // private mode or full: the seat is then kept for this connection only
    }
  }

  const emitSettings = () => {
    for (const l of [...settingsListeners]) l({ ...settings })
  }

  /** Every new connection after the first: re-take our seat before anything else is sent. */
  const onConnect = async (channel: RpcChannel): Promise<void> => {
    connections++
    if (connections === 1) return
    const seat = readSeat()
    if (!seat) return
    const r = await channel.invoke('table.join', { protocol: PROTOCOL_VERSION, name: seat.name, token: seat.token }, 10_000)
    if (!r.ok && r.error.code !== 'DISCONNECTED') {
      warn(`could not rejoin the seat: ${r.error.code}`)
      writeSeat(null)
    }
  }

  const remote = options.connect({ onConnect })

  remote.on('table.snapshot', (snapshot) => {
    if (snapshot === null) writeSeat(null) // the table closed
  })
  options.onStorage?.((key) => {
    if (key !== null && key !== SETTINGS_KEY) return
    const next = loadLocalSettings(storage)
    if (JSON.stringify(next) === JSON.stringify(settings)) return
    settings = next
    emitSettings()
  })

  async function join(params: Record<string, unknown>): Promise<ApiResult<unknown>> {
    const stored = readSeat()
    const injected = params.token === undefined && !params.spectate && stored !== null
    const first = await remote.invoke('table.join', (injected ? { ...params, token: stored.token } : params) as never)
    let result = first as ApiResult<unknown>
    if (!result.ok && result.error.code === 'BAD_TOKEN' && injected) {
      writeSeat(null) // an old table's token: take a fresh seat
      result = (await remote.invoke('table.join', params as never)) as ApiResult<unknown>
    }
    if (result.ok) {
      const token = (result.value as { token?: unknown } | null)?.token
      if (typeof token === 'string' && token.length > 0 && token.length <= 128) writeSeat({ name: String(params.name), token })
    }
    return result
  }

  const api = {
    async invoke(name: string, params: unknown): Promise<ApiResult<unknown>> {
      switch (name) {
        case 'settings.get':
          return ok({ ...settings })
        case 'settings.set': {
          const patch = settingsPatchSchema.safeParse(params ?? {})
          if (!patch.success) {
            const detail = patch.error.issues.map((i) => `${i.path.join('.') || '(params)'}: ${i.message}`).join('; ')
            return fail('BAD_REQUEST', `settings.set: ${detail}`)
          }
          const next = settingsSchema.safeParse({ ...settings, ...patch.data })
          if (!next.success) return fail('BAD_REQUEST', 'settings.set: invalid settings')
          settings = next.data
          try {
            storage?.setItem(SETTINGS_KEY, JSON.stringify(settings))
          } catch (err) {
            warn(`settings kept for this page only: ${err instanceof Error ? err.message : String(err)}`)
          }
          emitSettings()
          return ok({ ...settings })
        }
        case 'table.join':
          return join((params ?? {}) as Record<string, unknown>)
        case 'table.leave': {
          const r = await remote.invoke('table.leave', params as never)
          if (r.ok) writeSeat(null)
          return r
        }
        default:
          return remote.invoke(name as never, params as never) as Promise<ApiResult<unknown>>
      }
    },
    on(event: string, listener: (payload: unknown) => void): () => void {
      if (event === 'settings.changed') {
        settingsListeners.add(listener)
        return () => settingsListeners.delete(listener)
      }
      return remote.on(event as never, listener as never)
    },
    close(): void {
      remote.close()
    },
  }
  return api as WsGameApi
}
