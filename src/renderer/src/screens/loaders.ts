/**
 * Every screen in its own chunk, loaded on demand (App.svelte's routes) and fetched in the background once
 * the app is up, so a click shows it at once. The toast area too: it brings the settings store.
 */
export const screens = {
  solo: () => import('./SoloSetup.svelte'),
  host: () => import('./HostStart.svelte'),
  join: () => import('./Join.svelte'),
  rules: () => import('./Rules.svelte'),
  settings: () => import('./Settings.svelte'),
  lobby: () => import('./Lobby.svelte'),
  table: () => import('./Table.svelte'),
  replay: () => import('./Replay.svelte'),
  history: () => import('./History.svelte'),
}

export const toastArea = () => import('../components/Toasts.svelte')

/** Fetches every screen's chunk (and the toast area's); resolves when all have loaded. */
export function loadAllScreens(): Promise<unknown> {
  return Promise.all([...Object.values(screens), toastArea].map((load) => load()))
}
