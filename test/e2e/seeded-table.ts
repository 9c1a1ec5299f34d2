/**
 * A seeded solo table at the headless host, opened for the operator's browser: the table is started over
 * the host's own WebSocket API as the operator (the `p10op` cookie the operator URL sets), so the deal is
 * the seed's; the operator's page then opens straight into its seat (the host gives the operator its seat
 * back, as after a reload). Any table the host had open is closed first. For tests and tools that need the
 * same table every time.
 */
import WebSocket from 'ws'
import { WS_PATH, type ParamsOf } from '@shared/api'
import type { HostProcess } from './helpers'

export async function startSeededSolo(host: HostProcess, params: ParamsOf<'solo.start'>): Promise<void> {
  const token = new URL(host.operatorUrl).searchParams.get('op')!
  const socket = new WebSocket(host.url.replace(/^http/, 'ws').replace(/\/$/, '') + WS_PATH, { headers: { cookie: `p10op=${token}` } })
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    let id = 0
    const request = (name: string, body: unknown) =>
      new Promise<{ ok: boolean; error?: unknown }>((resolve, reject) => {
        const mine = ++id
        socket.on('message', (data) => {
          const frame = JSON.parse(String(data)) as { type: string; id?: number; result?: { ok: boolean; error?: unknown } }
          if (frame.type === 'response' && frame.id === mine) resolve(frame.result!)
        })
        socket.once('close', () => reject(new Error(`the host closed the socket before answering ${name}`)))
        socket.send(JSON.stringify({ type: 'request', id: mine, name, params: body }))
      })
    await request('host.close', {}) // an earlier test's table, if any (refused when there is none: fine)
    const answer = await request('solo.start', params)
    if (!answer.ok) throw new Error(`solo.start refused: ${JSON.stringify(answer.error)}`)
  } finally {
    socket.close()
  }
}
