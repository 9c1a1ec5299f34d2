/** Checks on `electron-vite build` output that the Electron runtime would otherwise only reveal at start. */
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from './helpers'

const out = join(root, 'out')

describe('build output', () => {
  it('emits the preload as one CommonJS file that requires nothing but electron (sandbox)', async () => {
    expect(await readdir(join(out, 'preload'))).toEqual(['index.cjs'])
    const code = await readFile(join(out, 'preload/index.cjs'), 'utf8')
    const required = [...code.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1])
    expect(new Set(required)).toEqual(new Set(['electron']))
    expect(code).not.toMatch(/^\s*(import|export)\s/m)
    expect(code).toContain('exposeInMainWorld("api"')
  })

  it('emits the main process entry named in package.json', async () => {
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))
    const main = await readFile(join(root, pkg.main), 'utf8')
    expect(main).toContain('requestSingleInstanceLock')
  })

  it('emits a renderer with a CSP meta tag and only relative asset URLs (it loads from file://)', async () => {
    const html = await readFile(join(out, 'renderer/index.html'), 'utf8')
    expect(html).toMatch(/<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*script-src 'self'/)
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])
    expect(urls.length).toBeGreaterThan(1)
    for (const url of urls) expect(url, url).toMatch(/^(\.\/|data:)/)
  })
})
