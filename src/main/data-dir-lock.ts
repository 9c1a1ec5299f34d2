/**
 * One host per data folder: two hosts resuming the same saves would both append to the same journals and
 * overwrite each other's tables. The first takes `<dataDir>/host.lock` (its pid, host name and start time);
 * a second is refused with a message naming the first. A lock whose process is gone (kill -9, a crash) is
 * taken over at once — why not proper-lockfile: its staleness is time-based, so a killed host would block
 * its own restart for the stale period; on one machine the pid answers immediately. Plain Node.
 */
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'

export interface DataDirLock {
  file: string
  release(): void
}

interface LockInfo {
  pid: number
  host: string
  since: string
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `another Phase 10 host is using ${dataDir} (pid ${holder.pid} on ${holder.host}, since ${holder.since}): stop it first, or give this one another data folder (--data-dir)`,
    )
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' // exists, owned by someone else
  }
  // A killed process nobody has reaped yet (a zombie: containers often have no init to reap it) is gone.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return true // no /proc (macOS, Windows): kill(0) is the answer
  }
}

function readLock(file: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo
    return Number.isInteger(info.pid) && typeof info.host === 'string' ? info : null
  } catch {
    return null
  }
}

/** Takes the data folder's lock or throws DataDirLockedError. */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const file = join(dataDir, 'host.lock')
  const me: LockInfo = { pid: process.pid, host: hostname(), since: new Date().toISOString() }
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number
    try {
      fd = openSync(file, 'wx', 0o600)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const holder = readLock(file)
      // Held by a live process here, or by another machine (a shared folder: we cannot tell, so we wait).
      if (holder && (holder.host !== me.host || alive(holder.pid))) throw new DataDirLockedError(dataDir, holder)
      rmSync(file, { force: true }) // stale (its process is gone) or unreadable: take it over
      continue
    }
    writeSync(fd, JSON.stringify(me))
    closeSync(fd)
    let released = false
    return {
      file,
      release: () => {
        if (released) return
        released = true
        if (readLock(file)?.pid === process.pid) rmSync(file, { force: true })
      },
    }
  }
  throw new Error(`cannot take the lock ${file}`)
}
