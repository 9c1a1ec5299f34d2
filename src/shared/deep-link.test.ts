import { describe, expect, it } from 'vitest'
import { joinLinkInArgv, joinLinkUrl, parseJoinLink } from './deep-link'

describe('phase10://join links', () => {
  it('reads the host, the port and the table', () => {
    expect(parseJoinLink('phase10://join?host=192.168.1.23&port=7310&table=Uj9eaZneTMRY')).toEqual({ address: '192.168.1.23', port: 7310, tableId: 'Uj9eaZneTMRY' })
    expect(parseJoinLink('phase10://join/?host=kitchen-pc.local&port=80')).toEqual({ address: 'kitchen-pc.local', port: 80 })
    expect(parseJoinLink('phase10://join?host=%5Bfe80%3A%3A1%25eth0%5D&port=7310')).toEqual({ address: 'fe80::1%eth0', port: 7310 })
  })

  it('round-trips the URL the served page offers', () => {
    const link = { address: '10.0.0.5', port: 7311, tableId: 'abc_DEF-1' }
    expect(joinLinkUrl(link)).toBe('phase10://join?host=10.0.0.5&port=7311&table=abc_DEF-1')
    expect(parseJoinLink(joinLinkUrl(link))).toEqual(link)
  })

  it.each([
    'https://join?host=1.2.3.4&port=7310',
    'phase10://host?host=1.2.3.4&port=7310',
    'phase10://join/evil?host=1.2.3.4&port=7310',
    'phase10://join?host=1.2.3.4',
    'phase10://join?host=1.2.3.4&port=0',
    'phase10://join?host=1.2.3.4&port=70000',
    'phase10://join?host=1.2.3.4&port=7310x',
    'phase10://join?host=1.2.3.400&port=7310',
    'phase10://join?host=a%20b&port=7310',
    'phase10://join?host=&port=7310',
    'phase10://join?host=1.2.3.4&port=7310&token=x',
    'phase10://join?host=1.2.3.4&host=5.6.7.8&port=7310',
    'phase10://join?host=1.2.3.4&port=7310&table=../../x',
    'phase10://join?host=1.2.3.4&port=7310#frag',
    'phase10://user:pw@join?host=1.2.3.4&port=7310',
    'not a url',
  ])('refuses %s', (url) => {
    expect(parseJoinLink(url)).toBeNull()
  })

  it('refuses what is not a string, and anything very long', () => {
    expect(parseJoinLink(42)).toBeNull()
    expect(parseJoinLink(`phase10://join?host=1.2.3.4&port=7310&table=${'a'.repeat(600)}`)).toBeNull()
  })

  it('finds the link among command-line arguments, skipping bad ones', () => {
    expect(joinLinkInArgv(['/opt/Phase 10/phase10', '--flag', 'phase10://join?host=1.2.3.4&port=1'])).toEqual({ address: '1.2.3.4', port: 1 })
    expect(joinLinkInArgv(['phase10', 'phase10://join?host=evil', 'PHASE10://join?host=1.2.3.4&port=2'])).toEqual({ address: '1.2.3.4', port: 2 })
    expect(joinLinkInArgv(['phase10', '--allow-file-access'])).toBeNull()
  })
})
