/**
 * Small synthesised blips (WebAudio oscillators; no audio files). One AudioContext, created lazily on the
 * first sound (browsers only allow it after a user gesture); every call is a no-op when muted or when
 * WebAudio is missing (tests, old browsers).
 */
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

let ctx: AudioContext | null = null

export function playSound(name: SoundName, enabled: boolean): void {
  if (!enabled || typeof AudioContext === 'undefined') return
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
