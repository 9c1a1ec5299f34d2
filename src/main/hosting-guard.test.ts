import { afterEach, describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION } from '@shared/api'
import { AwakeWhileHosting, closeWarning, hostingAGame } from './hosting-guard'
import { InProcessBotRunner } from './session/bot-runner'
import { TableHost } from './session/table-host'

const hosts: TableHost[] = []
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close()
})

function lan(): TableHost {
  const host = new TableHost({ name: 't', mode: 'lan', bots: new InProcessBotRunner(), deliver: () => {} })
  hosts.push(host)
  host.attachHost('local', 'Hosta')
  return host
}

describe('closing the window while hosting', () => {
  it('asks only when other people are at the table, in the words of what would happen', () => {
    const host = lan()
    expect(closeWarning(host)).toBeNull()
    host.addBot('easy')
    expect(closeWarning(host)).toBeNull() // bots do not mind
    host.join('ws:1', { protocol: PROTOCOL_VERSION, name: 'Ann' })
    expect(closeWarning(host)).toBe('Close the table for 1 player?')
    host.join('ws:2', { protocol: PROTOCOL_VERSION, name: 'Ben' })
    host.setReady('ws:1', true)
    host.setReady('ws:2', true)
    expect(host.start('guard').ok).toBe(true)
    expect(closeWarning(host)).toBe('End the game for 2 players? It is saved and can be resumed.')
    host.disconnect('ws:2')
    expect(closeWarning(host)).toBe('End the game for 1 player? It is saved and can be resumed.')
    expect(closeWarning(null)).toBeNull()
  })
})

describe('awake while hosting', () => {
  it('holds a power-save block while a hosted game runs and releases it after', () => {
    const calls: string[] = []
    let next = 7
    const blocker = { start: (t: string) => (calls.push(`start ${t}`), next++), stop: (id: number) => void calls.push(`stop ${id}`) }
    const host = lan()
    let open: TableHost | null = host // what the table service reports as hosted
    const awake = new AwakeWhileHosting(blocker, () => hostingAGame(open))
    expect(awake.update()).toBe(false)
    host.join('ws:1', { protocol: PROTOCOL_VERSION, name: 'Ann' })
    host.setReady('ws:1', true)
    expect(host.start('awake').ok).toBe(true)
    expect(awake.update()).toBe(true)
    expect(awake.update()).toBe(true) // held once, not again
    open = null // the table was closed
    expect(awake.update()).toBe(false)
    expect(calls).toEqual(['start prevent-app-suspension', 'stop 7'])
  })
})
