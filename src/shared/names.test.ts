import { describe, expect, it } from 'vitest'
import { cleanName, cleanText, nameKey, uniqueName } from './names'

describe('names people type', () => {
  it('strip bidi overrides, isolates, marks and zero-width characters; NFC; controls become spaces', () => {
    expect(cleanName('Ev\u202Eil')).toBe('Evil')
    expect(cleanName('\u2066Ann\u2069')).toBe('Ann')
    expect(cleanName('A\u200Bd\u200Da\uFEFF')).toBe('Ada')
    expect(cleanName('Bo\u200Fb\u200E')).toBe('Bob')
    expect(cleanName('Zoe\u0301')).toBe('Zoé') // e + combining acute → é
    expect(cleanName('Zoe\u0301')).toHaveLength(3)
    expect(cleanName('Ann\nLee\t\u0007x')).toBe('Ann Lee x')
    expect(cleanName('   ')).toBe('Player')
    expect(cleanName('\u200B\u202E')).toBe('Player') // nothing visible is nothing
  })

  it('cut at 20 code points, never inside a surrogate pair', () => {
    const long = '😀'.repeat(25)
    expect(Array.from(cleanName(long))).toHaveLength(20)
    expect(cleanName(long)).toBe('😀'.repeat(20))
    expect(cleanText('a'.repeat(300), 200)).toHaveLength(200)
  })

  it('keep right-to-left letters themselves (only the controls go)', () => {
    expect(cleanName('שרה')).toBe('שרה')
    expect(cleanName('مريم')).toBe('مريم')
  })

  it('are unique at a table by a suffix, case- and width-insensitively, with reserved labels', () => {
    expect(uniqueName('Ada', ['Bob'])).toBe('Ada')
    expect(uniqueName('Ada', ['Ada'])).toBe('Ada 2')
    expect(uniqueName('ada', ['Ada', 'ADA 2'])).toBe('ada 3')
    expect(uniqueName('Ａｄａ', ['Ada'])).toBe('Ａｄａ 2') // full-width letters fold to the same name
    expect(uniqueName('Host', ['Ann'], ['Host'])).toBe('Host 2')
    expect(uniqueName('host', [], ['Host'])).toBe('host 2')
    const full = 'x'.repeat(20)
    expect(uniqueName(full, [full])).toBe(`${'x'.repeat(18)} 2`)
    expect(Array.from(uniqueName(full, [full]))).toHaveLength(20)
    expect(nameKey(' Ann  Lee ')).toBe('ann lee')
  })
})
