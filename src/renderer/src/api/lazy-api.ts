import type { GameApi } from '@shared/api'
import { afterPaint } from '../lib/after-paint'

/**
 * A GameApi whose transport (and everything it brings: zod schemas, the WebSocket client) is loaded after
 * the first paint, so the menu shows without waiting for it. Requests made before it is there wait for it;
 * event listeners are attached as soon as it is.
 */
export function lazyApi(load: () => Promise<GameApi>): GameApi {
  let ready: Promise<GameApi> | null = null
  const real = (): Promise<GameApi> => (ready ??= new Promise<void>((go) => afterPaint(go)).then(load))
  return {
    // Never rejects (the GameApi contract): a transport that failed to load answers DISCONNECTED.
    invoke: ((name: string, params: unknown) =>
      real().then(
        (api) => (api.invoke as (n: string, p: unknown) => unknown)(name, params),
        (err: unknown) => ({ ok: false, error: { code: 'DISCONNECTED', message: `could not load the connection: ${err instanceof Error ? err.message : String(err)}` } }),
      )) as GameApi['invoke'],
    on: ((event: string, listener: (payload: unknown) => void) => {
      let off: (() => void) | null = null
      let gone = false
      real().then(
        (api) => {
          if (!gone) off = (api.on as (e: string, l: (p: unknown) => void) => () => void)(event, listener)
        },
        () => {}, // no transport, no events: `invoke` already answers DISCONNECTED
      )
      return () => {
        gone = true
        off?.()
      }
    }) as GameApi['on'],
  }
}
