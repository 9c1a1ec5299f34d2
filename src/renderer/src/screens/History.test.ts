import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiResult, HistoryStats, HistorySummary } from '@shared/api'
import { createFakeGameApi, withAnswers, type FakeGameApi } from '../../../../test/fakes/fake-game-api'
import History from './History.svelte'

const summary = (id: string, finishedAt: number, o: Partial<HistorySummary> = {}): HistorySummary => ({
  id,
  tableName: 'Solo',
  mode: 'solo',
  source: 'host',
  startedAt: finishedAt - 600_000,
  finishedAt,
  edition: 'classic',
  hands: 7,
  players: [
    { name: 'Me', kind: 'human', botLevel: null, you: true, score: 45, phases: 10, place: 1 },
    { name: 'Ada', kind: 'bot', botLevel: 'hard', you: false, score: 120, phases: 8, place: 2 },
  ],
  winner: 0,
  yourSeat: 0,
  yourPlace: 1,
  ...o,
})

const STATS: HistoryStats = {
  games: 3,
  played: 3,
  wins: 2,
  losses: 1,
  byOpponent: [
    { opponent: 'easy', games: 1, wins: 1, losses: 0 },
    { opponent: 'hard', games: 2, wins: 1, losses: 1 },
  ],
  averageScore: 81.4,
  hands: 20,
  phaseHands: 13,
  phaseRate: 0.65,
  best: { id: 'new', finishedAt: Date.UTC(2026, 10, 30, 12), score: 45, hands: 7, tableName: 'Solo' },
}

/** A fake host with a history of `games` (newest first) that `history.remove` and `history.import` change. */
function historyApi(games: HistorySummary[], notices: string[] = []): FakeGameApi & { games: HistorySummary[] } {
  const state = { games: [...games], notices: [...notices] }
  const api = withAnswers(createFakeGameApi(), {
    'history.list': (): ApiResult<unknown> => {
      const out = { games: state.games, notices: state.notices }
      state.notices = []
      return { ok: true, value: out }
    },
    'history.stats': () => ({ ok: true, value: STATS }),
    'history.get': (p) => ({ ok: true, value: { id: (p as { id: string }).id, fake: 'record' } }),
    'history.remove': (p) => {
      state.games = state.games.filter((g) => g.id !== (p as { id: string }).id)
      return { ok: true, value: null }
    },
    'history.export': () => ({ ok: true, value: { json: '{"format":1,"games":[]}', games: state.games.length } }),
    'history.import': (p) => {
      if (!(p as { json: string }).json.startsWith('{')) return { ok: false, error: { code: 'BAD_REQUEST', message: 'that file is not JSON' } }
      state.games = [summary('imported', Date.UTC(2026, 11, 1, 9)), ...state.games]
      return { ok: true, value: { added: 1, skipped: 2, invalid: 1, dropped: 0 } }
    },
  })
  return Object.assign(api, { get games() { return state.games } })
}

afterEach(() => vi.restoreAllMocks())

describe('History screen', () => {
  const games = [
    summary('new', Date.UTC(2026, 10, 30, 12)),
    summary('old', Date.UTC(2026, 10, 20, 12), {
      mode: 'lan',
      tableName: 'Friday night',
      edition: 'masters',
      players: [
        { name: 'Me', kind: 'human', botLevel: null, you: true, score: 90, phases: 6, place: 2 },
        { name: 'Bo', kind: 'human', botLevel: null, you: false, score: 30, phases: 10, place: 1 },
        { name: 'Easy bot 1', kind: 'bot', botLevel: 'easy', you: false, score: 200, phases: 3, place: 3 },
      ],
      winner: 1,
      yourPlace: 2,
    }),
  ]

  it('lists the games newest first: date, edition, players with bot levels, the winner, your place and score', async () => {
    const api = historyApi(games)
    render(History, { props: { api, onBack: () => {}, onReplay: () => {} } })
    const list = await screen.findByRole('list', { name: /Finished games/ })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('Solo')
    expect(items[0]).toHaveTextContent('Classic · 7 hands')
    expect(items[0]).toHaveTextContent('Ada (Hard): 120')
    expect(items[0]).toHaveTextContent('Me (you): 45 — winner')
    expect(items[0]).toHaveTextContent('You won with 45 points, 10 phases made.')
    expect(items[1]).toHaveTextContent('Friday night')
    expect(items[1]).toHaveTextContent('Masters')
    expect(items[1]).toHaveTextContent('Bo: 30 — winner')
    expect(items[1]).toHaveTextContent('Easy bot 1 (Easy): 200')
    expect(items[1]).toHaveTextContent('You came 2nd of 3 with 90 points')
  })

  it('shows what went wrong reading the history, once', async () => {
    const api = historyApi(games, ['The game history file is damaged (not valid JSON): it was set aside as x and the history starts empty.'])
    render(History, { props: { api, onBack: () => {}, onReplay: () => {} } })
    expect(await screen.findByRole('alert')).toHaveTextContent('set aside')
  })

  it('says so when there is no game yet', async () => {
    render(History, { props: { api: historyApi([]), onBack: () => {}, onReplay: () => {} } })
    expect(await screen.findByText(/No finished games yet/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled()
  })

  it('Replay fetches the whole record and opens it', async () => {
    const api = historyApi(games)
    const onReplay = vi.fn()
    render(History, { props: { api, onBack: () => {}, onReplay } })
    const replay = await screen.findByRole('button', { name: /^Replay Friday night/ })
    await fireEvent.click(replay)
    await waitFor(() => expect(onReplay).toHaveBeenCalledWith({ id: 'old', fake: 'record' }))
    expect(api.calls.find((c) => c.name === 'history.get')?.params).toEqual({ id: 'old' })
  })

  it('Delete asks first, then removes the game', async () => {
    const api = historyApi(games)
    render(History, { props: { api, onBack: () => {}, onReplay: () => {} } })
    await fireEvent.click(await screen.findByRole('button', { name: /^Delete Solo/ }))
    const ask = screen.getByRole('group', { name: /^Delete Solo/ })
    await fireEvent.click(within(ask).getByRole('button', { name: 'Keep' }))
    expect(api.calls.some((c) => c.name === 'history.remove')).toBe(false)
    await fireEvent.click(screen.getByRole('button', { name: /^Delete Solo/ }))
    await fireEvent.click(within(screen.getByRole('group', { name: /^Delete Solo/ })).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1))
    expect(api.calls.find((c) => c.name === 'history.remove')?.params).toEqual({ id: 'new' })
    expect(screen.getByRole('status')).toHaveTextContent('The game was deleted.')
  })

  it('Statistics: wins and losses by strongest opponent, average score, phases per hand, best game; arrow keys switch tabs', async () => {
    const api = historyApi(games)
    render(History, { props: { api, onBack: () => {}, onReplay: () => {} } })
    const gamesTab = await screen.findByRole('tab', { name: 'Games' })
    expect(gamesTab).toHaveAttribute('aria-selected', 'true')
    gamesTab.focus()
    await fireEvent.keyDown(gamesTab, { key: 'ArrowRight' })
    const statsTab = screen.getByRole('tab', { name: 'Statistics' })
    expect(statsTab).toHaveAttribute('aria-selected', 'true')
    expect(document.activeElement).toBe(statsTab)
    const panel = screen.getByRole('tabpanel', { name: 'Statistics' })
    await waitFor(() => expect(panel).toHaveTextContent('Won2 (67%)'))
    expect(panel).toHaveTextContent('Average final score81')
    expect(panel).toHaveTextContent('Phases made per hand 0.65 (65% of 20 hands)')
    expect(panel).toHaveTextContent('Best game 45 points in 7 hands')
    const rows = within(within(panel).getByRole('table', { name: 'Wins and losses by opponent' })).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual(['Strongest opponentGamesWonLost', 'Easy bot110', 'Hard bot211'])
    expect(screen.queryByRole('tabpanel', { name: 'Games' })).toBeNull() // hidden
    await fireEvent.click(within(panel).getByRole('button', { name: 'Replay the best game' }))
    await waitFor(() => expect(api.calls.filter((c) => c.name === 'history.get').map((c) => c.params)).toEqual([{ id: 'new' }]))
  })

  it('Import sends the chosen file and says how many games were added, skipped and invalid', async () => {
    const api = historyApi(games)
    render(History, { props: { api, onBack: () => {}, onReplay: () => {} } })
    await screen.findByRole('list', { name: /Finished games/ })
    const input = screen.getByLabelText('Import a history file') as HTMLInputElement
    const file = new File(['{"format":1,"games":[]}'], 'history.json', { type: 'application/json' })
    Object.defineProperty(input, 'files', { value: [file], configurable: true })
    await fireEvent.change(input)
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Imported 1 game, 2 already here, 1 not valid.'))
    expect(api.calls.find((c) => c.name === 'history.import')?.params).toEqual({ json: '{"format":1,"games":[]}' })
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3))
  })

  it('Import of a file that is not a history says so and changes nothing', async () => {
    const api = historyApi(games)
    render(History, { props: { api, onBack: () => {}, onReplay: () => {} } })
    await screen.findByRole('list', { name: /Finished games/ })
    const input = screen.getByLabelText('Import a history file') as HTMLInputElement
    Object.defineProperty(input, 'files', { value: [new File(['garbage'], 'x.json')], configurable: true })
    await fireEvent.change(input)
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('That file is not a Phase 10 history'))
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })

  it('Export downloads the history as a JSON file', async () => {
    const api = historyApi(games)
    const create = vi.fn((_blob: Blob) => 'blob:history')
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() })
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    render(History, { props: { api, onBack: () => {}, onReplay: () => {} } })
    await screen.findByRole('list', { name: /Finished games/ })
    await fireEvent.click(screen.getByRole('button', { name: 'Export' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Exported 2 games.'))
    expect(clicked).toHaveLength(1)
    expect(clicked[0].download).toMatch(/^phase10-history-\d{4}-\d{2}-\d{2}\.json$/)
    expect(await create.mock.calls[0][0].text()).toBe('{"format":1,"games":[]}')
  })

  it('Back goes back', async () => {
    const onBack = vi.fn()
    render(History, { props: { api: historyApi(games), onBack, onReplay: () => {} } })
    await fireEvent.click(await screen.findByRole('button', { name: 'Back' }))
    expect(onBack).toHaveBeenCalled()
  })
})
