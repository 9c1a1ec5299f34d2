/**
 * GameApi over a WebSocket to the host (`npm run host`, or any LAN host): the browser/phone transport.
 * The client core is shared with the joining desktop's main process (src/shared/api/ws-client.ts); this
 * file picks the browser's WebSocket by default.
 */
import { createWsApi as createWsApiCore, type WebSocketCtor, type WsApiOptions, type WsGameApi } from '@shared/api/ws-client'

export { wsUrlFor, type WebSocketCtor, type WebSocketLike, type WsGameApi, type WsApiOptions } from '@shared/api/ws-client'

export function createWsApi(
  url: string,
  WebSocketImpl: WebSocketCtor = globalThis.WebSocket as unknown as WebSocketCtor,
  options: WsApiOptions = {},
): WsGameApi {
  return createWsApiCore(url, WebSocketImpl, options)
}
