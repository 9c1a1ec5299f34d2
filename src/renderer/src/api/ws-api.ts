/**
 * GameApi over a WebSocket to the host (`npm run host`, later any LAN host): the browser/phone transport.
 * Same contract as the preload's IPC one. Requests carry an id and resolve with the matching response;
 * if the socket drops, pending requests resolve DISCONNECTED and, while anyone listens for events, it
 * reconnects. `invoke` never rejects.
 */
import {
  WS_PATH,
  wsServerFrameSchema,
  type ApiResult,
  type GameApi,
  type WsClientFrame,
} from '../../../shared/api'

/** The subset of the WHATWG WebSocket used here; Node tests pass `ws`'s class. */
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

export interface WsGameApi extends GameApi {
  /** Closes for good (no reconnect). */
  close(): void
}

const disconnected = (message: string): ApiResult<never> => ({ ok: false, error: { code: 'DISCONNECTED', message } })

export function wsUrlFor(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}`
}

export function createWsApi(
  url: string,
  WebSocketImpl: WebSocketCtor = globalThis.WebSocket as unknown as WebSocketCtor,
  options: { reconnectMs?: number } = {},
): WsGameApi {
  const reconnectMs = options.reconnectMs ?? 1000
  let opening: Promise<WebSocketLike | null> | null = null
  let closedForGood = false
  let nextId = 1
  const pending = new Map<number, (result: ApiResult<unknown>) => void>()
  const listeners = new Map<string, Set<(payload: unknown) => void>>()

  const hasListeners = () => [...listeners.values()].some((set) => set.size > 0)

  function connect(): Promise<WebSocketLike | null> {
    if (closedForGood) return Promise.resolve(null)
    if (opening) return opening
    opening = new Promise((resolve) => {
      const ws = new WebSocketImpl(url)
      let opened = false
      ws.onopen = () => {
        opened = true
        resolve(ws)
      }
      ws.onmessage = (ev) => receive(String(ev.data))
      ws.onerror = () => {} // a 'close' always follows
      ws.onclose = () => {
        opening = null
        if (!opened) resolve(null)
        for (const done of pending.values()) done(disconnected('connection to the host closed'))
        pending.clear()
        if (!closedForGood && hasListeners()) setTimeout(() => void connect(), reconnectMs)
      }
    })
    return opening
  }

  function receive(text: string): void {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return
    }
    const frame = wsServerFrameSchema.safeParse(json)
    if (!frame.success) return
    if (frame.data.type === 'response') {
      const done = pending.get(frame.data.id)
      pending.delete(frame.data.id)
      done?.(frame.data.result as ApiResult<unknown>)
    } else {
      for (const listener of [...(listeners.get(frame.data.event) ?? [])]) listener(frame.data.payload)
    }
  }

  const api = {
    async invoke(name: string, params: unknown): Promise<ApiResult<unknown>> {
      const ws = await connect()
      if (!ws) return disconnected(`cannot reach the host at ${url}`)
      const id = nextId++
      const frame: WsClientFrame = { type: 'request', id, name, params }
      return new Promise<ApiResult<unknown>>((resolve) => {
        pending.set(id, resolve)
        try {
          ws.send(JSON.stringify(frame))
        } catch (err) {
          pending.delete(id)
          resolve(disconnected(err instanceof Error ? err.message : String(err)))
        }
      })
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
      void opening?.then((ws) => ws?.close())
    },
  }
  return api as WsGameApi
}
