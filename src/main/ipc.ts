/**
 * GameApi over Electron IPC (part of the thin Electron shell; only *types* come from electron here so the
 * wiring is testable with a fake ipcMain). Every request's sender frame must be the app's own page, and
 * its `{ name, params }` goes through the same `dispatch` as the WebSocket bridge.
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, fail, ipcInvokeSchema, type ApiEvent, type ApiResult } from '@shared/api'
import type { Services } from './services'

/** The client id of the app's own window(s) (RequestContext.clientId). */
export const LOCAL_CLIENT = 'local'

export interface IpcWiring {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>
  services: Pick<Services, 'dispatch' | 'events'>
  /** True for the app's own page (see security.ts `isAppUrl`). */
  isAllowedSender: (frameUrl: string | undefined) => boolean
  /** Delivers an event to every window showing the app (the shell filters by URL). */
  sendToWindows: (channel: string, event: ApiEvent) => void
}

/** Registers the request handler and event forwarding; returns the undo function. */
export function registerIpc({ ipcMain, services, isAllowedSender, sendToWindows }: IpcWiring): () => void {
  ipcMain.handle(IPC_INVOKE_CHANNEL, async (event: IpcMainInvokeEvent, raw: unknown): Promise<ApiResult<unknown>> => {
    const frameUrl = event.senderFrame?.url
    if (!isAllowedSender(frameUrl)) {
      console.warn(`[ipc] refused a request from ${frameUrl ?? 'a destroyed frame'}`)
      return fail('FORBIDDEN', 'sender is not the app')
    }
    const message = ipcInvokeSchema.safeParse(raw)
    if (!message.success) return fail('BAD_REQUEST', 'expected { name, params }')
    // The app's own window is the host machine's user: client `local`, always the operator.
    return services.dispatch(message.data.name, message.data.params, { transport: 'ipc', clientId: LOCAL_CLIENT, operator: true })
  })
  const unsubscribe = services.events.subscribe((event) => sendToWindows(IPC_EVENT_CHANNEL, event), {
    id: LOCAL_CLIENT,
    isOperator: () => true,
  })
  return () => {
    ipcMain.removeHandler(IPC_INVOKE_CHANNEL)
    unsubscribe()
  }
}
