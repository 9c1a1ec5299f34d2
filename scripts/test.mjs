#!/usr/bin/env node
// `npm test`: type-checks, build, every vitest project (node, dom, e2e). Ends with CI's plain line
// `N passed, N failed` — each type-check and the build count as one test, plus every vitest test.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const extraArgs = process.argv.slice(2)
let passed = 0
let failed = 0
let skipped = 0

function step(name, cmd, args, env = {}) {
  const t0 = Date.now()
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = r.status === 0
  console.log(`${ok ? '✓' : '✗'} ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`)
  return ok
}

for (const [name, args] of [
  ['typecheck node', ['tsc', '--noEmit', '-p', 'tsconfig.node.json']],
  ['typecheck web', ['svelte-check', '--tsconfig', './tsconfig.web.json', '--threshold', 'error', '--output', 'human']],
  ['build', ['electron-vite', 'build']],
]) {
  if (step(name, 'npx', args)) passed += 1
  else failed += 1
}

const summaryFile = join(mkdtempSync(join(tmpdir(), 'p10-test-')), 'summary.json')
const vitestOk = step('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=./test/summary-reporter.ts', ...extraArgs], {
  SUMMARY_FILE: summaryFile,
})
if (existsSync(summaryFile)) {
  const s = JSON.parse(readFileSync(summaryFile, 'utf8'))
  passed += s.passed
  failed += s.failed
  skipped += s.skipped
  if (!vitestOk && s.failed === 0) failed += 1 // vitest failed for a reason no test shows (config, coverage…)
} else {
  failed += 1
}

console.log('')
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed === 0 ? 0 : 1)
