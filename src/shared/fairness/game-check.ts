/**
 * The deal check from the whole game, at game over (RULES.md section 11): for hands whose deal a player could not
 * re-create alone (other players' Save Piles kept secret cards out of the deck, Masters), the finished game's
 * record — game key, first dealer and action log, from the host's `table.record` — is replayed with the engine,
 * and every hand's deal in the replay must be the one the player noted: its commitment, their cards, the upcard.
 * A record that does not replay, or replays to another game (other seeds), is itself a failed check.
 */
import { apply } from '../engine/apply'
import { newGame, type DealRecord } from '../engine/state'
import type { GameRecord } from '../history/record'
import type { DealNote, HandCheck } from './verify'

const multiset = (cards: readonly string[]) => cards.slice().sort().join(',')

/** Each hand's deal in the record's replay (index = hand number - 1), or the reason it does not replay. */
export function dealsOfRecord(record: GameRecord): { deals: DealRecord[]; seeds: string[] } | { error: string } {
  let state = newGame({ rules: record.rules, players: record.players.map((p) => p.name), seed: record.gameKey, dealer: record.dealer, tableId: record.tableId })
  const deals: DealRecord[] = [state.deal]
  for (const [i, entry] of record.log.entries()) {
    const r = apply(state, entry.seat, entry.action)
    if (!r.ok) return { error: `action ${i + 1} of the record does not replay (${r.error.message})` }
    if (r.state.handNumber !== state.handNumber) deals.push(r.state.deal)
    state = r.state
  }
  return { deals, seeds: state.revealedSeeds }
}

/**
 * Re-checks the noted hands (those still `partial`) against the record's replay. `revealedSeeds` are the ones
 * the host revealed during the game: the record must replay to exactly those.
 */
export function checkNotesAgainstRecord(notes: readonly DealNote[], record: GameRecord, revealedSeeds: readonly string[]): HandCheck[] {
  const replayed = dealsOfRecord(record)
  const out: HandCheck[] = []
  for (const note of notes) {
    const passed: string[] = []
    const problems: string[] = []
    if ('error' in replayed) problems.push(`The host's record of the game is not the game: ${replayed.error}.`)
    else if (replayed.seeds[note.handNumber - 1] !== revealedSeeds[note.handNumber - 1]) problems.push("The host's record replays to another seed for this hand than the one revealed.")
    else {
      const deal = replayed.deals[note.handNumber - 1]
      if (!deal) problems.push("The host's record has no deal for this hand.")
      else {
        if (deal.upcard !== note.upcard) problems.push(`The whole game deals ${deal.upcard ?? 'no card'} as the upcard, but ${note.upcard ?? 'none'} was turned up.`)
        else passed.push('The upcard is the one the whole game deals.')
        if (note.seat !== null && note.seats.includes(note.seat)) {
          const mine = deal.hands[note.seat] ?? []
          if (multiset(mine) !== multiset(note.hand)) problems.push(`The whole game deals you ${mine.join(' ')}, but you were dealt ${note.hand.join(' ')}.`)
          else passed.push('Replaying the whole game deals you exactly the cards you were dealt.')
        }
      }
    }
    out.push({ handNumber: note.handNumber, status: problems.length ? 'bad' : 'ok', passed, problems })
  }
  return out
}
