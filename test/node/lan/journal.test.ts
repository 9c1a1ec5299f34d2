/**
 * Durable moves (the security review's item 6): the journal written before a move is acknowledged, loading
 * its valid prefix, compaction at hand ends, temporary files of a killed write, private files, and a full
 * disk that pauses the table instead of dropping moves.
 */
import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PROTOCOL_VERSION, type ApiEvent } from '@shared/api'
import { decide } from '@shared/ai'
import { InProcessBotRunner } from '../../../src/main/session/bot-runner'
import { SaveStore } from '../../../src/main/session/saves'
import { TableHost } from '../../../src/main/session/table-host'

let dataDir: string
const hosts: TableHost[] = []
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'p10-journal-'))
})
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close()
  vi.useRealTimers()
  await rm(dataDir, { recursive: true, force: true })
})

/** A solo table (me + an Easy bot) on `saves`, started; returns it and a function playing my moves. */
function soloTable(saves: SaveStore, extra: Partial<ConstructorParameters<typeof TableHost>[0]> = {}) {
  const sent: ApiEvent[] = []
  const host = new TableHost({ name: 't', mode: 'solo', bots: new InProcessBotRunner(), deliver: (_to, e) => sent.push(e), saves, warn: () => {}, ...extra })
  hosts.push(host)
  host.attachHost('local', 'Me')
  host.addBot('easy')
  expect(host.start('journal-seed').ok).toBe(true)
  const myMove = () => {
    const snap = host.snapshotFor('local')!
    const view = snap.view!
    if (view.turn !== 0 && view.stage !== 'handOver') return null
    const action = decide({ level: 'easy', view: view as never, history: [], salt: 'me' })!
    return host.act('local', snap.version, action)
  }
  return { host, sent, myMove }
}

async function playMoves(host: TableHost, myMove: () => unknown, count: number): Promise<void> {
  const start = host.engineState!.version
  for (let i = 0; i < 5000 && host.engineState!.version < start + count; i++) {
    if (!myMove()) await new Promise((r) => setImmediate(r))
  }
}

describe('the journal', () => {
  it('holds every acknowledged move; a restart replays file + journal to the same state', async () => {
    const saves = new SaveStore(dataDir, () => {})
    const { host, myMove } = soloTable(saves)
    await playMoves(host, myMove, 12)
    const tableId = host.tableId
    await host.close() // stops the bot; the journal stays as it is (no flush, as after kill -9)
    const state = host.engineState!
    const journal = readFileSync(saves.journalFor(tableId), 'utf8').trim().split('\n')
    expect(journal.length).toBeGreaterThan(0)
    expect(JSON.parse(journal[0])).toMatchObject({ n: 0 })
    // A second store, as after kill -9: nothing was flushed on purpose.
    const loaded = await new SaveStore(dataDir, () => {}).load(tableId)
    expect(loaded!.state.version).toBe(state.version)
    expect(loaded!.state.players.map((p) => p.hand)).toEqual(state.players.map((p) => p.hand))
  })

  it('keeps the valid prefix of a damaged journal (a torn last line, or a gap)', async () => {
    const saves = new SaveStore(dataDir, () => {})
    const { host, myMove } = soloTable(saves)
    await playMoves(host, myMove, 8)
    const tableId = host.tableId
    await host.close()
    const file = saves.journalFor(tableId)
    const lines = readFileSync(file, 'utf8').trim().split('\n')
    const warnings: string[] = []
    // Torn: the last line cut in half.
    writeFileSync(file, `${lines.slice(0, -1).join('\n')}\n${lines.at(-1)!.slice(0, 10)}`)
    const torn = await new SaveStore(dataDir, (m) => warnings.push(m)).load(tableId)
    expect(warnings.join()).toMatch(/damaged; kept the \d+ moves before it/)
    const kept = lines.length - 1
    expect(torn).not.toBeNull()
    // The load compacted: the file now holds those moves and the journal is gone.
    const save = JSON.parse(readFileSync(saves.fileFor(tableId), 'utf8'))
    expect(save.log).toHaveLength(kept)
    expect(() => statSync(file)).toThrow()
    // A gap: entries after a missing index are not used.
    appendFileSync(file, `${JSON.stringify({ n: kept + 5, seat: 0, action: { type: 'draw', from: 'deck' } })}\n`)
    warnings.length = 0
    const gap = await new SaveStore(dataDir, (m) => warnings.push(m)).load(tableId)
    expect(gap!.save.log).toHaveLength(kept)
    expect(warnings.join()).toMatch(/skips from move/)
  })

  it('is folded into the table file at each hand’s end', async () => {
    const saves = new SaveStore(dataDir, () => {})
    const { host, myMove } = soloTable(saves, { rules: { fixedHands: 2 } })
    for (let i = 0; i < 20_000 && host.engineState!.stage !== 'handOver'; i++) if (!myMove()) await new Promise((r) => setImmediate(r))
    expect(host.engineState!.stage).toBe('handOver')
    await host.flushSaves() // the disk's part runs in the background (the journal holds every move meanwhile)
    const save = JSON.parse(readFileSync(saves.fileFor(host.tableId), 'utf8'))
    expect(save.log.length).toBeGreaterThan(0)
    expect(() => statSync(saves.journalFor(host.tableId))).toThrow() // emptied by the compaction
  })

  it('is private: saves folder 0700, files 0600; leftovers of a killed write are removed at start', async () => {
    await mkdir(join(dataDir, 'saves'), { recursive: true, mode: 0o755 })
    writeFileSync(join(dataDir, 'saves', 'abc.json.123456789'), 'half a file')
    const saves = new SaveStore(dataDir, () => {})
    saves.cleanTemporaryFiles()
    expect(await readdir(join(dataDir, 'saves'))).toEqual([])
    const { host, myMove } = soloTable(saves)
    await playMoves(host, myMove, 2)
    expect(statSync(join(dataDir, 'saves')).mode & 0o777).toBe(0o700)
    expect(statSync(saves.fileFor(host.tableId)).mode & 0o777).toBe(0o600)
    expect(statSync(saves.journalFor(host.tableId)).mode & 0o777).toBe(0o600)
  })
})

describe('a full disk', () => {
  it('refuses the move, pauses the table (bots too) and tells everyone; play goes on once the disk takes the save', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const saves = new SaveStore(dataDir, () => {})
    const warnings: string[] = []
    const { host, myMove } = soloTable(saves, { warn: (m) => warnings.push(m), storageRetryMs: 1000 })
    // Get to my turn with a working disk.
    for (let i = 0; i < 200 && host.snapshotFor('local')!.view!.turn !== 0; i++) await vi.advanceTimersByTimeAsync(10)
    expect(host.snapshotFor('local')!.view!.turn).toBe(0)
    // Then the disk fills: my move is refused and changes nothing.
    let full = true
    const enospc = () => Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })
    const append = vi.spyOn(saves, 'append').mockImplementation(() => {
      throw enospc()
    })
    const write = vi.spyOn(saves, 'writeSnapshot')
    write.mockImplementation(() => {
      if (full) throw enospc()
    })
    const version = host.engineState!.version
    const refused = myMove()
    expect(refused).toMatchObject({ ok: false, error: { code: 'PAUSED', message: expect.stringMatching(/disk is full/) } })
    expect(host.engineState!.version).toBe(version)
    expect(host.snapshotFor('local')!.hostProblem).toMatch(/cannot save the game \(the disk is full\)/)
    expect(warnings.join()).toMatch(/play is paused/)
    await vi.advanceTimersByTimeAsync(3000) // retries fail; nobody moves
    expect(host.engineState!.version).toBe(version)
    full = false
    append.mockRestore()
    await vi.advanceTimersByTimeAsync(1000)
    expect(host.snapshotFor('local')!.hostProblem).toBeNull()
    expect(myMove()).toMatchObject({ ok: true })
    expect(warnings.join()).toMatch(/saved again/)
    write.mockRestore()
  })
})

void PROTOCOL_VERSION
