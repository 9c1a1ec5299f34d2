import { LOCAL_ONLY_EVENTS, type ApiEvent, type EventName, type EventPayload } from '@shared/api'

/** Who a subscriber is: its client id (`local`, `ws:3`…) and whether it may hear local-only events. */
export interface Subscriber {
  id: string
  isOperator: () => boolean
}

const localOnly = new Set<string>(LOCAL_ONLY_EVENTS)

/**
 * Fan-out of GameApi events to the transports (IPC windows, WebSocket clients). Plain Node.
 * `emit` broadcasts (local-only events such as `settings.changed` reach only the local app and operators);
 * `emitTo` targets one client (each seat's snapshot differs).
 */
export class EventHub {
  private readonly listeners = new Map<(event: ApiEvent) => void, Subscriber | null>()
  /** The listeners of each client id: a table delivers every client its own snapshot after each change. */
  private readonly byId = new Map<string, Set<(event: ApiEvent) => void>>()

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const message = { event, payload } as ApiEvent
    for (const [listener, who] of [...this.listeners]) {
      if (who && localOnly.has(event) && !who.isOperator()) continue
      this.call(listener, message)
    }
  }

  /** Delivers to the subscribers registered for `clientId` only. */
  emitTo(clientId: string, message: ApiEvent): void {
    const mine = this.byId.get(clientId)
    if (!mine) return
    if (mine.size === 1) for (const listener of mine) this.call(listener, message)
    else for (const listener of [...mine]) this.call(listener, message)
  }

  /** Returns the unsubscribe function. Without `who`: every broadcast, no targeted event. */
  subscribe(listener: (event: ApiEvent) => void, who: Subscriber | null = null): () => void {
    this.unindex(listener)
    this.listeners.set(listener, who)
    if (who) {
      let mine = this.byId.get(who.id)
      if (!mine) this.byId.set(who.id, (mine = new Set()))
      mine.add(listener)
    }
    return () => {
      this.unindex(listener)
      this.listeners.delete(listener)
    }
  }

  private unindex(listener: (event: ApiEvent) => void): void {
    const who = this.listeners.get(listener)
    if (!who) return
    const mine = this.byId.get(who.id)
    mine?.delete(listener)
    if (mine?.size === 0) this.byId.delete(who.id)
  }

  private call(listener: (event: ApiEvent) => void, message: ApiEvent): void {
    try {
      listener(message)
    } catch (err) {
      // A broken transport must not stop the others from hearing the event.
      console.error(`[events] listener failed for ${message.event}:`, err)
    }
  }
}
