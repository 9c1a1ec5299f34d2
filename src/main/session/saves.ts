/**
 * Saves of hosted tables, in dataDir/saves (a 0700 folder; files 0600: they hold every seat's token):
 *
 * - `<tableId>.json`: the table — seed (the game key), rules, seats, the accepted action log up to the last
 *   compaction. Written whole and atomically (write-file-atomic, synchronously) when a game starts and when
 *   seats change hands mid-game; at every hand's end the same, off the event loop (`writeSnapshotSoon`: the
 *   journal keeps every move until the file holds it).
 * - `<tableId>.log`: the **journal** — one JSON line per accepted action since then (`{"n", "seat",
 *   "action"}`, `n` its index in the whole log), appended with a plain synchronous write **before** the
 *   action is acknowledged or broadcast. The kernel keeps a completed write through kill -9 of the host;
 *   only a power cut can lose the last moments (see docs/lan-design.md "Durability" for the fsync choice).
 *
 * Loading replays the table's log and then the journal's valid prefix (a torn last line after a crash, or
 * any entry that does not replay, ends it with a warning, never the whole game), then compacts. A file that
 * does not explain a game at all is renamed aside (`.corrupt-<time>`) and reported, never a crash.
 * Writes throw on failure (a full disk): the table host refuses the move and pauses (table-host.ts).
 */
import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync, type PathLike } from 'node:fs'
import { open, readFile, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import { actionSchema, type GameEvent } from '@shared/engine/actions'
import { apply } from '@shared/engine/apply'
import { LEGACY_SKIP_RULES, ruleOptionsSchema } from '@shared/engine/rules'
import { newGame, type GameState, type LogEntry } from '@shared/engine/state'
import { botLevelSchema, dropPolicySchema } from '@shared/api/table'
import { removeTemporaryFiles } from '../temp-files'

export const SAVE_FORMAT = 1
export const TABLE_ID = /^[A-Za-z0-9_-]{1,64}$/

export const savedSeatSchema = z.object({
  name: z.string().min(1).max(40),
  kind: z.enum(['human', 'bot']),
  botLevel: botLevelSchema.nullable(),
  token: z.string().max(128).nullable(),
  isHost: z.boolean(),
  autoPlayed: z.boolean(),
})
export type SavedSeat = z.infer<typeof savedSeatSchema>

export const saveFileSchema = z.object({
  format: z.literal(SAVE_FORMAT),
  tableId: z.string().regex(TABLE_ID),
  name: z.string().min(1).max(40),
  mode: z.enum(['solo', 'lan']),
  savedAt: z.number().int(),
  seed: z.string().min(1).max(64),
  /** A save from before RULES.md section 4's revision has no Skip model: it was played by the legacy one. */
  rules: z.preprocess((r) => (typeof r === 'object' && r !== null ? { ...LEGACY_SKIP_RULES, ...r } : r), ruleOptionsSchema),
  seats: z.array(savedSeatSchema).min(2).max(6),
  dropPolicy: dropPolicySchema,
  /** The table's own bot delay (null: the host's settings). */
  botDelayMs: z.number().int().min(0).max(5000).nullable().default(null),
  /** The table's auto-deal between hands (seconds; null: wait for every player). */
  autoDealSeconds: z.number().int().min(5).max(300).nullable().default(null),
  /** When the game started (epoch ms): its history record's id and date. Saves from before it have none. */
  startedAt: z.number().int().min(0).optional(),
  /** The table's Ed25519 key (session/host-key.ts); saves from before it get a new one on resume. */
  hostKey: z.object({ publicKey: z.string().max(64), privateKey: z.string().max(200) }).optional(),
  log: z.array(z.object({ seat: z.number().int().min(0).max(5), action: actionSchema })),
})
export type SaveFile = z.infer<typeof saveFileSchema>

export interface LoadedGame {
  save: SaveFile
  state: GameState
  /** Every event of the replay, oldest first (bots' memory, the log after a restart). */
  events: GameEvent[]
  /** The last actions' event batches as the table sent them (version after each), oldest first. */
  batches: { version: number; events: GameEvent[] }[]
}

/** How many of the last batches a replay keeps (TableHost's RECENT_BATCHES). */
const KEEP_BATCHES = 50

/**
 * Replays a save's log from its seed, as far as it replays: `kept` is how many entries did (an entry the
 * engine refuses ends the replay there; everything before it is the game as it was).
 */
export function replaySave(save: SaveFile): LoadedGame & { kept: number } {
  let state = newGame({ players: save.seats.map((s) => s.name), seed: save.seed, rules: save.rules, tableId: save.tableId })
  const events: GameEvent[] = []
  const batches: LoadedGame['batches'] = []
  let kept = 0
  for (const entry of save.log) {
    const r = apply(state, entry.seat, entry.action)
    if (!r.ok) break
    state = r.state
    events.push(...r.events)
    batches.push({ version: state.version, events: r.events })
    if (batches.length > KEEP_BATCHES) batches.shift()
    kept++
  }
  return { save: kept === save.log.length ? save : { ...save, log: save.log.slice(0, kept) }, state, events, batches, kept }
}

const journalLineSchema = z.object({ n: z.number().int().min(0), seat: z.number().int().min(0).max(5), action: actionSchema })

/** `writeSnapshotSoon`'s temporary files, numbered in the order begun. */
let tempCount = 0

/** Files a crashed write-file-atomic leaves next to its target (`<name>.<number>`), and `writeSnapshotSoon`. */
const TEMP_FILE = /\.(json|log)\.\d+$/

export interface SaveStoreOptions {
  warn?: (m: string) => void
  /** fsync the journal after every append (default off: see the header). */
  fsync?: boolean
}

export class SaveStore {
  readonly dir: string
  private readonly warn: (m: string) => void
  private readonly fsync: boolean
  /** Open journal files, by table id. */
  private readonly journals = new Map<string, number>()
  /** Per table: the index after the last journal line written (how far the journal reaches). */
  private readonly appended = new Map<string, number>()
  /** Per table: bumped by every whole-table write and removal; a `writeSnapshotSoon` overtaken by one is dropped. */
  private readonly generation = new Map<string, number>()
  /** `writeSnapshotSoon` writes still in flight. */
  private readonly pending = new Set<Promise<void>>()

  constructor(dataDir: string, options: SaveStoreOptions | ((m: string) => void) = {}) {
    const o = typeof options === 'function' ? { warn: options } : options
    this.dir = join(dataDir, 'saves')
    this.warn = o.warn ?? ((m) => console.warn(m))
    this.fsync = o.fsync ?? false
  }

  fileFor(tableId: string): string {
    if (!TABLE_ID.test(tableId)) throw new Error(`bad table id ${tableId}`)
    return join(this.dir, `${tableId}.json`)
  }

  journalFor(tableId: string): string {
    if (!TABLE_ID.test(tableId)) throw new Error(`bad table id ${tableId}`)
    return join(this.dir, `${tableId}.log`)
  }

  /** The folder, private to this user (existing ones are tightened too). */
  private ensureDir(): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 })
    chmodSync(this.dir, 0o700)
  }

  /**
   * Writes the whole table atomically and empties its journal (everything in it is now in the file).
   * Synchronous, so no later action can slip between the two. Throws when the disk refuses.
   */
  writeSnapshot(save: SaveFile): void {
    this.ensureDir()
    this.bump(save.tableId)
    writeFileAtomic.sync(this.fileFor(save.tableId), `${JSON.stringify(save)}\n`, { mode: 0o600 })
    this.closeJournal(save.tableId)
    rmSync(this.journalFor(save.tableId), { force: true })
  }

  /**
   * `writeSnapshot` with the disk's part off the event loop (a hand's end: the fsync took 2.5 ms at p50 and up
   * to 17 ms for a 900-move game on this VM, for every table of the process). The file is written to a
   * temporary name and synced in the background, then renamed over the table's file here — unless a newer
   * whole-table write or a removal came meanwhile (then it is dropped: the newer one is on disk). Nothing is
   * lost in between: every move is in the journal, which is emptied only when the file holds all of it; moves
   * appended meanwhile keep it (loading skips its lines the file already holds). Rejects when the disk refuses.
   */
  writeSnapshotSoon(save: SaveFile): Promise<void> {
    this.ensureDir()
    const id = save.tableId
    const gen = this.bump(id)
    const file = this.fileFor(id)
    // Digits after `.json.`: what `cleanTemporaryFiles` removes after a crash.
    const temp = `${file}.${Date.now()}${String(++tempCount).padStart(6, '0')}`
    const text = `${JSON.stringify(save)}\n`
    const job = (async () => {
      let renamed = false
      try {
        const fh = await open(temp, 'w', 0o600)
        try {
          await fh.writeFile(text)
          await fh.sync()
        } finally {
          await fh.close()
        }
        if (this.generation.get(id) !== gen) return
        renameSync(temp, file)
        renamed = true
      } finally {
        if (!renamed) rmSync(temp, { force: true }) // overtaken, or the disk refused
      }
      if ((this.appended.get(id) ?? 0) <= save.log.length) {
        this.closeJournal(id)
        rmSync(this.journalFor(id), { force: true })
      }
    })()
    this.pending.add(job)
    const done = () => void this.pending.delete(job)
    job.then(done, done)
    return job
  }

  private bump(tableId: string): number {
    const gen = (this.generation.get(tableId) ?? 0) + 1
    this.generation.set(tableId, gen)
    return gen
  }

  /**
   * Appends one accepted action (`n`: its index in the whole log) to the table's journal, before anyone
   * hears of it. Throws when the disk refuses (nothing was appended then, or a torn line that loading drops).
   */
  append(tableId: string, n: number, entry: LogEntry): void {
    let fd = this.journals.get(tableId)
    if (fd === undefined) {
      this.ensureDir()
      fd = openSync(this.journalFor(tableId), 'a', 0o600)
      this.journals.set(tableId, fd)
    }
    const line = `${JSON.stringify({ n, seat: entry.seat, action: entry.action })}\n`
    const bytes = Buffer.from(line)
    let written = 0
    while (written < bytes.length) written += writeSync(fd, bytes, written)
    if (this.fsync) fsyncSync(fd)
    this.appended.set(tableId, n + 1)
  }

  private closeJournal(tableId: string): void {
    const fd = this.journals.get(tableId)
    if (fd === undefined) return
    this.journals.delete(tableId)
    try {
      closeSync(fd)
    } catch {
      /* already closed */
    }
  }

  /** Closes the table's open journal (the table closed). */
  release(tableId: string): void {
    this.closeJournal(tableId)
  }

  /** Resolves when every `writeSnapshotSoon` begun so far has settled (the journal writes are synchronous). */
  async flush(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending])
  }

  /**
   * Removes what an interrupted atomic write left behind (a host killed mid-write). Only for the host that
   * holds the data folder's lock (data-dir-lock.ts): another host's write may be in flight otherwise.
   */
  cleanTemporaryFiles(): void {
    removeTemporaryFiles(this.dir, TEMP_FILE)
  }

  /**
   * Reads, validates and replays a save and its journal. Keeps the longest prefix that replays (warning
   * about the rest) and compacts it into the file. A file that explains no game is set aside: `null`.
   */
  async load(tableId: string, opts: { compact?: boolean } = {}): Promise<LoadedGame | null> {
    if (!TABLE_ID.test(tableId)) return null
    const file = this.fileFor(tableId)
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.warn(`saves: cannot read ${file}`)
      return null
    }
    let reason = ''
    try {
      const parsed = saveFileSchema.safeParse(JSON.parse(text))
      if (parsed.success && parsed.data.tableId === tableId) return this.withJournal(parsed.data, opts.compact ?? true)
      reason = parsed.success ? 'its table id does not match the file name' : `invalid (${parsed.error.issues[0]?.path.join('.')})`
    } catch (err) {
      reason = err instanceof SyntaxError ? 'not valid JSON' : `unreadable (${err instanceof Error ? err.message : String(err)})`
    }
    this.setAside(file, reason)
    return null
  }

  private withJournal(save: SaveFile, compact: boolean): LoadedGame {
    const fromFile = replaySave(save)
    if (fromFile.kept < save.log.length) this.warn(`saves: ${save.tableId}: move ${fromFile.kept + 1} of its log does not replay; kept the ${fromFile.kept} before it`)
    const entries = fromFile.kept < save.log.length ? [] : this.readJournal(save.tableId, save.log.length)
    if (entries.length === 0 && fromFile.kept === save.log.length) return fromFile
    const all = replaySave({ ...fromFile.save, log: [...fromFile.save.log, ...entries] })
    if (all.kept < fromFile.kept + entries.length) this.warn(`saves: ${save.tableId}: journal move ${all.kept - fromFile.kept + 1} does not replay; kept the moves before it`)
    // Compact now: the file holds the whole game again, and the journal starts empty. (Not when only
    // listing: the table may be open and appending.)
    if (!compact) return all
    try {
      this.writeSnapshot({ ...all.save, savedAt: Date.now() })
    } catch (err) {
      this.warn(`saves: cannot compact ${save.tableId}: ${err instanceof Error ? err.message : String(err)}`)
    }
    return all
  }

  /** The journal's entries from index `from` on, in order, up to the first gap or damaged line. */
  private readJournal(tableId: string, from: number): LogEntry[] {
    const file = this.journalFor(tableId)
    if (!existsSync(file)) return []
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      this.warn(`saves: cannot read ${file}`)
      return []
    }
    const out: LogEntry[] = []
    const lines = text.split('\n')
    for (const [i, line] of lines.entries()) {
      if (line === '' && i === lines.length - 1) break
      let parsed: z.infer<typeof journalLineSchema> | null = null
      try {
        const r = journalLineSchema.safeParse(JSON.parse(line))
        parsed = r.success ? r.data : null
      } catch {
        parsed = null
      }
      if (!parsed) {
        this.warn(`saves: ${file} line ${i + 1} is damaged; kept the ${out.length} moves before it`)
        break
      }
      if (parsed.n < from + out.length) continue // already in the file (a compaction raced a crash)
      if (parsed.n > from + out.length) {
        this.warn(`saves: ${file} skips from move ${from + out.length} to ${parsed.n}; kept the moves before the gap`)
        break
      }
      out.push({ seat: parsed.seat, action: parsed.action })
    }
    return out
  }

  private setAside(file: PathLike, reason: string): void {
    const aside = `${String(file)}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`
    try {
      renameSync(file, aside)
    } catch {
      /* gone meanwhile */
    }
    this.warn(`saves: ${String(file)} is ${reason}; set aside as ${aside}`)
  }

  /** Deletes a save and its journal; false when there was none. */
  async remove(tableId: string): Promise<boolean> {
    if (!TABLE_ID.test(tableId)) return false
    this.bump(tableId) // a write still in flight must not bring it back
    this.closeJournal(tableId)
    rmSync(this.journalFor(tableId), { force: true })
    try {
      rmSync(this.fileFor(tableId))
      return true
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.warn(`saves: cannot delete ${this.fileFor(tableId)}`)
      return false
    }
  }

  /**
   * Deletes all but the newest `keep` saves (never `except`): someone who plays every day would otherwise
   * collect them for ever. Returns how many went.
   */
  async prune(keep: number, except?: string): Promise<number> {
    let removed = 0
    for (const id of (await this.list()).slice(keep)) if (id !== except && (await this.remove(id))) removed++
    return removed
  }

  /** Table ids of the saves on disk, newest first (a journal counts as the newest touch). */
  async list(): Promise<string[]> {
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch {
      return []
    }
    const ids = names.filter((n) => n.endsWith('.json') && TABLE_ID.test(n.slice(0, -5))).map((n) => n.slice(0, -5))
    const time = (path: string) => stat(path).then((s) => s.mtimeMs, () => 0)
    const withTimes = await Promise.all(ids.map(async (id) => ({ id, t: Math.max(await time(this.fileFor(id)), await time(this.journalFor(id))) })))
    return withTimes.sort((a, b) => b.t - a.t).map((x) => x.id)
  }
}

export type { LogEntry }
