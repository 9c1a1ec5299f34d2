/**
 * `npm run --silent phase-check`: the phase solver as a filter. Reads JSON lines from stdin,
 *   {"phase":[{"kind":"set","size":3},{"kind":"run","size":4}],"hand":["R5","W",…],"rules":{…}}
 * and writes one JSON line for each:
 *   {"can":true,"groups":[["R5","B5","W=5"],…]}   (a lay-down with exact group sizes and the fewest Wilds)
 *   {"can":false,"groups":null}
 *   {"error":"…"}                                   (a line that cannot be read; the tool goes on)
 * `rules` is optional (RULES.md section 10 option names; only `wildsNeedNaturalPerGroup` matters here).
 * Blank lines are skipped. Input is streamed line by line, so any size works.
 */
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { z } from 'zod'
import { parseCard } from '@shared/engine/cards'
import { partialRuleOptionsSchema, resolveRules } from '@shared/engine/rules'
import { solvePhase } from '@shared/engine/solver'

const lineSchema = z.object({
  phase: z
    .array(
      z
        .object({
          kind: z.enum(['set', 'run', 'colour']),
          size: z.number().int().min(1).max(108),
        })
        .strict(),
    )
    .min(1),
  hand: z.array(z.string().refine((code) => parseCard(code) !== null, { message: 'unknown card code' })),
  rules: partialRuleOptionsSchema.optional(),
})

export type PhaseCheckResult = { can: boolean; groups: string[][] | null } | { error: string }

/** One input line to its answer (`null` for a blank line). */
export function checkLine(line: string): PhaseCheckResult | null {
  if (line.trim() === '') return null
  let json: unknown
  try {
    json = JSON.parse(line)
  } catch (e) {
    return { error: `bad JSON: ${(e as Error).message}` }
  }
  const parsed = lineSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const path = issue.path.join('.')
    const value = issue.path.length > 0 && issue.message === 'unknown card code' ? `: ${JSON.stringify(valueAt(json, issue.path))}` : ''
    return { error: `${path === '' ? 'line' : path}: ${issue.message}${value}` }
  }
  const { phase, hand, rules } = parsed.data
  const groups = solvePhase(hand, phase, { wildsNeedNaturalPerGroup: resolveRules(rules).wildsNeedNaturalPerGroup })
  return { can: groups !== null, groups }
}

function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = json
  for (const key of path) v = (v as Record<PropertyKey, unknown>)[key]
  return v
}

async function main(): Promise<void> {
  const out = process.stdout
  out.on('error', (e: NodeJS.ErrnoException) => {
    // A closed pipe (e.g. `| head`) just ends the run.
    if (e.code === 'EPIPE') process.exit(0)
    throw e
  })
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity })
  let buffer = ''
  const flush = async (): Promise<void> => {
    if (buffer === '') return
    const ok = out.write(buffer)
    buffer = ''
    if (!ok) await new Promise<void>((resolve) => out.once('drain', resolve))
  }
  for await (const line of lines) {
    const result = checkLine(line)
    if (result === null) continue
    buffer += JSON.stringify(result) + '\n'
    if (buffer.length >= 1 << 16) await flush()
  }
  await flush()
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
