import type { GameApi } from '@shared/api'

declare global {
  interface Window {
    /** Set by the Electron preload (src/preload/index.ts); absent in a plain browser. */
    api?: GameApi
  }
}

/** The GameApi the preload exposed over IPC, if this page runs inside the desktop app. */
export function ipcApi(): GameApi | undefined {
  return typeof window !== 'undefined' ? window.api : undefined
}
