import { describe, expect, it } from 'vitest'
import { collectNextTick } from './next-tick'

describe('collectNextTick', () => {
  it('hands everything added in one run of code to one task, before any timer, and what comes meanwhile to the next', async () => {
    const runs: number[][] = []
    const add = collectNextTick<number>((items) => {
      runs.push([...items])
      if (items.includes(2)) add(3) // added while running: the next task
    })
    add(1)
    add(2)
    expect(runs).toEqual([]) // not before the current code is done
    await new Promise((r) => setTimeout(r, 0))
    expect(runs).toEqual([[1, 2], [3]])
  })

  it("runs after the promise continuations of the code that added (a request's answer goes first)", async () => {
    const order: string[] = []
    const add = collectNextTick<string>((items) => order.push(...items))
    const answer = async () => {
      add('others')
      await Promise.resolve()
      await Promise.resolve()
      order.push('answer')
    }
    // As the ws bridge calls it: a request is dispatched in a promise continuation (its connection's queue), its
    // answer two awaits later.
    await new Promise<void>((done) =>
      setImmediate(() => {
        void Promise.resolve().then(answer)
        setImmediate(done)
      }),
    )
    expect(order).toEqual(['answer', 'others'])
  })
})
