import { describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY, appLocation, contentSecurityPolicyFor, isAppUrl } from './security'

describe('isAppUrl', () => {
  const file = appLocation({ indexHtmlFileUrl: 'file:///opt/p10/out/renderer/index.html' })
  const dev = appLocation({ devServerUrl: 'http://localhost:5173/', indexHtmlFileUrl: 'file:///x/index.html' })

  it('accepts the built index.html, with any hash or query', () => {
    expect(isAppUrl('file:///opt/p10/out/renderer/index.html', file)).toBe(true)
    expect(isAppUrl('file:///opt/p10/out/renderer/index.html#/settings', file)).toBe(true)
  })

  it('refuses other files, other schemes, junk and missing URLs', () => {
    for (const url of ['file:///opt/p10/out/renderer/other.html', 'file:///tmp/index.html', 'https://opt/p10/out/renderer/index.html', 'nonsense', '', undefined, null]) {
      expect(isAppUrl(url, file), String(url)).toBe(false)
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
