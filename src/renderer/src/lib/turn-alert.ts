/**
 * "Your turn" for a player who is looking elsewhere (issue #17). One pure decision — did the turn just move
 * to my seat? — and two ways to say it: the desktop window asks main (`app.attention`: the taskbar flashes, a
 * system notification shows); a browser tab blinks its title while hidden and, if this browser allowed it,
 * shows a Notification. Settings' `turnAlerts` turns both off.
 */
import type { GameApi } from '@shared/api'
import type { GameView } from '@shared/engine/views'

/**
 * True when `after` is my turn and `before` was not (or was another hand): the moment to tell me. Never
 * while the hand is over, never for a spectator, never twice for one turn.
 */
export function becameMyTurn(before: GameView | null, after: GameView | null): boolean {
  if (!after || after.seat === null || after.turn !== after.seat || after.stage === 'handOver' || after.stage === 'gameOver') return false
  return !before || before.turn !== after.seat || before.handNumber !== after.handNumber
}

export interface TurnMessage {
  title: string
  body: string
}

/** What a browser tab needs (the real window in the app; fakes in tests). */
export interface BrowserEnv {
  document: Pick<Document, 'hidden' | 'title' | 'addEventListener' | 'removeEventListener'>
  Notification?: { permission: NotificationPermission; new (title: string, options?: NotificationOptions): Notification }
  focus(): void
}

const BLINK_MS = 1000

/** A hidden tab's title alternates with the message until the tab is shown again; then the title is restored. */
export class TitleBlinker {
  private timer: ReturnType<typeof setInterval> | null = null
  private original = ''
  private readonly onVisible = () => {
    if (!this.env.document.hidden) this.stop()
  }

  constructor(private readonly env: Pick<BrowserEnv, 'document'>) {}

  get blinking(): boolean {
    return this.timer !== null
  }

  start(text: string): void {
    const doc = this.env.document
    if (!doc.hidden || this.timer) return
    this.original = doc.title
    let on = true
    doc.title = text
    this.timer = setInterval(() => {
      on = !on
      doc.title = on ? text : this.original
    }, BLINK_MS)
    doc.addEventListener('visibilitychange', this.onVisible)
  }

  stop(): void {
    if (!this.timer) return
    clearInterval(this.timer)
    this.timer = null
    this.env.document.title = this.original
    this.env.document.removeEventListener('visibilitychange', this.onVisible)
  }
}

/** In a browser: blink the title and notify, only while the tab is hidden; answers whether it alerted. */
export function alertInBrowser(message: TurnMessage, env: BrowserEnv, blinker: TitleBlinker): boolean {
  if (!env.document.hidden) return false
  blinker.start(`▶ ${message.title}`)
  const N = env.Notification
  if (N && N.permission === 'granted') {
    try {
      // One notification per table: a newer turn replaces an unread one (`tag`).
      const n = new N(message.title, { body: message.body, tag: 'phase10-turn' })
      n.onclick = () => {
        env.focus()
        n.close()
      }
    } catch {
      // Some mobile browsers only notify from a service worker: the blinking title still says it.
    }
  }
  return true
}

type NotificationApi = { permission: NotificationPermission; requestPermission?: () => Promise<NotificationPermission> }

/**
 * Asks for notification permission, which browsers grant only from a click (call it from one): answers
 * the permission now, or `unsupported` without the API.
 */
export async function askNotificationPermission(
  N: NotificationApi | undefined = typeof Notification === 'undefined' ? undefined : Notification,
): Promise<NotificationPermission | 'unsupported'> {
  if (!N?.requestPermission) return 'unsupported'
  if (N.permission !== 'default') return N.permission
  try {
    return await N.requestPermission()
  } catch {
    return 'denied'
  }
}

/** The real browser environment, or null outside a browser (tests of the store in Node). */
export function browserEnv(): BrowserEnv | null {
  if (typeof window === 'undefined' || typeof document === 'undefined') return null
  return { document, Notification: typeof Notification === 'undefined' ? undefined : Notification, focus: () => window.focus() }
}

let blinker: TitleBlinker | null = null

/**
 * Tells the player it is their turn, the way this renderer can: the desktop window (it has `window.api`)
 * through main, a browser tab itself.
 */
export function alertTurn(api: GameApi | null, message: TurnMessage): void {
  const env = browserEnv()
  if (!env) return
  if ((window as { api?: unknown }).api) {
    void api?.invoke('app.attention', message)
    return
  }
  blinker ??= new TitleBlinker(env)
  alertInBrowser(message, env, blinker)
}
