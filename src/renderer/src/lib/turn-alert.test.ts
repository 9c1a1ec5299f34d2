import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiResult, GameApi } from '@shared/api'
import { play, position, snapshotOf, view } from '../test-support/engine-views'
import { prefs } from '../stores/prefs.svelte'
import { TableStore } from '../stores/table.svelte'
import { DEFAULT_SETTINGS } from '@shared/api'
import { TitleBlinker, alertInBrowser, askNotificationPermission, becameMyTurn, type BrowserEnv } from './turn-alert'

// Seat 1 deals, so seat 0 ("You") plays first.
const start = position({ hands: [['R1', 'R2'], ['B1', 'B2']], drawPile: ['G5', 'G6', 'G7'] })
const afterMyDraw = play(start, [[0, { type: 'draw', from: 'deck' }]])
const theirTurn = play(afterMyDraw, [[0, { type: 'discard', card: 'R1' }]])
const mineAgain = play(theirTurn, [
  [1, { type: 'draw', from: 'deck' }],
  [1, { type: 'discard', card: 'B1' }],
])

function fakeDocument(hidden: boolean) {
  const listeners = new Set<() => void>()
  return {
    hidden,
    title: 'Phase 10',
    addEventListener: vi.fn((_type: string, fn: () => void) => void listeners.add(fn)),
    removeEventListener: vi.fn((_type: string, fn: () => void) => void listeners.delete(fn)),
    show() {
      this.hidden = false
      for (const fn of [...listeners]) fn()
    },
  }
}

function fakeNotification(permission: NotificationPermission) {
  const made: { title: string; options?: NotificationOptions; onclick: (() => void) | null; close: () => void }[] = []
  class N {
    static permission = permission
    static requestPermission = vi.fn(async () => 'granted' as NotificationPermission)
    onclick: (() => void) | null = null
    close = vi.fn()
    constructor(
      public title: string,
      public options?: NotificationOptions,
    ) {
      made.push(this)
    }
  }
  return { N: N as unknown as NonNullable<BrowserEnv['Notification']> & typeof N, made }
}

afterEach(() => {
  vi.useRealTimers()
  delete (window as { api?: unknown }).api
  prefs.apply({ ...DEFAULT_SETTINGS })
})

describe('it became my turn', () => {
  it('when the turn moves to my seat, once per turn', () => {
    expect(becameMyTurn(null, view(start, 0))).toBe(true) // joining (or reloading) on my turn
    expect(becameMyTurn(view(start, 0), view(afterMyDraw, 0))).toBe(false) // still the same turn
    expect(becameMyTurn(view(afterMyDraw, 0), view(theirTurn, 0))).toBe(false)
    expect(becameMyTurn(view(theirTurn, 0), view(mineAgain, 0))).toBe(true)
    expect(becameMyTurn(view(theirTurn, 1), view(mineAgain, 1))).toBe(false) // the other seat's view
  })

  it('never without a view', () => {
    expect(becameMyTurn(view(start, 0), null)).toBe(false)
  })
})

describe('a browser tab in the background', () => {
  it('blinks its title while hidden and restores it when shown', () => {
    vi.useFakeTimers()
    const doc = fakeDocument(true)
    const blinker = new TitleBlinker({ document: doc as never })
    blinker.start('▶ Your turn')
    expect(doc.title).toBe('▶ Your turn')
    vi.advanceTimersByTime(1000)
    expect(doc.title).toBe('Phase 10')
    vi.advanceTimersByTime(1000)
    expect(doc.title).toBe('▶ Your turn')
    doc.show()
    expect(blinker.blinking).toBe(false)
    expect(doc.title).toBe('Phase 10')
    vi.advanceTimersByTime(5000)
    expect(doc.title).toBe('Phase 10')
  })

  it('notifies when this browser allowed it; a click brings the tab forward', () => {
    const doc = fakeDocument(true)
    const { N, made } = fakeNotification('granted')
    const focus = vi.fn()
    const blinker = new TitleBlinker({ document: doc as never })
    expect(alertInBrowser({ title: 'Your turn in Phase 10', body: 'Kitchen: it is your turn.' }, { document: doc as never, Notification: N, focus }, blinker)).toBe(true)
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({ title: 'Your turn in Phase 10', options: { body: 'Kitchen: it is your turn.' } })
    made[0].onclick!()
    expect(focus).toHaveBeenCalled()
    expect(made[0].close).toHaveBeenCalled()
    blinker.stop()
  })

  it('only blinks when notifications were not allowed, and does nothing at all in a visible tab', () => {
    const hidden = fakeDocument(true)
    const { N, made } = fakeNotification('default')
    const blinker = new TitleBlinker({ document: hidden as never })
    expect(alertInBrowser({ title: 'Your turn', body: '' }, { document: hidden as never, Notification: N, focus: () => {} }, blinker)).toBe(true)
    expect(made).toHaveLength(0)
    expect(blinker.blinking).toBe(true)
    blinker.stop()
    const visible = fakeDocument(false)
    const granted = fakeNotification('granted')
    const idle = new TitleBlinker({ document: visible as never })
    expect(alertInBrowser({ title: 'Your turn', body: '' }, { document: visible as never, Notification: granted.N, focus: () => {} }, idle)).toBe(false)
    expect(granted.made).toHaveLength(0)
    expect(visible.title).toBe('Phase 10')
  })

  it('asks for permission only while undecided', async () => {
    const undecided = fakeNotification('default')
    expect(await askNotificationPermission(undecided.N)).toBe('granted')
    expect(undecided.N.requestPermission).toHaveBeenCalledTimes(1)
    const denied = fakeNotification('denied')
    expect(await askNotificationPermission(denied.N)).toBe('denied')
    expect(denied.N.requestPermission).not.toHaveBeenCalled()
    expect(await askNotificationPermission(undefined)).toBe('unsupported')
  })
})

describe('the table store tells me', () => {
  function fakeApi() {
    const calls: { name: string; params: unknown }[] = []
    const api = {
      async invoke(name: string, params: unknown): Promise<ApiResult<unknown>> {
        calls.push({ name, params })
        return { ok: true, value: name === 'app.attention' ? { shown: true } : null }
      },
      on: () => () => {},
    } as unknown as GameApi
    return { api, calls }
  }

  it('desktop window: asks main to flash and notify when my turn comes, unless turned off', () => {
    ;(window as { api?: unknown }).api = {}
    const { api, calls } = fakeApi()
    const store = new TableStore()
    store.connect(api)
    store.receiveSnapshot(snapshotOf(theirTurn, 0, { name: 'Kitchen' }))
    expect(calls.filter((c) => c.name === 'app.attention')).toHaveLength(0)
    store.receiveSnapshot(snapshotOf(mineAgain, 0, { name: 'Kitchen' }))
    expect(calls.filter((c) => c.name === 'app.attention')).toEqual([{ name: 'app.attention', params: { title: 'Your turn in Phase 10', body: 'Kitchen: it is your turn.' } }])
    prefs.apply({ ...DEFAULT_SETTINGS, turnAlerts: false })
    store.receiveSnapshot(snapshotOf(theirTurn, 0, { name: 'Kitchen' }))
    store.receiveSnapshot(snapshotOf(mineAgain, 0, { name: 'Kitchen' }))
    expect(calls.filter((c) => c.name === 'app.attention')).toHaveLength(1)
  })

  it('browser tab: the real document’s title blinks while it is hidden', () => {
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true)
    try {
      document.title = 'Phase 10'
      const { api, calls } = fakeApi()
      const store = new TableStore()
      store.connect(api)
      store.receiveSnapshot(snapshotOf(theirTurn, 0))
      store.receiveSnapshot(snapshotOf(mineAgain, 0))
      expect(document.title).toBe('▶ Your turn in Phase 10')
      expect(calls.some((c) => c.name === 'app.attention')).toBe(false)
      hidden.mockReturnValue(false)
      document.dispatchEvent(new Event('visibilitychange'))
      expect(document.title).toBe('Phase 10')
    } finally {
      hidden.mockRestore()
    }
  })
})
