import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../security'
import { contentTypeOf, createStaticHandler, resolveStaticPath } from './static-server'

let root: string
let outside: string
let server: Server
let port: number

/** Raw request so the path reaches the server exactly as written (fetch would normalise `..`). */
const get = (path: string, method = 'GET') =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })

beforeAll(async () => {
  const base = await mkdtemp(join(tmpdir(), 'p10-static-'))
  root = join(base, 'renderer')
  outside = join(base, 'secret.txt')
  await mkdir(join(root, 'assets'), { recursive: true })
  await writeFile(join(root, 'index.html'), '<!doctype html><p>home</p>')
  await writeFile(join(root, 'assets', 'app-1.js'), 'console.log(1)')
  await writeFile(join(root, 'assets', 'app-1.css'), 'p{}')
  await writeFile(join(root, 'assets', 'icon.svg'), '<svg/>')
  await writeFile(join(root, 'assets', 'blob.xyz'), 'x')
  await writeFile(outside, 'top secret')
  // Symlinks: one to a file outside, one to the folder above the root, one that stays inside.
  await symlink(outside, join(root, 'assets', 'leak.txt'))
  await symlink(base, join(root, 'up'))
  await symlink(join(root, 'assets', 'app-1.css'), join(root, 'assets', 'alias.css'))
  const handler = createStaticHandler(root)
  server = createServer((req, res) => void handler(req, res))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise((r) => server.close(r))
  await rm(join(root, '..'), { recursive: true, force: true })
})

describe('static server', () => {
  it('serves index.html for / with the CSP and nosniff headers', async () => {
    const res = await get('/')
    expect(res.status).toBe(200)
    expect(res.body).toContain('home')
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it.each([
    ['/assets/app-1.js', 'text/javascript; charset=utf-8'],
    ['/assets/app-1.css', 'text/css; charset=utf-8'],
    ['/assets/icon.svg', 'image/svg+xml'],
    ['/assets/blob.xyz', 'application/octet-stream'],
  ])('serves %s as %s', async (path, type) => {
    const res = await get(path)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe(type)
  })

  it.each(['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/assets/%2E%2E%2F%2E%2E%2Fsecret.txt', '/..%5csecret.txt', '/%00', '/%E0%A4%A'])(
    'refuses to leave the root: %s',
    async (path) => {
      const res = await get(path)
      expect(res.status).toBe(404)
      expect(res.body).not.toContain('top secret')
    },
  )

  it('never follows a symlink out of the root, and serves one that stays inside', async () => {
    for (const path of ['/assets/leak.txt', '/up/secret.txt']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(res.body).not.toContain('top secret')
    }
    expect((await get('/assets/alias.css')).status).toBe(200)
  })

  it('answers 404 for a missing file or a directory, 405 for other methods', async () => {
    expect((await get('/nope.js')).status).toBe(404)
    expect((await get('/assets')).status).toBe(404)
    expect((await get('/', 'POST')).status).toBe(405)
    expect((await get('/', 'HEAD')).status).toBe(200)
  })

  it('serves the card sounds as audio (nosniff: a browser would not play application/octet-stream)', () => {
    expect(contentTypeOf('assets/draw-CVAAsDAq.ogg')).toBe('audio/ogg')
  })

  it('maps URL paths inside the root only', () => {
    expect(resolveStaticPath('/srv/app', '/')).toBe('/srv/app/index.html')
    expect(resolveStaticPath('/srv/app', '/a/b.js?x=1#y')).toBe('/srv/app/a/b.js')
    // Dot-segments are clamped at the root, as a browser does; encoded separators are decoded afterwards
    // and must then still resolve inside the root.
    expect(resolveStaticPath('/srv/app', '/../app2/x')).toBe('/srv/app/app2/x')
    expect(resolveStaticPath('/srv/app', '/%2e%2e/app2/x')).toBe('/srv/app/app2/x')
    expect(resolveStaticPath('/srv/app', '/a/..%2F..%2Fapp2/x')).toBeNull()
    expect(resolveStaticPath('/srv/app', '/%2E%2E%2Fapp2')).toBeNull()
  })
})
