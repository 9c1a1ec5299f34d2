/**
 * table-outputs.ts reads the table through TableHost's `facts`: getters, so every output follows the table as it
 * changes (a copy taken once would keep the name, status and seats of the moment it was made).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION, tableSnapshotSchema } from '@shared/api'
import { InProcessBotRunner } from './bot-runner'
import { TableHost } from './table-host'

const hosts: TableHost[] = []
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close()
})

describe('what a table hands out follows the table', () => {
  it('snapshots, info, preview and the save file show the table as it is now', () => {
    const host = new TableHost({ name: 'Kitchen', mode: 'lan', bots: new InProcessBotRunner(), deliver: () => {}, joinUrls: () => ['http://10.0.0.2:4510/'] })
    hosts.push(host)
    host.attachHost('local', 'Ann')
    host.join('ws:1', { protocol: PROTOCOL_VERSION, name: 'Bob' })
    const lobby = tableSnapshotSchema.parse(host.snapshotFor('local'))
    expect([lobby.name, lobby.status, lobby.role, lobby.mySeat, lobby.joinUrls]).toEqual(['Kitchen', 'lobby', 'host', 0, ['http://10.0.0.2:4510/']])
    expect(host.snapshotFor('ws:1')).toMatchObject({ role: 'guest', mySeat: 1, joinUrls: [] })
    expect(host.info()).toMatchObject({ tableId: host.tableId, name: 'Kitchen', seatsTaken: 2, seatsTotal: 6, inProgress: false })

    host.setRules({ edition: 'masters' }, 'Garden')
    host.addBot('hard')
    expect(host.info()).toMatchObject({ name: 'Garden', seatsTaken: 3, edition: 'masters' })
    expect(host.preview()).toMatchObject({ name: 'Garden', status: 'lobby', edition: 'masters' })
    expect(host.preview().seats.map((s) => [s.name, s.kind])).toEqual([
      ['Ann', 'human'],
      ['Bob', 'human'],
      [expect.any(String), 'bot'],
    ])

    host.setReady('ws:1', true)
    expect(host.start('outputs-seed').ok).toBe(true)
    const play = tableSnapshotSchema.parse(host.snapshotFor('ws:1'))
    expect([play.name, play.status, play.rules.edition, play.view?.seat]).toEqual(['Garden', 'playing', 'masters', 1])
    expect(host.info().inProgress).toBe(true)
    const save = host.toSave()
    expect([save.tableId, save.name, save.mode, save.seed, save.seats.length]).toEqual([host.tableId, 'Garden', 'lan', 'outputs-seed', 3])
  })
})
