import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { svelteTesting } from '@testing-library/svelte/vite'

// Three projects: `node` (engine, host, network, shell with electron mocked), `dom` (Svelte components in
// happy-dom) and `e2e` (the built app in real Chromium; needs `npm run build` first, which `npm test` does).
export default defineConfig({
  // `@shared/…` as in electron.vite.config.ts and the tsconfigs.
  resolve: { alias: { '@shared': resolve('src/shared') } },
  test: {
    // Vitest's default in run mode is one worker fewer than the CPUs: ONE on a 2-core machine, so every file
    // ran in turn while most of them wait on child processes, sockets and Chromium. At least two workers: the
    // node and dom projects measured 772 s → 511 s of wall time on 2 cores (the e2e files still run one at a time).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/shared/**/*.test.ts', 'src/main/**/*.test.ts', 'src/preload/**/*.test.ts', 'tools/**/*.test.ts', 'test/node/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        plugins: [svelte(), svelteTesting()],
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['src/renderer/**/*.test.ts'],
          setupFiles: ['test/dom-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
