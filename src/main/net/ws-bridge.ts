/**
 * GameApi over WebSocket: the same `dispatch` and `events` as the Electron IPC wiring, for browsers and
 * phones. Frames are JSON (`wsClientFrameSchema` in, `WsServerFrame` out). A malformed frame is answered
 * BAD_REQUEST when it carries an id, else ignored; it never closes the socket or reaches a handler.
 */
import type { IncomingMessage, Server } from 'node:http'
import { WebSocketServer, type WebSocket } from 'ws'
import { WS_PATH, fail, wsClientFrameSchema, type WsServerFrame } from '../../shared/api'
import type { Services } from '../services'

/** 64 KiB is far above any GameApi request; larger frames are a bug or an attack. */
export const MAX_FRAME_BYTES = 64 * 1024

/**
 * Browsers always send Origin; a page from another site must not drive the host through the player's
 * browser (cross-site WebSocket hijacking), so Origin must match Host. Non-browser clients (a desktop
 * joining via its main process, tests) send no Origin and are allowed.
 */
export function isAllowedOrigin(req: Pick<IncomingMessage, 'headers'>): boolean {
  const origin = req.headers.origin
  if (origin === undefined) return true
  try {
    return new URL(origin).host === req.headers.host
  } catch {
    return false
  }
}

export function attachWsBridge(server: Server, services: Pick<Services, 'dispatch' | 'events'>): WebSocketServer {
  const wss = new WebSocketServer({
    server,
    path: WS_PATH,
    maxPayload: MAX_FRAME_BYTES,
    verifyClient: (info: { req: IncomingMessage }) => isAllowedOrigin(info.req),
  })
  const send = (socket: WebSocket, frame: WsServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame))
  }

  const unsubscribe = services.events.subscribe((e) => {
    for (const client of wss.clients) send(client, { type: 'event', event: e.event, payload: e.payload })
  })
  wss.on('close', unsubscribe)

  wss.on('connection', (socket) => {
    socket.on('message', async (data, isBinary) => {
      let json: unknown
      try {
        json = isBinary ? undefined : JSON.parse(data.toString())
      } catch {
        json = undefined
      }
      const frame = wsClientFrameSchema.safeParse(json)
      if (!frame.success) {
        const id = (json as { id?: unknown } | undefined)?.id
        if (typeof id === 'number') send(socket, { type: 'response', id, result: fail('BAD_REQUEST', 'malformed request frame') })
        return
      }
      const result = await services.dispatch(frame.data.name, frame.data.params, { transport: 'websocket' })
      send(socket, { type: 'response', id: frame.data.id, result })
    })
    socket.on('error', () => socket.terminate())
  })
  return wss
}
