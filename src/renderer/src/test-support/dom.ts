/**
 * Component-test shims for happy-dom. Browsers mark an Animation's `finished` promise as handled (Web
 * Animations spec), so cancelling a transition on unmount is silent; happy-dom rejects it unhandled. Do the same as browsers.
 */
const AnimationCtor = (globalThis as { Animation?: { prototype: { cancel(): void; finished?: Promise<unknown> } } }).Animation
if (AnimationCtor) {
  const cancel = AnimationCtor.prototype.cancel
  AnimationCtor.prototype.cancel = function (this: { finished?: Promise<unknown> }) {
    this.finished?.catch(() => {})
    return cancel.call(this)
  }
}
