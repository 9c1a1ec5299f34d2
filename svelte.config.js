// Svelte 5 runes everywhere in our components ($state, $props…; no legacy `export let`).
// Read by the renderer build (electron.vite.config.ts), vitest's dom project and svelte-check.
export default {
  compilerOptions: { runes: true },
}
