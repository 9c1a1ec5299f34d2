/**
 * A tiny screen router: one `$state` holding the current screen, mirrored in `location.hash` so a reload
 * (Electron's View › Reload, a phone's refresh) stays on the same screen.
 */
export const SCREENS = ['home', 'solo', 'host', 'join', 'rules', 'settings', 'lobby', 'table', 'replay', 'history'] as const
export type Screen = (typeof SCREENS)[number]

function screenFromHash(hash: string): Screen {
  const name = hash.replace(/^#\/?/, '')
  return (SCREENS as readonly string[]).includes(name) ? (name as Screen) : 'home'
}

class Router {
  current = $state<Screen>(typeof location !== 'undefined' ? screenFromHash(location.hash) : 'home')

  go(screen: Screen): void {
    this.current = screen
    if (typeof history !== 'undefined') history.replaceState(null, '', screen === 'home' ? '#' : `#/${screen}`)
  }
}

export const router = new Router()
