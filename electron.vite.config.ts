import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'

/** `@shared/…`: src/shared, imported by all three (the same alias in the tsconfigs, for tsx, and in vitest.config.ts). */
const resolveShared = { alias: { '@shared': resolve('src/shared') } }

export default defineConfig({
  // out/main/index.js (ESM; package.json "type": "module"). Dependencies stay in node_modules.
  main: {
    resolve: resolveShared,
    build: {
      // The bot worker is its own entry (out/main/bot-worker.js next to index.js): bot-runner.ts finds it there.
      rolldownOptions: { input: { index: resolve('src/main/index.ts'), 'bot-worker': resolve('src/main/session/bot-worker.ts') } },
    },
  },
  // out/preload/index.cjs: a sandboxed preload must be CommonJS and self-contained (it may require only
  // `electron`), hence format 'cjs' and no externalised dependencies.
  preload: {
    resolve: resolveShared,
    build: {
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  // out/renderer: the Svelte app, loaded from file:// by Electron and served over HTTP by `npm run host`.
  renderer: {
    root: resolve('src/renderer'),
    base: './',
    resolve: resolveShared,
    plugins: [svelte({ configFile: resolve('svelte.config.js') })],
    build: {
      // electron-vite leaves minification off; the renderer is also served to phones over Wi-Fi, so minify it
      // (about half the bytes: measured by `npm run measure:ui`).
      minify: true,
      rolldownOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  },
})
