import { describe, expect, it } from 'vitest'
import { APP_INDEX_URL, CONTENT_SECURITY_POLICY, appLocation, contentSecurityPolicyFor, isAppUrl } from './security'

describe('isAppUrl', () => {
  const app = appLocation()
  const dev = appLocation({ devServerUrl: 'http://localhost:5173/' })

  it('accepts the app:// index.html, with any hash or query', () => {
    expect(APP_INDEX_URL).toBe('app://phase10/index.html')
    expect(isAppUrl('app://phase10/index.html', app)).toBe(true)
    expect(isAppUrl('app://phase10/index.html#/settings', app)).toBe(true)
    expect(isAppUrl('app://phase10/index.html?join=1', app)).toBe(true)
  })

  it('refuses other pages, hosts, schemes (file:// too), junk and missing URLs', () => {
    for (const url of [
      'app://phase10/assets/x.svg',
      'app://evil/index.html',
      'file:///opt/p10/out/renderer/index.html',
      'https://phase10/index.html',
      'http://localhost:5173/',
      'nonsense',
      '',
      undefined,
      null,
    ]) {
      expect(isAppUrl(url, app), String(url)).toBe(false)
    }
  })

  it('in dev, accepts exactly the dev server origin', () => {
    expect(isAppUrl('http://localhost:5173/#/rules', dev)).toBe(true)
    expect(isAppUrl('http://localhost:5174/', dev)).toBe(false)
    expect(isAppUrl('http://localhost.evil.example:5173/', dev)).toBe(false)
  })
})

describe('Content-Security-Policy', () => {
  it('allows scripts only from the app and forbids plugins, framing and base/form hijacks', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'")
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe/)
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'none'"]) {
      expect(CONTENT_SECURITY_POLICY).toContain(d)
    }
  })

  it('adds only the dev server’s own WebSocket in dev', () => {
    expect(contentSecurityPolicyFor()).toBe(CONTENT_SECURITY_POLICY)
    expect(contentSecurityPolicyFor('https://localhost:5173')).toContain("connect-src 'self' wss://localhost:5173;")
  })
})
