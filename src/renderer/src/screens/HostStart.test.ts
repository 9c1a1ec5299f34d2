import { fireEvent, render, screen } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import type { TableStore } from '../stores/table.svelte'
import HostStart from './HostStart.svelte'

describe('Host a LAN game', () => {
  it('opens the table on the network the user picked', async () => {
    const request = vi.fn(async () => null)
    const ask = vi.fn(async (name: string) =>
      name === 'host.interfaces'
        ? { ok: true, value: { interfaces: [{ name: 'Wi-Fi', address: '192.168.1.23', ipv6: [] }, { name: 'Ethernet', address: '10.0.0.5', ipv6: [] }], chosen: 'Wi-Fi', fixed: false } }
        : { ok: false, error: { code: 'INTERNAL', message: 'not in this test' } },
    )
    const store = { request, ask, busy: false } as unknown as TableStore
    render(HostStart, { props: { store, onBack: () => {} } })
    const select = (await screen.findByRole('combobox', { name: /Network/ })) as HTMLSelectElement
    await fireEvent.change(select, { target: { value: 'Ethernet' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Open the table' }))
    expect(request).toHaveBeenCalledWith('host.open', expect.objectContaining({ interface: 'Ethernet' }))
  })
})
