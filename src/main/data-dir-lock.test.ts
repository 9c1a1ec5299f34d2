import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from './data-dir-lock'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'p10-lock-'))
  dirs.push(d)
  return d
}

describe('the data folder lock', () => {
  it('lets one host in; a second is refused with a message naming the first; release frees it', () => {
    const dir = dataDir()
    const first = lockDataDir(dir)
    expect(JSON.parse(readFileSync(first.file, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() })
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`another Phase 10 host is using .* \\(pid ${process.pid} on `))
    first.release()
    expect(existsSync(first.file)).toBe(false)
    lockDataDir(dir).release()
  })

  it('is held by another live process, and taken over at once when that process is gone (kill -9)', async () => {
    const dir = dataDir()
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
    await new Promise((r) => child.once('spawn', r))
    writeFileSync(join(dir, 'host.lock'), JSON.stringify({ pid: child.pid, host: hostname(), since: 'earlier' }))
    expect(() => lockDataDir(dir)).toThrow(`pid ${child.pid}`)
    await new Promise((r) => {
      child.once('exit', r)
      child.kill('SIGKILL')
    })
    const mine = lockDataDir(dir)
    expect(JSON.parse(readFileSync(mine.file, 'utf8')).pid).toBe(process.pid)
    mine.release()
  })

  it('takes over an unreadable lock file, and never takes another machine’s', () => {
    const dir = dataDir()
    writeFileSync(join(dir, 'host.lock'), '{half')
    lockDataDir(dir).release()
    writeFileSync(join(dir, 'host.lock'), JSON.stringify({ pid: 1, host: 'another-machine', since: 'x' }))
    expect(() => lockDataDir(dir)).toThrow('on another-machine')
  })
})
