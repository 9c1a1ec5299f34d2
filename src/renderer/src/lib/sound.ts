/**
 * The table's sounds. The card moves (draw, discard, lay down, hit, skip, win) are real card recordings
 * (resources/sounds/, their sources and licence in resources/sounds/LICENSE), fetched only when first played;
 * the rest are small synthesised blips (WebAudio oscillators), which also stand in when a recording cannot
 * play (a browser without Ogg Vorbis, say). Every call is a no-op when the player's sound setting is off.
 */
import drawUrl from '../../../../resources/sounds/draw.ogg?no-inline'
import discardUrl from '../../../../resources/sounds/discard.ogg?no-inline'
import layDownUrl from '../../../../resources/sounds/lay-down.ogg?no-inline'
import hitUrl from '../../../../resources/sounds/hit.ogg?no-inline'
import skipUrl from '../../../../resources/sounds/skip.ogg?no-inline'
import winUrl from '../../../../resources/sounds/win.ogg?no-inline'

export type SoundName = 'draw' | 'discard' | 'layDown' | 'hit' | 'skip' | 'yourTurn' | 'handOver' | 'win' | 'error'

type Note = [freq: number, startS: number, durS: number, type?: OscillatorType]

const SOUNDS: Record<SoundName, Note[]> = {
  draw: [[660, 0, 0.06, 'triangle']],
  discard: [[440, 0, 0.07, 'triangle']],
  layDown: [
    [523, 0, 0.09],
    [659, 0.08, 0.09],
    [784, 0.16, 0.14],
  ],
  hit: [
    [587, 0, 0.06],
    [880, 0.05, 0.08],
  ],
  skip: [
    [330, 0, 0.1, 'square'],
    [247, 0.09, 0.14, 'square'],
  ],
  yourTurn: [
    [784, 0, 0.08],
    [988, 0.09, 0.12],
  ],
  handOver: [
    [523, 0, 0.1],
    [440, 0.1, 0.1],
    [523, 0.2, 0.2],
  ],
  win: [
    [523, 0, 0.1],
    [659, 0.1, 0.1],
    [784, 0.2, 0.1],
    [1047, 0.3, 0.3],
  ],
  error: [[196, 0, 0.15, 'sawtooth']],
}

/** Files, not data: URLs (`?no-inline`): the CSP's media-src is 'self'. */
export const SAMPLES: Partial<Record<SoundName, string>> = {
  draw: drawUrl,
  discard: discardUrl,
  layDown: layDownUrl,
  hit: hitUrl,
  skip: skipUrl,
  win: winUrl,
}
const VOLUME = 0.7

let ctx: AudioContext | null = null

export function playSound(name: SoundName, enabled: boolean): void {
  if (!enabled) return
  const url = SAMPLES[name]
  if (url && typeof Audio !== 'undefined') {
    try {
      const audio = new Audio(url)
      audio.volume = VOLUME
      // A browser that cannot play it (or refuses before a user gesture) gets the blip instead.
      void audio.play()?.catch(() => blip(name))
      return
    } catch {
      // fall through to the blip
    }
  }
  blip(name)
}

function blip(name: SoundName): void {
  if (typeof AudioContext === 'undefined') return
  try {
    ctx ??= new AudioContext()
    const t0 = ctx.currentTime + 0.01
    for (const [freq, start, dur, type] of SOUNDS[name]) {
      const osc = ctx.createOscillator()
      const gain = ctx.createGain()
      osc.type = type ?? 'sine'
      osc.frequency.value = freq
      gain.gain.setValueAtTime(0.0001, t0 + start)
      gain.gain.exponentialRampToValueAtTime(0.12, t0 + start + 0.01)
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + dur)
      osc.connect(gain).connect(ctx.destination)
      osc.start(t0 + start)
      osc.stop(t0 + start + dur + 0.02)
    }
  } catch {
    // Sound is decoration: never let it break the game.
  }
}
