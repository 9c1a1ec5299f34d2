/**
 * The table handlers (solo, host, join, lobby, play, chat, discovery) over main's one session: a
 * `TableHost` (this machine is the authority: solo or hosted) or a `RemoteSession` (seated at another
 * host). Who may call what is decided by `dispatch` (local-only requests) and here (host-only table ops).
 */
import { timingSafeEqual } from 'node:crypto'
import { fail, ok, type ApiEvent, type ApiResult, type SavedGame, type TableInfo, type TableSnapshot } from '@shared/api'
import { phaseNumberOf } from '@shared/engine/state'
import type { PartialRuleOptions } from '@shared/engine/rules'
import type { GameRecord } from '@shared/history/record'
import type { BotRunner } from '../session/bot-runner'
import { SaveStore, type LoadedGame } from '../session/saves'
import type { ConnectRemote, Discovery, RemoteSession, TableNetwork } from '../session/session'
import { TableHost } from '../session/table-host'
import type { Handlers, RequestContext } from './dispatch'
import type { EventHub } from './event-hub'
import type { SettingsStore } from './settings-store'

export interface TableServiceOptions {
  dataDir: string
  events: EventHub
  settings: SettingsStore
  bots: BotRunner
  /** Overrides settings.botDelayMs (tests: 0). */
  botDelayMs?: number
  /** A dropped player's grace period (default 60 s). */
  graceMs?: number
  /** Watchers per table (default MAX_SPECTATORS). */
  maxSpectators?: number
  /** Lets others join a table hosted here (host-server.ts); without it a LAN table has no join URLs. */
  network?: TableNetwork
  /** Joining another host (src/main/session/remote-table.ts). */
  connectRemote?: ConnectRemote
  /** mDNS browsing (src/main/net/discovery.ts). */
  discovery?: Discovery
  /** Game keys for tables started here without one (TableHostOptions.gameKey; the headless `--deal-seed`). */
  gameKey?: () => string
  /** The headless host's operator token (`host.claim`). */
  operatorToken?: string
  warn?: (message: string) => void
  /** A finished game for the history (services/history.ts): hosted here, or a joined host's `table.record`. */
  keepRecord?: (record: GameRecord) => void
}

/** Saved games kept on disk: opening a new table deletes all but the newest (never the one open: it was closed first). */
export const KEEP_SAVES = 50

type Session = { kind: 'host'; host: TableHost } | { kind: 'remote'; remote: RemoteSession } | null

type TableHandlers = Pick<
  Handlers,
  | 'solo.start'
  | 'host.open'
  | 'host.interfaces'
  | 'host.prove'
  | 'table.preview'
  | 'saves.list'
  | 'saves.remove'
  | 'host.close'
  | 'host.claim'
  | 'join.connect'
  | 'discovery.start'
  | 'discovery.stop'
  | 'lobby.setRules'
  | 'lobby.addBot'
  | 'lobby.removeSeat'
  | 'lobby.start'
  | 'lobby.dropPolicy'
  | 'lobby.dealNext'
  | 'table.join'
  | 'table.get'
  | 'table.act'
  | 'table.chat'
  | 'lobby.setReady'
  | 'table.leave'
  | 'table.rematch'
  | 'table.hint'
  | 'table.record'
>

export interface TableService {
  handlers: TableHandlers
  /** The hosted table, if this machine hosts one. */
  host(): TableHost | null
  /** A table is open here: hosted (LAN or solo) or joined at another host. */
  isOpen(): boolean
  /** Opens a LAN table without a local client (the headless host at start-up). */
  openHosted(opts: { tableName: string; resume?: string }): Promise<ApiResult<TableHost>>
  /** A client's connection is gone: its seat drops (pause, grace). */
  clientGone(clientId: string): void
  /** The table's advert changed (or `null`: no table). */
  onInfo(listener: (info: TableInfo | null) => void): () => void
  close(): Promise<void>
}

export function createTableService(o: TableServiceOptions): TableService {
  const saves = new SaveStore(o.dataDir, o.warn)
  saves.cleanTemporaryFiles() // the services hold the data folder's lock by now

  const infoListeners = new Set<(info: TableInfo | null) => void>()
  let session: Session = null

  const tellInfo = (info: TableInfo | null) => {
    o.network?.advertise?.(info)
    for (const l of [...infoListeners]) l(info)
  }

  const hostOf = (): TableHost | null => (session?.kind === 'host' ? session.host : null)
  const remoteFor = (ctx: RequestContext): RemoteSession | null =>
    session?.kind === 'remote' && ctx.clientId === 'local' ? session.remote : null

  async function endSession(): Promise<void> {
    const s = session
    session = null
    if (!s) return
    if (s.kind === 'host') {
      await s.host.close()
      if (s.host.mode === 'lan') await o.network?.close()
      tellInfo(null)
    } else await s.remote.close()
  }

  let joinUrls: string[] = []
  function hostOptions() {
    return {
      bots: o.bots,
      deliver: (clientId: string, event: ApiEvent) => o.events.emitTo(clientId, event),
      botDelayMs: () => o.botDelayMs ?? o.settings.get().botDelayMs,
      graceMs: o.graceMs,
      maxSpectators: o.maxSpectators,
      saves,
      joinUrls: () => joinUrls,
      gameKey: o.gameKey,
      warn: o.warn,
    }
  }
  /** A new table (its save joins the others once it starts): first make room, keeping the newest saves. */
  async function makeHost(mode: 'solo' | 'lan', name: string, rules: PartialRuleOptions | undefined): Promise<TableHost> {
    await saves.prune(KEEP_SAVES - 1)
    return adopt(new TableHost({ ...hostOptions(), mode, name, rules }))
  }
  function adopt(host: TableHost): TableHost {
    host.on('changed', (info) => {
      if (hostOf() === host && host.mode === 'lan') tellInfo(info)
    })
    host.on('gameRecorded', (record) => o.keepRecord?.(record))
    session = { kind: 'host', host }
    if (host.mode === 'lan') tellInfo(host.info())
    return host
  }

  async function open(
    resume: string | undefined,
    tableName: string,
    rules: PartialRuleOptions | undefined,
    iface?: string,
  ): Promise<ApiResult<TableHost>> {
    await endSession()
    if (resume !== undefined) {
      const loaded = await saves.load(resume)
      if (!loaded) return fail('NO_TABLE', `no readable save for table ${resume}`)
      // Listen first: the advert (adopt → tellInfo) needs the bound port.
      if (loaded.save.mode === 'lan' && o.network) joinUrls = await o.network.open({ interface: iface })
      return ok(adopt(TableHost.fromSave(loaded, hostOptions())))
    }
    if (o.network) joinUrls = await o.network.open({ interface: iface })
    return ok(await makeHost('lan', tableName, rules))
  }

  const needHost = (): ApiResult<TableHost> => {
    const host = hostOf()
    if (host) return ok(host)
    // Seated at another machine's table: only that machine's host may run it.
    if (session?.kind === 'remote') return fail('NOT_HOST', 'this table is hosted by another machine')
    return fail('NO_TABLE', 'no table is hosted here')
  }
  /** Runs a host-only lobby op and answers the caller's snapshot. */
  const lobbyOp = (ctx: RequestContext, op: (host: TableHost) => ApiResult<unknown>): ApiResult<TableSnapshot> => {
    const host = needHost()
    if (!host.ok) return host
    const r = op(host.value)
    if (!r.ok) return r
    return ok(host.value.snapshotFor(ctx.clientId) ?? watch(host.value, ctx))
  }
  /** An operator who has not joined still gets snapshots (role host, no seat). */
  const watch = (host: TableHost, ctx: RequestContext): TableSnapshot => {
    const r = host.attachHost(ctx.clientId, null)
    if (!r.ok) throw new Error(r.error.message)
    return r.value
  }

  const handlers: TableHandlers = {
    'solo.start': async (p, ctx) => {
      await endSession()
      const host = await makeHost('solo', 'Solo', p.rules)
      if (p.botDelayMs !== undefined) host.setBotDelay(p.botDelayMs)
      const me = host.attachHost(ctx.clientId, p.name ?? o.settings.get().playerName)
      if (!me.ok) return me
      for (const bot of p.bots) {
        const r = host.addBot(bot.level, bot.name)
        if (!r.ok) return r
      }
      const started = host.start(p.seed)
      if (!started.ok) return started
      return ok(host.snapshotFor(ctx.clientId)!)
    },
    'host.open': async (p, ctx) => {
      const playerName = p.name ?? o.settings.get().playerName
      const opened = await open(p.resume, p.tableName ?? `${playerName}'s table`, p.rules, p.interface)
      if (!opened.ok) return opened
      if (p.botDelayMs !== undefined) opened.value.setBotDelay(p.botDelayMs)
      return opened.value.attachHost(ctx.clientId, p.seat ? playerName : null)
    },
    'host.prove': (p) => {
      const host = hostOf()
      return host ? ok(host.prove(p.challenge)) : fail('NO_TABLE', 'no table is hosted here')
    },
    'table.preview': () => ok(hostOf()?.preview() ?? null),
    'host.interfaces': () => ok(o.network?.interfaces?.() ?? { interfaces: [], chosen: null, fixed: false }),
    'saves.list': async () => {
      await saves.flush() // a table just left may still be writing its last move
      const games: SavedGame[] = []
      for (const id of (await saves.list()).slice(0, 20)) {
        const loaded = await saves.load(id, { compact: false })
        if (loaded && loaded.state.stage !== 'gameOver') games.push(savedGame(loaded))
        if (games.length === 5) break
      }
      return ok(games)
    },
    'saves.remove': async (p) => {
      if (hostOf()?.tableId === p.tableId) return fail('WRONG_STATUS', 'this table is open: leave it first')
      return (await saves.remove(p.tableId)) ? ok(null) : fail('NO_TABLE', `no saved game ${p.tableId}`)
    },
    'host.close': async () => {
      await endSession()
      return ok(null)
    },
    'host.claim': (p, ctx) => {
      const expected = o.operatorToken
      const given = Buffer.from(p.token)
      if (!expected || given.length !== Buffer.byteLength(expected) || !timingSafeEqual(given, Buffer.from(expected)))
        return fail('BAD_TOKEN', 'wrong operator token')
      ctx.operator = true
      return ok({ operator: true as const })
    },
    'join.connect': async (p, ctx) => {
      if (!o.connectRemote) return fail('INTERNAL', 'joining another host is not available in this build')
      await endSession()
      let remote: RemoteSession | null = null
      const recorder = guestRecorder(() => remote, o.keepRecord, o.warn)
      const r = await o.connectRemote({ ...p, name: p.name ?? o.settings.get().playerName }, (event) => {
        o.events.emitTo(ctx.clientId, event)
        if (event.event === 'table.snapshot') recorder(event.payload)
      })
      if (!r.ok) return r
      remote = r.value.session
      recorder(r.value.snapshot)
      session = { kind: 'remote', remote: r.value.session }
      return ok(r.value.snapshot)
    },
    'discovery.start': async () => {
      if (!o.discovery) return fail('INTERNAL', 'LAN discovery is not available in this build')
      return ok(await o.discovery.start((games) => o.events.emit('discovery.games', games)))
    },
    'discovery.stop': async () => {
      await o.discovery?.stop()
      return ok(null)
    },
    'lobby.setRules': (p, ctx) =>
      lobbyOp(ctx, (h) => {
        const r = h.setRules(p.rules, p.tableName)
        if (r.ok && p.botDelayMs !== undefined) h.setBotDelay(p.botDelayMs)
        if (r.ok && p.autoDealSeconds !== undefined) h.setAutoDeal(p.autoDealSeconds)
        if (r.ok && p.hints !== undefined) h.setHints(p.hints)
        return r
      }),
    'lobby.dealNext': (_p, ctx) => lobbyOp(ctx, (h) => h.dealNext()),
    'lobby.addBot': (p, ctx) => lobbyOp(ctx, (h) => h.addBot(p.level, p.name)),
    'lobby.removeSeat': (p, ctx) => lobbyOp(ctx, (h) => h.removeSeat(p.seat, { botLevel: p.botLevel, atNextHand: p.atNextHand })),
    'lobby.start': (p, ctx) => lobbyOp(ctx, (h) => h.start(p.seed)),
    'lobby.dropPolicy': (p, ctx) => lobbyOp(ctx, (h) => h.setDropPolicy(p)),
    'table.join': (p, ctx) => {
      const host = needHost()
      if (!host.ok) return host
      return host.value.join(ctx.clientId, p, ctx.operator)
    },
    'table.get': (_p, ctx) => {
      const remote = remoteFor(ctx)
      if (remote) return ok(remote.snapshot())
      const host = hostOf()
      // The operator is the host machine's player: a new connection of theirs (the page reloaded, a phone woke
      // up) takes the host's own seat back, as a guest does with its seat token (an older connection is let go).
      if (host && ctx.operator && !host.hasClient(ctx.clientId) && host.hasHostSeat()) return host.attachHost(ctx.clientId, null)
      return ok(host?.snapshotFor(ctx.clientId) ?? null)
    },
    'table.act': (p, ctx) => {
      const remote = remoteFor(ctx)
      if (remote) return remote.act(p.version, p.action)
      const host = needHost()
      return host.ok ? host.value.act(ctx.clientId, p.version, p.action) : host
    },
    'table.chat': (p, ctx) => {
      const remote = remoteFor(ctx)
      if (remote) return remote.chat(p.text)
      const host = needHost()
      return host.ok ? host.value.chat(ctx.clientId, p.text) : host
    },
    'table.record': (_p, ctx) => {
      const remote = remoteFor(ctx)
      if (remote) return remote.record()
      const host = needHost()
      return host.ok ? host.value.recordFor(ctx.clientId) : host
    },
    'table.hint': (_p, ctx) => {
      const remote = remoteFor(ctx)
      if (remote) return remote.hint()
      const host = needHost()
      return host.ok ? host.value.hint(ctx.clientId) : host
    },
    'lobby.setReady': (p, ctx) => {
      const remote = remoteFor(ctx)
      if (remote) return remote.setReady(p.ready)
      const host = needHost()
      if (!host.ok) return host
      const r = host.value.setReady(ctx.clientId, p.ready)
      return r.ok ? ok(host.value.snapshotFor(ctx.clientId)!) : r
    },
    'table.leave': async (_p, ctx) => {
      const remote = remoteFor(ctx)
      if (remote) {
        session = null
        const r = await remote.leave()
        await remote.close()
        return r
      }
      const host = needHost()
      if (!host.ok) return host
      // The app's own window leaving the table it hosts closes it (the save stays for a resume).
      if (ctx.clientId === 'local') {
        await endSession()
        return ok(null)
      }
      return host.value.leave(ctx.clientId)
    },
    'table.rematch': (_p, ctx) => {
      const remote = remoteFor(ctx)
      if (remote) return remote.rematch()
      const host = needHost()
      if (!host.ok) return host
      const r = host.value.rematch(ctx.clientId, ctx.operator)
      return r.ok ? ok(host.value.snapshotFor(ctx.clientId)!) : r
    },
  }

  return {
    handlers,
    host: hostOf,
    isOpen: () => session !== null,
    openHosted: (opts) => open(opts.resume, opts.tableName, undefined),
    clientGone: (clientId) => hostOf()?.disconnect(clientId),
    onInfo: (listener) => {
      infoListeners.add(listener)
      return () => infoListeners.delete(listener)
    },
    close: endSession,
  }
}

/**
 * A joined desktop's history: when its table's game ends (a snapshot `over` after one that was not), it asks
 * the host for the record (`table.record`) and keeps it as this machine's (`source: 'guest'`, `you` = its own
 * seat). Joining a table already over records nothing: that game was not watched to its end here.
 */
function guestRecorder(remote: () => RemoteSession | null, keep: ((r: GameRecord) => void) | undefined, warn?: (m: string) => void) {
  let last: string | null = null
  return (snapshot: TableSnapshot | null): void => {
    const status = snapshot?.status ?? null
    const ended = status === 'over' && last !== null && last !== 'over'
    last = status
    const session = remote()
    if (!ended || !keep || !session || !snapshot) return
    const mySeat = snapshot.mySeat
    void session.record().then((r) => {
      if (!r.ok) return warn?.(`history: the host did not send the game's record: ${r.error.code} ${r.error.message}`)
      keep({ ...r.value, source: 'guest', players: r.value.players.map((p, i) => ({ ...p, you: i === mySeat })) })
    })
  }
}

/** What the home screen shows of a saved game (from its replayed state). */
function savedGame({ save, state }: LoadedGame): SavedGame {
  return {
    tableId: save.tableId,
    name: save.name,
    mode: save.mode,
    savedAt: save.savedAt,
    edition: save.rules.edition,
    handNumber: state.handNumber,
    players: save.seats.map((seat, i) => ({
      name: seat.name,
      kind: seat.kind,
      botLevel: seat.botLevel,
      isHost: seat.isHost,
      score: state.players[i].score,
      phase: phaseNumberOf(state, state.players[i]),
    })),
  }
}
