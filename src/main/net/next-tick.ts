/**
 * `collectNextTick(run)` → `add(item)`: items added in one turn of the event loop are handed to `run` once, by
 * ONE `process.nextTick` task. The host uses it once per change of a table, however many connections the change
 * reaches: to flush the clients' streams (snapshot-stream.ts) and then to uncork their sockets (ws-bridge.ts).
 *
 * Why `process.nextTick`: queued while microtasks run, Node runs it once their queue is empty — and the ws
 * bridge dispatches every request in a promise continuation (its connection's queue), so the task runs after
 * every continuation of the change, among them the answer to the request that caused it (its `await`s). The actor's own update and answer are written there, first; the other clients' patches are
 * encoded and written after, in the same turn, before any I/O or timer. (A per-connection `queueMicrotask`, an
 * earlier design, also cost an AsyncResource and a bound function per call: a fifth of the host's CPU per
 * action in bench:table, docs/lan-design.md "Session 17".)
 * An item added while `run` runs goes to the next task. A throw in `run` is the caller's: they catch their own.
 */
export function collectNextTick<T>(run: (items: readonly T[]) => void): (item: T) => void {
  let items: T[] = []
  let queued = false
  const drain = () => {
    queued = false
    const taken = items
    items = []
    run(taken)
  }
  return (item) => {
    items.push(item)
    if (!queued) {
      queued = true
      process.nextTick(drain)
    }
  }
}
