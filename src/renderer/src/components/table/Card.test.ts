import '../../test-support/dom'
import { render, screen } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import Card from './Card.svelte'

describe('Card', () => {
  it('shows a number card with a big number, its colour in words and its colour’s shape', () => {
    const { container } = render(Card, { props: { code: 'R7' } })
    const card = screen.getByRole('img', { name: 'red 7' })
    expect(card).toHaveTextContent('7')
    // colour is never the only signal: red always carries its circle
    expect(container.querySelector('[data-shape="circle"]')).not.toBeNull()
  })

  it('gives each colour its own shape', () => {
    const shapes = ['R3', 'B3', 'Y3', 'G3'].map((code) => {
      const { container, unmount } = render(Card, { props: { code } })
      const shape = container.querySelector('[data-shape]')!.getAttribute('data-shape')
      unmount()
      return shape
    })
    expect(new Set(shapes).size).toBe(4)
  })

  it('adds the colour’s letter and a large shape in the colour-blind style', () => {
    const { container } = render(Card, { props: { code: 'B12', cardStyle: 'colour-blind' } })
    // Drawn as generated content (Card.svelte: the card's DOM text is its number alone, which its name holds).
    expect(container.querySelector('.letter')).toHaveAttribute('data-glyph', 'B')
    expect(container.querySelector('.watermark [data-shape="square"]')).not.toBeNull()
    const classic = render(Card, { props: { code: 'B12', cardStyle: 'classic' } })
    expect(classic.container.querySelector('.letter')).toBeNull()
  })

  it('names Wilds (with their meaning once laid) and Skips', () => {
    render(Card, { props: { code: 'W' } })
    render(Card, { props: { code: 'W=9' } })
    render(Card, { props: { code: 'S' } })
    expect(screen.getByRole('img', { name: 'Wild' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Wild as 9' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Skip' })).toBeInTheDocument()
  })

  it('is a pressable button when it can be clicked, and says whether it is selected', async () => {
    const onclick = vi.fn()
    render(Card, { props: { code: 'G4', onclick, selected: true } })
    const button = screen.getByRole('button', { name: 'green 4' })
    expect(button).toHaveAttribute('aria-pressed', 'true')
    button.click()
    expect(onclick).toHaveBeenCalledOnce()
  })

  it('shows its number once in its text, so its name holds what it shows (WCAG 2.5.3, issue #16)', () => {
    render(Card, { props: { code: 'B5', onclick: () => {}, label: 'blue 5, card 2', cardStyle: 'colour-blind' } })
    expect(screen.getByRole('button', { name: 'blue 5, card 2' }).textContent?.replace(/\s+/g, '')).toBe('5')
    render(Card, { props: { code: 'W', onclick: () => {}, label: 'Wild, card 1' } })
    expect(screen.getByRole('button', { name: 'Wild, card 1' }).textContent?.replace(/\s+/g, '')).toBe('WILD')
  })

  it('hides the face of a face-down card', () => {
    render(Card, { props: { code: 'R7', faceDown: true } })
    expect(screen.getByRole('img', { name: 'face-down card' })).not.toHaveTextContent('7')
  })
})
