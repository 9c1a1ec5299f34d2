import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_INDEX_URL, createAppProtocolHandler } from './app-protocol'
import { CONTENT_SECURITY_POLICY } from './security'

let base: string
let handle: (request: Request) => Promise<Response>

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'p10-app-protocol-'))
  const renderer = join(base, 'renderer')
  await mkdir(join(renderer, 'assets'), { recursive: true })
  await writeFile(join(renderer, 'index.html'), '<!doctype html><p>table</p>')
  await writeFile(join(renderer, 'assets', 'Menu-1a2b.js'), 'export {}')
  await writeFile(join(base, 'settings.json'), '{"secret":true}')
  await symlink(join(base, 'settings.json'), join(renderer, 'assets', 'link.json'))
  handle = createAppProtocolHandler(renderer)
})
afterAll(() => rm(base, { recursive: true, force: true }))

const get = (url: string, method = 'GET') => handle(new Request(url, { method }))

describe('app:// protocol', () => {
  it('serves the index page with the CSP, and assets with their types', async () => {
    const index = await get(APP_INDEX_URL)
    expect(index.status).toBe(200)
    expect(await index.text()).toContain('table')
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(index.headers.get('x-content-type-options')).toBe('nosniff')
    const chunk = await get('app://phase10/assets/Menu-1a2b.js')
    expect(chunk.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(chunk.headers.get('cache-control')).toContain('immutable')
    expect((await get('app://phase10/')).status).toBe(200) // the folder's index.html
    const head = await get(APP_INDEX_URL, 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('never answers outside the renderer folder: .., encoded separators, symlinks', async () => {
    for (const url of [
      'app://phase10/../settings.json',
      'app://phase10/%2e%2e/settings.json',
      'app://phase10/assets/..%2F..%2Fsettings.json',
      'app://phase10/assets/link.json',
      'app://phase10/%00',
    ]) {
      const res = await get(url)
      expect(res.status, url).toBe(404)
      expect(await res.text()).not.toContain('secret')
    }
  })

  it('answers only its own host, 404 for a missing file, 405 for other methods', async () => {
    expect((await get('app://other/index.html')).status).toBe(404)
    expect((await get('app://phase10/missing.js')).status).toBe(404)
    expect((await get('app://phase10/assets')).status).toBe(404)
    expect((await get(APP_INDEX_URL, 'POST')).status).toBe(405)
  })
})
