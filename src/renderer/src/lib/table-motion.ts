/**
 * Which card flies where for a batch of the game's events (issue #16): from the draw or discard pile to a
 * hand, from a hand to the discard pile or onto a laid group. `planFlights` runs before the snapshot that
 * follows the events changes the page (it notes where the cards are now); each plan's `land` runs after it
 * (it finds where they are now). Another player's hand is their seat's panel. Display only: the events say
 * what happened, the engine decided it.
 */
import type { TableGameEvent } from '@shared/api'
import { rectOf, type Flight, type Rect } from './flight'

export interface FlightPlan {
  /** Whose move it is (a bot's moves are paced by the table's bot delay). */
  seat: number
  from: Rect
  /** After the page has changed: the flight, or null when its destination is not on screen. */
  land: () => Omit<Flight, 'duration' | 'from'> | null
}

const q = (root: ParentNode, selector: string) => root.querySelector<HTMLElement>(selector)
const all = (root: ParentNode, selector: string) => [...root.querySelectorAll<HTMLElement>(selector)]
const sizeOf = (el: Element) => {
  const r = el.getBoundingClientRect()
  return { width: r.width, height: r.height }
}

/** A small card-shaped spot in the middle of a seat's panel (where its hand is shown as a count). */
function seatSpot(root: ParentNode, seat: number): Rect | null {
  const held = rectOf(q(root, `[data-seat-panel="${seat}"] .held`) ?? q(root, `[data-seat-panel="${seat}"]`))
  if (!held) return null
  const height = Math.max(20, held.height * 1.6)
  return { left: held.left + held.width / 2 - height / 2.9, top: held.top + held.height / 2 - height / 2, width: height / 1.45, height }
}

/** The hand code a laid card came from (`W=7` was a plain Wild in the hand). */
const handCode = (laid: string) => (laid.startsWith('W') ? 'W' : laid)

/** My hand's card with this code, the selected one first (the one I played). */
function myCard(root: ParentNode, code: string): HTMLElement | null {
  const cards = all(root, `[data-hand-index][data-card="${code}"]`)
  return cards.find((c) => c.getAttribute('aria-pressed') === 'true') ?? cards[0] ?? null
}

function groupCard(root: ParentNode, seat: number, group: number, code: string | null): HTMLElement | null {
  const cards = all(root, `[data-laid-group="${seat}:${group}"] [data-card]`)
  if (code === null) return cards[cards.length - 1] ?? null
  // A hit goes on the end of a run or set: the last card of that code is the new one (a low-end hit is first).
  const same = cards.filter((c) => c.dataset.card === code)
  return same[same.length - 1] ?? null
}

export function planFlights(events: readonly TableGameEvent[], mySeat: number | null, root: ParentNode = document): FlightPlan[] {
  const plans: FlightPlan[] = []
  const used = new Set<Element>()
  /** Where a card leaves a hand from: my card (each one once), or the seat's panel. */
  const fromHand = (seat: number, code: string): Rect | null => {
    if (seat !== mySeat) return seatSpot(root, seat)
    const card = all(root, `[data-hand-index][data-card="${code}"]`).find((c) => !used.has(c) && c.getAttribute('aria-pressed') === 'true') ??
      all(root, `[data-hand-index][data-card="${code}"]`).find((c) => !used.has(c)) ??
      myCard(root, code)
    if (card) used.add(card)
    return rectOf(card)
  }
  const discardTop = () => q(root, '[data-pile="discard"] [data-card]')
  for (const e of events) {
    if (e.type === 'drew' && e.from !== 'saved') {
      const pile = e.from === 'deck' ? q(root, '[data-pile="deck"] [data-card]') : discardTop()
      const from = rectOf(pile ?? q(root, `[data-pile="${e.from}"]`))
      if (!from) continue
      // What another player's hand receives: the pile's back, or the discard's face (that card is public).
      const seen = e.from === 'deck' ? q(root, '[data-pile="deck"] [data-card]') : pile
      const backLook = seen ? { el: seen.cloneNode(true) as Element, size: sizeOf(seen) } : null
      plans.push({
        seat: e.seat,
        from,
        land: () => {
          if (e.seat === mySeat) {
            const cards = all(root, '[data-hand-index]')
            const card = cards[cards.length - 1]
            const to = rectOf(card)
            return card && to ? { look: card, size: sizeOf(card), to, hide: card } : null
          }
          const to = seatSpot(root, e.seat)
          return to && backLook ? { look: backLook.el, size: backLook.size, to } : null
        },
      })
    } else if (e.type === 'discarded' || e.type === 'skipPlayed') {
      const from = fromHand(e.seat, e.type === 'discarded' ? e.card : 'S')
      if (!from) continue
      plans.push({
        seat: e.seat,
        from,
        land: () => {
          const top = discardTop()
          const to = rectOf(top)
          return top && to ? { look: top, size: sizeOf(top), to, hide: top } : null
        },
      })
    } else if (e.type === 'hit') {
      const from = fromHand(e.seat, handCode(e.card))
      if (!from) continue
      plans.push({
        seat: e.seat,
        from,
        land: () => {
          const card = groupCard(root, e.target.seat, e.target.group, e.card)
          const to = rectOf(card)
          return card && to ? { look: card, size: sizeOf(card), to, hide: card } : null
        },
      })
    } else if (e.type === 'laidDown') {
      e.groups.forEach((group, gi) =>
        group.cards.forEach((code, ci) => {
          const from = fromHand(e.seat, handCode(code))
          if (!from) return
          plans.push({
            seat: e.seat,
            from,
            land: () => {
              const card = all(root, `[data-laid-group="${e.seat}:${gi}"] [data-card]`)[ci]
              const to = rectOf(card)
              return card && to ? { look: card, size: sizeOf(card), to, hide: card } : null
            },
          })
        }),
      )
    }
  }
  return plans
}

/**
 * How long one flight takes: the animation setting's duration for a player's own and other people's
 * moves; a bot's moves fit inside the table's bot delay (the next move comes after it), and instant bots
 * are not animated at all. `base` is already scaled by the setting (motion.ms; 0 under reduced motion).
 */
export function flightMs(base: number, isBot: boolean, botDelayMs: number | undefined): number {
  if (!isBot) return base
  return Math.min(base, Math.round((botDelayMs ?? 0) * 0.8))
}
