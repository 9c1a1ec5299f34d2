import { describe, expect, it } from 'vitest'
import { readOptions } from './engine-cli'

describe('bench:engine options', () => {
  it('defaults to 3 processes of 4 rounds of 2 CPU seconds after a 3 s warm-up', () => {
    expect(readOptions([])).toEqual({ part: 'games', seconds: 2, rounds: 4, warmupSeconds: 3, processes: 3, json: false, unbundled: false })
    expect(readOptions(['--seconds', '0.5', '--rounds', '2', '--processes', '1', '--json'])).toMatchObject({ seconds: 0.5, rounds: 2, processes: 1, json: true })
  })
  it('refuses unknown options, missing values and out-of-range numbers', () => {
    for (const bad of [['--bogus'], ['--seconds'], ['--seconds', 'abc'], ['--seconds', '0'], ['--rounds', '1.5'], ['--processes', '21'], ['--part', 'x']]) expect(readOptions(bad), bad.join(' ')).toBeNull()
  })
})
