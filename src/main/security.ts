/**
 * Security policy shared by the Electron shell and the headless host. Plain Node (no electron import),
 * so it is unit-tested directly and the same CSP protects both.
 */

/**
 * Content-Security-Policy for the app's own pages. Scripts only from the app itself, no eval, no plugins,
 * no framing. `connect-src 'self'` lets the browser build reach its own host's WebSocket bridge (CSP 3
 * treats ws:/wss: to the same host as 'self'); the Electron build talks over IPC and needs no network.
 * `style-src 'unsafe-inline'` is for Svelte's style directives and Vite's dev-mode CSS injection; styles
 * cannot run code.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** In dev, Vite's HMR client also needs its WebSocket (same host as the dev server). */
export function contentSecurityPolicyFor(devServerUrl?: string): string {
  if (!devServerUrl) return CONTENT_SECURITY_POLICY
  const u = new URL(devServerUrl)
  const ws = `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`
  return CONTENT_SECURITY_POLICY.replace("connect-src 'self'", `connect-src 'self' ${ws}`)
}

/** The desktop window's pages: `app://phase10/index.html` (served by app-protocol.ts; the router uses the hash). */
export const APP_SCHEME = 'app'
export const APP_HOST = 'phase10'
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

/**
 * Where the app's own pages live: the built renderer on the app:// scheme, or the dev server's origin
 * (`npm run dev` only; never in a packaged app). Everything else (a navigated-to site, an iframe, a file://
 * page, a devtools extension) is foreign.
 */
export type AppLocation = { kind: 'app' } | { kind: 'dev'; origin: string }

export function appLocation(opts: { devServerUrl?: string } = {}): AppLocation {
  return opts.devServerUrl ? { kind: 'dev', origin: new URL(opts.devServerUrl).origin } : { kind: 'app' }
}

/** The URL the window loads for a location. */
export function appEntryUrl(location: AppLocation): string {
  return location.kind === 'dev' ? `${location.origin}/` : APP_INDEX_URL
}

/** True only for the app's own page (ignoring its #hash / ?query, which the router may use). */
export function isAppUrl(url: string | undefined | null, app: AppLocation): boolean {
  if (!url) return false
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (app.kind === 'dev') return parsed.origin === app.origin
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.pathname === '/index.html'
}
