import '../../test-support/dom'
import { fireEvent, render, screen } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import { reconcileHand, type HandItem } from '../../lib/cards'
import Hand from './Hand.svelte'

const itemsOf = (codes: string[]) => reconcileHand([], codes)
const codes = (items: HandItem[]) => items.map((i) => i.code)

describe('Hand', () => {
  const hand = ['S', 'B7', 'R12', 'W', 'G1', 'R7', 'Y3']

  it('sorts by number: numbers ascending (colours in a fixed order), then Wilds, then Skips', async () => {
    const onorder = vi.fn()
    render(Hand, { props: { items: itemsOf(hand), selected: [], ontoggle: () => {}, onorder } })
    await fireEvent.click(screen.getByRole('button', { name: 'Sort by number, 1·2·3' }))
    expect(codes(onorder.mock.calls[0][0])).toEqual(['G1', 'Y3', 'R7', 'B7', 'R12', 'W', 'S'])
  })

  it('sorts by colour: red, blue, yellow, green, each by number, then Wilds and Skips', async () => {
    const onorder = vi.fn()
    render(Hand, { props: { items: itemsOf(hand), selected: [], ontoggle: () => {}, onorder } })
    await fireEvent.click(screen.getByRole('button', { name: 'Sort by colour' }))
    expect(codes(onorder.mock.calls[0][0])).toEqual(['R7', 'R12', 'B7', 'Y3', 'G1', 'W', 'S'])
  })

  it('selects with a click or Space and moves a card with Alt+arrow', async () => {
    const items = itemsOf(['R1', 'B2', 'Y3'])
    const ontoggle = vi.fn()
    const onorder = vi.fn()
    render(Hand, { props: { items, selected: [items[1].id], ontoggle, onorder } })
    const b2 = screen.getByRole('button', { name: /blue 2/ })
    expect(b2).toHaveAttribute('aria-pressed', 'true')
    await fireEvent.click(screen.getByRole('button', { name: /red 1/ }))
    expect(ontoggle).toHaveBeenLastCalledWith(items[0].id)
    await fireEvent.keyDown(b2, { key: ' ' })
    expect(ontoggle).toHaveBeenLastCalledWith(items[1].id)
    await fireEvent.keyDown(b2, { key: 'ArrowRight', altKey: true })
    expect(codes(onorder.mock.calls[0][0])).toEqual(['R1', 'Y3', 'B2'])
  })

  it('drags a card to another place with a pointer (touch or mouse); a short press still just selects', async () => {
    const items = itemsOf(['R1', 'B2', 'Y3', 'G4'])
    const ontoggle = vi.fn()
    const onorder = vi.fn()
    const { container } = render(Hand, { props: { items, selected: [], ontoggle, onorder } })
    // Lay the slots out in a row, 70 px apart (happy-dom has no layout).
    const slots = [...container.querySelectorAll<HTMLElement>('[data-slot]')]
    slots.forEach((slot, i) => {
      slot.getBoundingClientRect = () => ({ left: i * 70, right: i * 70 + 64, top: 0, bottom: 92, width: 64, height: 92, x: i * 70, y: 0, toJSON: () => ({}) }) as DOMRect
    })
    const touch = { pointerId: 7, isPrimary: true, button: 0, pointerType: 'touch' }
    // A tap: no move, a selection.
    await fireEvent.pointerDown(slots[0], { ...touch, clientX: 30, clientY: 40 })
    await fireEvent.pointerUp(slots[0], { ...touch, clientX: 31, clientY: 40 })
    await fireEvent.click(screen.getByRole('button', { name: /red 1/ }))
    expect(ontoggle).toHaveBeenCalledTimes(1)
    expect(onorder).not.toHaveBeenCalled()
    // A drag from R1 onto Y3's place: R1 goes there; the click that ends the drag selects nothing.
    await fireEvent.pointerDown(slots[0], { ...touch, clientX: 30, clientY: 40 })
    await fireEvent.pointerMove(slots[0], { ...touch, clientX: 90, clientY: 44 })
    expect(slots[0]).toHaveClass('dragging')
    await fireEvent.pointerMove(slots[0], { ...touch, clientX: 170, clientY: 44 })
    expect(slots[2]).toHaveClass('drop-after')
    await fireEvent.pointerUp(slots[0], { ...touch, clientX: 170, clientY: 44 })
    await fireEvent.click(screen.getByRole('button', { name: /red 1/ }))
    expect(codes(onorder.mock.calls[0][0])).toEqual(['B2', 'Y3', 'R1', 'G4'])
    expect(ontoggle).toHaveBeenCalledTimes(1)
    expect(slots[0]).not.toHaveClass('dragging')
    // A cancelled drag (the browser took the gesture for a scroll) moves nothing.
    await fireEvent.pointerDown(slots[3], { ...touch, clientX: 240, clientY: 40 })
    await fireEvent.pointerMove(slots[3], { ...touch, clientX: 20, clientY: 40 })
    await fireEvent.pointerCancel(slots[3], touch)
    expect(onorder).toHaveBeenCalledTimes(1)
  })

  it('keeps the player’s order when the hand changes: kept cards stay, new ones join at the right', () => {
    const before = itemsOf(['Y3', 'R1', 'B2'])
    const after = reconcileHand(before, ['B2', 'G9', 'Y3', 'G9'])
    expect(codes(after)).toEqual(['Y3', 'B2', 'G9', 'G9'])
    expect(after[0].id).toBe(before[0].id)
  })
})
