/**
 * A `phase10://join` link for the desktop window (issue #17): the one the app was started with (asked once
 * with `app.deepLink` at start), or one that arrives while it runs (the `app.deepLink` event, then taken the
 * same way, so a link is joined once). `pending` holds it until the join screen connects to it.
 */
import type { GameApi, JoinLink } from '@shared/api'

class JoinLinkStore {
  pending = $state<JoinLink | null>(null)

  /**
   * Follows the links; `open` shows the join screen (App's router). Returns the unsubscribe function. In a
   * browser the host refuses `app.deepLink` (it is the desktop window's): nothing happens there.
   */
  connect(api: GameApi, open: () => void): () => void {
    const take = async () => {
      const r = await api.invoke('app.deepLink', {})
      if (!r.ok || !r.value) return
      this.pending = r.value
      open()
    }
    void take()
    return api.on('app.deepLink', () => void take())
  }

  /** The link for the join screen to connect to, once. */
  take(): JoinLink | null {
    const link = this.pending
    this.pending = null
    return link
  }
}

export const joinLink = new JoinLinkStore()
