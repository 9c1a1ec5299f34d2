/**
 * Preload (built as CommonJS `out/preload/index.cjs`: sandboxed preloads cannot be ES modules).
 * Exposes exactly the GameApi as `window.api`; the renderer never gets ipcRenderer itself.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { createIpcGameApi } from './bridge'

contextBridge.exposeInMainWorld('api', createIpcGameApi(ipcRenderer))
