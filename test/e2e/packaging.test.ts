/**
 * `npm run pack`'s packaging step (electron-builder --dir, on the out/ that `npm test` built) against a
 * stand-in Electron: a folder shaped like Electron's Linux build whose executable carries Electron's fuse
 * wire (sentinel, version, fuse bytes as Electron 45 ships them), so electron-builder flips real fuses in
 * it. Then the packaged app is opened as a user's machine would hold it: app.asar, the fuses, the update
 * feed, and the bot worker started from the packaged layout.
 */
import { execFile } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import asar from '@electron/asar'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { askBotWorker, root } from './helpers'

/** What the app adds to Electron's folder: app.asar must stay under this (measured 6.2 MB in Dec 2026). */
export const ASAR_BUDGET_BYTES = 8 * 1024 * 1024

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
/** Electron 45's fuses as shipped, in FuseV1Options order (1 = on, 0 = off); the last is one newer than @electron/fuses knows. */
const SHIPPED_FUSES = '101100011'

let work: string
let appDir: string
let asarPath: string
let extracted: string

beforeAll(async () => {
  expect(existsSync(join(root, 'out/main/index.js')), 'run the build first (npm test does)').toBe(true)
  work = mkdtempSync(join(tmpdir(), 'p10-pack-'))
  const dist = join(work, 'electron-dist')
  const { mkdirSync } = await import('node:fs')
  mkdirSync(dist)
  writeFileSync(join(dist, 'electron'), `#!/bin/sh\n# fuse wire: ${SENTINEL}\x01${String.fromCharCode(SHIPPED_FUSES.length)}${SHIPPED_FUSES}\nexit 0\n`, 'latin1')
  chmodSync(join(dist, 'electron'), 0o755)
  writeFileSync(join(dist, 'version'), '45.5.0')
  writeFileSync(join(dist, 'LICENSE'), 'stand-in')
  // The project's config, with only the Electron folder and the output folder changed.
  const config = join(work, 'builder.json')
  writeFileSync(config, JSON.stringify({ extends: join(root, 'electron-builder.config.ts'), electronDist: dist, directories: { output: join(work, 'dist') } }))
  await promisify(execFile)(join(root, 'node_modules/.bin/electron-builder'), ['--dir', '--publish', 'never', '--config', config], {
    cwd: root,
    env: { ...process.env, GITHUB_REPOSITORY: '' },
    maxBuffer: 16 * 1024 * 1024,
  })
  appDir = join(work, 'dist/linux-unpacked')
  asarPath = join(appDir, 'resources/app.asar')
  extracted = join(work, 'extracted')
  asar.extractAll(asarPath, extracted)
}, 180_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('the packaged app (linux-unpacked)', () => {
  it('has the executable, app.asar and the update feed', () => {
    expect(existsSync(join(appDir, 'phase10'))).toBe(true)
    const feed = readFileSync(join(appDir, 'resources/app-update.yml'), 'utf8')
    expect(feed).toMatch(/^provider: github$/m)
    expect(feed).toMatch(/^owner: \S+$/m)
    expect(feed).toMatch(/^repo: \S+$/m)
  })

  it('holds main, preload, renderer and the icon in app.asar, and no source maps', () => {
    const files = asar.listPackage(asarPath, { isPack: false }).map((f) => f.replaceAll('\\', '/'))
    for (const f of ['/package.json', '/out/main/index.js', '/out/main/bot-worker.js', '/out/preload/index.cjs', '/out/renderer/index.html', '/resources/icon.png']) {
      expect(files, f).toContain(f)
    }
    expect(files.some((f) => f.startsWith('/out/renderer/assets/') && f.endsWith('.js'))).toBe(true)
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([])
    expect(files.filter((f) => /^\/(src|test|tools|scripts)\//.test(f))).toEqual([])
    const main = JSON.parse(readFileSync(join(extracted, 'package.json'), 'utf8')).main
    expect(main).toBe('out/main/index.js')
  })

  it('holds no devDependency (only what production dependencies need)', () => {
    // The lockfile marks every install that only devDependencies need (`dev: true`). electron-builder
    // may place a package elsewhere in the tree than npm did, so match by name and version.
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages as Record<string, { version?: string; dev?: boolean }>
    const packaged = listPackages(join(extracted, 'node_modules'))
    expect(packaged.length).toBeGreaterThan(5)
    const devOnly = packaged.filter((name) => {
      const version = JSON.parse(readFileSync(join(extracted, 'node_modules', name, 'package.json'), 'utf8')).version
      const installs = Object.entries(lock).filter(([path, entry]) => path.endsWith(`node_modules/${name}`) && entry.version === version)
      return installs.length === 0 || installs.every(([, entry]) => entry.dev === true)
    })
    expect(devOnly).toEqual([])
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    for (const name of Object.keys(pkg.dependencies)) expect(packaged, name).toContain(name)
    for (const name of ['electron', 'electron-builder', 'vite', 'vitest', 'svelte', 'typescript']) expect(packaged).not.toContain(name)
  })

  it(`keeps app.asar under its budget (${ASAR_BUDGET_BYTES / 1024 / 1024} MiB)`, () => {
    const size = statSync(asarPath).size
    console.log(`app.asar: ${(size / 1024 / 1024).toFixed(2)} MiB`)
    expect(size).toBeLessThan(ASAR_BUDGET_BYTES)
  })

  it('has its fuses flipped: no run-as-node, NODE_OPTIONS or --inspect; asar only, integrity on; cookies encrypted', async () => {
    const wire = await getCurrentFuseWire(join(appDir, 'phase10'))
    const on = (fuse: FuseV1Options) => String.fromCharCode(wire[fuse] as number)
    expect(on(FuseV1Options.RunAsNode)).toBe('0')
    expect(on(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe('0')
    expect(on(FuseV1Options.EnableNodeCliInspectArguments)).toBe('0')
    expect(on(FuseV1Options.OnlyLoadAppFromAsar)).toBe('1')
    expect(on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe('1')
    expect(on(FuseV1Options.EnableCookieEncryption)).toBe('1')
    expect(on(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe('0')
  })

  it('resolves every package the main bundle imports from inside the package', () => {
    const imports = new Set<string>()
    // A module specifier has no spaces: prose in a kept comment ("an import's text") is not one.
    for (const f of walk(join(extracted, 'out/main'))) {
      if (!f.endsWith('.js')) continue
      for (const m of readFileSync(f, 'utf8').matchAll(/(?:from|import)\s*\(?\s*["']([^"'./\s][^"'\s]*)["']/g)) imports.add(m[1])
    }
    const bare = [...imports].filter((s) => !s.startsWith('node:') && s !== 'electron')
    expect(bare).toEqual(expect.arrayContaining(['bonjour-service', 'ws', 'zod']))
    for (const spec of bare) {
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]
      expect(existsSync(join(extracted, 'node_modules', name, 'package.json')), spec).toBe(true)
    }
  })

  it('starts the bot worker from the packaged layout, and it decides like the source', async () => {
    const { answer, expected } = await askBotWorker(join(extracted, 'out/main/bot-worker.js'), 'hard', 'packaged-worker')
    expect(answer).toEqual(expected)
  })
})

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
}

/** Top-level package names in a node_modules folder (scoped ones as @scope/name). */
function listPackages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (name.startsWith('@') ? readdirSync(join(dir, name)).map((n) => `${name}/${n}`) : [name]))
}
