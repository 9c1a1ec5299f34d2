/**
 * `npm run --silent verify:game -- FILE.json` (or `-` for stdin): checks finished games with node:crypto — a
 * single game record (`table.record`), or a History export (`{ "games": [...] }`) — and prints one line per
 * game: ✓ with the hands checked, or ✗ with every problem (src/shared/fairness/record-check.ts).
 * Exit 0: every game checked out; 1: one did not; 2: not a record or an export.
 */
import { createHash, createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { checkRecord } from '@shared/fairness/record-check'
import type { Sha256 } from '@shared/fairness/verify'
import { gameRecordSchema } from '@shared/history/record'

const nodeSha256: Sha256 = {
  digest: async (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
  hmac: async (key, text) => createHmac('sha256', key).update(text, 'utf8').digest('hex'),
}

async function main(argv: string[]): Promise<number> {
  const file = argv[0]
  if (!file) {
    process.stderr.write('usage: verify:game FILE.json | -\n')
    return 2
  }
  let json: unknown
  try {
    json = JSON.parse(readFileSync(file === '-' ? 0 : file, 'utf8'))
  } catch (e) {
    process.stderr.write(`cannot read ${file} as JSON: ${(e as Error).message.split('\n')[0]}\n`)
    return 2
  }
  const list: unknown[] = Array.isArray(json) ? json : json && typeof json === 'object' && Array.isArray((json as { games?: unknown }).games) ? (json as { games: unknown[] }).games : [json]
  let bad = 0
  for (const [i, item] of list.entries()) {
    const parsed = gameRecordSchema.safeParse(item)
    if (!parsed.success) {
      process.stdout.write(`✗ game ${i + 1}: not a game record (${parsed.error.issues[0]?.path.join('.') || 'root'}: ${parsed.error.issues[0]?.message})\n`)
      bad++
      continue
    }
    const g = parsed.data
    const c = await checkRecord(g, nodeSha256)
    const label = `${g.tableName} ${new Date(g.finishedAt).toISOString().slice(0, 16)}`
    if (c.ok) process.stdout.write(`✓ ${label}: ${c.handsChecked} hands, every deal committed, keyed and replayed to the recorded scores\n`)
    else {
      bad++
      process.stdout.write(`✗ ${label}: ${c.problems.join('; ')}\n`)
    }
  }
  if (list.length === 0) {
    process.stderr.write('no games in the file\n')
    return 2
  }
  return bad ? 1 : 0
}

main(process.argv.slice(2)).then((code) => process.exit(code))
