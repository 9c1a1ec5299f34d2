import { render, screen, within } from '@testing-library/svelte'
import { describe, expect, it, vi } from 'vitest'
import type { GameApi } from '@shared/api'
import { strengthOf } from '@shared/ai/ladder'
import type { TableStore } from '../stores/table.svelte'
import SoloSetup from './SoloSetup.svelte'

describe('Play solo', () => {
  it("offers the Expert level and shows each level's measured strength from the ladder", () => {
    const store = { request: vi.fn(async () => null), busy: false } as unknown as TableStore
    render(SoloSetup, { props: { api: {} as GameApi, store, onBack: () => {} } })
    const select = screen.getByRole('combobox', { name: "Ada's level" })
    expect(within(select).getByRole('option', { name: 'Expert' })).toBeTruthy()
    const list = screen.getByRole('list', { name: 'How strong each level is' })
    const expert = strengthOf('expert')!
    expect(expert).toMatch(/against three Hard bots/)
    expect(within(list).getByText(expert, { exact: false })).toBeTruthy()
    // Medium, Hard and Expert each against the level just below (Easy has none below it).
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
  })
})
