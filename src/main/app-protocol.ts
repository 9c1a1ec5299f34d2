/**
 * The desktop window's pages come from `app://phase10/…`, a privileged custom scheme served from the built
 * renderer folder, instead of file://. Why (Electron's security checklist, item 18): a file:// page may
 * read other local files and shares its origin with every file on disk; app:// is one origin of its own,
 * can read nothing but the renderer folder, and lets the GrantFileProtocolExtraPrivileges fuse be off.
 *
 * Plain Node (no electron import): shell.ts registers the scheme and hands `createAppProtocolHandler` to
 * `protocol.handle`; tests call the handler with ordinary `Request`s.
 */
import { readFile } from 'node:fs/promises'
import { cacheControlOf, contentTypeOf, findStaticFile, SECURITY_HEADERS } from './net/static-server'
import { APP_HOST, APP_SCHEME } from './security'

export { APP_HOST, APP_INDEX_URL, APP_SCHEME } from './security'

/**
 * For `protocol.registerSchemesAsPrivileged` (before the app is ready). `standard`: real origins and
 * relative URLs, so the renderer's `./assets/…` and lazy chunks resolve; `secure`: a secure context, like
 * https; `supportFetchAPI` for module scripts; `codeCache` so V8 caches compiled scripts between starts.
 */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true, codeCache: true } as const

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } })

/** Answers `app://phase10/<path>` with the file under `rendererDir`; anything else is 404 (or 405). */
export function createAppProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method Not Allowed')
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return plain(404, 'Not Found')
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return plain(404, 'Not Found')
    const found = await findStaticFile(rendererDir, url.pathname)
    if (!found) return plain(404, 'Not Found')
    const headers = {
      ...SECURITY_HEADERS,
      'Content-Type': contentTypeOf(found.file),
      'Content-Length': String(found.size),
      'Cache-Control': cacheControlOf(found.file),
    }
    if (request.method === 'HEAD') return new Response(null, { status: 200, headers })
    return new Response(await readFile(found.file), { status: 200, headers })
  }
}
