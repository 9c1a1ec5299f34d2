/**
 * The headless host as its own process (`tsx src/main/headless.ts` on 127.0.0.1, no mDNS advert unless asked), for tests
 * that kill it: it runs in its own process group, so SIGKILL takes tsx and its node child, nothing else.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

export interface HeadlessProcess {
  child: ChildProcess
  wsUrl: string
  opToken: string
  output: () => string
}

const running = new Set<ChildProcess>()

/** `advert: true` keeps the mDNS advert: with `--host 127.0.0.1` it goes out on loopback only. */
export async function startHeadless(dataDir: string, extra: string[] = [], o: { advert?: boolean } = {}): Promise<HeadlessProcess> {
  const args = ['src/main/headless.ts', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir, ...(o.advert ? [] : ['--no-advert']), ...extra]
  const child = spawn(join(root, 'node_modules/.bin/tsx'), args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  let out = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  const m = await new Promise<RegExpExecArray>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`no operator URL within 20 s:\n${out}`)), 20_000)
    const check = () => {
      const found = /operator \(runs the table\): http:\/\/([\d.]+:\d+)\/\?op=(\S+)/.exec(out)
      if (found && /table: /.test(out)) {
        clearTimeout(timer)
        ok(found)
      }
    }
    child.stdout!.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`host exited (${code}):\n${out}`))
    })
  })
  return { child, wsUrl: `ws://${m[1]}/api`, opToken: m[2], output: () => out }
}

/** kill -9 of the whole process group; resolves once it is gone. */
export function killHard(child: ChildProcess): Promise<void> {
  return new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done()
    child.once('exit', () => done())
    process.kill(-child.pid!, 'SIGKILL')
  })
}

/** For afterAll: whatever is still running. */
export async function killAll(): Promise<void> {
  await Promise.all([...running].map(killHard))
}
