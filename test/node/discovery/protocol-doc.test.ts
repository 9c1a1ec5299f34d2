/** docs/protocol.md must describe the contract as it is: every name, code, action, TXT key and limit. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MAX_FRAME_BYTES } from '../../../src/main/net/ws-bridge'
import { PROTOCOL_VERSION, SERVICE_TYPE, encodeTxt } from '../../../src/main/net/discovery'
import {
  API_ERROR_CODES,
  ENGINE_ERROR_CODES,
  LOCAL_ONLY_REQUESTS,
  WS_PATH,
  chatMessageSchema,
  discoveredGameSchema,
  events,
  gameViewSchema,
  publicPlayerSchema,
  requests,
  seatInfoSchema,
  tableSnapshotSchema,
} from '@shared/api'
import { actionSchema } from '@shared/engine/actions'
import { resolveRules, ruleOptionsSchema } from '@shared/engine/rules'
import { tableUpdateSchema } from '@shared/api/deltas'

const doc = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8')
const appendix = doc.slice(doc.indexOf('## Appendix: every request'))
const mentioned = (name: string) => doc.includes(`\`${name}\``)

describe('docs/protocol.md matches the contract', () => {
  it('names its protocol version', () => {
    expect(doc).toMatch(new RegExp(`# Phase 10 LAN protocol — version ${PROTOCOL_VERSION}\\b`))
    expect(doc).toContain(`Protocol version: **${PROTOCOL_VERSION}**`)
  })

  it.each(Object.keys(requests))('documents the request %s (and in the appendix table)', (name) => {
    expect(mentioned(name)).toBe(true)
    expect(doc).toMatch(new RegExp(`^\\| \`${name.replace('.', '\\.')}\` \\|`, 'm'))
  })

  it.each(Object.keys(events))('documents the event %s', (name) => {
    expect(doc).toMatch(new RegExp(`^\\| \`${name.replace('.', '\\.')}\` \\|`, 'm'))
  })

  it('lists every param of every request in the appendix', () => {
    for (const [name, def] of Object.entries(requests)) {
      const row = appendix.split('\n').find((l) => l.startsWith(`| \`${name}\` |`)) as string
      const shape = (def.params as unknown as { shape?: Record<string, unknown> }).shape
      const params = row.split('|')[2]
      for (const key of Object.keys(shape ?? {})) expect(params, `${name}.${key}`).toMatch(new RegExp(`\\b${key}\\b`))
    }
  })

  it('marks exactly the local-only requests as host only', () => {
    for (const name of Object.keys(requests)) {
      const row = appendix.split('\n').find((l) => l.startsWith(`| \`${name}\` |`)) as string
      expect(row.includes('host only'), name).toBe((LOCAL_ONLY_REQUESTS as readonly string[]).includes(name))
    }
  })

  it.each([...API_ERROR_CODES])('explains the error code %s', (code) => {
    expect(doc).toMatch(new RegExp(`^\\| \`${code}\` \\|`, 'm'))
  })

  it('lists every engine error code and gives an example of every action type', () => {
    for (const code of ENGINE_ERROR_CODES) expect(mentioned(code), code).toBe(true)
    const types = actionSchema.options.map((o) => o.shape.type.value)
    for (const type of types) expect(doc, type).toContain(`{ "type": "${type}"`)
  })

  it.each([
    ['TableSnapshot', tableSnapshotSchema],
    ['GameView', gameViewSchema],
    ['a seat', seatInfoSchema],
    ['a player', publicPlayerSchema],
    ['a chat line', chatMessageSchema],
    ['DiscoveredGame', discoveredGameSchema],
  ] as const)('names every field of %s', (_what, schema) => {
    const missing = Object.keys(schema.shape).filter((k) => !doc.includes(k))
    expect(missing).toEqual([])
  })

  it('documents every TXT key, the service type, the path and the frame limit', () => {
    const txt = encodeTxt({ tableId: 'x', name: 'x', hostName: 'x', protocol: 1, seatsTaken: 1, seatsTotal: 6, inProgress: false, edition: 'classic' })
    for (const key of Object.keys(txt)) expect(doc).toMatch(new RegExp(`^\\| \`${key}\` \\|`, 'm'))
    expect(doc).toContain(`\`_${SERVICE_TYPE}._tcp\``)
    expect(doc).toContain(`ws://HOST:PORT${WS_PATH}`)
    expect(doc).toContain(`**${MAX_FRAME_BYTES / 1024} KiB**`)
  })

  it('has a row for every rules key with its type, range and both editions’ defaults', () => {
    const table = doc.slice(doc.indexOf('## Appendix: the `rules` keys'), doc.indexOf('## Appendix: errors per request'))
    const classic = resolveRules({})
    const masters = resolveRules({ edition: 'masters' })
    for (const key of Object.keys(ruleOptionsSchema.shape)) {
      const row = table.split('\n').find((l) => l.startsWith(`| \`${key}\` |`))
      expect(row, key).toBeDefined()
      const cells = row!.split(/(?<!\\)\|/).map((c) => c.trim()) // a cell's own \| does not split it
      const shown = (v: unknown) => (typeof v === 'string' ? `\`${v}\`` : `\`${JSON.stringify(v)}\``)
      if (key !== 'edition') expect([cells[3], cells[4]].map((c) => c.replace(/^(\d+)$/, '`$1`')), key).toEqual([shown(classic[key as keyof typeof classic]), shown(masters[key as keyof typeof masters])])
    }
  })

  it('lists, for every request, only real error codes', () => {
    const table = doc.slice(doc.indexOf('## Appendix: errors per request'))
    for (const name of [...Object.keys(requests), 'table.resync']) {
      const row = table.split('\n').find((l) => l.startsWith(`| \`${name}\` |`))
      expect(row, name).toBeDefined()
      for (const code of row!.split('|')[2].match(/`[A-Z_]+`/g) ?? []) expect(API_ERROR_CODES as readonly string[], `${name}: ${code}`).toContain(code.slice(1, -1))
    }
  })

  it('describes the update frame field by field, with a worked turn', () => {
    for (const key of Object.keys(tableUpdateSchema.shape)) expect(doc, key).toContain(`"${key}"`)
    expect(doc).toContain('### A whole turn, frame by frame')
    expect(mentioned('table.resync')).toBe(true)
  })
})
