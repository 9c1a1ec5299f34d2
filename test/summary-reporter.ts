import { writeFileSync } from 'node:fs'
import type { Reporter, TestModule } from 'vitest/node'

/**
 * Counts test outcomes for `scripts/test.mjs`, which prints CI's closing line `N passed, N failed`.
 * A module that failed to load (syntax error, throwing import) counts as one failure: vitest's own
 * summary would otherwise let it vanish from the totals.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0
    let failed = unhandledErrors.length
    let skipped = 0
    for (const mod of modules) {
      if (mod.errors().length > 0) failed += 1
      for (const test of mod.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') passed += 1
        else if (state === 'failed') failed += 1
        else skipped += 1
      }
    }
    const out = process.env.SUMMARY_FILE
    if (out) writeFileSync(out, JSON.stringify({ passed, failed, skipped }))
  }
}
