import type { GameApi } from '@shared/api'
import { createBrowserApi } from './browser-api'
import { ipcApi } from './ipc-api'
import { createWsApi, wsUrlFor } from './ws-api'

/**
 * Inside Electron the preload's IPC api; in a browser, a WebSocket to the host that served this page, with
 * settings kept in this browser (browser-api.ts). The rest of the renderer never knows which.
 */
export function pickApi(): GameApi {
  return ipcApi() ?? browserApi()
}

function browserApi(): GameApi {
  let storage: Storage | null = null
  try {
    storage = window.localStorage
  } catch {
    storage = null // storage disabled: settings live for this page only
  }
  return createBrowserApi({
    connect: (options) => createWsApi(wsUrlFor(window.location), undefined, options),
    storage,
    onStorage: (listener) => {
      const handler = (e: StorageEvent) => listener(e.key)
      window.addEventListener('storage', handler)
      return () => window.removeEventListener('storage', handler)
    },
  })
}
