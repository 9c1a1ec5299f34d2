/**
 * The one request pipeline both transports use: known name? → allowed for this client? → params valid? →
 * handler. Unknown names and invalid params answer BAD_REQUEST without reaching a handler (so nothing
 * changes); a local-only request from a remote client answers FORBIDDEN; a handler that throws answers
 * INTERNAL (a bug, logged) instead of killing the transport.
 */
import {
  LOCAL_ONLY_REQUESTS,
  PROTOCOL_VERSION,
  fail,
  isRequestName,
  requests,
  type ApiResult,
  type RequestName,
  type ResultOf,
  type Transport,
  type ValidParamsOf,
} from '@shared/api'

export interface RequestContext {
  transport: Transport
  /** `local` for the app's own window (IPC); `ws:<n>` per WebSocket connection. */
  clientId: string
  /**
   * The host machine's user: always for IPC; for a WebSocket, after `host.claim` with the operator token
   * (or the headless host's operator cookie). Mutable: `host.claim` sets it for the connection.
   */
  operator: boolean
}

/** One handler per request name: the compiler rejects a contract entry without an implementation. */
export type Handlers = {
  [N in RequestName]: (params: ValidParamsOf<N>, ctx: RequestContext) => Promise<ApiResult<ResultOf<N>>> | ApiResult<ResultOf<N>>
}

export type Dispatch = (name: unknown, params: unknown, ctx: RequestContext) => Promise<ApiResult<unknown>>

const localOnly = new Set<string>(LOCAL_ONLY_REQUESTS)

export function createDispatcher(handlers: Handlers): Dispatch {
  return async (name, params, ctx) => {
    if (!isRequestName(name)) return fail('BAD_REQUEST', `unknown request ${JSON.stringify(String(name)).slice(0, 120)}`)
    if (localOnly.has(name) && !ctx.operator) return fail('FORBIDDEN', `${name} is only for the host`)
    // The handshake's version is checked before its shape: a client of another version may send other fields.
    if (name === 'table.join') {
      const protocol = (params as { protocol?: unknown } | null)?.protocol
      if (protocol !== PROTOCOL_VERSION) {
        const theirs = typeof protocol === 'number' ? protocol : null
        const message =
          protocol === undefined
            ? `table.join needs "protocol": this host speaks table protocol ${PROTOCOL_VERSION}`
            : theirs !== null && Number.isInteger(theirs) && theirs < PROTOCOL_VERSION
              ? `this host speaks table protocol ${PROTOCOL_VERSION}, not ${theirs}: this app is older than the host's, update it to join`
              : theirs !== null && Number.isInteger(theirs) && theirs > PROTOCOL_VERSION
                ? `this host speaks table protocol ${PROTOCOL_VERSION}, not ${theirs}: the host's app is older, it must be updated`
                : `this host speaks table protocol ${PROTOCOL_VERSION}, not ${JSON.stringify(protocol)?.slice(0, 20)}`
        return fail('PROTOCOL_VERSION', message, { protocol: PROTOCOL_VERSION })
      }
    }
    const parsed = requests[name].params.safeParse(params ?? {})
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `${i.path.join('.') || '(params)'}: ${i.message}`).join('; ')
      return fail('BAD_REQUEST', `${name}: ${detail}`.slice(0, 500))
    }
    try {
      const handler = handlers[name] as (p: unknown, c: RequestContext) => Promise<ApiResult<unknown>> | ApiResult<unknown>
      return await handler(parsed.data, ctx)
    } catch (err) {
      console.error(`[api] ${name} failed:`, err)
      return fail('INTERNAL', `${name} failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
}
