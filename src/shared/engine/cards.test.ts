import { describe, expect, it } from 'vitest'
import { CARD_CODES, cardIndex, COLOURS, LAID_CODES, laidIndex, parseDeclaredWild, penaltyOfIndex, penaltyPoints, SKIP_INDEX, WILD_INDEX } from './cards'

describe('card codes by index', () => {
  it('lists the 48 number cards colour by colour, then the Wild and the Skip, each at its cardIndex', () => {
    expect(CARD_CODES).toHaveLength(50)
    expect(CARD_CODES.slice(0, 3)).toEqual(['R1', 'R2', 'R3'])
    expect(CARD_CODES[12]).toBe(`${COLOURS[1]}1`)
    expect(CARD_CODES[WILD_INDEX]).toBe('W')
    expect(CARD_CODES[SKIP_INDEX]).toBe('S')
    CARD_CODES.forEach((code, i) => expect(cardIndex(code)).toBe(i))
  })
  it('knows no other code', () => {
    for (const junk of ['', 'R0', 'R13', 'r5', 'X5', 'W=5', 'WS', 'R05', 'R1 ', 5, null, undefined]) expect(cardIndex(junk)).toBe(-1)
  })
  it('lists the laid codes: the hand cards, then W=1 … W=12 and W=R … W=G, each at its laidIndex', () => {
    expect(LAID_CODES).toHaveLength(66)
    expect(LAID_CODES.slice(0, 50)).toEqual(CARD_CODES)
    expect(LAID_CODES.slice(50)).toEqual([...Array.from({ length: 12 }, (_, n) => `W=${n + 1}`), ...COLOURS.map((c) => `W=${c}`)])
    LAID_CODES.forEach((code, i) => expect(laidIndex(code)).toBe(i))
    expect(parseDeclaredWild('W=11')).toEqual({ number: 11 })
    expect(parseDeclaredWild('W=Y')).toEqual({ colour: 'Y' })
    for (const junk of ['', 'W=', 'W=0', 'W=13', 'W=10x', 'W=1 ', 'W=RR', 'W=r', 'w=5', 'W-5', 'W5', 'R0', 7, null]) expect(laidIndex(junk)).toBe(-1)
    for (const code of ['R5', 'W', 'S', 'W=0', 'x']) expect(parseDeclaredWild(code)).toBeNull()
  })
})

describe('penalty points (RULES.md section 1)', () => {
  it('scores 5 for 1-9, 10 for 10-12, 15 for a Skip and 25 for a Wild, by code and by index alike', () => {
    expect(['R1', 'B9', 'G10', 'Y12', 'S', 'W'].map(penaltyPoints)).toEqual([5, 5, 10, 10, 15, 25])
    CARD_CODES.forEach((code, i) => expect(penaltyOfIndex(i)).toBe(penaltyPoints(code)))
  })
  it('refuses what is not a card', () => {
    expect(() => penaltyPoints('W=5')).toThrow(/not a card/)
    expect(() => penaltyPoints('R13')).toThrow(/not a card/)
  })
})
