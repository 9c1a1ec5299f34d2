/**
 * The game history (issue #19): `<dataDir>/history.json`, `{ "format": 1, "games": GameRecord[] }`, oldest
 * first. Plain Node, synchronous (a finished game is appended once; the file is rewritten whole, atomically,
 * with write-file-atomic: a kill -9 mid-write leaves the old file or the new one, never half of one).
 *
 * Bounded: at most MAX_GAMES games and about MAX_BYTES serialised; the oldest go first. Everything read is
 * untrusted (a hand-edited file, an imported one): a file that is not JSON or not a history is renamed aside
 * (`history.json.corrupt-<time>`) and the history starts empty; a record that fails the schema, or repeats an
 * id, is dropped alone. Either way the user is told once (`takeNotices`, shown by the History screen) and
 * the cleaned file is written back, so the same message never comes twice. Never a crash.
 */
import { mkdirSync, readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import { gameRecordSchema, type GameRecord } from '@shared/history/record'
import { removeTemporaryFiles } from '../temp-files'

export const HISTORY_FILE = 'history.json'
export const HISTORY_FORMAT = 1
export const MAX_GAMES = 300
export const MAX_BYTES = 8 * 1024 * 1024

const fileSchema = z.object({ format: z.literal(HISTORY_FORMAT), games: z.array(z.unknown()) })

export interface HistoryStoreOptions {
  dataDir: string
  warn?: (message: string) => void
  /** Bounds (tests use small ones). */
  maxGames?: number
  maxBytes?: number
}

export interface ImportResult {
  added: number
  skipped: number
  invalid: number
  dropped: number
}

/** Files a crashed write-file-atomic leaves next to its target (`history.json.<number>`). */
const TEMP_FILE = /^history\.json\.\d+$/

export class HistoryStore {
  readonly file: string
  private readonly dir: string
  private readonly warn: (m: string) => void
  private readonly maxGames: number
  private readonly maxBytes: number
  /** Oldest first, each with its JSON line (written as is: a rewrite never re-serialises 8 MB). */
  private games: Entry[] | null = null
  private notices: string[] = []

  constructor(options: HistoryStoreOptions) {
    this.dir = options.dataDir
    this.file = join(options.dataDir, HISTORY_FILE)
    this.warn = options.warn ?? ((m) => console.warn(m))
    this.maxGames = options.maxGames ?? MAX_GAMES
    this.maxBytes = options.maxBytes ?? MAX_BYTES
  }

  /** Every record, oldest first (loaded on first use: the file may be megabytes). */
  all(): GameRecord[] {
    return this.loaded().map((g) => g.record)
  }

  get(id: string): GameRecord | null {
    return this.loaded().find((g) => g.record.id === id)?.record ?? null
  }

  /** Messages for the user since the last call (each once). */
  takeNotices(): string[] {
    this.loaded()
    const out = this.notices
    this.notices = []
    return out
  }

  /**
   * Appends a finished game (a record with a known id is kept as it is: a game is recorded once). Answers
   * whether it was added. Throws when the disk refuses (the record stays in memory until the next write).
   */
  append(record: GameRecord): boolean {
    const games = this.loaded()
    if (games.some((g) => g.record.id === record.id)) return false
    games.push(entry(record))
    this.bound(games)
    this.write()
    return true
  }

  /** Deletes one game; false when there is none with this id. */
  remove(id: string): boolean {
    const games = this.loaded()
    const i = games.findIndex((g) => g.record.id === id)
    if (i < 0) return false
    games.splice(i, 1)
    this.write()
    return true
  }

  /** The whole history as the text of a history file (what `importJson` reads back). */
  exportJson(): string {
    return serialise(this.loaded())
  }

  /**
   * Merges games from JSON text: a history file (`{ format, games }`), an array of records or one record.
   * Each is checked with the schema; known ids are skipped. Throws a SyntaxError for text that is not JSON
   * and a TypeError for JSON that holds no records at all (nothing changes then).
   */
  importJson(text: string): ImportResult {
    const data: unknown = JSON.parse(text)
    const items = Array.isArray(data)
      ? data
      : isObject(data) && Array.isArray(data.games)
        ? data.games
        : isObject(data) && 'log' in data
          ? [data]
          : null
    if (!items) throw new TypeError('this is not a Phase 10 history file')
    const games = this.loaded()
    const known = new Set(games.map((g) => g.record.id))
    const result: ImportResult = { added: 0, skipped: 0, invalid: 0, dropped: 0 }
    for (const item of items) {
      const parsed = gameRecordSchema.safeParse(item)
      if (!parsed.success) result.invalid++
      else if (known.has(parsed.data.id)) result.skipped++
      else {
        known.add(parsed.data.id)
        games.push(entry(parsed.data))
        result.added++
      }
    }
    if (result.added === 0) return result
    // Newest last, by when each game ended (an imported game may be older than the ones here).
    games.sort((a, b) => a.record.finishedAt - b.record.finishedAt)
    result.dropped = this.bound(games)
    this.write()
    return result
  }

  // -------------------------------------------------------------------------------------------------

  /** Drops the oldest games beyond the bounds; answers how many went. */
  private bound(games: Entry[]): number {
    let bytes = games.reduce((n, g) => n + g.bytes, 0)
    let dropped = 0
    while (games.length > 1 && (games.length > this.maxGames || bytes > this.maxBytes)) {
      bytes -= games.shift()!.bytes
      dropped++
    }
    return dropped
  }

  private write(): void {
    // The folder is created private; an existing one (the app's data folder) is left as the user has it.
    mkdirSync(this.dir, { recursive: true, mode: 0o700 })
    writeFileAtomic.sync(this.file, serialise(this.games ?? []), { mode: 0o600 })
  }

  private loaded(): Entry[] {
    if (this.games) return this.games
    this.games = []
    this.cleanTemporaryFiles()
    let text: string
    try {
      text = readFileSync(this.file, 'utf8')
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code !== 'ENOENT') this.tell(`The game history could not be read (${code ?? String(err)}); it starts empty for now.`)
      return this.games
    }
    let file: z.infer<typeof fileSchema>
    try {
      const parsed = fileSchema.safeParse(JSON.parse(text))
      if (!parsed.success) {
        this.setAside('is not a Phase 10 history')
        return this.games
      }
      file = parsed.data
    } catch {
      this.setAside('is damaged (not valid JSON)')
      return this.games
    }
    const seen = new Set<string>()
    let invalid = 0
    let duplicates = 0
    for (const item of file.games) {
      const r = gameRecordSchema.safeParse(item)
      if (!r.success) invalid++
      else if (seen.has(r.data.id)) duplicates++
      else {
        seen.add(r.data.id)
        this.games.push(entry(r.data))
      }
    }
    const dropped = this.bound(this.games)
    if (invalid) this.tell(`${invalid} damaged game${invalid === 1 ? ' was' : 's were'} dropped from the history.`)
    if (duplicates) this.warn(`history: dropped ${duplicates} repeated game${duplicates === 1 ? '' : 's'}`)
    if (invalid || duplicates || dropped) {
      try {
        this.write() // cleaned: the same message never comes twice
      } catch (err) {
        this.warn(`history: cannot rewrite ${this.file}: ${err instanceof Error ? err.message : String(err)}`)
      }
    }
    return this.games
  }

  private setAside(reason: string): void {
    const aside = `${this.file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`
    try {
      renameSync(this.file, aside)
    } catch {
      /* gone meanwhile */
    }
    this.tell(`The game history file ${reason}: it was set aside as ${aside} and the history starts empty.`)
  }

  private tell(message: string): void {
    this.notices.push(message)
    this.warn(`history: ${message}`)
  }

  /** What an interrupted atomic write left (only the data folder's lock holder runs a store: nothing in flight). */
  private cleanTemporaryFiles(): void {
    removeTemporaryFiles(this.dir, TEMP_FILE)
  }
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null

interface Entry {
  record: GameRecord
  line: string
  /** The line's size in the file (the byte bound). */
  bytes: number
}

function entry(record: GameRecord): Entry {
  const line = JSON.stringify(record)
  return { record, line, bytes: Buffer.byteLength(line) + 2 }
}

function serialise(games: readonly Entry[]): string {
  // One record a line: the file stays readable, and its size is the sum of the records'.
  return `{"format":${HISTORY_FORMAT},"games":[\n${games.map((g) => g.line).join(',\n')}\n]}\n`
}
