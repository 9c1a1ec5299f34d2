/**
 * `npm start` (scripts/start.mjs) without internet: the real start path against a stand-in Electron
 * executable that records how it was launched, and the offline path's message. Each test works in a
 * throwaway copy of the project (sources and node_modules linked, its own out/), so it never rebuilds the
 * out/ that the end-to-end tests read.
 */
import { spawn } from 'node:child_process'
import { chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = resolve(__dirname, '../..')
const temps: string[] = []
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  temps.push(dir)
  return dir
}

/** A project folder whose build lands in its own out/: config files and scripts copied, the rest linked. */
function projectCopy(opts: { nodeModules: 'link' | 'electron-only' }): string {
  const dir = tempDir('p10-start-')
  for (const file of ['package.json', 'electron.vite.config.ts', 'svelte.config.js', 'tsconfig.json', 'tsconfig.node.json', 'tsconfig.web.json']) {
    copyFileSync(join(root, file), join(dir, file))
  }
  mkdirSync(join(dir, 'scripts'))
  copyFileSync(join(root, 'scripts/start.mjs'), join(dir, 'scripts/start.mjs'))
  symlinkSync(join(root, 'src'), join(dir, 'src'))
  symlinkSync(join(root, 'resources'), join(dir, 'resources'))
  if (opts.nodeModules === 'link') {
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
  } else {
    // Electron's npm package as a fresh install has it: no binary, no path.txt. Its installer's own
    // dependencies are linked.
    const modules = join(dir, 'node_modules')
    mkdirSync(modules)
    const electron = join(modules, 'electron')
    mkdirSync(electron)
    for (const file of readdirSync(join(root, 'node_modules/electron'))) {
      if (file === 'dist' || file === 'path.txt') continue
      cpSync(join(root, 'node_modules/electron', file), join(electron, file), { recursive: true })
    }
    for (const scope of ['@electron', '@electron-internal']) symlinkSync(join(root, 'node_modules', scope), join(modules, scope))
  }
  return dir
}

/** A folder Electron's resolution accepts (ELECTRON_OVERRIDE_DIST_PATH) whose `electron` records its launch. */
function standInElectron(): { dist: string; record: string } {
  const dist = tempDir('p10-standin-')
  const record = join(dist, 'launch.json')
  writeFileSync(
    join(dist, 'record.cjs'),
    `require('node:fs').writeFileSync(process.env.STANDIN_RECORD, JSON.stringify({
      argv: process.argv.slice(2), cwd: process.cwd(),
      env: { ELECTRON_RENDERER_URL: process.env.ELECTRON_RENDERER_URL ?? null, NODE_ENV_ELECTRON_VITE: process.env.NODE_ENV_ELECTRON_VITE ?? null },
    }))\n`,
  )
  writeFileSync(join(dist, 'electron'), `#!/bin/sh\nexec "${process.execPath}" "$(dirname "$0")/record.cjs" "$@"\n`)
  chmodSync(join(dist, 'electron'), 0o755)
  return { dist, record }
}

function run(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>((done) => {
    const t0 = Date.now()
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('close', (code) => done({ code, stdout, stderr, ms: Date.now() - t0 }))
  })
}

function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra }
  for (const key of ['ELECTRON_EXEC_PATH', 'ELECTRON_RENDERER_URL', 'ELECTRON_RUN_AS_NODE', 'NODE_ENV_ELECTRON_VITE']) {
    if (!(key in extra)) delete env[key]
  }
  return env
}

describe('npm start', () => {
  it('builds the app, then launches Electron on it', async () => {
    const project = projectCopy({ nodeModules: 'link' })
    const { dist, record } = standInElectron()
    const t0 = Date.now()
    const r = await run('npm', ['start'], { cwd: project, env: cleanEnv({ ELECTRON_OVERRIDE_DIST_PATH: dist, STANDIN_RECORD: record }) })
    expect(r.code, r.stdout + r.stderr).toBe(0)
    const launch = JSON.parse(readFileSync(record, 'utf8'))
    // electron-vite runs `electron .` in the project: Electron then loads package.json's "main".
    expect(launch.argv).toEqual(['.'])
    expect(launch.cwd).toBe(project)
    expect(launch.env.ELECTRON_RENDERER_URL).toBeNull() // the built renderer, not a dev server
    const main = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).main
    expect(main).toBe('out/main/index.js')
    for (const built of [main, 'out/preload/index.cjs', 'out/renderer/index.html', 'out/main/bot-worker.js']) {
      expect(statSync(join(project, built)).mtimeMs, `${built} built by this start`).toBeGreaterThanOrEqual(t0 - 1000)
    }
    expect(readFileSync(join(project, main), 'utf8')).toContain('startApp')
  }, 120_000)

  it('without internet, fails within seconds with one message naming npm run host', async () => {
    const project = projectCopy({ nodeModules: 'electron-only' })
    // Port 9 on loopback refuses at once: the download fails exactly as it does offline, on any machine.
    const r = await run(process.execPath, ['scripts/start.mjs'], {
      cwd: project,
      env: cleanEnv({ ELECTRON_MIRROR: 'http://127.0.0.1:9/', electron_config_cache: join(project, 'cache') }),
    })
    expect(r.code).toBe(1)
    expect(r.ms).toBeLessThan(10_000)
    expect(r.stderr).toContain("cannot start the desktop app — Electron's download failed")
    expect(r.stderr).toContain('npm run host')
    expect(r.stderr).not.toMatch(/^\s+at /m) // no stack trace
    expect(r.stderr.match(/cannot start/g)).toHaveLength(1)
  }, 60_000)

  it('refuses an ELECTRON_EXEC_PATH that does not exist, with the same message', async () => {
    const r = await run(process.execPath, [join(root, 'scripts/start.mjs')], { cwd: root, env: cleanEnv({ ELECTRON_EXEC_PATH: '/nonexistent/electron' }) })
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('/nonexistent/electron')
    expect(r.stderr).toContain('npm run host')
  })
})

describe('the Node version', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  it('is stated the same in package.json engines, .nvmrc and the README', () => {
    expect(pkg.engines.node).toBe('>=22.12.0')
    const nvmrc = readFileSync(join(root, '.nvmrc'), 'utf8').trim()
    expect(Number(nvmrc.split('.')[0])).toBeGreaterThanOrEqual(22)
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('Node.js 22.12')
  })
})
