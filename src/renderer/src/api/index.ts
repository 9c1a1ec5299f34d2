import type { GameApi } from '../../../shared/api'
import { ipcApi } from './ipc-api'
import { createWsApi, wsUrlFor } from './ws-api'

/** Inside Electron the preload's IPC api; in a browser, a WebSocket to the host that served this page. */
export function pickApi(): GameApi {
  return ipcApi() ?? createWsApi(wsUrlFor(window.location))
}
