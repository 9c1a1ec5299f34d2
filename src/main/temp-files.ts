import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Removes what interrupted atomic writes left in `dir` (write-file-atomic's `<file>.<n>` temporaries, after a
 * kill -9 mid-write): the names matching `pattern`. Only for the holder of the data folder's lock
 * (data-dir-lock.ts): another process's write may be in flight otherwise. A missing folder is nothing to do.
 */
export function removeTemporaryFiles(dir: string, pattern: RegExp): void {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return
  }
  for (const name of names) if (pattern.test(name)) rmSync(join(dir, name), { force: true })
}
