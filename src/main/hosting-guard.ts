/**
 * Hosting from a laptop (issue #17): what closing the window would do to the other players, and keeping
 * the machine awake while a hosted game runs. Plain Node: shell.ts gives it Electron's dialog and
 * powerSaveBlocker.
 */
import { closeTableQuestion } from '@shared/host-words'
import type { TableHost } from './session/table-host'

/** The question to ask before closing the window, or `null` when closing hurts nobody (no other player here). */
export function closeWarning(host: TableHost | null): string | null {
  if (!host || host.mode !== 'lan') return null
  return closeTableQuestion(host.currentStatus, host.othersSeated())
}

/** Holds a power-save block while `hosting()` says a hosted game runs; re-checked by `update()`. */
export class AwakeWhileHosting {
  private id: number | null = null
  constructor(
    private readonly blocker: { start: (type: 'prevent-app-suspension') => number; stop: (id: number) => void },
    private readonly hosting: () => boolean,
  ) {}

  /** Starts or releases the block to match the table; returns whether it is held. */
  update(): boolean {
    const want = this.hosting()
    if (want && this.id === null) this.id = this.blocker.start('prevent-app-suspension')
    else if (!want && this.id !== null) {
      this.blocker.stop(this.id)
      this.id = null
    }
    return this.id !== null
  }

  release(): void {
    if (this.id !== null) this.blocker.stop(this.id)
    this.id = null
  }
}

/** A LAN game hosted here is being played (the lobby and a finished game may sleep). */
export function hostingAGame(host: TableHost | null): boolean {
  return !!host && host.mode === 'lan' && host.currentStatus === 'playing'
}
