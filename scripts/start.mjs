#!/usr/bin/env node
// `npm start`: make sure Electron's binary is on this machine, then build and launch the app
// (`electron-vite preview`: build, then run Electron on out/main/index.js). `npm run dev` is the same with
// `electron-vite dev`.
//
// Why this script: Electron 42+ fetches its binary lazily (on the first `require('electron')`), but
// electron-vite only looks for `node_modules/electron/path.txt`, which exists after that download, and
// otherwise stops with "Electron uninstall". So we require `electron` once here (it downloads if it
// must) and hand the path to electron-vite as ELECTRON_EXEC_PATH. Offline, the download fails at once and
// we say so in one message, with the way to play without Electron.
//
// Test hooks (the same ones Electron and electron-vite honour): ELECTRON_EXEC_PATH (an executable to use
// as is), ELECTRON_OVERRIDE_DIST_PATH (a folder holding the executable), ELECTRON_MIRROR (download source).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'package.json'))

const NEED_NODE = [22, 12]

function nodeIsTooOld(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number)
  return major < NEED_NODE[0] || (major === NEED_NODE[0] && minor < NEED_NODE[1])
}

function fail(lines) {
  console.error(['', ...lines, ''].join('\n'))
  process.exit(1)
}

const cannotRun = (why) => [
  `Phase 10: cannot start the desktop app — ${why}`,
  '',
  "  Electron's binary (about 100 MB) is downloaded once, on the first `npm start`, and this machine could not get it.",
  '  Check the internet connection (or set ELECTRON_MIRROR) and run `npm start` again.',
  '',
  '  To play now without Electron: `npm run host`, then open the printed address in a browser',
  '  (the same game; phones on your network can join it too).',
]

/** The Electron executable, downloading it first if this is the first start. */
function electronExecutable() {
  const given = process.env.ELECTRON_EXEC_PATH
  if (given) {
    if (!existsSync(given)) fail(cannotRun(`ELECTRON_EXEC_PATH points at ${given}, which does not exist.`))
    return given
  }
  if (!electronIsInstalled()) downloadElectron()
  let path
  try {
    path = require('electron') // electron/index.js: the binary's path (it would download again if missing)
  } catch (err) {
    fail(cannotRun(`Electron's download failed (${firstLine(err)}).`))
  }
  if (typeof path !== 'string' || !existsSync(path)) fail(cannotRun(`no Electron executable at ${path}.`))
  return path
}

/** What electron/index.js checks: the override folder, or path.txt naming a file that exists. */
function electronIsInstalled() {
  const pkg = dirname(require.resolve('electron/package.json'))
  const pathTxt = join(pkg, 'path.txt')
  const name = existsSync(pathTxt) ? readFileSync(pathTxt, 'utf8') : undefined
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return true // index.js trusts it as is; checked after
  return name !== undefined && existsSync(join(pkg, 'dist', name))
}

/**
 * Runs Electron's own installer (`install-electron`). On a terminal its progress bar (on stderr) shows
 * as it is; otherwise its stderr is read and its error's stack trace left out: the one message below says
 * what happened and what to do.
 */
function downloadElectron() {
  const pkg = dirname(require.resolve('electron/package.json'))
  console.log(`Phase 10: downloading Electron ${require('electron/package.json').version} (once, on the first start)…`)
  const stderr = process.stderr.isTTY ? 'inherit' : 'pipe'
  const r = spawnSync(process.execPath, [join(pkg, 'install.js')], { stdio: ['ignore', 'inherit', stderr], encoding: 'utf8' })
  const errors = (r.stderr ?? '').split('\n').filter((line) => line.trim() && !/^\s+at /.test(line))
  if (r.status !== 0) fail([...errors.slice(-3), ...cannotRun("Electron's download failed.")])
  if (errors.length) console.error(errors.join('\n'))
}

function firstLine(err) {
  return String(err instanceof Error ? err.message : err).split('\n')[0]
}

if (nodeIsTooOld()) {
  console.warn(`Phase 10: Node ${process.versions.node} is older than the ${NEED_NODE.join('.')} Electron ${require('electron/package.json').version} needs; if the start fails, install Node 22 or 24 (see README).`)
}

const executable = electronExecutable()
const electronVite = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js')
// `npm run dev` passes `dev` (Vite's dev server, hot reload); `npm start` runs the built app.
const [mode, ...rest] = process.argv[2] === 'dev' ? ['dev', ...process.argv.slice(3)] : ['preview', ...process.argv.slice(2)]
const child = spawn(process.execPath, [electronVite, mode, ...rest], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ELECTRON_EXEC_PATH: executable },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
