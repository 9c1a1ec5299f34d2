/**
 * Updates of the packaged desktop app (electron-updater, from the GitHub releases electron-builder
 * publishes; electron-builder.config.ts `publish`). Plain Node: the shell passes electron-updater's
 * `autoUpdater`; tests pass a fake with the same few members.
 *
 * Policy:
 * - checked once at start, only in a packaged app (a dev build has no app-update.yml) and only while the
 *   `checkForUpdates` setting is on; a failed check is a warning, never an error dialog;
 * - downloaded in the background; the renderer hears `app.update` (version, state) and may offer a restart;
 * - **never installed while a table is open** (hosted, joined or solo): `install()` refuses then, and the
 *   install-on-quit that electron-updater does by default runs only after the services have shut down, so a
 *   game is never cut by an installer. Electron's own quit path (shell.ts) waits for that shutdown.
 */
export type UpdateState = 'downloading' | 'ready'
export interface UpdateStatus {
  state: UpdateState
  version: string
}

/** The part of electron-updater's `AppUpdater` this module uses. */
export interface UpdaterLike {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  checkForUpdates(): Promise<unknown>
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void
  on(event: 'update-available' | 'update-downloaded', listener: (info: { version: string }) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
}

export interface UpdatesOptions {
  updater: UpdaterLike
  isPackaged: boolean
  /** The `checkForUpdates` setting, read when the check would start. */
  enabled: () => boolean
  /** True while a table is open (see TableService.isOpen). */
  busy: () => boolean
  /** Tells the renderer (services.events 'app.update'). */
  onStatus: (status: UpdateStatus) => void
  warn?: (message: string) => void
}

export interface Updates {
  /** The check at start: resolves when it has been made (or skipped), whatever its outcome. */
  checkAtStart(): Promise<'checked' | 'skipped'>
  status(): UpdateStatus | null
  /** Restarts into the downloaded update; refused while a table is open or before a download. */
  install(): { ok: true } | { ok: false; reason: 'busy' | 'not-ready' }
}

export function createUpdates(o: UpdatesOptions): Updates {
  let current: UpdateStatus | null = null
  const tell = (status: UpdateStatus) => {
    current = status
    o.onStatus(status)
  }
  o.updater.autoDownload = true
  o.updater.autoInstallOnAppQuit = true
  o.updater.on('update-available', (info) => tell({ state: 'downloading', version: info.version }))
  o.updater.on('update-downloaded', (info) => tell({ state: 'ready', version: info.version }))
  o.updater.on('error', (err) => o.warn?.(`update check failed: ${err.message}`))

  return {
    async checkAtStart() {
      if (!o.isPackaged || !o.enabled()) return 'skipped'
      try {
        await o.updater.checkForUpdates()
      } catch (err) {
        o.warn?.(`update check failed: ${err instanceof Error ? err.message : String(err)}`)
      }
      return 'checked'
    },
    status: () => current,
    install() {
      if (current?.state !== 'ready') return { ok: false, reason: 'not-ready' }
      if (o.busy()) return { ok: false, reason: 'busy' }
      // Not silent (Windows shows the installer's progress); relaunch afterwards.
      o.updater.quitAndInstall(false, true)
      return { ok: true }
    },
  }
}
