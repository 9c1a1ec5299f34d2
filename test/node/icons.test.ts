/**
 * The committed app icons (written by `npm run icon`, scripts/make-icons.mjs) are present, current and
 * well-formed. Reads the binary headers directly, so no Chromium or image library is needed.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const resources = join(__dirname, '../../resources')
const read = (rel: string): Buffer => readFileSync(join(resources, rel))
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]

/** Width/height from a PNG's IHDR (signature, then length+"IHDR", then big-endian w, h). */
function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
  expect(buf.toString('ascii', 12, 16)).toBe('IHDR')
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) }
}

/** ICONDIR (reserved, type, count) and the 16-byte entries after it; a 0 width/height byte means 256. */
function icoEntries(buf: Buffer): { reserved: number; type: number; sizes: Array<[number, number]> } {
  const count = buf.readUInt16LE(4)
  const sizes: Array<[number, number]> = []
  for (let i = 0; i < count; i++) sizes.push([buf[6 + 16 * i] || 256, buf[7 + 16 * i] || 256])
  return { reserved: buf.readUInt16LE(0), type: buf.readUInt16LE(2), sizes }
}

/** "icns" + total length, then (type, length-including-header) blocks. */
function icnsTypes(buf: Buffer): string[] {
  const types: string[] = []
  for (let at = 8; at + 8 <= buf.length; at += buf.readUInt32BE(at + 4)) {
    types.push(buf.toString('ascii', at, at + 4))
    if (buf.readUInt32BE(at + 4) < 8) break // malformed; stop rather than loop forever
  }
  return types
}

describe('app icons', () => {
  it('were generated from the current icon.svg', () => {
    const hash = createHash('sha256').update(read('icon.svg')).digest('hex')
    expect(read('icons/SOURCE.sha256').toString('utf8').trim(), 'icon.svg changed: run npm run icon').toBe(hash)
  })

  it.each(SIZES)('icons/%ix%i.png has that size', (size) => {
    expect(pngSize(read(`icons/${size}x${size}.png`))).toEqual({ width: size, height: size })
  })

  it('icon.png (window icon) is 512×512', () => {
    expect(pngSize(read('icon.png'))).toEqual({ width: 512, height: 512 })
  })

  it('icon.ico holds 16…256', () => {
    const ico = icoEntries(read('icon.ico'))
    expect(ico.reserved).toBe(0)
    expect(ico.type).toBe(1)
    expect(ico.sizes).toHaveLength(7)
    expect(ico.sizes.filter(([w, h]) => w !== h)).toEqual([])
    expect(ico.sizes.map(([w]) => w).sort((a, b) => a - b)).toEqual([16, 24, 32, 48, 64, 128, 256])
    expect(ico.sizes.map(([w]) => w)).toContain(256)
  })

  it('icon.icns is well-formed and holds 512 and 1024', () => {
    const icns = read('icon.icns')
    expect(icns.toString('ascii', 0, 4)).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    expect(icnsTypes(icns)).toEqual(expect.arrayContaining(['ic09', 'ic10']))
  })
})
