/**
 * A player's own check of a deal (RULES.md section 11, "Checking a deal"). At the deal a client writes down
 * what it was shown — the commitment, its ten cards, the upcard, who dealt to whom — in a `DealNote`; when the
 * hand ends and the host reveals the seed, the client hashes it itself and re-deals the hand with the engine
 * (`redeal`): the commitment must match and so must its own cards and the upcard. At game over the revealed
 * game key must match the game commitment and must key every revealed hand seed.
 *
 * The hash comes from the caller's platform (`Sha256`: Web Crypto in a browser or Electron's renderer,
 * node:crypto in Node), never from the engine's own routine that made the commitment.
 */
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import type { CardCode } from '../engine/cards'
import type { RuleOptions } from '../engine/rules'
import { redeal } from '../engine/state'
import type { GameView } from '../engine/views'
import { gameCommitmentText, handCommitmentText } from './commitment'

/** SHA-256 of the UTF-8 bytes of `text`, as 64 lowercase hex digits; HMAC-SHA-256 likewise. */
export interface Sha256 {
  digest(text: string): Promise<string>
  hmac(key: string, text: string): Promise<string>
}

/** What a client saw of one hand's deal before the hand was played (from its view: `GameView.deal` and co.). */
export interface DealNote {
  handNumber: number
  commitment: string
  tableId: string
  rules: RuleOptions
  playerCount: number
  dealer: number
  /** Seats dealt in. */
  seats: number[]
  /** The client's seat (null: a spectator, who can check the commitment and the upcard only). */
  seat: number | null
  hand: CardCode[]
  upcard: CardCode | null
  /** The client's Save Pile at the deal (Masters). */
  saved: CardCode[]
  /** Cards other Save Piles kept out of the deck: while > 0 the cards can only be checked from the whole game. */
  hiddenSaved: number
  /** The note was taken while the hand was in play: false when the client first saw the hand after its seed was
   * revealed (joined late), so the commitment proves nothing for it. */
  beforeReveal: boolean
}

export type CheckStatus = 'ok' | 'bad' | 'partial' | 'unchecked'

export interface HandCheck {
  handNumber: number
  status: CheckStatus
  /** What matched, in words. */
  passed: string[]
  /** What did not, in words (status 'bad'), or why something could not be checked ('partial', 'unchecked'). */
  problems: string[]
}

const multiset = (cards: readonly string[]) => cards.slice().sort().join(',')

/** Checks one hand's revealed seed against what was noted at its deal. */
export async function checkHand(note: DealNote, seed: string, hash: Sha256): Promise<HandCheck> {
  const passed: string[] = []
  const problems: string[] = []
  const out = (status: CheckStatus): HandCheck => ({ handNumber: note.handNumber, status, passed, problems })
  if (!note.beforeReveal) {
    problems.push('You first saw this hand after it ended, so its commitment could not be held in advance.')
    return out('unchecked')
  }
  const digest = await hash.digest(handCommitmentText(note.tableId, note.handNumber, seed))
  if (digest !== note.commitment) {
    problems.push(`The revealed seed does not match the commitment published at the deal (${digest.slice(0, 12)}… ≠ ${note.commitment.slice(0, 12)}…).`)
    return out('bad')
  }
  passed.push('The revealed seed matches the commitment published at the deal.')
  if (note.hiddenSaved > 0) {
    problems.push(`Other players' Save Piles held ${note.hiddenSaved} card(s) out of this deal; your cards are checked from the whole game when it ends.`)
    return out('partial')
  }
  let deal
  try {
    deal = redeal(seed, { rules: note.rules, playerCount: note.playerCount, dealer: note.dealer, seats: note.seats, excluded: note.saved })
  } catch (e) {
    problems.push(`The hand cannot be re-dealt from the revealed seed: ${(e as Error).message}.`)
    return out('bad')
  }
  if (deal.upcard !== note.upcard) problems.push(`The upcard re-dealt from the seed is ${deal.upcard ?? 'none'}, but ${note.upcard ?? 'none'} was turned up.`)
  else passed.push('The upcard re-dealt from the seed is the one turned up.')
  if (note.seat !== null && note.seats.includes(note.seat)) {
    const mine = deal.hands[note.seat] ?? []
    if (multiset(mine) !== multiset(note.hand)) problems.push(`The seed deals you ${mine.join(' ')}, but you were dealt ${note.hand.join(' ')}.`)
    else passed.push('The seed deals exactly the ten cards you were dealt.')
  }
  return out(problems.length ? 'bad' : 'ok')
}

/** Checks the game key revealed at game over: the game commitment, and that it keys every revealed hand seed. */
export async function checkGameKey(
  o: { tableId: string; gameCommitment: string; gameKey: string; revealedSeeds: readonly string[]; beforeReveal: boolean },
  hash: Sha256,
): Promise<{ status: CheckStatus; passed: string[]; problems: string[] }> {
  const passed: string[] = []
  const problems: string[] = []
  if (!o.beforeReveal) return { status: 'unchecked', passed, problems: ['You first saw this game after it ended.'] }
  const digest = await hash.digest(gameCommitmentText(o.tableId, o.gameKey))
  if (digest !== o.gameCommitment) problems.push('The revealed game key does not match the commitment published at the first deal.')
  else passed.push('The revealed game key matches the commitment published at the first deal.')
  for (const [i, seed] of o.revealedSeeds.entries()) {
    const keyed = (await hash.hmac(o.gameKey, `phase10/hand/${i + 1}`)).slice(0, 32)
    if (keyed !== seed) problems.push(`Hand ${i + 1}'s seed was not keyed from the game key.`)
  }
  if (o.revealedSeeds.length && problems.length === 0) passed.push(`All ${o.revealedSeeds.length} hand seeds were fixed by the game key before the first deal.`)
  return { status: problems.length ? 'bad' : 'ok', passed, problems }
}

/** The pure-JS hash (noble): where no platform hash exists, e.g. a phone's page on plain http, which browsers
 * do not give Web Crypto (`crypto.subtle` needs a secure context). */
export const jsSha256: Sha256 = {
  digest: async (text) => bytesToHex(sha256(utf8ToBytes(text))),
  hmac: async (key, text) => bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(text))),
}

/** Web Crypto's SHA-256 and HMAC (`crypto.subtle`), or `null` where the page has none (not a secure context). */
export function webCryptoSha256(subtle: typeof globalThis.crypto.subtle | undefined = globalThis.crypto?.subtle): Sha256 | null {
  if (!subtle) return null
  const enc = new TextEncoder()
  const hex = (buf: ArrayBuffer) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('')
  return {
    digest: async (text) => hex(await subtle.digest('SHA-256', enc.encode(text))),
    hmac: async (key, text) => {
      const k = await subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
      return hex(await subtle.sign('HMAC', k, enc.encode(text)))
    },
  }
}

/** The note a client takes of the hand its view shows (the renderer's ledger and the tests take the same). */
export function noteFromView(view: GameView): DealNote {
  return {
    handNumber: view.handNumber,
    commitment: view.commitments[view.handNumber - 1] ?? '',
    tableId: view.tableId,
    rules: view.rules,
    playerCount: view.players.length,
    dealer: view.dealer,
    seats: view.players.filter((p) => p.inHand).map((p) => p.seat),
    seat: view.seat,
    hand: view.deal.hand.slice(),
    upcard: view.deal.upcard,
    saved: view.deal.saved.slice(),
    hiddenSaved: view.deal.hiddenSaved,
    beforeReveal: view.revealedSeeds.length < view.handNumber,
  }
}
