import { describe, expect, it } from 'vitest'
import { qrDataUrl, qrMatrix, qrSvg } from './qr'

const url = 'http://192.168.1.23:7310/'

/** The 7×7 finder pattern: dark ring, light ring, dark 3×3 centre. */
function hasFinder(m: ReturnType<typeof qrMatrix>, top: number, left: number): boolean {
  for (let r = 0; r < 7; r++)
    for (let c = 0; c < 7; c++) {
      const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3))
      if (m.modules[(top + r) * m.size + left + c] !== (ring !== 2)) return false
    }
  return true
}

describe('join-link QR', () => {
  it('encodes the whole URL: segments join back to it, version and size agree', () => {
    const m = qrMatrix(url)
    expect(m.segments.map((s) => s.data).join('')).toBe(url)
    expect(m.size).toBe(17 + 4 * m.version)
    expect(m.version).toBe(2)
    expect(m.modules).toHaveLength(m.size * m.size)
    expect(hasFinder(m, 0, 0) && hasFinder(m, 0, m.size - 7) && hasFinder(m, m.size - 7, 0)).toBe(true)
    expect(hasFinder(m, m.size - 7, m.size - 7)).toBe(false)
  })

  it('grows with the text and with the error level', () => {
    const long = `${url}?t=${'x'.repeat(120)}`
    expect(qrMatrix(long).version).toBeGreaterThan(qrMatrix(url).version)
    expect(qrMatrix(long, 'H').version).toBeGreaterThan(qrMatrix(long, 'L').version)
    expect(qrMatrix(long).segments.map((s) => s.data).join('')).toBe(long)
  })

  it('draws one SVG path whose runs cover exactly the dark modules, inside a quiet zone', () => {
    const m = qrMatrix(url)
    const svg = qrSvg(url)
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 33 33"/)
    expect(svg).toContain(`<title>${url}</title>`)
    const runs = [...svg.matchAll(/M(\d+) (\d+)h(\d+)/g)].map((x) => x.slice(1).map(Number))
    expect(runs.reduce((n, [, , w]) => n + w, 0)).toBe(m.modules.filter(Boolean).length)
    expect(Math.min(...runs.map(([x]) => x))).toBe(4)
    expect(Math.min(...runs.map(([, y]) => y))).toBe(4)
    expect(qrSvg(url, { margin: 0 })).toContain('viewBox="0 0 25 25"')
  })

  it('is deterministic (snapshot) and safe to inline', () => {
    expect(qrSvg(url)).toMatchSnapshot()
    const evil = qrSvg('http://x/?a=<script>&b="', { dark: 'red" onload="alert(1)' })
    expect(evil).not.toContain('<script>')
    expect(evil).not.toContain('onload')
    expect(qrDataUrl(url)).toBe(`data:image/svg+xml,${encodeURIComponent(qrSvg(url))}`)
  })
})
