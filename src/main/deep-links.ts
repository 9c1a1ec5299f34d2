/**
 * Deep links on the desktop (issue #17): `phase10://join?…` reaches the app as a command-line argument
 * (Windows, Linux: at the first start, or in a second instance's argv through 'second-instance') or as
 * macOS's 'open-url'. The inbox keeps the newest valid link until the window takes it (`app.deepLink`, asked
 * once the renderer is up) and tells a running window at once (the `app.deepLink` event). Plain Node.
 */
import { joinLinkInArgv, parseJoinLink, type JoinLink } from '@shared/deep-link'

export class DeepLinkInbox {
  private pending: JoinLink | null = null
  private listener: ((link: JoinLink) => void) | null = null

  /** A URL that macOS's open-url event brought; ignored (false) unless it is a valid join link. */
  receiveUrl(url: unknown): boolean {
    return this.receive(parseJoinLink(url))
  }

  /** Command-line arguments (first start, 'second-instance'); ignored (false) without a valid join link. */
  receiveArgv(argv: readonly string[]): boolean {
    return this.receive(joinLinkInArgv(argv))
  }

  /** The link not yet handled, once: a reload of the window does not join twice. */
  take(): JoinLink | null {
    const link = this.pending
    this.pending = null
    return link
  }

  /** Called for each new link while the window runs (it then takes it). */
  onLink(listener: (link: JoinLink) => void): void {
    this.listener = listener
  }

  private receive(link: JoinLink | null): boolean {
    if (!link) return false
    this.pending = link
    this.listener?.(link)
    return true
  }
}
