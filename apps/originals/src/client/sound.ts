/**
 * Sounds generated with WebAudio (no audio files): short oscillator blips. Off by default; the
 * AudioContext is only created after the player turns sound on (a user gesture).
 */
export type SoundName = 'spin' | 'stop' | 'win' | 'bigWin' | 'lose' | 'tick' | 'gem' | 'mine' | 'cashOut' | 'click';

let ctx: AudioContext | null = null;
let enabled = false;

export function setSoundEnabled(on: boolean): void {
  enabled = on;
  if (on && !ctx && typeof AudioContext !== 'undefined') ctx = new AudioContext();
  if (on) void ctx?.resume();
}

export function soundEnabled(): boolean {
  return enabled;
}

function tone(freq: number, start: number, dur: number, type: OscillatorType = 'sine', gain = 0.08, slideTo?: number): void {
  if (!ctx) return;
  const t0 = ctx.currentTime + start;
  const osc = ctx.createOscillator();
  const g = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, t0 + dur);
  g.gain.setValueAtTime(gain, t0);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(g).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + dur + 0.02);
}

export function play(name: SoundName): void {
  if (!enabled || !ctx) return;
  switch (name) {
    case 'click': return tone(660, 0, 0.05, 'square', 0.03);
    case 'spin': return tone(220, 0, 0.25, 'sawtooth', 0.03, 440);
    case 'stop': return tone(180, 0, 0.08, 'triangle', 0.08);
    case 'tick': return tone(880, 0, 0.03, 'square', 0.02);
    case 'gem': return tone(880, 0, 0.12, 'triangle', 0.07, 1320);
    case 'mine': return tone(120, 0, 0.5, 'sawtooth', 0.1, 40);
    case 'lose': return tone(300, 0, 0.3, 'triangle', 0.06, 150);
    case 'cashOut':
    case 'win':
      [523, 659, 784].forEach((f, i) => tone(f, i * 0.08, 0.18, 'triangle', 0.07));
      return;
    case 'bigWin':
      [523, 659, 784, 1047, 1319].forEach((f, i) => tone(f, i * 0.09, 0.25, 'triangle', 0.08));
      return;
  }
}
