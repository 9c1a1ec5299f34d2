import { render, screen } from '@testing-library/svelte'
import { describe, expect, it } from 'vitest'
import type { ApiResult, HostInterfaces } from '@shared/api'
import NetworkPicker from './NetworkPicker.svelte'

const wifi = { name: 'Wi-Fi', address: '192.168.1.23', ipv6: [] }
const cable = { name: 'Ethernet', address: '10.0.0.5', ipv6: [] }
const answer = (value: HostInterfaces) => async (): Promise<ApiResult<HostInterfaces>> => ({ ok: true, value })

describe('the Host screen’s network choice', () => {
  it('offers every usable network when there are several, the host’s choice selected', async () => {
    render(NetworkPicker, { props: { load: answer({ interfaces: [wifi, cable], chosen: 'Wi-Fi', fixed: false }), value: undefined } })
    const select = (await screen.findByRole('combobox', { name: /Network/ })) as HTMLSelectElement
    expect([...select.options].map((o) => o.textContent)).toEqual(['Wi-Fi — 192.168.1.23', 'Ethernet — 10.0.0.5'])
    expect(select.value).toBe('Wi-Fi')
    expect(screen.getByText(/pick the one the other players are on/)).toBeInTheDocument()
  })

  it('shows nothing for one network, a host fixed to one address, or a refusal', async () => {
    for (const load of [
      answer({ interfaces: [wifi], chosen: 'Wi-Fi', fixed: false }),
      answer({ interfaces: [wifi, cable], chosen: 'Wi-Fi', fixed: true }),
      async (): Promise<ApiResult<HostInterfaces>> => ({ ok: false, error: { code: 'FORBIDDEN', message: 'no' } }),
    ]) {
      const { unmount } = render(NetworkPicker, { props: { load, value: undefined } })
      await new Promise((r) => setTimeout(r, 10))
      expect(screen.queryByRole('combobox')).toBeNull()
      unmount()
    }
  })
})
