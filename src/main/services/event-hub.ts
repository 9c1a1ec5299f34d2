import type { ApiEvent, EventName, EventPayload } from '../../shared/api'

/** Fan-out of GameApi events to the transports (IPC windows, WebSocket clients). Plain Node. */
export class EventHub {
  private readonly listeners = new Set<(event: ApiEvent) => void>()

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const message = { event, payload } as ApiEvent
    for (const listener of [...this.listeners]) {
      try {
        listener(message)
      } catch (err) {
        // A broken transport must not stop the others from hearing the event.
        console.error(`[events] listener failed for ${event}:`, err)
      }
    }
  }

  /** Returns the unsubscribe function. */
  subscribe(listener: (event: ApiEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
