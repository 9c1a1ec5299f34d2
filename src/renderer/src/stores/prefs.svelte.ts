/**
 * The player's settings as the table uses them (card style, sound, animation speed, bot delay, name):
 * loaded once from the host and kept fresh by `settings.changed`. Components read `prefs.*`.
 */
import { DEFAULT_SETTINGS, type GameApi, type Settings } from '../../../shared/api'

class Prefs {
  current = $state<Settings>({ ...DEFAULT_SETTINGS })
  loaded = $state(false)

  get cardStyle() {
    return this.current.cardStyle
  }

  /** Loads and follows the saved settings; returns the unsubscribe function. */
  connect(api: GameApi): () => void {
    void api.invoke('settings.get', {}).then((r) => {
      if (r.ok) this.apply(r.value)
    })
    return api.on('settings.changed', (s) => this.apply(s))
  }

  apply(settings: Settings): void {
    this.current = settings
    this.loaded = true
    if (typeof document !== 'undefined') document.documentElement.dataset.cardStyle = settings.cardStyle
  }
}

export const prefs = new Prefs()
