/** AI opponents (pure: no I/O). They see only their seat's view and the public events (RULES.md section 11). */
export * from './types'
export * from './bot'
export * from './memory'
export type { Style } from './policy'
export { playGame, runArena, mergeArena, arenaGame, wilson, isStalemate, type ArenaOptions, type ArenaResult, type GameResult, type PlayGameOptions, type Rejection } from './arena'
export { runSoak, mergeSoak, soakTable, type SoakResult, type SoakFailure } from './soak'
export { EXPERT_BUDGET, type SearchBudget } from './expert'
export { explainMove, hintFor, type Hint } from './explain'
