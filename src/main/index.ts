/** Electron main entry (`out/main/index.js`). All the work is in shell.ts; see README "Architecture". */
import { startApp } from './shell'

startApp().catch((err: unknown) => {
  console.error('Phase 10 failed to start:', err)
  process.exit(1)
})
