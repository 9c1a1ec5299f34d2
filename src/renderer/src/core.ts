/**
 * What the app needs beyond the menu, loaded after the first paint (App.svelte): the settings and table
 * stores, and rejoining a seat after a reload. Keeps them (and the engine and schema code they bring) out of
 * the bundle the menu waits for.
 */
import { PROTOCOL_VERSION, type GameApi } from '@shared/api'
import { SEAT_KEY } from './api/browser-api'
import { joinLink } from './stores/join-link.svelte'
import { prefs } from './stores/prefs.svelte'
import { table } from './stores/table.svelte'

export { joinLink, prefs, table }

/**
 * A browser that had a seat at this host (reload, phone woke up): join again; the browser GameApi adds the
 * remembered seat token (src/renderer/src/api/browser-api.ts), so the same seat comes back.
 */
export async function rejoin(api: GameApi): Promise<void> {
  let seat: { name?: unknown } | null = null
  try {
    seat = JSON.parse(localStorage.getItem(SEAT_KEY) ?? 'null')
  } catch {
    return
  }
  if (!seat || typeof seat.name !== 'string' || window.api) return
  const r = await api.invoke('table.join', { protocol: PROTOCOL_VERSION, name: seat.name })
  if (r.ok) table.receiveSnapshot(r.value.snapshot)
}
