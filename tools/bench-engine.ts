/**
 * `npm run bench:engine`: bundles tools/bench/engine-cli.ts with esbuild and runs it in plain Node, so it
 * measures the engine as the app runs it — bundled (electron-vite bundles the main process) — rather than
 * through tsx's per-module transform (`keepNames` wrappers, no cross-module bundling), which is slower and
 * noisier. `--unbundled` runs the same code under tsx instead, for comparison. Options: see engine-cli.ts.
 *
 *   npm run --silent bench:engine -- [--seconds 2] [--rounds 5] [--warmup 3] [--json] [--unbundled]
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const args = process.argv.slice(2)
const cli = fileURLToPath(new URL('./bench/engine-cli.ts', import.meta.url))
if (args.includes('--unbundled')) {
  await import(cli)
} else {
  const dir = mkdtempSync(join(tmpdir(), 'phase10-bench-'))
  try {
    const outfile = join(dir, 'bench-engine.mjs')
    await build({ entryPoints: [cli], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, logLevel: 'warning' })
    const run = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit' })
    process.exitCode = run.status ?? 1
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
