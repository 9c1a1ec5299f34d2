/**
 * bench:lan's replay floor: the host's own frames, recorded by its clients, sent again by a server that does no
 * other work.
 *
 * The first floor (`--floor-kind pad`) sent each client one padded frame per action, as large as the host's
 * average. Its clients then did much less than the host's: a padded frame is parsed and dropped, while a host
 * update is checked, patched into the client's snapshot and looked at for a move. All 300 clients run in the
 * bench's one process on the same 2 cores as the server, and the actor's update arrives just before its answer,
 * so that client work was counted in the host's round trips and not in the floor's (issue #18: 0.20 against
 * 0.09 ms of client CPU per action at 50 tables). Replayed, the floor's clients receive the very bytes the host's
 * did, in the same order, and decode them with the same code: the ratios then compare the servers only.
 *
 * Recorded per table, by the table's engine version (each accepted action adds one): from the first snapshot
 * of the game on, every event frame each seat received, under the version its snapshot had after it. The
 * floor sends a seat its snapshot at the game's start as a whole `table.snapshot` (revision 0, as after a
 * join), then on each `table.act` at version v the frames recorded under v + 1: the actor's first, then its
 * answer, then the other seats' (the host's order), with each update's revisions renumbered for the floor's
 * connection (a whole snapshot starts them again). Only the `cheap` player's games (no hand ends, no rematch:
 * one version, one step) can be replayed.
 */
import type WebSocket from 'ws'
import type { WebSocketServer } from 'ws'
import type { TableSnapshot } from '@shared/api'

const UPDATE_HEAD = '{"type":"event","event":"table.update","payload":{"base":'
const SNAPSHOT_HEAD = '{"type":"event","event":"table.snapshot"'

/** The code of the floor's answer to an action its recording has no step for (a protocol code: clients drop others). */
export const REPLAY_ENDED = 'INTERNAL'

/** One table's recording: what the floor needs to play it back. */
export interface TableRecording {
  /** Per seat: its whole snapshot at the game's first version, as a `table.snapshot` frame. */
  start: Array<string | null>
  startVersion: number
  /** Per version after the start: per seat, the frames it received (updates without their revisions: see `rest`). */
  steps: Record<number, string[][]>
}

/** The part of an update frame after its revisions (`"batches":…`), or the whole frame for any other. */
function rest(text: string): string {
  if (!text.startsWith(UPDATE_HEAD)) return text
  const at = text.indexOf(',"batches":')
  return at < 0 ? text : `\u0000${text.slice(at + 1)}`
}

/** The clients' side: records what each seat of each table receives from the game's first snapshot on. */
export class ReplayRecorder {
  private readonly tables: TableRecording[] = []

  /** After seat `seat` of table `table` decoded an event frame `text`: its snapshot is now `snapshot`. */
  frame(table: number, seat: number, text: string, snapshot: TableSnapshot | null): void {
    const rec = (this.tables[table] ??= { start: [], startVersion: -1, steps: {} })
    if (!snapshot) return
    // A seat has started once its first snapshot of the game is taken (`null` too: a seat that is not replayed).
    if (rec.start[seat] === undefined) {
      if (snapshot.status !== 'playing' || !snapshot.view) return
      rec.start[seat] = JSON.stringify({ type: 'event', event: 'table.snapshot', payload: snapshot })
      // Every seat gets the game's first snapshot from the same change; a seat that came in later is not replayed.
      if (rec.startVersion < 0) rec.startVersion = snapshot.version
      else if (snapshot.version !== rec.startVersion) rec.start[seat] = null
      return
    }
    if (snapshot.version <= rec.startVersion) return
    const seats = (rec.steps[snapshot.version] ??= [])
    ;(seats[seat] ??= []).push(rest(text))
  }

  recordings(): TableRecording[] {
    return this.tables
  }
}

/** The floor's side: one table played back to its sockets (in the order they joined: seat 0 first). */
export class ReplayTable {
  private readonly revs: number[] = []

  constructor(
    private readonly rec: TableRecording,
    private readonly sockets: ReadonlyArray<{ send(text: string): void }>,
  ) {}

  /** The game starts: every seat its first snapshot. */
  start(): void {
    this.sockets.forEach((s, seat) => {
      const text = this.rec.start[seat]
      if (text) {
        this.revs[seat] = 0
        s.send(text)
      }
    })
  }

  /**
   * `table.act` from `actor` at `version`: the step recorded for version + 1, the answer (`answer`, which sends it)
   * between the actor's frames and the others'. False when the recording has no such step (it ran out).
   */
  act(actor: number, version: number, answer: (version: number) => void): boolean {
    const step = this.rec.steps[version + 1]
    if (!step) return false
    this.sendTo(actor, step[actor])
    answer(version + 1)
    for (let seat = 0; seat < this.sockets.length; seat++) if (seat !== actor) this.sendTo(seat, step[seat])
    return true
  }

  private sendTo(seat: number, frames: string[] | undefined): void {
    const socket = this.sockets[seat]
    if (!socket || !frames) return
    for (const f of frames) {
      if (f.charCodeAt(0) === 0) {
        const base = this.revs[seat] ?? 0
        this.revs[seat] = base + 1
        socket.send(`${UPDATE_HEAD}${base},"rev":${base + 1},${f.slice(1)}`)
      } else {
        if (f.startsWith(SNAPSHOT_HEAD)) this.revs[seat] = 0
        socket.send(f)
      }
    }
  }
}

/** One table of the replay floor: answers what the clients ask and plays the host's frames back. */
export function replayServer(wss: WebSocketServer, rec: TableRecording): void {
  const sockets: WebSocket[] = []
  const table = new ReplayTable(rec, sockets)
  wss.on('connection', (ws) => {
    let seat = -1
    ws.on('message', (data) => {
      const f = JSON.parse(String(data)) as { id: number; name: string; params: { version?: number } }
      const reply = (result: unknown) => ws.send(JSON.stringify({ type: 'response', id: f.id, result }))
      if (f.name === 'table.join') {
        seat = sockets.push(ws) - 1
        reply({ ok: true, value: { token: 't', snapshot: null } })
      } else if (f.name === 'lobby.start') {
        table.start()
        reply({ ok: true, value: null })
      } else if (f.name === 'table.act') {
        const played = table.act(seat, f.params.version ?? -1, (version) => reply({ ok: true, value: { version } }))
        if (!played) reply({ ok: false, error: { code: REPLAY_ENDED, message: 'the replay ran out: the recording has no such step' } })
      } else reply({ ok: true, value: null })
    })
  })
}
