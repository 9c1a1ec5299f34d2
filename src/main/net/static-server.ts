/**
 * Serves the built renderer (out/renderer) to browsers and phones: GET/HEAD only, correct MIME types,
 * no path traversal (every path is resolved, and its real path after symlinks must stay inside the root),
 * the app's CSP on every answer. The desktop window's app:// protocol (app-protocol.ts) uses the same
 * `findStaticFile` and headers.
 */
import { createReadStream } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'
import { CONTENT_SECURITY_POLICY } from '../security'

export const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ogg': 'audio/ogg',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}

export const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
}

/** Maps a request path to a file under `root`, or null when it would escape the root or is malformed. */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let pathname: string
  try {
    pathname = decodeURIComponent(new URL(urlPath, 'http://x').pathname)
  } catch {
    return null
  }
  if (pathname.includes('\0')) return null
  if (pathname.endsWith('/')) pathname += 'index.html'
  const absRoot = resolve(root)
  const file = resolve(join(absRoot, pathname))
  return file.startsWith(absRoot + sep) ? file : null
}

/**
 * The file a request path names under `root`, or null: outside the root (by `..` or through a symlink
 * whose target lies outside), missing, or not a regular file.
 */
export async function findStaticFile(root: string, urlPath: string): Promise<{ file: string; size: number } | null> {
  const file = resolveStaticPath(root, urlPath)
  if (!file) return null
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)])
    if (!realFile.startsWith(realRoot + sep)) return null
    const st = await stat(realFile)
    return st.isFile() ? { file: realFile, size: st.size } : null
  } catch {
    return null
  }
}

export function contentTypeOf(file: string): string {
  return MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
}

/** Hashed assets never change; index.html must be re-read after a rebuild. */
export function cacheControlOf(file: string): string {
  return file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'
}

export function createStaticHandler(root: string) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const send = (status: number, body: string) => {
      res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' })
      res.end(req.method === 'HEAD' ? undefined : body)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'Method Not Allowed')
    const found = await findStaticFile(root, req.url ?? '/')
    if (!found) return send(404, 'Not Found')
    const { file, size } = found
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': contentTypeOf(file),
      'Content-Length': String(size),
      'Cache-Control': cacheControlOf(file),
    })
    if (req.method === 'HEAD') return void res.end()
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res)
  }
}
