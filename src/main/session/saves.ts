/**
 * Autosave of a hosted table (dataDir/saves/<tableId>.json): seed + rules + seats + the accepted action
 * log. The engine replays that byte-identically (RULES.md section 11), so nothing else is stored. Writes are
 * atomic (write-file-atomic) and chained in order; reads are zod-validated and replayed; a file that fails
 * either is renamed aside (`<id>.json.corrupt-<time>`) and reported, never a crash.
 */
import { mkdir, readFile, readdir, rename, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import { actionSchema, type GameEvent } from '../../shared/engine/actions'
import { apply } from '../../shared/engine/apply'
import { ruleOptionsSchema } from '../../shared/engine/rules'
import { newGame, type GameState, type LogEntry } from '../../shared/engine/state'
import { botLevelSchema, dropPolicySchema } from '../../shared/api/table'

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
  rules: ruleOptionsSchema,
  seats: z.array(savedSeatSchema).min(2).max(6),
  dropPolicy: dropPolicySchema,
  /** The table's own bot delay (null: the host's settings). */
  botDelayMs: z.number().int().min(0).max(5000).nullable().default(null),
  log: z.array(z.object({ seat: z.number().int().min(0).max(5), action: actionSchema })),
})
export type SaveFile = z.infer<typeof saveFileSchema>

export interface LoadedGame {
  save: SaveFile
  state: GameState
  /** Every event of the replay, oldest first (bots' memory, the log after a restart). */
  events: GameEvent[]
}

/** Replays a save's log from its seed; `null` when an entry is refused (the file does not explain a game). */
export function replaySave(save: SaveFile): LoadedGame | null {
  let state = newGame({ players: save.seats.map((s) => s.name), seed: save.seed, rules: save.rules })
  const events: GameEvent[] = []
  for (const entry of save.log) {
    const r = apply(state, entry.seat, entry.action)
    if (!r.ok) return null
    state = r.state
    events.push(...r.events)
  }
  return { save, state, events }
}

export class SaveStore {
  readonly dir: string
  private chain: Promise<unknown> = Promise.resolve()
  private readonly queued = new Map<string, { save: SaveFile; done: Promise<void> }>()

  constructor(
    dataDir: string,
    private readonly warn: (m: string) => void = (m) => console.warn(m),
  ) {
    this.dir = join(dataDir, 'saves')
  }

  fileFor(tableId: string): string {
    if (!TABLE_ID.test(tableId)) throw new Error(`bad table id ${tableId}`)
    return join(this.dir, `${tableId}.json`)
  }

  /**
   * Queues an atomic write; resolves when this save (or a newer one of the same table) is on disk. Never
   * rejects. While a write is in flight, newer saves of the same table replace each other: the file always
   * ends with the latest accepted action, and a burst of bot moves costs one write, not one per move.
   */
  write(save: SaveFile): Promise<void> {
    const queued = this.queued.get(save.tableId)
    if (queued) {
      queued.save = save
      return queued.done
    }
    const entry = { save, done: Promise.resolve() }
    entry.done = this.chain.then(async () => {
      this.queued.delete(save.tableId)
      const file = this.fileFor(entry.save.tableId)
      try {
        await mkdir(this.dir, { recursive: true })
        await writeFileAtomic(file, `${JSON.stringify(entry.save)}\n`)
      } catch (err) {
        this.warn(`saves: cannot write ${file}: ${err instanceof Error ? err.message : String(err)}`)
      }
    })
    this.queued.set(save.tableId, entry)
    this.chain = entry.done
    return entry.done
  }

  /** Waits for every queued write. */
  flush(): Promise<void> {
    return this.chain.then(() => undefined)
  }

  /** Reads, validates and replays a save; a corrupt one is set aside and `null` returned. */
  async load(tableId: string): Promise<LoadedGame | null> {
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
      if (parsed.success && parsed.data.tableId === tableId) {
        const loaded = replaySave(parsed.data)
        if (loaded) return loaded
        reason = 'its action log does not replay'
      } else reason = parsed.success ? 'its table id does not match the file name' : `invalid (${parsed.error.issues[0]?.path.join('.')})`
    } catch {
      reason = 'not valid JSON'
    }
    const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`
    try {
      await rename(file, aside)
    } catch {
      /* gone meanwhile */
    }
    this.warn(`saves: ${file} is ${reason}; set aside as ${aside}`)
    return null
  }

  /** Deletes a save (after any queued write of it); false when there was none. */
  async remove(tableId: string): Promise<boolean> {
    if (!TABLE_ID.test(tableId)) return false
    await this.flush()
    try {
      await unlink(this.fileFor(tableId))
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
    await this.flush() // file times of saves still being written
    let removed = 0
    for (const id of (await this.list()).slice(keep)) if (id !== except && (await this.remove(id))) removed++
    return removed
  }

  /** Table ids of the saves on disk, newest first. */
  async list(): Promise<string[]> {
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch {
      return []
    }
    const ids = names.filter((n) => n.endsWith('.json') && TABLE_ID.test(n.slice(0, -5))).map((n) => n.slice(0, -5))
    const withTimes = await Promise.all(
      ids.map(async (id) => ({ id, t: await stat(this.fileFor(id)).then((s) => s.mtimeMs, () => 0) })),
    )
    return withTimes.sort((a, b) => b.t - a.t).map((x) => x.id)
  }
}

export type { LogEntry }
