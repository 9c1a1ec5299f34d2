/**
 * Who acts next at a table when no human does: its bots, the host for a seat whose turn timer ran out, and
 * the deal between hands (table-host.ts owns the game; this owns the timers and the bot in flight).
 *
 * After every change the table calls `schedule()`: a bot's turn starts the bot (after the table's bot delay),
 * a human's turn starts the turn timer (`deadline`, carried by the snapshots), and between hands a table of
 * bots deals on by itself while humans deal when all are ready or the auto-deal countdown runs out. A bot's
 * answer is only played if nothing changed since it was asked (a ticket per request).
 */
import { fail, type ApiResult } from '@shared/api'
import type { BotLevel } from '@shared/ai/types'
import type { Action, GameEvent } from '@shared/engine/actions'
import type { GameState } from '@shared/engine/state'
import { legalActions, viewFor } from '@shared/engine/views'
import type { BotRunner } from './bot-runner'

/** What the scheduler needs of its table. */
export interface TurnTable {
  readonly tableId: string
  /** The game while the table is open (`null` once it closed or before the first deal). */
  game(): GameState | null
  /** Play may go on: the game is being played and the disk takes its moves. */
  inPlay(): boolean
  /** The first human seat play waits for (dropped), or null. */
  pausedSeat(): number | null
  seatCount(): number
  /** A human plays this seat (not a bot, not auto-played). */
  isHumanControlled(seat: number): boolean
  botLevel(seat: number): BotLevel | null
  botDelay(): number
  /** Between hands: deal on after this many seconds (`null`: the turn timer's). */
  autoDealSeconds(): number | null
  /** The current hand's public events: what a bot gets besides its view (ai/types.ts). */
  handHistory(): GameEvent[]
  accept(seat: number, action: Action): ApiResult<null>
  now(): number
  warn(message: string): void
}

export class TurnScheduler {
  private ticket = 0
  private busy: { ticket: number; version: number; seat: number } | null = null
  private botTimer: NodeJS.Timeout | null = null
  private turnTimer: NodeJS.Timeout | null = null
  /** When the turn timer (or the auto-deal countdown) runs out, epoch ms; `null` when none runs. */
  deadline: number | null = null
  /** The seat the host plays for this turn after its timer ran out. */
  private forcedSeat: number | null = null

  constructor(
    private readonly table: TurnTable,
    private readonly bots: BotRunner,
  ) {}

  /** Stops everything: the bot in flight is forgotten, the timers cleared (a pause, a drop, the table's close). */
  stop(): void {
    this.cancelBot()
    this.clearTurnTimer()
  }

  /** The bot in flight (if any) is forgotten: its answer will not be played. */
  cancelBot(): void {
    this.ticket++
    this.busy = null
    if (this.botTimer) clearTimeout(this.botTimer)
    this.botTimer = null
  }

  /** A new game: nobody's turn is forced. */
  reset(): void {
    this.forcedSeat = null
  }

  /** After a move: the host stops playing a timed-out seat once that seat's turn is over. */
  moved(after: GameState): void {
    if (this.forcedSeat !== null && (after.turn !== this.forcedSeat || after.stage === 'handOver' || after.stage === 'gameOver')) this.forcedSeat = null
  }

  /** Who acts next without a human: a bot, an auto-played seat, a timed-out seat, or nobody (wait). */
  schedule(): void {
    this.clearTurnTimer()
    const st = this.table.game()
    if (!st || !this.table.inPlay() || st.stage === 'gameOver') {
      this.cancelBot()
      return
    }
    if (st.stage === 'handOver') {
      this.scheduleDeal(st)
      return
    }
    if (this.table.pausedSeat() !== null) {
      this.cancelBot()
      return
    }
    const actor = st.turn
    const automatic = actor !== null && (!this.table.isHumanControlled(actor) || this.forcedSeat === actor)
    if (actor !== null && automatic) {
      if (this.busy && this.busy.version === st.version && this.busy.seat === actor) return
      this.runBot(actor)
      return
    }
    this.cancelBot()
    this.startCountdown(st, st.rules.turnTimerSeconds)
  }

  private clearTurnTimer(): void {
    if (this.turnTimer) clearTimeout(this.turnTimer)
    this.turnTimer = null
    this.deadline = null
  }

  /**
   * Between hands: a table of bots deals on by itself; humans deal when all of them are ready (the table's
   * `dealIfAllReady`), or when the table's auto-deal countdown (else the turn timer) runs out.
   */
  private scheduleDeal(st: GameState): void {
    let humans = false
    for (let i = 0; i < this.table.seatCount(); i++) humans ||= this.table.isHumanControlled(i)
    if (!humans) {
      if (!(this.busy && this.busy.version === st.version)) this.runBot(0)
      return
    }
    this.cancelBot()
    this.startCountdown(st, this.table.autoDealSeconds() ?? st.rules.turnTimerSeconds)
  }

  /** `deadline` and its timer: after `seconds` (none when `null`) the host acts for whoever it waits for. */
  private startCountdown(st: GameState, seconds: number | null): void {
    if (seconds === null) return
    this.deadline = this.table.now() + seconds * 1000
    const version = st.version
    this.turnTimer = setTimeout(() => this.turnTimedOut(version), seconds * 1000)
    this.turnTimer.unref?.()
  }

  /** rules.turnTimerSeconds ran out: the host plays a safe default for the seat (the Easy bot's move). */
  private turnTimedOut(version: number): void {
    this.turnTimer = null
    this.deadline = null
    const st = this.table.game()
    if (!st || st.version !== version) return
    if (st.stage === 'handOver') {
      this.table.accept(0, { type: 'nextHand' }) // any seat may deal (the engine's nextHand)
      return
    }
    if (this.table.pausedSeat() !== null) return
    this.forcedSeat = st.turn
    this.schedule()
  }

  private runBot(seat: number): void {
    this.cancelBot()
    const st = this.table.game()!
    const ticket = this.ticket
    this.busy = { ticket, version: st.version, seat }
    const forced = this.forcedSeat === seat && this.table.isHumanControlled(seat)
    const level: BotLevel = forced ? 'easy' : (this.table.botLevel(seat) ?? 'easy')
    const delay = forced ? 0 : this.table.botDelay()
    const go = () => {
      this.botTimer = null
      const game = this.table.game()
      if (ticket !== this.ticket || !game) return
      this.bots
        .decide({ level, view: viewFor(game, seat), history: this.table.handHistory(), salt: `${this.table.tableId}#${seat}` })
        .then(
          (action) => this.botAnswered(ticket, seat, action),
          (err: unknown) => {
            this.table.warn(`[table] bot for seat ${seat} failed: ${err instanceof Error ? err.message : String(err)}`)
            this.botAnswered(ticket, seat, null)
          },
        )
    }
    if (delay > 0) {
      this.botTimer = setTimeout(go, delay)
      this.botTimer.unref?.()
    } else go()
  }

  private botAnswered(ticket: number, seat: number, action: Action | null): void {
    const game = this.table.game()
    if (ticket !== this.ticket || !game) return
    this.busy = null
    let r = action ? this.table.accept(seat, action) : fail('RULES', 'the bot had nothing to do')
    if (!r.ok) {
      // A bot bug must not stall the table: play the simplest legal move that ends or advances the turn.
      this.table.warn(`[table] bot move for seat ${seat} refused (${r.error.message}); playing a default move`)
      const now = this.table.game()
      const moves = now ? legalActions(viewFor(now, seat)) : []
      const fallback = moves.find((a) => a.type === 'draw' || a.type === 'discard' || a.type === 'skip' || a.type === 'nextHand' || a.type === 'choosePhase') ?? moves[0]
      if (fallback) r = this.table.accept(seat, fallback)
      if (!r.ok) this.table.warn(`[table] seat ${seat} is stuck: ${r.error.message}`)
    }
  }
}
