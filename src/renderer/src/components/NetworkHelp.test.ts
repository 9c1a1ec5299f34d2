import { fireEvent, render, screen } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import type { ApiResult, Diagnostics } from '@shared/api'
import NetworkHelp from './NetworkHelp.svelte'

const found: Diagnostics = {
  platform: 'win32',
  addresses: [{ interface: 'Wi-Fi', address: '192.168.1.23' }],
  port: 7310,
  advert: 'silent',
  portAnswers: 'yes',
  portCheckedAt: '192.168.1.23',
  hints: ['Windows: if this network is set to Public, other players are blocked.'],
}

describe('Can’t see the table?', () => {
  it('checks only when opened, then shows the addresses, the two checks and the hints', async () => {
    const run = vi.fn(async (): Promise<ApiResult<Diagnostics>> => ({ ok: true, value: found }))
    render(NetworkHelp, { props: { run } })
    const toggle = screen.getByRole('button', { name: 'Can’t see the table?' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(run).not.toHaveBeenCalled() // the mDNS query takes seconds: never unasked
    await fireEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(await screen.findByText('192.168.1.23:7310 (Wi-Fi)')).toBeInTheDocument()
    expect(screen.getByText(/the announcement did not come back/)).toBeInTheDocument()
    expect(screen.getByText(/Answers on this computer’s own network address/)).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'What to try' })).toHaveTextContent('network is set to Public')
    await fireEvent.click(screen.getByRole('button', { name: 'Check again' }))
    expect(run).toHaveBeenCalledTimes(2)
  })

  it('says why it could not check (a guest’s browser is refused)', async () => {
    const run = async (): Promise<ApiResult<Diagnostics>> => ({ ok: false, error: { code: 'FORBIDDEN', message: 'net.diagnose is only for the host' } })
    render(NetworkHelp, { props: { run } })
    await fireEvent.click(screen.getByRole('button', { name: 'Can’t see the table?' }))
    expect(await screen.findByText('Could not check: net.diagnose is only for the host')).toBeInTheDocument()
  })
})
