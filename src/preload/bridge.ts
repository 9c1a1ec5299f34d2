/**
 * Builds the GameApi on top of ipcRenderer. Imports only types and the zod-free channel names: the
 * sandboxed preload bundle must not `require` anything but electron. Tested with a fake ipcRenderer.
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron'
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '@shared/api/channels'
import type { ApiEvent, ApiResult, GameApi } from '@shared/api'

export type IpcRendererLike = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>

export function createIpcGameApi(ipc: IpcRendererLike): GameApi {
  const api = {
    async invoke(name: string, params: unknown): Promise<ApiResult<unknown>> {
      try {
        return (await ipc.invoke(IPC_INVOKE_CHANNEL, { name, params })) as ApiResult<unknown>
      } catch (err) {
        // invoke rejects only when main is gone or the handler is missing: a transport failure, as a value.
        return { ok: false, error: { code: 'DISCONNECTED', message: err instanceof Error ? err.message : String(err) } }
      }
    },
    on(event: string, listener: (payload: unknown) => void): () => void {
      // The renderer never sees the IpcRendererEvent (it holds `sender`), only the payload.
      const handler = (_e: IpcRendererEvent, message: ApiEvent) => {
        if (message?.event === event) listener(message.payload)
      }
      ipc.on(IPC_EVENT_CHANNEL, handler)
      return () => {
        ipc.removeListener(IPC_EVENT_CHANNEL, handler)
      }
    },
  }
  return api as GameApi
}
