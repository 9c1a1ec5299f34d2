/**
 * electron-builder: how `npm run pack` / `npm run dist` / `npm run release` turn the electron-vite build
 * (out/) into the desktop app and its installers. The one place packaging is configured; checked by
 * test/node/packaging.test.ts, and proved by building the unpacked app there against a stand-in Electron.
 */
import type { Configuration } from 'electron-builder'

/**
 * Where releases (and so updates) live: the repository the release workflow runs in, else package.json's
 * `repository`. electron-builder writes it into the app (app-update.yml), which electron-updater reads.
 */
function releaseRepository(): { owner: string; repo: string } | undefined {
  const [owner, repo] = (process.env.GITHUB_REPOSITORY ?? '').split('/')
  return owner && repo ? { owner, repo } : undefined
}

export const DEEP_LINK_SCHEME = 'phase10' // src/shared/deep-link.ts DEEP_LINK_SCHEME

export const BONJOUR_SERVICE = '_phase10._tcp' // src/main/net/discovery.ts SERVICE_TYPE, as DNS-SD names it

const config: Configuration = {
  appId: 'io.github.phase10desktop.phase10',
  productName: 'Phase 10',
  copyright: 'Copyright © 2026 The Phase 10 desktop team',
  directories: { buildResources: 'resources', output: 'dist' },
  // The build and the window icon; production dependencies are added by electron-builder itself (never
  // devDependencies). Left out: source maps, and the dependencies' TypeScript sources, type declarations
  // and docs — nothing that runs (zod alone ships 7 MB of them).
  // resources/sounds: the card sounds' licence travels with them (they are in out/renderer/assets; GPL data files).
  files: ['out/**/*', '!out/**/*.map', 'resources/icon.png', 'resources/sounds/LICENSE', 'resources/sounds/GPL-*.txt', 'package.json', '!**/node_modules/**/*.{ts,cts,mts,map,md,markdown}', '!**/node_modules/zod/src/**'],
  asar: true,
  // No native modules: nothing to rebuild (and @electron/rebuild would want Electron's headers).
  npmRebuild: false,
  // Flipped in the Electron binary at package time (@electron/fuses). The app needs none of what is off:
  // it never runs Electron as plain Node (bots use worker_threads), reads no NODE_OPTIONS, takes no
  // --inspect, and loads its pages from app:// (src/main/app-protocol.ts), not file://.
  electronFuses: {
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
  },
  publish: { provider: 'github', releaseType: 'draft', ...releaseRepository() },
  // phase10://join?… links open the join screen (src/shared/deep-link.ts): the macOS Info.plist and the
  // Windows registry entries come from this; Linux from the desktop entry's MimeType below.
  protocols: [{ name: 'Phase 10 join link', schemes: [DEEP_LINK_SCHEME] }],

  linux: {
    target: ['AppImage', 'deb'],
    category: 'Game',
    executableName: 'phase10',
    icon: 'resources/icons',
    maintainer: 'The Phase 10 desktop team <phase10desktop@users.noreply.github.com>',
    synopsis: 'Phase 10 card game: LAN party and solo play',
    mimeTypes: [`x-scheme-handler/${DEEP_LINK_SCHEME}`],
    desktop: {
      entry: {
        Name: 'Phase 10',
        GenericName: 'Card game',
        Comment: 'Play Phase 10 on your network or against bots',
        Categories: 'Game;CardGame;',
        Keywords: 'cards;phase;rummy;party;lan;',
      },
    },
  },
  appImage: { artifactName: '${productName}-${version}-${arch}.${ext}' },
  deb: { artifactName: '${name}_${version}_${arch}.${ext}' },

  win: {
    target: [{ target: 'nsis', arch: ['x64'] }],
    icon: 'resources/icon.ico',
  },
  nsis: {
    // Per-user: no administrator needed to install or update. The firewall rule (resources/installer.nsh)
    // asks for elevation once, at the first install, and once at the uninstall.
    oneClick: true,
    perMachine: false,
    createDesktopShortcut: true,
    createStartMenuShortcut: true,
    shortcutName: 'Phase 10',
    include: 'resources/installer.nsh',
    artifactName: '${productName}-Setup-${version}.${ext}',
  },

  mac: {
    target: ['dmg', 'zip'], // zip: what electron-updater installs updates from on macOS
    category: 'public.app-category.card-games',
    icon: 'resources/icon.icns',
    hardenedRuntime: true,
    entitlements: 'resources/entitlements.mac.plist',
    entitlementsInherit: 'resources/entitlements.mac.plist',
    extendInfo: {
      // macOS 15 blocks LAN traffic of apps without these (silently, for Bonjour browsing).
      NSLocalNetworkUsageDescription: 'Phase 10 finds and hosts card tables on your local network so friends can join.',
      NSBonjourServices: [BONJOUR_SERVICE],
    },
  },
  dmg: { artifactName: '${productName}-${version}-${arch}.${ext}' },
}

export default config
