/**
 * `soon(fn)`: `fn` as a plain V8 microtask, the way `queueMicrotask` runs it (after the current task, before
 * any I/O) but without Node's wrapper: `queueMicrotask` makes an AsyncResource and a bound function per call
 * and runs `fn` in its async scope. The host queues one per change of a table (its streams' flush, then the
 * sockets' uncork): measured on the streams, the wrapper per stream was a fifth of the host's CPU per action
 * in bench:table and half of what each young-generation collection copied — not visible in bench:lan, whose
 * figures are dominated by the sockets and the machine (docs/lan-design.md "Session 17").
 * A throw in `fn` is an unhandled rejection: the callers catch their own.
 */
const settled = Promise.resolve()

export function soon(fn: () => void): void {
  void settled.then(fn)
}

/**
 * `add(item)` collects `item`; one `soon` task (or `schedule`'s) hands everything collected until it runs to `run`, once (one
 * task per change of a table, however many of its connections it reaches). An item added while `run` runs
 * goes to the next task.
 */
export function collectSoon<T>(run: (items: readonly T[]) => void, schedule: (task: () => void) => void = soon): (item: T) => void {
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
      schedule(drain)
    }
  }
}
