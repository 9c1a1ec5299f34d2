/**
 * Runs `work` once the browser has painted the current frame (a frame callback, then a task): for work the
 * first screen does not need, so that it never holds back the first paint. Without frames (tests): a task.
 */
export function afterPaint(work: () => void): void {
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && !document.hidden) requestAnimationFrame(() => setTimeout(work, 0))
  else setTimeout(work, 0)
}
