/**
 * The one request pipeline both transports use: known name? → params valid? → handler.
 * Unknown names and invalid params answer BAD_REQUEST without reaching a handler (so nothing changes);
 * a handler that throws answers INTERNAL (a bug, logged) instead of killing the transport.
 */
import {
  fail,
  isRequestName,
  requests,
  type ApiResult,
  type RequestName,
  type ResultOf,
  type Transport,
  type ValidParamsOf,
} from '../../shared/api'

export interface RequestContext {
  transport: Transport
}

/** One handler per request name: the compiler rejects a contract entry without an implementation. */
export type Handlers = {
  [N in RequestName]: (params: ValidParamsOf<N>, ctx: RequestContext) => Promise<ApiResult<ResultOf<N>>> | ApiResult<ResultOf<N>>
}

export type Dispatch = (name: unknown, params: unknown, ctx: RequestContext) => Promise<ApiResult<unknown>>

export function createDispatcher(handlers: Handlers): Dispatch {
  return async (name, params, ctx) => {
    if (!isRequestName(name)) return fail('BAD_REQUEST', `unknown request ${JSON.stringify(String(name)).slice(0, 120)}`)
    const parsed = requests[name].params.safeParse(params ?? {})
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `${i.path.join('.') || '(params)'}: ${i.message}`).join('; ')
      return fail('BAD_REQUEST', `${name}: ${detail}`)
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
