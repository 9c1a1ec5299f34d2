import { describe, expect, it } from 'vitest'
import { advertRecords, changePacket, goodbyes, RECORD_TTL } from './advert-records'

const shape = {
  instance: 'Kitchen 1a2b3c',
  target: 'phase10-1a2b3c.local',
  port: 7310,
  txt: { id: 'T1', seats: '6/6' },
  addresses: ['192.168.1.23', 'fd00::23'],
}
const fqdn = 'Kitchen 1a2b3c._phase10._tcp.local'

describe('advert records', () => {
  it('sets the cache-flush bit on SRV, TXT, A and AAAA but never on the shared PTRs; 120 s TTLs', () => {
    const records = advertRecords(shape)
    expect(records.map((r) => [r.type, r.name, !!r.flush])).toEqual([
      ['PTR', '_phase10._tcp.local', false],
      ['PTR', '_services._dns-sd._udp.local', false],
      ['SRV', fqdn, true],
      ['TXT', fqdn, true],
      ['A', 'phase10-1a2b3c.local', true],
      ['AAAA', 'phase10-1a2b3c.local', true],
    ])
    expect(records.every((r) => r.ttl === RECORD_TTL)).toBe(true)
    expect(records[3].data).toEqual([Buffer.from('id=T1'), Buffer.from('seats=6/6')])
    expect(records[2].data).toMatchObject({ port: 7310, target: 'phase10-1a2b3c.local' })
  })

  it('lists exactly the adapter addresses it is given', () => {
    const a = advertRecords({ ...shape, addresses: ['127.0.0.1'] }).filter((r) => r.type === 'A' || r.type === 'AAAA')
    expect(a.map((r) => r.data)).toEqual(['127.0.0.1'])
  })

  it('goodbyes are the same records with TTL 0 and no flush bit', () => {
    const bye = goodbyes(advertRecords(shape))
    expect(bye.every((r) => r.ttl === 0 && r.flush === undefined)).toBe(true)
    expect(bye.map((r) => r.type)).toEqual(['PTR', 'PTR', 'SRV', 'TXT', 'A', 'AAAA'])
  })

  it('a TXT change says goodbye to the old TXT only, then sends the new set', () => {
    const before = advertRecords(shape)
    const after = advertRecords({ ...shape, txt: { id: 'T1', seats: '4/6' } })
    const packet = changePacket(before, after)
    expect(packet.filter((r) => r.ttl === 0).map((r) => [r.type, r.data])).toEqual([['TXT', [Buffer.from('id=T1'), Buffer.from('seats=6/6')]]])
    expect(packet.slice(1)).toEqual(after)
  })

  it('a rename says goodbye to every record of the old instance name (PTR, SRV, TXT), keeping the address', () => {
    const before = advertRecords(shape)
    const after = advertRecords({ ...shape, instance: 'Attic 1a2b3c' })
    const gone = changePacket(before, after).filter((r) => r.ttl === 0)
    expect(gone.map((r) => [r.type, r.type === 'PTR' ? r.data : r.name])).toEqual([
      ['PTR', fqdn],
      ['SRV', fqdn],
      ['TXT', fqdn],
    ])
  })

  it('an unchanged advert sends no goodbye', () => {
    expect(changePacket(advertRecords(shape), advertRecords(shape)).some((r) => r.ttl === 0)).toBe(false)
  })
})

describe('the instance name', () => {
  it('fits one DNS label (63 bytes) however many bytes its characters take', async () => {
    const { GameAdvertiser, PROTOCOL_VERSION } = await import('./discovery')
    const info = { tableId: 'T1', name: '🂡'.repeat(40), hostName: 'h', protocol: PROTOCOL_VERSION, seatsTaken: 1, seatsTotal: 6, inProgress: false, edition: 'classic' as const }
    const a = new GameAdvertiser({ port: 7310, info, iface: null }) // no adapter: never started, nothing sent
    expect(Buffer.byteLength(a.name, 'utf8')).toBeLessThanOrEqual(63)
    expect(a.name).toMatch(/^🂡+ [0-9a-f]{6}$/u)
    expect(new GameAdvertiser({ port: 7310, info: { ...info, name: 'a.b' }, iface: null }).name).toMatch(/^a-b [0-9a-f]{6}$/)
  })
})
