/**
 * Checks a finished game's record on its own (an exported history, `npm run verify:game`): every hand's seed
 * against its published commitment, every seed against the game key, the key against the game commitment, and
 * the log replayed through the engine to the recorded hands, final scores and winner. Anyone can run it on a
 * record; it trusts nothing in it.
 */
import { gameCommitmentText, handCommitmentText } from './commitment'
import { replayRecord, type GameRecord } from '../history/record'
import type { Sha256 } from './verify'

export interface RecordCheck {
  ok: boolean
  /** Hands whose commitment, keyed seed and replay all matched. */
  handsChecked: number
  problems: string[]
}

export async function checkRecord(record: GameRecord, hash: Sha256): Promise<RecordCheck> {
  const problems: string[] = []
  if ((await hash.digest(gameCommitmentText(record.tableId, record.gameKey))) !== record.gameCommitment) problems.push('the game key does not match the game commitment')
  const r = replayRecord(record)
  if (!r.ok) return { ok: false, handsChecked: 0, problems: [...problems, `the log does not replay: ${r.error.message}`] }
  const ended = r.events.filter((e) => e.type === 'handEnded')
  if (ended.length !== record.hands.length) problems.push(`the log plays ${ended.length} hands, the record lists ${record.hands.length}`)
  let handsChecked = 0
  for (const [i, hand] of record.hands.entries()) {
    const n = i + 1
    const before = problems.length
    const e = ended[i]
    if (!e || e.seed !== hand.seed || e.points.join() !== hand.points.join() || e.totals.join() !== hand.totals.join()) problems.push(`hand ${n}: the replay differs from the recorded hand`)
    if ((await hash.hmac(record.gameKey, `phase10/hand/${n}`)).slice(0, 32) !== hand.seed) problems.push(`hand ${n}: its seed was not keyed from the game key`)
    const c = record.commitments[i]
    if (c === undefined) problems.push(`hand ${n}: no commitment was recorded`)
    else if ((await hash.digest(handCommitmentText(record.tableId, n, hand.seed))) !== c) problems.push(`hand ${n}: the seed does not match its commitment`)
    if (problems.length === before) handsChecked++
  }
  const scores = r.state.players.map((p) => p.score)
  if (scores.join() !== record.finalScores.join()) problems.push(`the replay ends ${scores.join('/')}, the record says ${record.finalScores.join('/')}`)
  if (r.state.winner !== record.winner) problems.push(`the replay's winner is seat ${r.state.winner}, the record says ${record.winner}`)
  return { ok: problems.length === 0, handsChecked, problems }
}
