import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

/** Headless data dir: `--data-dir`, else env P10_DATA_DIR, else ~/.phase10 (Electron uses userData). */
export function resolveHeadlessDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (flag) return resolve(flag)
  if (env.P10_DATA_DIR) return resolve(env.P10_DATA_DIR)
  return join(homedir(), '.phase10')
}
