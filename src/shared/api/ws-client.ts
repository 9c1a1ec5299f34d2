/**
 * The GameApi WebSocket client core, transport-neutral: pure TS over any WHATWG-like WebSocket class (the
 * browser's, or `ws`'s in Node). Used by the renderer in a browser (src/renderer/src/api/ws-api.ts) and by
 * a joining desktop's main process (src/main/session/remote-table.ts): one implementation of the frames
 * (`{type:'request',id,name,params}` → `{type:'response',id,result}`, `{type:'event',event,payload}`).
 * No I/O of its own, no zod beyond the frame schema, no Node or DOM types.
 */
import { WS_PATH } from './channels'
import { SnapshotReader } from './deltas'
import { wsServerFrameSchema, type ApiResult, type GameApi, type TableSnapshot, type WsClientFrame } from './index'

/** The subset of the WHATWG WebSocket used here; Node passes `ws`'s class. */
export interface WebSocketLike {
  readonly readyState: number
  send(data: string): void
  close(): void
  onopen: ((ev: unknown) => void) | null
  onmessage: ((ev: { data: unknown }) => void) | null
  onclose: ((ev: unknown) => void) | null
  onerror: ((ev: unknown) => void) | null
}
export type WebSocketCtor = new (url: string) => WebSocketLike

/** WebSocket.OPEN in every implementation. */
const OPEN = 1

export const disconnected = (message: string): ApiResult<never> => ({ ok: false, error: { code: 'DISCONNECTED', message } })

export function wsUrlFor(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}`
}

/** `ws://HOST:PORT/api` for an IPv4/IPv6 address or a name. */
export function wsUrlForAddress(address: string, port: number): string {
  const host = address.includes(':') && !address.startsWith('[') ? `[${address}]` : address
  return `ws://${host}:${port}${WS_PATH}`
}

/**
 * Opens one socket; resolves it once open, or null on error, close or after `timeoutMs` (then it is
 * closed). Never rejects.
 */
export function openSocket(url: string, WebSocketImpl: WebSocketCtor, timeoutMs = 5000): Promise<WebSocketLike | null> {
  return new Promise((resolve) => {
    let ws: WebSocketLike
    try {
      ws = new WebSocketImpl(url)
    } catch {
      resolve(null)
      return
    }
    const timer = setTimeout(() => {
      settle(null)
      try {
        ws.close()
      } catch {
        // already closing
      }
    }, timeoutMs)
    let settled = false
    const settle = (value: WebSocketLike | null) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(value)
    }
    ws.onopen = () => settle(ws)
    ws.onerror = () => {} // a close always follows
    ws.onclose = () => settle(null)
  })
}

/** Request/response correlation and event dispatch over ONE open socket. */
export interface RpcChannel {
  /** Never rejects: a drop, a send failure or the timeout answers DISCONNECTED. */
  invoke(name: string, params: unknown, timeoutMs?: number): Promise<ApiResult<unknown>>
  /** Events as they arrive (frame-valid; payloads unchecked: callers validate). Returns unsubscribe. */
  onEvent(listener: (event: string, payload: unknown) => void): () => void
  /** Once, when the socket closes (either side). */
  onClose(listener: () => void): () => void
  readonly isOpen: boolean
  close(): void
}

export function createRpcChannel(ws: WebSocketLike): RpcChannel {
  let nextId = 1
  let open = ws.readyState === OPEN
  const pending = new Map<number, (result: ApiResult<unknown>) => void>()
  const eventListeners = new Set<(event: string, payload: unknown) => void>()
  const closeListeners = new Set<() => void>()
  const emit = (event: string, payload: unknown) => {
    for (const listener of [...eventListeners]) listener(event, payload)
  }
  // Protocol 2's deltas (shared/api/deltas.ts): users of the channel see what protocol 1 sent.
  // The patched snapshot is checked for shape only: where the host is not trusted (a joining desktop's main
  // process) every snapshot is validated by its event schema anyway (remote-table.ts), and a browser runs
  // the very code its host served. A full zod pass here would double each update's client cost.
  const reader = new SnapshotReader((s): s is TableSnapshot => typeof s === 'object' && s !== null && 'version' in s && 'seats' in s)
  const onTableFrame = (event: string, payload: unknown) => {
    const { deliver, resync } = reader.read(event, payload)
    if (resync) void channel.invoke('table.resync', {})
    for (const e of deliver) emit(e.event, e.payload)
  }

  ws.onmessage = (ev) => {
    let json: unknown
    try {
      json = JSON.parse(String(ev.data))
    } catch {
      return
    }
    const frame = wsServerFrameSchema.safeParse(json)
    if (!frame.success) return
    if (frame.data.type === 'response') {
      const done = pending.get(frame.data.id)
      pending.delete(frame.data.id)
      done?.(frame.data.result as ApiResult<unknown>)
    } else onTableFrame(frame.data.event, frame.data.payload)
  }
  ws.onerror = () => {}
  ws.onclose = () => {
    if (!open && closeListeners.size === 0) return
    open = false
    for (const done of [...pending.values()]) done(disconnected('connection to the host closed'))
    pending.clear()
    for (const listener of [...closeListeners]) listener()
    closeListeners.clear()
  }

  const channel: RpcChannel = {
    get isOpen() {
      return open
    },
    invoke(name, params, timeoutMs) {
      if (!open) return Promise.resolve(disconnected('not connected to the host'))
      const id = nextId++
      const frame: WsClientFrame = { type: 'request', id, name, params }
      return new Promise((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined
        pending.set(id, (result) => {
          if (timer) clearTimeout(timer)
          resolve(result)
        })
        if (timeoutMs !== undefined) {
          timer = setTimeout(() => {
            pending.delete(id)
            resolve(disconnected(`no answer to ${name} within ${timeoutMs} ms`))
          }, timeoutMs)
        }
        try {
          ws.send(JSON.stringify(frame))
        } catch (err) {
          pending.delete(id)
          if (timer) clearTimeout(timer)
          resolve(disconnected(err instanceof Error ? err.message : String(err)))
        }
      })
    },
    onEvent(listener) {
      eventListeners.add(listener)
      return () => eventListeners.delete(listener)
    },
    onClose(listener) {
      closeListeners.add(listener)
      return () => closeListeners.delete(listener)
    },
    close() {
      try {
        ws.close()
      } catch {
        // already closed
      }
    },
  }
  return channel
}

export interface WsGameApi extends GameApi {
  /** Closes for good (no reconnect). */
  close(): void
}

export interface WsApiOptions {
  /** Delay before reconnecting after a drop (while anyone listens for events). Default 1000 ms. */
  reconnectMs?: number
  /**
   * Runs on every new connection before any queued request is sent (e.g. re-claiming operator rights or
   * re-joining a seat). Its own requests go through `invoke` on the fresh channel.
   */
  onConnect?: (channel: RpcChannel) => Promise<void>
}

/**
 * GameApi over a WebSocket that connects lazily, answers DISCONNECTED instead of throwing, and reconnects
 * after a drop while anyone listens for events. `invoke` never rejects.
 */
export function createWsApi(url: string, WebSocketImpl: WebSocketCtor, options: WsApiOptions = {}): WsGameApi {
  const reconnectMs = options.reconnectMs ?? 1000
  let opening: Promise<RpcChannel | null> | null = null
  let closedForGood = false
  const listeners = new Map<string, Set<(payload: unknown) => void>>()

  const hasListeners = () => [...listeners.values()].some((set) => set.size > 0)

  function connect(): Promise<RpcChannel | null> {
    if (closedForGood) return Promise.resolve(null)
    if (opening) return opening
    const attempt = (async () => {
      const ws = await openSocket(url, WebSocketImpl)
      if (!ws) {
        opening = null
        if (!closedForGood && hasListeners()) setTimeout(() => void connect(), reconnectMs)
        return null
      }
      if (closedForGood) {
        ws.close()
        return null
      }
      const channel = createRpcChannel(ws)
      channel.onEvent((event, payload) => {
        for (const listener of [...(listeners.get(event) ?? [])]) listener(payload)
      })
      channel.onClose(() => {
        opening = null
        if (!closedForGood && hasListeners()) setTimeout(() => void connect(), reconnectMs)
      })
      if (options.onConnect) await options.onConnect(channel).catch(() => undefined)
      return channel
    })()
    opening = attempt
    return attempt
  }

  const api = {
    async invoke(name: string, params: unknown): Promise<ApiResult<unknown>> {
      const channel = await connect()
      if (!channel) return disconnected(`cannot reach the host at ${url}`)
      return channel.invoke(name, params)
    },
    on(event: string, listener: (payload: unknown) => void): () => void {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      void connect() // events only flow over an open socket
      return () => {
        set.delete(listener)
      }
    },
    close(): void {
      closedForGood = true
      void opening?.then((channel) => channel?.close())
    },
  }
  return api as WsGameApi
}
