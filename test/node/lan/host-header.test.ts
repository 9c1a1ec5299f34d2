/**
 * DNS rebinding (the security review's item 4): a page on an attacker's hostname resolving to this host
 * joined a table. The host now answers only Host headers naming this machine, on HTTP and on the
 * WebSocket upgrade; redirects carry the security headers too.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { hostPart, isAllowedHost, localHostNames } from '../../../src/main/net/host-allowlist'
import { startHostServer, type HostServer } from '../../../src/main/net/host-server'
import { CONTENT_SECURITY_POLICY } from '../../../src/main/security'

let host: HostServer
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'p10-hosthdr-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><p>app</p>')
  host = await startHostServer({ port: 0, host: '127.0.0.1', dataDir: dir, staticDir: dir, app: { name: 'Phase 10', version: 'test' } })
})
afterAll(async () => {
  await host?.close()
  await rm(dir, { recursive: true, force: true })
})

function get(path: string, hostHeader: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, headers: { host: hostHeader } }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

function upgrade(hostHeader: string, origin?: string) {
  return new Promise<'open' | number>((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/api`, { headers: { host: hostHeader, ...(origin ? { origin } : {}) } })
    ws.on('open', () => {
      ws.close()
      resolve('open')
    })
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    ws.on('error', () => resolve(-1))
  })
}

describe('the Host header', () => {
  it('is answered for this machine’s names: its addresses, localhost, its .local name', async () => {
    const local = `${hostname().toLowerCase().replace(/\.local$/, '')}.local`
    for (const name of [`127.0.0.1:${host.port}`, `localhost:${host.port}`, `${local}:${host.port}`, `[::1]:${host.port}`]) {
      expect((await get('/', name)).status, name).toBe(200)
    }
    expect(await upgrade(`127.0.0.1:${host.port}`)).toBe('open')
    expect(await upgrade(`localhost:${host.port}`, `http://localhost:${host.port}`)).toBe('open')
  })

  it('is refused for any other name: 403 with the security headers, and no WebSocket', async () => {
    for (const name of [`evil.example:${host.port}`, 'rebind.attacker.test', `10.9.8.7:${host.port}`, 'user@127.0.0.1']) {
      const res = await get('/', name)
      expect(res.status, name).toBe(403)
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
      expect(res.body).not.toContain('app')
    }
    // The rebinding attack: page and socket share the attacker's origin, so Origin matches Host.
    expect(await upgrade(`evil.example:${host.port}`, `http://evil.example:${host.port}`)).toBe(403)
    expect(await upgrade(`evil.example:${host.port}`)).toBe(403)
  })

  it('is required: a request without one is refused', async () => {
    const { connect } = await import('node:net')
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(host.port, '127.0.0.1', () => socket.write('GET / HTTP/1.0\r\n\r\n'))
      let text = ''
      socket.on('data', (d) => (text += d))
      socket.on('close', () => resolve(text))
    })
    expect(answer).toMatch(/^HTTP\/1\.[01] 403/)
  })

  it('the operator redirect carries the security headers', async () => {
    const res = await get(`/?op=${host.operatorToken}`, `127.0.0.1:${host.port}`)
    expect(res.status).toBe(302)
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('parses host parts strictly', () => {
    expect(hostPart('LocalHost:80')).toBe('localhost')
    expect(hostPart('[::1]:7310')).toBe('::1')
    expect(hostPart('a/b')).toBeNull()
    expect(hostPart(undefined)).toBeNull()
    expect(isAllowedHost('x.localhost:1', new Set())).toBe(true)
    expect(localHostNames()).toContain('127.0.0.1')
  })
})
