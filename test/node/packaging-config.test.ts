/**
 * electron-builder.config.ts and what it names: the keys each platform's installer needs, the files they
 * point at, the package metadata, the scripts, and the Windows installer include (compiled with Debian's
 * makensis where it is installed: CI installs it). test/e2e/packaging.test.ts builds the unpacked app.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import config, { BONJOUR_SERVICE, DEEP_LINK_SCHEME } from '../../electron-builder.config'
import { SERVICE_TYPE } from '../../src/main/net/discovery'
import { DEEP_LINK_SCHEME as APP_SCHEME_OF_LINKS } from '@shared/deep-link'

const root = resolve(__dirname, '../..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const file = (path: string) => join(root, path)

describe('electron-builder.config.ts', () => {
  it('names the app, its id and copyright', () => {
    expect(config.appId).toMatch(/^[a-z0-9]+(\.[a-z0-9-]+)+$/)
    expect(config.productName).toBe('Phase 10')
    expect(config.copyright).toMatch(/^Copyright © \d{4} /)
    expect(config.directories).toMatchObject({ buildResources: 'resources', output: 'dist' })
  })

  it('ships the build and production dependencies only, without source maps', () => {
    expect(config.files).toEqual(expect.arrayContaining(['out/**/*', '!out/**/*.map', 'package.json', 'resources/icon.png']))
    expect(config.asar).toBe(true)
    expect(config.npmRebuild).toBe(false)
  })

  it('flips the fuses that harden the packaged binary', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    })
  })

  it('registers phase10:// links with every OS (the scheme the app parses); Linux through the desktop entry', () => {
    expect(DEEP_LINK_SCHEME).toBe(APP_SCHEME_OF_LINKS)
    expect(config.protocols).toEqual([{ name: expect.any(String), schemes: ['phase10'] }])
    expect(config.linux?.mimeTypes).toEqual(['x-scheme-handler/phase10'])
  })

  it('publishes drafts to GitHub releases (what electron-updater reads)', () => {
    expect(config.publish).toMatchObject({ provider: 'github', releaseType: 'draft' })
  })

  it('Linux: AppImage and deb, a Game desktop entry, the PNG icon set', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb'])
    expect(config.linux?.category).toBe('Game')
    expect((config.linux?.desktop as { entry: Record<string, string> }).entry.Categories).toMatch(/^Game;/)
    expect(config.linux?.maintainer).toMatch(/<.+@.+>/) // deb needs a maintainer address
    expect(existsSync(file(`${config.linux?.icon}/512x512.png`))).toBe(true)
  })

  it('Windows: a per-user NSIS installer with the firewall include', () => {
    expect(config.win?.target).toEqual([{ target: 'nsis', arch: ['x64'] }])
    expect(config.nsis).toMatchObject({ perMachine: false, include: 'resources/installer.nsh' })
    expect(existsSync(file(config.win!.icon as string))).toBe(true)
    const nsh = readFileSync(file('resources/installer.nsh'), 'utf8')
    expect(nsh).toMatch(/!macro p10FirewallRuleAdd\b[^!]*add rule [^!]*dir=in action=allow program="\$INSTDIR\\\$\{APP_EXECUTABLE_FILENAME\}"[^!]*profile=private/)
    expect(nsh).toMatch(/!macro customInstall\b[^!]*\$\{ifNot\} \$\{isUpdated\}\s*!insertmacro p10FirewallRuleAdd/)
    expect(nsh).toMatch(/!macro customUnInstall\b[^!]*\$\{ifNot\} \$\{isUpdated\}\s*!insertmacro p10FirewallRuleDelete/)
    expect(nsh).toMatch(/delete rule name="\$\{P10_FIREWALL_RULE\}"/)
  })

  it('macOS: dmg and zip, card games, hardened runtime, network entitlements, Local Network and Bonjour keys', () => {
    expect(config.mac?.target).toEqual(['dmg', 'zip'])
    expect(config.mac?.category).toBe('public.app-category.card-games')
    expect(config.mac?.hardenedRuntime).toBe(true)
    const entitlements = readFileSync(file(config.mac!.entitlements as string), 'utf8')
    for (const key of ['com.apple.security.network.client', 'com.apple.security.network.server', 'com.apple.security.cs.allow-jit']) {
      expect(entitlements).toMatch(new RegExp(`<key>${key.replace(/\./g, '\\.')}</key>\\s*<true/>`))
    }
    expect(config.mac?.extendInfo).toMatchObject({ NSLocalNetworkUsageDescription: expect.stringMatching(/local network/i) })
    // The service the app advertises and browses, as DNS-SD names it.
    expect(BONJOUR_SERVICE).toBe(`_${SERVICE_TYPE}._tcp`)
    expect((config.mac?.extendInfo as Record<string, unknown>).NSBonjourServices).toEqual([BONJOUR_SERVICE])
    expect(existsSync(file(config.mac!.icon as string))).toBe(true)
  })
})

describe('package.json', () => {
  it('has the metadata installers show, and a LICENSE', () => {
    expect(pkg.license).toBe('MIT')
    expect(pkg.author.name).toBeTruthy()
    expect(pkg.author.email).toMatch(/@/)
    expect(pkg.homepage).toMatch(/^https:\/\//)
    expect(readFileSync(file('LICENSE'), 'utf8')).toMatch(/^MIT License/)
  })

  it('has pack, dist and release scripts that never publish by accident', () => {
    expect(pkg.scripts.pack).toBe('electron-vite build && electron-builder --dir --publish never')
    expect(pkg.scripts.dist).toBe('electron-vite build && electron-builder --publish never')
    expect(pkg.scripts.release).toBe('electron-vite build && electron-builder --publish always')
  })

  it('pins every dependency exactly', () => {
    for (const [name, version] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
      expect(version, name).toMatch(/^\d+\.\d+\.\d+$/)
    }
  })
})

describe('the NSIS include', () => {
  const makensis = ['/usr/bin/makensis', '/usr/local/bin/makensis'].find((p) => existsSync(p))
  it.skipIf(!makensis && !process.env.CI)('compiles with makensis (electron-builder’s defines stubbed)', () => {
    expect(makensis, 'CI installs nsis (.ci/run)').toBeTruthy()
    const dir = mkdtempSync(join(tmpdir(), 'p10-nsis-'))
    try {
      // What electron-builder's templates define before they insert customInstall/customUnInstall.
      writeFileSync(
        join(dir, 'check.nsi'),
        [
          'Unicode true',
          '!include LogicLib.nsh',
          '!define APP_EXECUTABLE_FILENAME "Phase 10.exe"',
          '!macro _isUpdated _a _b _t _f',
          '  StrCmp "" "" `${_f}` `${_t}`',
          '!macroend',
          '!define isUpdated `"" isUpdated ""`',
          `!include "${file('resources/installer.nsh')}"`,
          `OutFile "${join(dir, 'check.exe')}"`,
          'RequestExecutionLevel user',
          'Section',
          '  !insertmacro customInstall',
          '  WriteUninstaller "$INSTDIR\\uninstall.exe"',
          'SectionEnd',
          'Section "Uninstall"',
          '  !insertmacro customUnInstall',
          'SectionEnd',
        ].join('\n'),
      )
      execFileSync(makensis!, ['-V2', '-WX', join(dir, 'check.nsi')], { stdio: 'pipe' })
      expect(existsSync(join(dir, 'check.exe'))).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
