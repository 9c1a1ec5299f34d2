import { afterEach, describe, expect, it, vi } from 'vitest'
import { flightMs, planFlights } from './table-motion'

describe('table motion', () => {
  afterEach(() => {
    document.body.innerHTML = ''
    vi.restoreAllMocks()
  })

  it('paces a bot’s cards inside its thinking time, and does not animate instant bots', () => {
    expect(flightMs(420, false, 0)).toBe(420) // a person's move: the animation setting alone
    expect(flightMs(420, true, 2000)).toBe(420) // a slow bot: the full flight
    expect(flightMs(420, true, 300)).toBe(240) // a quick bot: done before its next move
    expect(flightMs(420, true, 0)).toBe(0) // instant bots: nothing to follow
    expect(flightMs(0, true, 2000)).toBe(0) // reduced motion / animations off (motion.ms gave 0)
  })

  it('flies my discard from the card I selected to the top of the discard pile, and a bot’s draw to its seat', () => {
    document.body.innerHTML = `
      <div data-pile="deck"><button data-card="back" id="deck"></button></div>
      <div data-pile="discard"><button data-card="R7" id="top"></button></div>
      <article data-seat-panel="1"><span class="held" id="held"></span></article>
      <button data-hand-index="0" data-card="B5" aria-pressed="false" id="b5a"></button>
      <button data-hand-index="1" data-card="B5" aria-pressed="true" id="b5b"></button>`
    const at: Record<string, number> = { deck: 10, top: 100, held: 300, b5a: 500, b5b: 600 }
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const x = at[this.id] ?? 0
      return { left: x, top: x, width: 40, height: 58, right: x + 40, bottom: x + 58, x, y: x, toJSON() {} } as DOMRect
    })
    const [discard, draw] = planFlights(
      [
        { type: 'discarded', seat: 0, card: 'B5' },
        { type: 'drew', seat: 1, from: 'deck' },
      ],
      0,
    )
    expect(discard.from.left).toBe(600) // the selected one of my two blue 5s
    expect(discard.land()?.to.left).toBe(100)
    expect(discard.land()?.hide?.id).toBe('top')
    expect(draw.seat).toBe(1)
    expect(draw.from.left).toBe(10)
    const landed = draw.land()!
    expect(landed.to.left + landed.to.width / 2).toBeCloseTo(320, 0) // the middle of the bot's hand count
    expect(landed.hide).toBeUndefined() // nothing real to hide: another player's hand is a count
  })
})
