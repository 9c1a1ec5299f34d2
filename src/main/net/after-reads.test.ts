import { createServer, connect, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { collectAfterReads } from './after-reads'

describe('collectAfterReads', () => {
  it('hands everything added in one run of code to one task, and what comes meanwhile to the next', async () => {
    const runs: number[][] = []
    const add = collectAfterReads<number>((items) => {
      runs.push([...items])
      if (items.includes(2)) add(3) // added while running: the next task
    })
    add(1)
    add(2)
    expect(runs).toEqual([]) // not before the current code is done
    await new Promise((r) => setImmediate(r))
    await new Promise((r) => setImmediate(r))
    expect(runs).toEqual([[1, 2], [3]])
  })

  it("runs after the promise continuations of the code that added (a request's answer goes first)", async () => {
    const order: string[] = []
    const add = collectAfterReads<string>((items) => order.push(...items))
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
        setImmediate(() => setImmediate(done))
      }),
    )
    expect(order).toEqual(['answer', 'others'])
  })

  it('runs after every socket that had data together has been read: all requests first, then the others’ updates', async () => {
    const order: string[] = []
    const add = collectAfterReads<string>((items) => order.push(`flush ${items.join(' ')}`))
    const peers: Socket[] = []
    const server = createServer((s) => {
      peers.push(s)
      s.on('data', (d) => {
        const name = String(d)
        // a request is answered in a promise continuation, its change's other updates collected
        void Promise.resolve().then(() => {
          order.push(`answer ${name}`)
          add(name)
        })
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const port = (server.address() as { port: number }).port
    const clients = await Promise.all(
      ['a', 'b', 'c'].map(
        () =>
          new Promise<Socket>((r) => {
            const c = connect(port, '127.0.0.1', () => r(c))
          }),
      ),
    )
    while (peers.length < 3) await new Promise((r) => setTimeout(r, 5))
    // All three arrive before the server's loop looks: written, then a pause longer than loopback delivery.
    const busyUntil = Date.now() + 50
    clients.forEach((c, i) => c.write('abc'[i]))
    while (Date.now() < busyUntil); // the server's loop is this one: blocked, so the three wait together
    while (order.length < 4) await new Promise((r) => setTimeout(r, 5))
    expect(order).toEqual(['answer a', 'answer b', 'answer c', 'flush a b c'])
    for (const c of clients) c.destroy()
    await new Promise((r) => server.close(r))
  })
})
