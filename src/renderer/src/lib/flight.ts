/**
 * Cards travelling across the table (issue #16): a FLIP flight with the Web Animations API. The real card is
 * already in its new place (the snapshot put it there); a copy of it is laid over the page where the card
 * came from and slides to the new place while the real one is hidden, so a player sees where it went.
 * Nothing here knows the rules: `table-motion.ts` says which card flies where, from the game's events.
 */

export interface Rect {
  left: number
  top: number
  width: number
  height: number
}

/** How many flights are in the air (tests and the celebration read it; never more than a handful). */
let flying = 0
export const flightsInAir = (): number => flying

export interface Flight {
  /** The element whose copy flies (a card: its face, or the draw pile's back). */
  look: Element
  /** Its natural size (the copy keeps the card's proportions and type sizes; the flight scales it). */
  size: { width: number; height: number }
  from: Rect
  to: Rect
  duration: number
  /** The real card at the destination, hidden until the copy lands on it. */
  hide?: HTMLElement | null
}

/**
 * Flies a copy of `look` from `from` to `to` in `duration` ms. Resolves when it has landed; at once for
 * duration 0 or where the Web Animations API is missing (tests in happy-dom).
 */
export function flyGhost({ look, size, from, to, duration, hide }: Flight): Promise<void> {
  if (duration <= 0 || typeof document === 'undefined' || !size.width || !from.width || !to.width) return Promise.resolve()
  const ghost = look.cloneNode(true) as HTMLElement
  if (typeof ghost.animate !== 'function') return Promise.resolve()
  // A picture only: nothing in it may be found, focused or pressed as the real card (tests and the table's
  // own look-ups search by data-card, data-hand-index…).
  for (const el of [ghost, ...ghost.querySelectorAll('*')]) {
    for (const { name } of [...el.attributes]) if (name === 'id' || name === 'role' || name === 'tabindex' || name.startsWith('data-') || name.startsWith('aria-')) el.removeAttribute(name)
  }
  ghost.inert = true
  ghost.setAttribute('aria-hidden', 'true')
  ghost.classList.add('flight')
  Object.assign(ghost.style, {
    position: 'fixed',
    left: `${from.left}px`,
    top: `${from.top}px`,
    width: `${size.width}px`,
    height: `${size.height}px`,
    margin: '0',
    zIndex: '60',
    pointerEvents: 'none',
    transformOrigin: '0 0',
    visibility: 'visible',
  })
  document.body.appendChild(ghost)
  const shown = hide?.style.visibility ?? ''
  if (hide) hide.style.visibility = 'hidden'
  flying++
  const animation = ghost.animate(
    [
      { transform: `translate(0, 0) scale(${from.width / size.width})` },
      { transform: `translate(${to.left - from.left}px, ${to.top - from.top}px) scale(${to.width / size.width})` },
    ],
    { duration, easing: 'cubic-bezier(.3,.7,.3,1)' },
  )
  return new Promise((resolve) => {
    const done = () => {
      ghost.remove()
      if (hide) hide.style.visibility = shown
      flying--
      resolve()
    }
    animation.onfinish = done
    animation.oncancel = done
  })
}

/** Where an element is now, as a plain rect (null when it is not on screen). */
export function rectOf(el: Element | null | undefined): Rect | null {
  if (!el) return null
  const r = el.getBoundingClientRect()
  return r.width || r.height ? { left: r.left, top: r.top, width: r.width, height: r.height } : null
}
