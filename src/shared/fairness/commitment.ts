/**
 * Deal commitments (RULES.md section 11, "Checking a deal"): before a hand is played the host publishes
 * SHA-256 of the hand's secret seed, bound to the table and the hand number; when the hand ends it reveals
 * the seed. Anyone holding the commitment from before the reveal can check that the revealed seed is the
 * one the host was bound to, and re-deal the hand from it with the engine (`redeal`).
 *
 * The exact bytes hashed are the UTF-8 encoding of these lines joined by "\n" (no trailing newline):
 *
 *     phase10/commit/v1          phase10/game/v1
 *     <table id>                 <table id>
 *     <hand number, decimal>     <game key>
 *     <hand seed, 32 hex digits>
 *
 * The game commitment binds the game key from the first deal: every hand's seed is HMAC(game key, label)
 * (rng.ts), so once the key is revealed at game over, all hands are shown to have been fixed at the start.
 *
 * This module is the engine's own (synchronous, pure JS: noble's SHA-256); clients check with their
 * platform's hash (`verify.ts`: Web Crypto where it exists), so the two sides never share a hash routine.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

export function handCommitmentText(tableId: string, handNumber: number, handSeed: string): string {
  return `phase10/commit/v1\n${tableId}\n${handNumber}\n${handSeed}`
}

export function gameCommitmentText(tableId: string, gameKey: string): string {
  return `phase10/game/v1\n${tableId}\n${gameKey}`
}

/** SHA-256 of `handCommitmentText`, 64 lowercase hex digits. */
export function handCommitment(tableId: string, handNumber: number, handSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(handCommitmentText(tableId, handNumber, handSeed))))
}

/** SHA-256 of `gameCommitmentText`, 64 lowercase hex digits. */
export function gameCommitment(tableId: string, gameKey: string): string {
  return bytesToHex(sha256(utf8ToBytes(gameCommitmentText(tableId, gameKey))))
}
