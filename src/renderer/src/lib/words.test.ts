import { describe, expect, it } from 'vitest'
import { describeEvent, hintParts, isolate } from './words'

describe('hintParts', () => {
  it('splits shortcut marks out of a hint, with the space before them', () => {
    expect(hintParts('Draw from the pile (D) or pick up the discard (P).')).toEqual([
      { text: 'Draw from the pile' },
      { text: ' (D)', key: 'D' },
      { text: ' or pick up the discard' },
      { text: ' (P)', key: 'P' },
      { text: '.' },
    ])
    expect(hintParts('Discard it (Enter)')).toEqual([{ text: 'Discard it' }, { text: ' (Enter)', key: 'Enter' }])
  })
  it('leaves other brackets and plain text alone', () => {
    expect(hintParts('Phase 1 (2 sets of 3)')).toEqual([{ text: 'Phase 1 (2 sets of 3)' }])
    expect(hintParts('')).toEqual([])
  })
})

describe('names in sentences', () => {
  it('are bidi-isolated, so a right-to-left name keeps the sentence in order', () => {
    expect(describeEvent({ type: 'discarded', seat: 1, card: 'R5' }, ['Me', 'שרה'], 0)).toBe('\u2068שרה\u2069 discarded red 5.')
    expect(describeEvent({ type: 'discarded', seat: 0, card: 'R5' }, ['Me', 'שרה'], 0)).toBe('You discarded red 5.')
    expect(isolate('Ann')).toBe('\u2068Ann\u2069')
  })
})

describe('the log in natural English (issue #16)', () => {
  it('says who dealt as the subject: “You dealt hand 1”, never “Hand 1 dealt by You”', () => {
    const dealt = (dealer: number) => describeEvent({ type: 'handDealt', handNumber: 1, dealer, upcard: 'Y9', seats: [0, 1], commitment: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }, ['Me', 'Ada'], 0)
    expect(dealt(0)).toBe('You dealt hand 1; the upcard is yellow 9.')
    expect(dealt(1)).toBe('\u2068Ada\u2069 dealt hand 1; the upcard is yellow 9.')
  })
})
