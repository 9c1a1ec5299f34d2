/**
 * `npm run --silent scenario -- FILE.json` (or `-` for stdin): runs a rules scenario through the engine and
 * prints one JSON result object. Exit 0: every step behaved as expected; 1: one did not; 2: invalid scenario.
 */
import { readFileSync } from 'node:fs'
import { runScenario } from '@shared/engine/scenario'

function main(argv: string[]): number {
  const file = argv[0]
  if (!file) {
    process.stderr.write('usage: scenario FILE.json | -\n')
    return 2
  }
  let text: string
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8')
  } catch (e) {
    process.stderr.write(`cannot read ${file}: ${(e as Error).message}\n`)
    return 2
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    process.stderr.write(`not JSON: ${(e as Error).message.split('\n')[0]}\n`)
    return 2
  }
  let run: ReturnType<typeof runScenario>
  try {
    run = runScenario(json)
  } catch (e) {
    // An exception is an engine bug, never a player's move: report it, do not pretend the scenario is invalid.
    process.stderr.write(`engine error: ${String((e as Error).message).replace(/\s+/g, ' ')}\n`)
    return 1
  }
  if (!run.valid) {
    process.stderr.write(`invalid scenario: ${run.reason.replace(/\s+/g, ' ')}\n`)
    return 2
  }
  process.stdout.write(JSON.stringify(run.output) + '\n')
  return run.output.ok ? 0 : 1
}

const args = process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--'))
process.exitCode = main(args)
