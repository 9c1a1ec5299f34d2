/** bench:table plays real tables through the ws encoder and decoder (the figures come from `npm run bench:table`). */
import { describe, expect, it } from 'vitest'
import { benchTable } from './table'

describe('bench:table', () => {
  it('plays rounds of actions at several tables, with the journal on, and reports each part per action', async () => {
    const r = await benchTable({ tables: 3, rounds: 2, acts: 300, saves: true })
    expect(r.perRound).toHaveLength(2)
    for (const f of [r.min, r.median]) {
      expect(f.hostUs).toBeGreaterThan(0)
      expect(f.clientsUs).toBeGreaterThan(0)
      expect(f.cpuUs).toBeGreaterThan(0)
    }
    // One table.update per client per action (protocol 2), a few hundred bytes each.
    expect(r.framesPerClientAct).toBeGreaterThan(0.9)
    expect(r.framesPerClientAct).toBeLessThan(1.2)
    expect(r.bytesPerClientAct).toBeGreaterThan(100)
    expect(r.bytesPerClientAct).toBeLessThan(2000)
    expect(r.handsEnded).toBe(0) // the cheap player never lays down
  })

  it('plays whole hands with --play quick (the host also saves, deals and scores between hands)', async () => {
    const r = await benchTable({ tables: 2, rounds: 1, acts: 600, saves: true, play: 'quick', hostOnly: true })
    expect(r.handsEnded).toBeGreaterThan(2)
  })
})
