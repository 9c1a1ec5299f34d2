/**
 * The player's settings as the table uses them (card style, sound, animation speed, bot delay, name):
 * loaded once from the host and kept fresh by `settings.changed`. Components read `prefs.*`.
 */
import { DEFAULT_SETTINGS, type GameApi, type Settings, type SettingsPatch } from '@shared/api'

class Prefs {
  current = $state<Settings>({ ...DEFAULT_SETTINGS })
  loaded = $state(false)
  /** Where `save` writes: the api `connect` followed (the host's settings, or this browser's). */
  private api: GameApi | null = null

  get cardStyle() {
    return this.current.cardStyle
  }

  /** Loads and follows the saved settings; returns the unsubscribe function. */
  connect(api: GameApi): () => void {
    this.api = api
    void api.invoke('settings.get', {}).then((r) => {
      if (r.ok) this.apply(r.value)
    })
    return api.on('settings.changed', (s) => this.apply(s))
  }

  /**
   * Saves a change from a component that is not the Settings screen (the phase list editor's saved lists):
   * answers `null` once saved, else the reason; nothing changes on a refusal.
   */
  async save(patch: SettingsPatch): Promise<string | null> {
    if (!this.api) return 'Settings are not loaded yet: try again in a moment.'
    const r = await this.api.invoke('settings.set', patch)
    if (!r.ok) return r.error.message
    this.apply(r.value)
    return null
  }

  apply(settings: Settings): void {
    this.current = settings
    this.loaded = true
    if (typeof document !== 'undefined') document.documentElement.dataset.cardStyle = settings.cardStyle
  }
}

export const prefs = new Prefs()
