/**
 * The GameApi contract: the ONE description of everything the renderer may ask of the host and everything
 * the host may tell it. Main (over IPC), the headless host (over WebSocket), the preload and both renderer
 * transports are all typed from these two maps, so adding an entry here is how the API grows:
 *
 *   1. add `'lobby.create': { params: z.object({...}).strict(), result: z.object({...}) }` to `requests`
 *      (and/or `'lobby.updated': z.object({...})` to `events`);
 *   2. implement it in `src/main/services` (the compiler insists: `Handlers` has a key per request);
 *   3. call it from the renderer: `await api.invoke('lobby.create', {...})`.
 * Nothing else changes: both transports carry any entry.
 */
import { z } from 'zod'
import { attentionParamsSchema, diagnosticsSchema, joinLinkSchema } from './desktop'
import { requestsHistory } from './history'
import { settingsPatchSchema, settingsSchema } from './settings'
import { ENGINE_ERROR_CODES, TABLE_ERROR_CODES, eventsTable, requestsTable } from './table'

export * from './channels'
export * from './desktop'
export * from './history'
export * from './settings'
export * from './table'

// ---------------------------------------------------------------------------------------------------
// Results: expected failures are values (style.md), never exceptions across the bridge.

export const API_ERROR_CODES = [
  /** The request name is unknown or its params fail the schema. Nothing was changed. */
  'BAD_REQUEST',
  /** The sender is not the app's own page (IPC) or not an allowed origin (WebSocket). */
  'FORBIDDEN',
  /** The transport dropped before an answer arrived (WebSocket closed, window reloading). */
  'DISCONNECTED',
  /** A bug or an I/O failure on the host; the message says which. */
  'INTERNAL',
  /** The table codes, each documented in ./table.ts (NO_TABLE, STALE_VERSION, RULES, RATE_LIMITED…). */
  ...TABLE_ERROR_CODES,
] as const
export type ApiErrorCode = (typeof API_ERROR_CODES)[number]

/** Machine-readable extras of some errors. */
export const apiErrorDetailSchema = z.object({
  /** RULES: the engine's error code (src/shared/engine/actions.ts ERROR_CODES). */
  engineCode: z.enum(ENGINE_ERROR_CODES).optional(),
  /** STALE_VERSION: the current version. PROTOCOL_VERSION: see `protocol`. */
  version: z.number().int().optional(),
  /** PROTOCOL_VERSION: the host's protocol version. */
  protocol: z.number().int().optional(),
  /** RATE_LIMITED: when a retry may succeed, in ms. */
  retryAfterMs: z.number().int().optional(),
})
export type ApiErrorDetail = z.infer<typeof apiErrorDetailSchema>

export interface ApiError {
  code: ApiErrorCode
  message: string
  detail?: ApiErrorDetail
}
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError }

export const ok = <T>(value: T): ApiResult<T> => ({ ok: true, value })
export const fail = (code: ApiErrorCode, message: string, detail?: ApiErrorDetail): ApiResult<never> =>
  detail ? { ok: false, error: { code, message, detail } } : { ok: false, error: { code, message } }

export const apiResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error: z.object({ code: z.enum(API_ERROR_CODES), message: z.string(), detail: apiErrorDetailSchema.optional() }),
  }),
])

// ---------------------------------------------------------------------------------------------------
// The two maps.

/** Which transport carried a request; `app.info` reports it (handy in bug reports and tests). */
export const transportSchema = z.enum(['ipc', 'websocket'])
export type Transport = z.infer<typeof transportSchema>

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** `process.platform` of the host (the machine running main or `npm run host`). */
  platform: z.string(),
  transport: transportSchema,
  /** The desktop app's downloaded or downloading update (src/main/updater.ts); null: none, or not the desktop app. */
  update: z.lazy(() => updateStatusSchema).nullable(),
})
export type AppInfo = z.infer<typeof appInfoSchema>

/** A newer release of the desktop app: `downloading` in the background, or `ready` to install on a restart. */
export const updateStatusSchema = z.object({ state: z.enum(['downloading', 'ready']), version: z.string() })

const noParams = z.object({}).strict()

/** Request name → zod schema of its params and of its result value. */
export const requests = {
  'app.info': { params: noParams, result: appInfoSchema },
  'settings.get': { params: noParams, result: settingsSchema },
  /** Merges a partial patch into the saved settings; answers the full settings after the write. */
  'settings.set': { params: settingsPatchSchema, result: settingsSchema },
  /** Restarts the desktop app into its downloaded update. Only the app's own window; WRONG_STATUS while a
   * table is open (a game is never cut by an installer) or before an update is `ready`. */
  'app.installUpdate': { params: noParams, result: z.null() },
  /** The desktop window is in the background and it became this player's turn: flash it and notify (when
   * Settings' turnAlerts is on). Only the app's own window; answers whether an alert was shown. */
  'app.attention': { params: attentionParamsSchema, result: z.object({ shown: z.boolean() }) },
  /** The `phase10://join` link the app was started or woken with and not yet handled (taken: asked once). */
  'app.deepLink': { params: noParams, result: joinLinkSchema.nullable() },
  /** "Can't see the table?": this machine's addresses and port, whether its advert and port answer, hints. */
  'net.diagnose': { params: noParams, result: diagnosticsSchema },
  ...requestsTable,
  ...requestsHistory,
} as const satisfies Record<string, { params: z.ZodType; result: z.ZodType }>

/** Event name → zod schema of its payload (host → renderer). */
export const events = {
  /** After every successful `settings.set`, to every connected renderer (other windows, phones). */
  'settings.changed': settingsSchema,
  /** The desktop app's update changed state (to the app's own window only). */
  'app.update': updateStatusSchema,
  /** A `phase10://join` link arrived while the app runs (to the app's own window only): open the join flow. */
  'app.deepLink': joinLinkSchema,
  ...eventsTable,
} as const satisfies Record<string, z.ZodType>

export type RequestName = keyof typeof requests
export type EventName = keyof typeof events
/** What the caller passes (schema input: defaults may be omitted). */
export type ParamsOf<N extends RequestName> = z.input<(typeof requests)[N]['params']>
/** What a handler receives (schema output, already validated). */
export type ValidParamsOf<N extends RequestName> = z.output<(typeof requests)[N]['params']>
export type ResultOf<N extends RequestName> = z.output<(typeof requests)[N]['result']>
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>

/** An event as it travels: one tagged union over the `events` map. */
export type ApiEvent = { [E in EventName]: { event: E; payload: EventPayload<E> } }[EventName]

export function isRequestName(name: unknown): name is RequestName {
  return typeof name === 'string' && Object.hasOwn(requests, name)
}
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name)
}

/**
 * What the renderer sees, whatever the transport (preload IPC in Electron, WebSocket in a browser).
 * `invoke` never rejects: a transport or validation failure is an `{ ok: false }` result.
 */
export interface GameApi {
  invoke<N extends RequestName>(name: N, params: ParamsOf<N>): Promise<ApiResult<ResultOf<N>>>
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}

// ---------------------------------------------------------------------------------------------------
// WebSocket frames (the IPC transport uses the same `{ name, params }` / `{ event, payload }` shapes).

export const wsClientFrameSchema = z.object({
  type: z.literal('request'),
  id: z.number().int().nonnegative(),
  name: z.string().max(100),
  /** May be left out: a request without params is one with `{}` (docs/protocol.md section 2). */
  params: z.unknown().optional(),
})
export type WsClientFrame = z.infer<typeof wsClientFrameSchema>

export type WsServerFrame =
  | { type: 'response'; id: number; result: ApiResult<unknown> }
  | { type: 'event'; event: string; payload: unknown }

export const wsServerFrameSchema = z.discriminatedUnion('type', [
  // Any finite id: the host echoes a refused frame's id as it was sent (docs/protocol.md section 2).
  z.object({ type: z.literal('response'), id: z.number(), result: apiResultSchema }),
  z.object({ type: z.literal('event'), event: z.string(), payload: z.unknown() }),
])

export const ipcInvokeSchema = z.object({ name: z.string().max(100), params: z.unknown() })
