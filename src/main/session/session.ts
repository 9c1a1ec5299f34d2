/**
 * What main's services need from the pieces other modules provide (docs/lan-design.md "Sessions"):
 * - `RemoteSession`: this desktop seated at ANOTHER host's table (src/main/session/remote-table.ts, a ws
 *   client of that host). The services relay the local renderer's table requests to it, and it relays the
 *   host's `table.*` events to the local renderer through `relay`.
 * - `Discovery`: mDNS browsing (src/main/net/discovery.ts).
 * - `TableNetwork`: the listener that lets others join a table hosted here (host-server.ts).
 * Results are `ApiResult`s: a refusal from the remote host is passed through unchanged.
 */
import type {
  ApiEvent,
  ApiResult,
  ChatMessage,
  DiscoveredGame,
  TableInfo,
  TableSnapshot,
} from '@shared/api'
import type { Action } from '@shared/engine/actions'
import type { Hint } from '@shared/ai/explain'
import type { GameRecord } from '@shared/history/record'
import type { z } from 'zod'
import type { HostInterfaces, joinConnectParamsSchema } from '@shared/api/table'

export type JoinConnectParams = z.output<typeof joinConnectParamsSchema>

export interface RemoteSession {
  /** The latest snapshot the remote host sent (validated with tableSnapshotSchema), `role: 'guest'|'spectator'`. */
  snapshot(): TableSnapshot | null
  act(version: number, action: Action): Promise<ApiResult<{ version: number }>>
  chat(text: string): Promise<ApiResult<ChatMessage>>
  setReady(ready: boolean): Promise<ApiResult<TableSnapshot>>
  rematch(): Promise<ApiResult<TableSnapshot>>
  hint(): Promise<ApiResult<Hint | null>>
  /** The finished game's record (`table.record`, validated). */
  record(): Promise<ApiResult<GameRecord>>
  /** Tells the host we leave (table.leave), then closes the connection. */
  leave(): Promise<ApiResult<null>>
  /** Closes the connection without leaving (app quit): the seat drops and can be reclaimed. */
  close(): Promise<void>
}

/**
 * Connects to a host, sends `table.join`, and resolves with the session and its first snapshot. Afterwards
 * every `table.snapshot` / `table.events` / `table.chat` of the host goes to `relay` (to the local window).
 */
export type ConnectRemote = (
  params: JoinConnectParams & { name: string },
  relay: (event: ApiEvent) => void,
) => Promise<ApiResult<{ session: RemoteSession; snapshot: TableSnapshot }>>

export interface Discovery {
  /** Starts browsing; resolves with the games known now; later lists go to `onGames`. */
  start(onGames: (games: DiscoveredGame[]) => void): Promise<DiscoveredGame[]>
  stop(): Promise<void>
}

export interface TableNetwork {
  /**
   * Starts listening if needed; resolves with the join URLs (the chosen adapter's first). `interface`: the
   * adapter (a `host.interfaces` name) to advertise on and link to; default the best usable one.
   */
  open(options?: { interface?: string }): Promise<string[]>
  /** `host.interfaces`: the adapters a table can be hosted on and the one in use. */
  interfaces?(): HostInterfaces
  /** Stops listening (the Electron app after host.close); a no-op for the headless host. */
  close(): Promise<void>
  /** The hosted table's advert changed (`null`: no table): discovery updates its TXT record. */
  advertise?(info: TableInfo | null): void
}
