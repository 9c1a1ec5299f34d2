/**
 * Transport constants shared by main, preload and renderer. Deliberately zod-free: the sandboxed preload
 * imports this file, and a sandboxed preload can `require` nothing but `electron` (see toolchain notes).
 */

/** ipcRenderer.invoke channel carrying `{ name, params }`; answers an `ApiResult`. */
export const IPC_INVOKE_CHANNEL = 'gameapi:invoke'
/** webContents.send channel carrying `{ event, payload }` from main to every window. */
export const IPC_EVENT_CHANNEL = 'gameapi:event'
/** Path of the WebSocket bridge on the headless host (same port as the static renderer). */
export const WS_PATH = '/api'
