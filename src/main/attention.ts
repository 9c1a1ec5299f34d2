/**
 * The desktop's turn alert (issue #17): when it becomes this player's turn while the window is in the
 * background, the taskbar/dock entry flashes and a system notification says so; focusing the window stops
 * the flashing, clicking the notification brings the window forward. Plain Node: shell.ts passes Electron's
 * window and Notification in, so this is tested without Electron.
 */

export interface AttentionWindow {
  isDestroyed(): boolean
  isFocused(): boolean
  isMinimized(): boolean
  flashFrame(flag: boolean): void
  restore(): void
  show(): void
  focus(): void
  on(event: 'focus', listener: () => void): unknown
}

export interface AttentionOptions {
  /** The app's main window, if it is open. */
  window: () => AttentionWindow | null
  /** Settings' `turnAlerts`. */
  enabled: () => boolean
  /** Shows a system notification (Electron's Notification); `onClick` when the player clicks it. */
  notify: (message: { title: string; body: string; onClick: () => void }) => void
}

export interface Attention {
  /** Alerts unless turned off or the player is looking at the window already; answers whether it did. */
  alert(message: { title: string; body: string }): boolean
  /** Wires "focus stops the flashing" on a new window. */
  watch(win: AttentionWindow): void
}

export function createAttention(options: AttentionOptions): Attention {
  const bringForward = () => {
    const win = options.window()
    if (!win || win.isDestroyed()) return
    if (win.isMinimized()) win.restore()
    win.show()
    win.focus()
  }
  return {
    alert(message) {
      const win = options.window()
      if (!options.enabled() || !win || win.isDestroyed() || win.isFocused()) return false
      win.flashFrame(true)
      try {
        options.notify({ ...message, onClick: bringForward })
      } catch (err) {
        // A desktop without a notification service still gets the flashing.
        console.warn('Phase 10: notification failed:', err)
      }
      return true
    },
    watch(win) {
      win.on('focus', () => {
        if (!win.isDestroyed()) win.flashFrame(false)
      })
    },
  }
}
