/**
 * settings.json in the per-user data dir: atomic writes (write-file-atomic), schema-validated reads.
 * A file that is not valid JSON or fails the schema is renamed aside as `settings.json.corrupt-<time>`
 * and defaults are used: a bad file is reported, never a crash. Plain Node (no electron).
 */
import { mkdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { DEFAULT_SETTINGS, settingsSchema, type Settings, type SettingsPatch } from '@shared/api'

export const SETTINGS_FILE = 'settings.json'

export interface SettingsStoreOptions {
  dataDir: string
  /** Where to report a corrupt file set aside (defaults to console.warn). */
  warn?: (message: string) => void
}

export class SettingsStore {
  private current: Settings = { ...DEFAULT_SETTINGS }
  /** Writes are chained so two quick `update`s land in order and never interleave. */
  private writeChain: Promise<unknown> = Promise.resolve()
  readonly file: string
  private readonly warn: (message: string) => void

  constructor(private readonly options: SettingsStoreOptions) {
    this.file = join(options.dataDir, SETTINGS_FILE)
    this.warn = options.warn ?? ((m) => console.warn(m))
  }

  /** Reads the file once at start-up. Missing file → defaults; corrupt file → set aside + defaults. */
  async load(): Promise<Settings> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      // Unreadable (a directory, no permission): report and play on with defaults; a later save reports
      // its own failure to the player instead of the app refusing to start.
      if (code !== 'ENOENT') this.warn(`settings: cannot read ${this.file} (${code ?? String(err)}); using defaults`)
      return (this.current = { ...DEFAULT_SETTINGS })
    }
    const parsed = parseSettings(text)
    if (parsed.ok) return (this.current = parsed.settings)
    const aside = `${this.file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`
    await rename(this.file, aside)
    this.warn(`settings: ${parsed.reason}; set aside as ${aside}, using defaults`)
    return (this.current = { ...DEFAULT_SETTINGS })
  }

  get(): Settings {
    return { ...this.current }
  }

  /** Applies an already-validated patch and persists it; resolves with the settings as saved. */
  update(patch: SettingsPatch): Promise<Settings> {
    const next = settingsSchema.parse({ ...this.current, ...patch })
    const write = this.writeChain.then(async () => {
      await mkdir(this.options.dataDir, { recursive: true })
      await writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`)
      this.current = next
      return next
    })
    this.writeChain = write.catch(() => undefined)
    return write
  }
}

/**
 * Unknown keys are dropped and missing keys take their defaults (a file from an older or newer version
 * still loads); a key with a wrong value makes the whole file corrupt.
 */
function parseSettings(text: string): { ok: true; settings: Settings } | { ok: false; reason: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'not valid JSON' }
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, reason: 'not a JSON object' }
  const result = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...json })
  if (!result.success) return { ok: false, reason: `invalid (${result.error.issues.map((i) => i.path.join('.')).join(', ')})` }
  return { ok: true, settings: result.data }
}
