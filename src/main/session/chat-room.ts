/**
 * A table's chat: the last messages (in every snapshot) and each client's rate limit.
 */
import { fail, ok, type ApiResult, type ChatMessage } from '@shared/api'
import { cleanText } from '@shared/names'
import type { Client } from './table-host-types'

/** Messages a snapshot carries (older ones are dropped). */
export const CHAT_KEEP = 50
export const CHAT_TEXT_MAX = 200

export interface ChatLimit {
  count: number
  windowMs: number
}

export class ChatRoom {
  private readonly log: ChatMessage[] = []
  private lastId = 0

  constructor(
    private readonly limit: ChatLimit,
    private readonly now: () => number,
  ) {}

  /** The kept messages, oldest first (a copy: the snapshot's own). */
  messages(): ChatMessage[] {
    return this.log.slice()
  }

  /** `client`'s line under `name`, cleaned; refused when empty or over the client's rate. */
  post(client: Client, name: string, text: string): ApiResult<ChatMessage> {
    const clean = cleanText(text, CHAT_TEXT_MAX)
    if (!clean) return fail('BAD_REQUEST', 'empty message')
    const { count, windowMs } = this.limit
    const t = this.now()
    client.chatTimes = client.chatTimes.filter((x) => t - x < windowMs)
    if (client.chatTimes.length >= count)
      return fail('RATE_LIMITED', 'too many messages: wait a little', { retryAfterMs: windowMs - (t - client.chatTimes[0]) })
    client.chatTimes.push(t)
    const message: ChatMessage = { id: ++this.lastId, at: t, seat: client.seat, name, text: clean }
    this.log.push(message)
    if (this.log.length > CHAT_KEEP) this.log.shift()
    return ok(message)
  }
}
