// @vitest-environment node
import { createRequire } from 'node:module'
import { it } from 'vitest'
it('x', () => { const m = createRequire(import.meta.url)('ws'); console.log(Object.keys(m), typeof m.WebSocketServer, import.meta.url) })
