/** The coach's Hint (`table.hint`): offered in solo games, a host's option in LAN games; a move the seat may make. */
import { afterEach, describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION, tableSnapshotSchema } from '@shared/api'
import { InProcessBotRunner } from './bot-runner'
import { TableHost } from './table-host'

const hosts: TableHost[] = []
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close()
})

function table(mode: 'solo' | 'lan') {
  const host = new TableHost({ name: 't', mode, bots: new InProcessBotRunner(), deliver: () => {}, rules: { fixedHands: 1 } })
  hosts.push(host)
  return host
}

describe('the coach at the table', () => {
  it('is on in solo games and off in LAN games until the host offers it', async () => {
    const solo = table('solo')
    solo.attachHost('local', 'Me')
    expect(solo.snapshotFor('local')!.hints).toBe(true)
    const lan = table('lan')
    lan.attachHost('local', 'Host')
    lan.join('ws:1', { protocol: PROTOCOL_VERSION, name: 'Ann' })
    lan.setReady('ws:1', true)
    expect(lan.start('hint-seed-0001').ok).toBe(true)
    expect(tableSnapshotSchema.parse(lan.snapshotFor('ws:1')).hints).toBe(false)
    const refused = await lan.hint('ws:1')
    expect(refused.ok || refused.error.code).toBe('FORBIDDEN')
    lan.setHints(true)
    expect(lan.snapshotFor('ws:1')!.hints).toBe(true)
  })

  it("answers the move Expert would make in the asker's seat, which the table then accepts", async () => {
    const host = table('lan')
    host.attachHost('local', 'Host')
    host.join('ws:1', { protocol: PROTOCOL_VERSION, name: 'Ann' })
    host.setReady('ws:1', true)
    host.setHints(true)
    expect(host.start('hint-seed-0002').ok).toBe(true)
    // Not my turn: nothing to do.
    const waiting = ['local', 'ws:1'].find((c) => host.snapshotFor(c)!.view?.turn !== host.snapshotFor(c)!.mySeat)!
    expect(await host.hint(waiting)).toEqual({ ok: true, value: null })
    let asked = 0
    for (let i = 0; i < 60; i++) {
      const id = ['local', 'ws:1'].find((c) => {
        const s = host.snapshotFor(c)!
        return s.view?.turn === s.mySeat && (s.view?.stage === 'draw' || s.view?.stage === 'play')
      })
      if (!id) break
      const snap = host.snapshotFor(id)!
      const hint = await host.hint(id)
      if (!hint.ok) throw new Error(hint.error.message)
      expect(hint.value).not.toBeNull()
      expect(hint.value!.why.length).toBeGreaterThan(5)
      // Same inputs, same answer (the coach's salt is the table's and the seat's).
      expect(await host.hint(id)).toEqual(hint)
      const r = host.act(id, snap.version, hint.value!.action)
      expect(r.ok, JSON.stringify(hint.value)).toBe(true)
      asked++
    }
    expect(asked).toBeGreaterThan(10)
  })
})
