import { describe, expect, it } from 'vitest'
import { collectSoon } from './microtask'

describe('collectSoon', () => {
  it('hands everything added in one run of code to one task, before any timer, and what comes meanwhile to the next', async () => {
    const runs: number[][] = []
    const add = collectSoon<number>((items) => {
      runs.push([...items])
      if (items.includes(2)) add(3) // added while running: the next task
    })
    add(1)
    add(2)
    expect(runs).toEqual([]) // not before the current code is done
    await new Promise((r) => setTimeout(r, 0))
    expect(runs).toEqual([[1, 2], [3]])
  })
})
