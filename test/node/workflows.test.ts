/**
 * The GitHub Actions workflows (.github/workflows/ci.yml and release.yml), read as GitHub reads them: the
 * triggers, permissions and job graph, what each job runs, and — release.yml's one subtle part — that the
 * signing and notarization credentials reach electron-builder only when their secrets exist. That last part
 * is checked by evaluating the dist job's `if:` and `env:` expressions (with a small evaluator for the
 * subset of GitHub's expression language they use) on each platform, for every combination of secrets
 * present or absent.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

type Env = Record<string, unknown>
interface Step {
  name?: string
  uses?: string
  run?: string
  if?: string | boolean
  shell?: string
  env?: Env
  with?: Record<string, unknown>
}
interface Job {
  needs?: string | string[]
  'runs-on'?: unknown
  if?: string
  env?: Env
  permissions?: Record<string, string> | string
  defaults?: { run?: { shell?: string } }
  strategy?: { 'fail-fast'?: boolean; matrix?: Record<string, unknown> & { os?: string[] } }
  steps: Step[]
}
interface Workflow {
  on: Record<string, unknown>
  permissions?: Record<string, string> | string
  concurrency?: { group?: string; 'cancel-in-progress'?: boolean }
  env?: Env
  defaults?: { run?: { shell?: string } }
  jobs: Record<string, Job>
}

function load(name: string): { text: string; wf: Workflow } {
  const text = readFileSync(join(root, '.github/workflows', name), 'utf8')
  // strict + uniqueKeys: a duplicated key (which GitHub rejects) is a parse error here too.
  const wf = parse(text, { strict: true, uniqueKeys: true }) as Workflow
  return { text, wf }
}

const ci = load('ci.yml')
const release = load('release.yml')

const asList = (v: string | string[] | undefined): string[] => (v == null ? [] : Array.isArray(v) ? v : [v])
const runs = (step: Step, what: string | RegExp): boolean =>
  typeof step.run === 'string' && (typeof what === 'string' ? step.run.includes(what) : what.test(step.run))
const indexOfStep = (job: Job, pred: (s: Step) => boolean): number => job.steps.findIndex(pred)

// ---------------------------------------------------------------------------------------------------------
// A small evaluator for GitHub expressions: literals ('…', true, false, null, numbers), context paths
// (runner.os, env.X, secrets.X, matrix.x, github.x), ! == != && || and parentheses. Anything else (function
// calls such as always() or startsWith()) throws, so a guard this test cannot read fails it rather than
// being assumed true.
// ---------------------------------------------------------------------------------------------------------
type Value = string | number | boolean | null
type Contexts = Record<string, Record<string, Value>>

function tokenize(src: string): string[] {
  const tokens: string[] = []
  let i = 0
  while (i < src.length) {
    const c = src[i]
    if (/\s/.test(c)) {
      i += 1
    } else if (c === "'") {
      let j = i + 1
      let s = ''
      for (;;) {
        if (j >= src.length) throw new Error(`unterminated string in ${src}`)
        if (src[j] === "'") {
          if (src[j + 1] === "'") {
            s += "'"
            j += 2
            continue
          }
          break
        }
        s += src[j]
        j += 1
      }
      tokens.push(`'${s}`) // a leading ' marks a string token
      i = j + 1
    } else if (['&&', '||', '==', '!='].includes(src.slice(i, i + 2))) {
      tokens.push(src.slice(i, i + 2))
      i += 2
    } else if ('()!'.includes(c)) {
      tokens.push(c)
      i += 1
    } else {
      const m = /^[A-Za-z_][A-Za-z0-9_.-]*|^-?\d+(\.\d+)?/.exec(src.slice(i))
      if (!m) throw new Error(`cannot read ${JSON.stringify(src.slice(i))} in ${src}`)
      tokens.push(m[0])
      i += m[0].length
    }
  }
  return tokens
}

const truthy = (v: Value): boolean => !(v === false || v === null || v === '' || v === 0 || Number.isNaN(v))

function equal(a: Value, b: Value): boolean {
  // GitHub compares strings case-insensitively.
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase()
  return a === b
}

function evaluate(expression: string, ctx: Contexts): Value {
  const tokens = tokenize(expression)
  let pos = 0
  const peek = (): string | undefined => tokens[pos]
  const take = (): string => {
    const t = tokens[pos]
    if (t === undefined) throw new Error(`unexpected end of ${expression}`)
    pos += 1
    return t
  }
  function primary(): Value {
    const t = take()
    if (t === '(') {
      const v = or()
      if (take() !== ')') throw new Error(`missing ) in ${expression}`)
      return v
    }
    if (t === '!') return !truthy(primary())
    if (t.startsWith("'")) return t.slice(1)
    if (t === 'true') return true
    if (t === 'false') return false
    if (t === 'null') return null
    if (/^-?\d/.test(t)) return Number(t)
    if (peek() === '(') throw new Error(`function call ${t}() is not supported by this test's evaluator`)
    const [context, ...rest] = t.split('.')
    const values = ctx[context]
    if (values === undefined) throw new Error(`unknown context ${context} in ${expression}`)
    const key = rest.join('.')
    // An unset secret reads as '' (GitHub documents this); any other missing property is null.
    return key in values ? values[key] : context === 'secrets' ? '' : null
  }
  function comparison(): Value {
    let left = primary()
    while (peek() === '==' || peek() === '!=') {
      const op = take()
      const right = primary()
      left = op === '==' ? equal(left, right) : !equal(left, right)
    }
    return left
  }
  function and(): Value {
    let left = comparison()
    while (peek() === '&&') {
      take()
      const right = comparison()
      left = truthy(left) ? right : left
    }
    return left
  }
  function or(): Value {
    let left = and()
    while (peek() === '||') {
      take()
      const right = and()
      left = truthy(left) ? left : right
    }
    return left
  }
  const result = or()
  if (pos !== tokens.length) throw new Error(`unexpected ${tokens[pos]} in ${expression}`)
  return result
}

const asString = (v: Value): string => (v === null ? '' : String(v))

/** A value as GitHub puts it into an `env:` map: `${{ }}` parts evaluated, the rest literal. */
function interpolate(raw: unknown, ctx: Contexts): string {
  if (typeof raw !== 'string') return String(raw)
  return raw.replace(/\$\{\{(.*?)\}\}/gs, (_m, inner: string) => asString(evaluate(inner, ctx)))
}

/** A step's (or job's) `if:`, with or without the `${{ }}` around it; no `if:` means success(). */
function condition(raw: string | boolean | undefined, ctx: Contexts): boolean {
  if (raw === undefined) return true
  if (typeof raw === 'boolean') return raw
  const m = /^\s*\$\{\{(.*)\}\}\s*$/s.exec(raw)
  return truthy(evaluate(m ? m[1] : raw, ctx))
}

// ---------------------------------------------------------------------------------------------------------

describe('GitHub expression evaluator (used by the checks below)', () => {
  const ctx: Contexts = { secrets: { A: 'x' }, env: { F: 'false' }, runner: { os: 'macOS' } }
  it('reads the expressions the workflows use', () => {
    expect(evaluate("secrets.A != ''", ctx)).toBe(true)
    expect(evaluate("secrets.MISSING != ''", ctx)).toBe(false)
    expect(evaluate("runner.os == 'macos' && env.F != 'true'", ctx)).toBe(true)
    expect(evaluate("runner.os == 'Linux' || (runner.os == 'macOS' && env.F == 'true')", ctx)).toBe(false)
    expect(interpolate('${{ secrets.MISSING != \'\' }}', ctx)).toBe('false')
    expect(() => evaluate('always()', ctx)).toThrow(/not supported/)
  })
})

describe('.nvmrc', () => {
  it('exists and names Node 22 or later (what users and CI run)', () => {
    const file = join(root, '.nvmrc')
    expect(existsSync(file)).toBe(true)
    const version = readFileSync(file, 'utf8').trim()
    const major = Number(/^v?(\d+)/.exec(version)?.[1])
    expect(major).toBeGreaterThanOrEqual(22)
  })
})

describe('every action is pinned to a version', () => {
  for (const [name, { text }] of [
    ['ci.yml', ci],
    ['release.yml', release],
  ] as const) {
    it(name, () => {
      const uses = [...text.matchAll(/^\s*(?:-\s*)?uses:\s*['"]?([^\s'"#]+)/gm)].map((m) => m[1])
      expect(uses.length).toBeGreaterThan(0)
      for (const u of uses) expect(u, u).toMatch(/@v\d/)
    })
  }
})

/** Checkout, setup-node from .nvmrc with the npm cache: the start of every job here that runs npm. */
function expectNodeSetup(job: Job): void {
  expect(job.steps.some((s) => s.uses?.startsWith('actions/checkout@'))).toBe(true)
  const setup = job.steps.find((s) => s.uses?.startsWith('actions/setup-node@'))
  expect(setup, 'actions/setup-node step').toBeDefined()
  expect(setup?.with?.['node-version-file']).toBe('.nvmrc')
  expect(setup?.with?.cache).toBe('npm')
}

/** Runs .ci/run, after a step that installs Chromium with sudo (.ci/run's own apt-get needs root). */
function expectCiRun(job: Job): void {
  const ciRun = indexOfStep(job, (s) => runs(s, /(^|\s)(bash\s+)?(\.\/)?\.ci\/run\b/))
  expect(ciRun, 'a step runs .ci/run').toBeGreaterThanOrEqual(0)
  const chromium = indexOfStep(job, (s) => runs(s, /sudo apt-get install -y chromium/))
  expect(chromium, 'a step installs chromium with sudo apt-get').toBeGreaterThanOrEqual(0)
  expect(chromium).toBeLessThan(ciRun)
  expect(String(job['runs-on'])).toBe('ubuntu-latest')
}

describe('ci.yml', () => {
  const { wf } = ci
  it('runs on every branch push and on pull requests', () => {
    expect(wf.on).toHaveProperty('push')
    expect(wf.on).toHaveProperty('pull_request')
    const push = (wf.on.push ?? {}) as { branches?: string[]; 'branches-ignore'?: string[] }
    expect(push['branches-ignore']).toBeUndefined()
    if (push.branches !== undefined) expect(push.branches).toContain('**')
  })
  it('has read-only permissions and cancels superseded runs', () => {
    expect(wf.permissions).toEqual({ contents: 'read' })
    expect(wf.concurrency?.group).toMatch(/\$\{\{.*github\.(ref|head_ref|event\.pull_request)/)
    expect(wf.concurrency?.['cancel-in-progress']).toBe(true)
  })
  it('sets up Node from .nvmrc and runs .ci/run', () => {
    const jobs = Object.values(wf.jobs)
    expect(jobs).toHaveLength(1)
    expectNodeSetup(jobs[0])
    expectCiRun(jobs[0])
  })
  it('uses no secrets (pull requests from forks get none)', () => {
    expect(ci.text).not.toMatch(/secrets\./)
  })
})

describe('release.yml', () => {
  const { wf, text } = release
  const dist = wf.jobs.dist
  const distSteps = dist.steps.filter((s) => runs(s, 'npm run release'))

  it('runs on pushed v* tags and by hand', () => {
    const push = wf.on.push as { tags?: string[]; branches?: string[] }
    expect(push.tags).toContain('v*')
    expect(push.branches).toBeUndefined()
    expect(wf.on).toHaveProperty('workflow_dispatch')
  })

  it('may write contents (electron-builder creates the release and uploads to it)', () => {
    expect(wf.permissions).toEqual({ contents: 'write' })
  })

  it('tests first: the test job runs .ci/run, and checks a pushed tag against package.json', () => {
    const test = wf.jobs.test
    expect(test).toBeDefined()
    expectNodeSetup(test)
    expectCiRun(test)
    expect(test.steps.some((s) => runs(s, 'GITHUB_REF_NAME') && runs(s, 'package.json'))).toBe(true)
  })

  it('creates the draft release once, before the platform builds (they would race to create it)', () => {
    const needs = asList(dist.needs)
    expect(needs).toContain('test')
    const creators = needs.filter((n) => wf.jobs[n]?.steps.some((s) => runs(s, /gh release create\b.*--draft/)))
    expect(creators).toHaveLength(1)
    expect(asList(wf.jobs[creators[0]].needs)).toContain('test')
  })

  it('builds on Linux, Windows and macOS, each to the end', () => {
    expect([...(dist.strategy?.matrix?.os ?? [])].sort()).toEqual(['macos-latest', 'ubuntu-latest', 'windows-latest'])
    expect(dist.strategy?.['fail-fast']).toBe(false)
    expect(dist['runs-on']).toBe('${{ matrix.os }}')
    expectNodeSetup(dist)
  })

  it('runs `npm run release` (electron-builder --publish always) with GH_TOKEN, in bash, after npm ci', () => {
    expect(distSteps.length).toBeGreaterThan(0)
    const npmCi = indexOfStep(dist, (s) => runs(s, /^npm ci\b/m))
    expect(npmCi).toBeGreaterThanOrEqual(0)
    for (const step of distSteps) {
      expect(step.run).toMatch(/^npm run release$/m)
      expect(step.env?.GH_TOKEN).toBe('${{ secrets.GITHUB_TOKEN }}')
      expect(step.shell ?? dist.defaults?.run?.shell ?? wf.defaults?.run?.shell).toBe('bash')
      expect(dist.steps.indexOf(step)).toBeGreaterThan(npmCi)
    }
  })

  it('uploads the installers and update metadata as artifacts, failing if a platform made none', () => {
    const upload = dist.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))
    expect(upload).toBeDefined()
    const paths = String(upload?.with?.path).split('\n').map((p) => p.trim()).filter(Boolean)
    for (const p of ['dist/*.AppImage', 'dist/*.deb', 'dist/*.exe', 'dist/*.dmg', 'dist/*.zip', 'dist/latest*.yml']) {
      expect(paths).toContain(p)
    }
    // upload-artifact's if-no-files-found applies to all the patterns together, so `error` fails only a
    // platform that produced none of them.
    expect(upload?.with?.['if-no-files-found']).toBe('error')
    // Artifact names must differ between the matrix jobs (upload-artifact v4 will not merge them).
    expect(String(upload?.with?.name)).toContain('${{ matrix.os }}')
  })

  // ------------------------------------------------------------------------------------------------------
  // Signing and notarization.
  // ------------------------------------------------------------------------------------------------------

  /** Variables electron-builder 26 reads for code signing and notarization. */
  const SIGNING = [
    'CSC_LINK', 'CSC_KEY_PASSWORD', 'CSC_NAME', 'CSC_KEYCHAIN', 'CSC_INSTALLER_LINK', 'CSC_INSTALLER_KEY_PASSWORD',
    'WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD',
    'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID', 'APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER',
    'APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE',
  ]
  /**
   * Certificate variables for which electron-builder treats '' differently from unset (it picks the value
   * with a null check; on macOS CSC_LINK='' then fails importing a certificate from ''). An absent secret
   * passed as `X: ${{ secrets.X }}` is exactly that '', so these may never be set empty. (APPLE_* are read
   * with a truthiness check, so '' there means "not notarizing".)
   */
  const CERT_LINKS = ['CSC_LINK', 'WIN_CSC_LINK', 'CSC_INSTALLER_LINK']

  const envMaps: Array<[string, Env | undefined]> = [
    ['workflow env', wf.env],
    ...Object.entries(wf.jobs).flatMap(([id, job]): Array<[string, Env | undefined]> => [
      [`jobs.${id}.env`, job.env],
      ...job.steps.map((s, i): [string, Env | undefined] => [`jobs.${id}.steps[${i}] (${s.name ?? s.run ?? s.uses}).env`, s.env]),
    ]),
  ]

  it('takes signing variables only from secrets, and only in step env (never workflow- or job-wide)', () => {
    let seen = 0
    for (const [where, env] of envMaps) {
      for (const [key, value] of Object.entries(env ?? {})) {
        if (!SIGNING.includes(key)) continue
        seen += 1
        expect(where, `${key} set in ${where}`).toMatch(/steps\[/)
        expect(value, `${key} in ${where}`).toMatch(/^\$\{\{\s*secrets\.[A-Za-z0-9_]+\s*\}\}$/)
      }
    }
    expect(seen).toBeGreaterThan(0)
  })

  const secretNames = [...new Set([...text.matchAll(/secrets\.([A-Za-z0-9_]+)/g)].map((m) => m[1]))].filter(
    (n) => n !== 'GITHUB_TOKEN',
  )
  const runnerOs: Record<string, string> = { 'ubuntu-latest': 'Linux', 'windows-latest': 'Windows', 'macos-latest': 'macOS' }

  /** The dist steps that would run, with the env each would get, for one platform and set of secrets. */
  function simulate(os: string, present: Set<string>) {
    const secrets: Record<string, Value> = { GITHUB_TOKEN: 'gh-token' }
    for (const n of present) secrets[n] = `value-of-${n}`
    const base: Contexts = {
      secrets,
      runner: { os: runnerOs[os] },
      matrix: { os },
      github: { ref_type: 'tag', ref_name: 'v1.0.0', ref: 'refs/tags/v1.0.0', event_name: 'push' },
      env: {},
    }
    const env: Record<string, Value> = {}
    for (const [k, v] of Object.entries(wf.env ?? {})) env[k] = interpolate(v, { ...base, env: { ...env } })
    for (const [k, v] of Object.entries(dist.env ?? {})) env[k] = interpolate(v, { ...base, env: { ...env } })
    const ctx: Contexts = { ...base, env }
    return distSteps
      .filter((s) => condition(s.if, ctx))
      .map((s) => {
        const stepEnv: Record<string, string> = {}
        for (const [k, v] of Object.entries(env)) stepEnv[k] = asString(v)
        for (const [k, v] of Object.entries(s.env ?? {})) stepEnv[k] = interpolate(v, ctx)
        return { step: s, env: stepEnv }
      })
  }

  /** Every subset of the secrets the workflow names. */
  const subsets: Array<Set<string>> = Array.from({ length: 2 ** secretNames.length }, (_, mask) =>
    new Set(secretNames.filter((_n, i) => mask & (1 << i))),
  )

  it('names the signing secrets it expects', () => {
    for (const n of ['CSC_LINK', 'CSC_KEY_PASSWORD', 'WIN_CSC_LINK', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID']) {
      expect(secretNames).toContain(n)
    }
  })

  for (const os of ['ubuntu-latest', 'windows-latest', 'macos-latest']) {
    it(`${os}: with no secrets, exactly one dist step runs, and unsigned`, () => {
      const running = simulate(os, new Set())
      expect(running).toHaveLength(1)
      const { env } = running[0]
      expect(env.GH_TOKEN).toBe('gh-token')
      for (const k of SIGNING) expect(env[k] ?? '', k).toBe('')
      for (const k of CERT_LINKS) expect(env, k).not.toHaveProperty(k)
      if (os === 'macos-latest') expect(env.CSC_IDENTITY_AUTO_DISCOVERY).toBe('false')
    })

    it(`${os}: for every combination of secrets, exactly one dist step runs, and signs only with what exists`, () => {
      for (const present of subsets) {
        const label = `${os} with secrets [${[...present].join(', ')}]`
        const running = simulate(os, present)
        expect(running, label).toHaveLength(1)
        const { env } = running[0]
        expect(env.GH_TOKEN, label).toBe('gh-token')
        for (const k of CERT_LINKS) if (k in env) expect(env[k], `${label}: ${k} set but empty`).not.toBe('')
        // A signing variable carries its own secret (or nothing): never some other secret's value.
        for (const k of SIGNING) if (env[k]) expect(env[k], `${label}: ${k}`).toBe(`value-of-${k}`)

        if (os === 'ubuntu-latest') {
          for (const k of SIGNING) expect(env[k] ?? '', `${label}: ${k}`).toBe('')
        } else if (os === 'windows-latest') {
          // A macOS certificate must never be tried on Windows (electron-builder falls back to CSC_LINK).
          expect(env, label).not.toHaveProperty('CSC_LINK')
          if (present.has('WIN_CSC_LINK')) expect(env.WIN_CSC_LINK, label).toBe('value-of-WIN_CSC_LINK')
          else expect(env, label).not.toHaveProperty('WIN_CSC_LINK')
        } else {
          expect(env, label).not.toHaveProperty('WIN_CSC_LINK')
          if (present.has('CSC_LINK')) {
            expect(env.CSC_LINK, label).toBe('value-of-CSC_LINK')
            expect(env.CSC_IDENTITY_AUTO_DISCOVERY, label).not.toBe('false')
            for (const k of ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID']) {
              expect(env[k], `${label}: ${k}`).toBe(present.has(k) ? `value-of-${k}` : '')
            }
          } else {
            expect(env, label).not.toHaveProperty('CSC_LINK')
            expect(env.CSC_IDENTITY_AUTO_DISCOVERY, label).toBe('false')
            // Notarization needs a signed app: without the certificate no Apple credential is passed.
            for (const k of SIGNING) expect(env[k] ?? '', `${label}: ${k}`).toBe('')
          }
        }
      }
    })
  }
})
