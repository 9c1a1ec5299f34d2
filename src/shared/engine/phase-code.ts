/**
 * A custom phase list as a short text code to share (read aloud, typed on a phone, pasted in a chat):
 * `P10-` + its phases separated by `.`, each phase its groups as a letter and a size — `s` set, `r` run,
 * `c` cards of one colour — and optionally `-` and the list's name:
 *
 *     P10-s3s3.s3r4.r7-Quick_three        2 sets of 3 · a set of 3 + a run of 4 · a run of 7, "Quick three"
 *
 * The name is percent-encoded UTF-8 with `_` for a space (letters and digits stay as they are). Decoding is
 * strict, as for any text from a stranger: a bounded length, exactly this grammar (case-insensitive prefix
 * and letters, as phones capitalise), sizes 1-12 without leading zeros, 1-4 groups, 1-20 phases, no phase
 * that can never be made under any rules (`phaseProblems` without a deck), and a name that is already clean
 * (no control or invisible characters, at most 40). Whether the Wilds of a table suffice is the table's
 * question (`impossiblePhases`), not the code's.
 */
import { cleanText } from '../names'
import { describePhaseProblem, MAX_CUSTOM_PHASES, MAX_GROUPS_PER_PHASE, phaseListProblems, type GroupKind, type GroupRequirement } from './phases'

export const PHASE_CODE_PREFIX = 'P10-'
/** A list's name, in code points (as the settings keep it). */
export const MAX_PHASE_LIST_NAME = 40
/** Longer than any valid code (20 phases of 4 groups, a 40-character name fully escaped) is refused unread. */
export const MAX_PHASE_CODE_LENGTH = 800

const LETTER: Record<GroupKind, string> = { set: 's', run: 'r', colour: 'c' }
const KIND: Record<string, GroupKind> = { s: 'set', r: 'run', c: 'colour' }
const GROUP = /([a-z])([0-9]+)/gy
const NAME_CHARS = /^[A-Za-z0-9_.~!*'()%-]*$/

export interface SharedPhaseList {
  phaseList: GroupRequirement[][]
  /** `null` when the code carries no name. */
  name: string | null
}

export type PhaseCodeResult = { ok: true; value: SharedPhaseList } | { ok: false; reason: string }

/**
 * A list's name as it is kept and shared: cleaned like every name others see (src/shared/names.ts), at most
 * 40 code points. Cleaned until it no longer changes: removing an invisible character can leave text that
 * NFC composes further, and a kept name must read back as itself.
 */
export function cleanPhaseListName(name: string): string {
  let clean = cleanText(name, MAX_PHASE_LIST_NAME)
  for (let again = cleanText(clean, MAX_PHASE_LIST_NAME); again !== clean; again = cleanText(clean, MAX_PHASE_LIST_NAME)) clean = again
  return clean
}

/** The code of a list (the name cleaned as the settings keep it; an empty name is left out). */
export function encodePhaseList(phaseList: readonly (readonly GroupRequirement[])[], name?: string | null): string {
  const phases = phaseList.map((groups) => groups.map((g) => `${LETTER[g.kind]}${g.size}`).join('')).join('.')
  const clean = cleanPhaseListName(name ?? '')
  return `${PHASE_CODE_PREFIX}${phases}${clean ? `-${encodeName(clean)}` : ''}`
}

function encodeName(name: string): string {
  // encodeURIComponent leaves A-Z a-z 0-9 - . ~ ! * ' ( ) and _ as they are: _ is ours (a space).
  return encodeURIComponent(name).replace(/_/g, '%5F').replace(/%20/g, '_')
}

/** Reads a code; `reason` says in words what is wrong with a bad one. Never throws. */
export function decodePhaseList(input: unknown): PhaseCodeResult {
  const fail = (reason: string): PhaseCodeResult => ({ ok: false, reason })
  if (typeof input !== 'string') return fail('a phase list code is text')
  const text = input.trim()
  if (text === '') return fail('paste a phase list code (it starts with P10-)')
  if (text.length > MAX_PHASE_CODE_LENGTH) return fail('this is too long to be a phase list code')
  if (text.slice(0, PHASE_CODE_PREFIX.length).toUpperCase() !== PHASE_CODE_PREFIX) return fail('a phase list code starts with P10-')
  const body = text.slice(PHASE_CODE_PREFIX.length)
  const dash = body.indexOf('-')
  const phasesPart = dash < 0 ? body : body.slice(0, dash)
  if (phasesPart === '') return fail('the code has no phases after P10-')

  const phaseList: GroupRequirement[][] = []
  const phaseTexts = phasesPart.split('.')
  if (phaseTexts.length > MAX_CUSTOM_PHASES) return fail(`a phase list has at most ${MAX_CUSTOM_PHASES} phases, this code has ${phaseTexts.length}`)
  for (const [i, raw] of phaseTexts.entries()) {
    const where = `phase ${i + 1}`
    if (raw === '') return fail(`${where} is empty (two dots in a row, or a dot at an end)`)
    const phaseText = raw.toLowerCase()
    const groups: GroupRequirement[] = []
    GROUP.lastIndex = 0
    let at = 0
    for (let m = GROUP.exec(phaseText); m; m = GROUP.exec(phaseText)) {
      const kind = KIND[m[1]]
      if (!kind) return fail(`${where}: "${m[1]}" is not a group: use s (set), r (run) or c (one colour)`)
      const size = Number(m[2])
      if (m[2].length > 1 && m[2][0] === '0') return fail(`${where}: write ${m[1]}${m[2].replace(/^0+/, '') || 0}, without a leading 0`)
      if (size < 1 || size > 12) return fail(`${where}: a group has 1 to 12 cards, not ${m[2].slice(0, 6)}`)
      groups.push({ kind, size })
      at = GROUP.lastIndex
    }
    if (at !== phaseText.length) {
      const bad = raw.slice(at, at + 1)
      return fail(/[a-z]/i.test(bad) ? `${where}: "${bad}" needs a size after it, e.g. ${bad}3` : `${where}: "${bad}" does not belong in a code: groups are a letter and a size, e.g. s3r4`)
    }
    if (groups.length > MAX_GROUPS_PER_PHASE) return fail(`${where} has ${groups.length} groups: a phase has at most ${MAX_GROUPS_PER_PHASE}`)
    phaseList.push(groups)
  }
  const impossible = phaseListProblems(phaseList, null)[0]
  if (impossible) return fail(`${describePhaseProblem(impossible).replace(/^Phase/, 'phase')}`)

  if (dash < 0) return { ok: true, value: { phaseList, name: null } }
  const name = decodeName(body.slice(dash + 1))
  if (!name.ok) return fail(name.reason)
  return { ok: true, value: { phaseList, name: name.value } }
}

function decodeName(encoded: string): { ok: true; value: string } | { ok: false; reason: string } {
  if (encoded === '') return { ok: false, reason: 'the name after the last "-" is empty' }
  if (!NAME_CHARS.test(encoded)) return { ok: false, reason: 'the name has characters a code never contains (spaces are written _)' }
  let name: string
  try {
    name = decodeURIComponent(encoded.replace(/_/g, ' '))
  } catch {
    return { ok: false, reason: 'the name has a broken %-escape' }
  }
  // A code made by encodePhaseList carries a cleaned name: anything else was made by hand to hide something.
  if (Array.from(name).length > MAX_PHASE_LIST_NAME) return { ok: false, reason: `the name is longer than ${MAX_PHASE_LIST_NAME} characters` }
  if (cleanPhaseListName(name) !== name) return { ok: false, reason: 'the name has control or invisible characters, or stray spaces' }
  return { ok: true, value: name }
}
