/**
 * `soon(fn)`: `fn` as a plain V8 microtask, the way `queueMicrotask` runs it (after the current task, before
 * any I/O) but without Node's wrapper: `queueMicrotask` makes an AsyncResource and a bound function per call
 * and runs `fn` in its async scope. The host queues one per change of a table (its streams' flush, then the
 * sockets' uncork): measured on the streams, the wrapper per stream was a fifth of the host's CPU per action
 * in bench:table and half of what each young-generation collection copied (docs/lan-design.md "Performance").
 * A throw in `fn` is an unhandled rejection: the callers catch their own.
 */
const settled = Promise.resolve()

export function soon(fn: () => void): void {
  void settled.then(fn)
}
