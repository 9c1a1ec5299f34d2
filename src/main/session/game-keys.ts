/**
 * Game keys from a fixed seed (the headless host's `--deal-seed`): `seed#1`, `seed#2`, … in the order tables
 * start their games, so a run of the same requests gets the same deals every time. A game key decides
 * every deal of its game (RULES.md section 11), so whoever knows the seed can predict them: for tests and
 * demos only; by default every game gets 32 random bytes (table-host.ts).
 */
export function gameKeysFrom(seed: string): () => string {
  let n = 0
  return () => `${seed}#${++n}`
}
