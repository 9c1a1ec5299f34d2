/**
 * `npm run host` must run without Electron: no module reachable from src/main/headless.ts may import
 * `electron` (statically, dynamically or via require). Checked two ways: by walking the source import
 * graph, and by actually importing the host modules while `electron` is mocked to throw.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

vi.mock('electron', () => {
  throw new Error('electron was imported by a headless module')
})

/** Specifiers of import/export-from/import()/require() that are not type-only. */
function specifiers(source: string): string[] {
  const out: string[] = []
  const patterns = [
    /^\s*import\s+(?!type\b)[^'"]*?from\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /^\s*export\s+(?!type\b)[^'"]*?from\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ]
  for (const re of patterns) for (const m of source.matchAll(re)) out.push(m[1])
  return out
}

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && candidate.endsWith('.ts')) return candidate
  }
  return null
}

function importGraph(entry: string): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>()
  const packages = new Map<string, string>() // package → first importer
  const queue = [entry]
  while (queue.length) {
    const file = queue.pop()!
    if (files.has(file)) continue
    files.add(file)
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) {
        const target = resolveLocal(file, spec)
        if (!target) throw new Error(`cannot resolve ${spec} from ${file}`)
        queue.push(target)
      } else if (!packages.has(spec)) packages.set(spec, file)
    }
  }
  return { files, packages }
}

describe('headless host import graph', () => {
  it('reaches no electron import from src/main/headless.ts', () => {
    const { files, packages } = importGraph(join(root, 'src/main/headless.ts'))
    expect(files.size).toBeGreaterThan(5) // the walk really followed the graph
    expect(files).toContain(join(root, 'src/main/services/index.ts'))
    const electronish = [...packages.keys()].filter((p) => p === 'electron' || p.startsWith('electron/') || p.startsWith('@electron'))
    expect(electronish, `imported by ${electronish.map((p) => packages.get(p)).join(', ')}`).toEqual([])
  })

  it('the scanner does see the shell’s electron import (so the check above means something)', () => {
    expect(importGraph(join(root, 'src/main/index.ts')).packages.has('electron')).toBe(true)
  })

  it('imports and starts the host with electron mocked to throw', async () => {
    const { startHostServer } = await import('../../src/main/net/host-server')
    const { mkdtemp, rm } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const dir = await mkdtemp(join(tmpdir(), 'p10-graph-'))
    const host = await startHostServer({ port: 0, host: '127.0.0.1', dataDir: dir, staticDir: dir, app: { name: 'x', version: '0' } })
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    await host.close()
    await rm(dir, { recursive: true, force: true })
  })
})
