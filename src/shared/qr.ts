/**
 * QR codes for the join link (host lobby → a phone's camera). Pure: qrcode's `create()` (the encoder only,
 * no canvas, no fs) and a hand-written SVG, so main, the headless host and the renderer (browser build of
 * `qrcode`, bundled by Vite) all produce the same image. The CSP allows `img-src data:`, so `qrDataUrl`
 * can go straight into `<img src>`; `qrSvg` can be inlined.
 */
import QRCode from 'qrcode'

export type QrErrorLevel = 'L' | 'M' | 'Q' | 'H'

export interface QrMatrix {
  /** Modules per side (21 for version 1, +4 per version). */
  size: number
  version: number
  /** Row-major, `true` = dark. */
  modules: boolean[]
  /** How qrcode split the text (e.g. one 'byte' segment for a URL). */
  segments: Array<{ mode: string; data: string }>
}

export interface QrOptions {
  /** Default 'M' (15 % of the code may be damaged or covered). */
  errorLevel?: QrErrorLevel
  /** Quiet zone in modules; the standard asks for 4. */
  margin?: number
  dark?: string
  light?: string
  /** Accessible name (the SVG's <title>); default the text itself. */
  title?: string
}

/** Encodes `text` (throws only for text too long for any QR version: ~2300 bytes at level M). */
export function qrMatrix(text: string, errorLevel: QrErrorLevel = 'M'): QrMatrix {
  const qr = QRCode.create(text, { errorCorrectionLevel: errorLevel })
  const size = qr.modules.size
  const modules: boolean[] = new Array(size * size)
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) modules[r * size + c] = Boolean(qr.modules.get(r, c))
  const segments = (qr.segments as unknown as Array<{ mode: { id: string }; data: unknown }>).map((s) => ({
    mode: String(s.mode.id).toLowerCase(),
    data: typeof s.data === 'string' ? s.data : new TextDecoder().decode(s.data as Uint8Array),
  }))
  return { size, version: qr.version, modules, segments }
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
const safeColour = (c: string, fallback: string) => (/^#[0-9a-f]{3,8}$|^[a-z]{3,20}$/i.test(c) ? c : fallback)

/** An SVG document (viewBox in modules; scales crisply to any size): one path of dark runs. */
export function qrSvg(text: string, options: QrOptions = {}): string {
  const { size, modules } = qrMatrix(text, options.errorLevel)
  const margin = Math.max(0, Math.floor(options.margin ?? 4))
  const total = size + 2 * margin
  let d = ''
  for (let r = 0; r < size; r++) {
    let c = 0
    while (c < size) {
      if (!modules[r * size + c]) {
        c++
        continue
      }
      const start = c
      while (c < size && modules[r * size + c]) c++
      d += `M${start + margin} ${r + margin}h${c - start}v1h-${c - start}z`
    }
  }
  const dark = safeColour(options.dark ?? '#000', '#000')
  const light = safeColour(options.light ?? '#fff', '#fff')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges" role="img">` +
    `<title>${escapeXml(options.title ?? text)}</title>` +
    `<rect width="${total}" height="${total}" fill="${light}"/>` +
    `<path fill="${dark}" d="${d}"/></svg>`
  )
}

/** `data:image/svg+xml,…` for an `<img src>` (allowed by the app's CSP: `img-src 'self' data:`). */
export function qrDataUrl(text: string, options: QrOptions = {}): string {
  return `data:image/svg+xml,${encodeURIComponent(qrSvg(text, options))}`
}
