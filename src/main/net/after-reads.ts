/**
 * `collectAfterReads(run)` → `add(item)`: items added while the event loop handles what arrived are handed to
 * `run` once, by ONE `setImmediate` task. The host uses it once per round of changes, however many connections
 * they reach: to flush the clients' streams (snapshot-stream.ts) and then to uncork their sockets (ws-bridge.ts).
 *
 * Why `setImmediate`: Node runs it in the loop's check phase, after the poll phase has handed over every socket
 * that had data — so after every request that arrived together has been dispatched and ANSWERED (the answer
 * flushes and writes the actor's own stream and socket directly: ws-bridge.ts `respond`, `releaseNow`). Only then
 * are the other clients' patches encoded and written, all tables' in one go. When many tables' players act at
 * once (bench:lan's 50 tables), every actor waits only for the actions before it, not for the updates of all
 * the tables before it too; a single table (every real LAN game) sees no difference (nothing else is waiting).
 * Sessions 17–18 used one `process.nextTick` per change, which already ran after the actor's answer but before
 * the next request was read (docs/lan-design.md "Session 19"). One task, not one per connection: a
 * `queueMicrotask` per connection cost an AsyncResource and a bound function per call (session 17).
 * An item added while `run` runs goes to the next task. A throw in `run` is the caller's: they catch their own.
 */
export function collectAfterReads<T>(run: (items: readonly T[]) => void): (item: T) => void {
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
      setImmediate(drain)
    }
  }
}
