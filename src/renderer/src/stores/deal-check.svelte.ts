/**
 * This client's own check of every deal (RULES.md section 11, "Checking a deal"): it notes each hand as dealt
 * (commitment, its cards, the upcard) the first time its view shows the hand, and when the host reveals the
 * hand's seed it hashes and re-deals it itself (src/shared/fairness). The scores dialog and the game-over
 * screen show the result per hand: ✓, or ✗ with what did not match.
 *
 * Notes are kept in sessionStorage too, so a reload between the deal and the reveal still checks against the
 * commitment held from before (a note first taken after a hand ended proves nothing, and says so).
 */
import type { GameView } from '@shared/engine/views'
import { checkNotesAgainstRecord } from '@shared/fairness/game-check'
import { checkGameKey, checkHand, jsSha256, noteFromView, webCryptoSha256, type CheckStatus, type DealNote, type HandCheck } from '@shared/fairness/verify'
import { gameRecordSchema, type GameRecord } from '@shared/history/record'

export interface GameKeyCheck {
  status: CheckStatus
  passed: string[]
  problems: string[]
}

/** Web Crypto where the page has it (Electron, https, localhost); a phone on plain http has none (pure JS then). */
const hash = () => webCryptoSha256() ?? jsSha256

const STORAGE_PREFIX = 'p10-deal-notes:'

export class DealCheckStore {
  /** Per hand (index = hand number - 1): the check, once the seed is revealed. */
  checks = $state<(HandCheck | undefined)[]>([])
  /** The game key's check at game over. */
  game = $state<GameKeyCheck | null>(null)
  private gameId = ''
  private notes: (DealNote | undefined)[] = []
  /** Hands whose check is running, by index: the game-over check waits for them. */
  private pending = new Map<number, Promise<void>>()
  private gamePending = false
  /** The game was seen before it ended (the game commitment was held in advance). */
  private sawPlay = false

  /**
   * Takes the view of every snapshot. `fetchRecord` answers the finished game's record (the host's
   * `table.record`) for hands whose deal only the whole game can re-create.
   */
  observe(view: GameView | null, fetchRecord?: () => Promise<GameRecord | null>): void {
    if (!view || !view.gameCommitment) return
    const id = `${view.tableId}/${view.gameCommitment}`
    if (id !== this.gameId) this.reset(id)
    if (view.stage !== 'gameOver') this.sawPlay = true
    const n = view.handNumber
    if (!this.notes[n - 1]) {
      this.notes[n - 1] = noteFromView(view)
      this.save()
    }
    for (const [i, seed] of view.revealedSeeds.entries()) {
      if (this.checks[i] || this.pending.has(i)) continue
      const note = this.notes[i]
      if (!note) {
        this.setCheck(i, { handNumber: i + 1, status: 'unchecked', passed: [], problems: ['You were not at the table when this hand was dealt.'] })
        continue
      }
      this.pending.set(
        i,
        checkHand(note, seed, hash()).then((c) => {
          this.pending.delete(i)
          if (this.gameId === id) this.setCheck(i, c)
        }),
      )
    }
    if (view.gameKey && !this.game && !this.gamePending) {
      this.gamePending = true
      const input = { tableId: view.tableId, gameCommitment: view.gameCommitment, gameKey: view.gameKey, revealedSeeds: view.revealedSeeds.slice(), beforeReveal: this.sawPlay }
      void this.finish(id, input, fetchRecord)
    }
  }

  /** Every hand checked ✓ and the game key too: what the game-over screen sums up. */
  get allGood(): boolean {
    return this.game?.status === 'ok' && this.checks.length > 0 && this.checks.every((c) => c?.status === 'ok')
  }

  private async finish(id: string, input: Parameters<typeof checkGameKey>[0], fetchRecord?: () => Promise<GameRecord | null>): Promise<void> {
    const key = await checkGameKey(input, hash())
    // Wait for the hands' own checks, then settle the ones that need the whole game.
    await Promise.all(this.pending.values())
    if (this.gameId !== id) return
    this.game = key
    const partial = this.checks.filter((c): c is HandCheck => c?.status === 'partial')
    if (!partial.length) return
    let record: GameRecord | null = null
    try {
      // The host's answer is checked like any message from the network before it is replayed.
      const answer = fetchRecord ? await fetchRecord() : null
      record = answer === null ? null : gameRecordSchema.parse(answer)
    } catch {
      record = null
    }
    if (this.gameId !== id) return
    if (!record) return // stays partial: said as such
    const notes = partial.map((c) => this.notes[c.handNumber - 1]).filter((n): n is DealNote => !!n)
    for (const c of checkNotesAgainstRecord(notes, record, input.revealedSeeds)) {
      const before = this.checks[c.handNumber - 1]
      this.setCheck(c.handNumber - 1, { ...c, passed: [...(before?.passed ?? []), ...c.passed] })
    }
  }

  private setCheck(i: number, c: HandCheck): void {
    const next = this.checks.slice()
    next[i] = c
    this.checks = next
  }

  private reset(id: string): void {
    this.gameId = id
    this.checks = []
    this.game = null
    this.pending.clear()
    this.gamePending = false
    this.notes = this.load()
    // Notes kept from before a reload were taken while the game was on: its commitment was held in advance.
    this.sawPlay = this.notes.some(Boolean)
  }

  private load(): (DealNote | undefined)[] {
    try {
      const raw = globalThis.sessionStorage?.getItem(STORAGE_PREFIX + this.gameId)
      const parsed: unknown = raw ? JSON.parse(raw) : []
      return Array.isArray(parsed) ? parsed.map((n) => (n && typeof n === 'object' && typeof n.commitment === 'string' ? (n as DealNote) : undefined)) : []
    } catch {
      return []
    }
  }

  private save(): void {
    try {
      globalThis.sessionStorage?.setItem(STORAGE_PREFIX + this.gameId, JSON.stringify(this.notes))
    } catch {
      // Storage full or off: the check still works for this page's lifetime.
    }
  }
}

export const dealChecks = new DealCheckStore()
