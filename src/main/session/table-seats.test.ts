import { describe, expect, it } from 'vitest'
import { seatInfoSchema, type SeatInfo } from '@shared/api/table'
import { sameSeatInfos } from './table-seats'

const base: SeatInfo = { seat: 0, name: 'Ann', kind: 'human', botLevel: null, connected: true, ready: false, isHost: true, autoPlayed: false }
/** A value of the same type as `v` but different. */
const other = (v: unknown): unknown => (typeof v === 'boolean' ? !v : typeof v === 'number' ? v + 1 : v === null ? 'hard' : v === 'human' ? 'bot' : `${String(v)}x`)

describe('sameSeatInfos', () => {
  it('tells apart two seat lists that differ in any one field of the schema', () => {
    const fields = Object.keys(seatInfoSchema.shape) as (keyof SeatInfo)[]
    expect(fields.sort()).toEqual(Object.keys(base).sort())
    for (const k of fields) {
      const changed = { ...base, [k]: other(base[k]) } as SeatInfo
      expect(seatInfoSchema.safeParse(changed).success, k).toBe(true)
      expect(sameSeatInfos([base], [changed]), k).toBe(false)
    }
  })

  it('is true for equal lists (other objects), false for other lengths', () => {
    expect(sameSeatInfos([base, { ...base, seat: 1 }], [{ ...base }, { ...base, seat: 1 }])).toBe(true)
    expect(sameSeatInfos([base], [base, base])).toBe(false)
    expect(sameSeatInfos([], [])).toBe(true)
  })
})
