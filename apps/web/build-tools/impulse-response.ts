import type { ReverbAcoustics } from '../src/features/player/effects/reverb-presets.ts';

/**
 * Deterministic reverb impulse responses (docs/decisions/0010-audio-effects.md): discrete early
 * reflections, then exponentially decaying noise whose highs die sooner than its lows
 * (damping), per-channel noise blended for stereo width, optional metallic comb and echoes.
 * Same slug → same bytes: the noise comes from a PRNG seeded with the slug.
 */
export const IR_SAMPLE_RATE = 44_100;
export const IR_CHANNELS = 2;
export const IR_MAX_SECONDS = 3;
/** the split between the "low" and "high" halves of the tail, Hz */
const CROSSOVER_HZ = 2000;

/** mulberry32: small, fast, good enough for noise. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string: the seed of a preset's noise. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Length in seconds: the tail down to -60 dB after the early part, at most IR_MAX_SECONDS. */
export function irSeconds(a: ReverbAcoustics): number {
  const echoes = a.echo ? (a.echo.ms * a.echo.repeats) / 1000 : 0;
  return Math.min(IR_MAX_SECONDS, Math.max(0.25, (a.preDelay + a.spread) / 1000 + a.rt60 + echoes));
}

/** Renders the two channels of a preset's impulse response, peak-normalised to 0.9. */
export function renderImpulseResponse(a: ReverbAcoustics, seed: number, sampleRate = IR_SAMPLE_RATE): [Float32Array, Float32Array] {
  const random = prng(seed);
  const noise = () => random() * 2 - 1;
  const length = Math.round(irSeconds(a) * sampleRate);
  const start = Math.round((a.preDelay / 1000) * sampleRate);
  const spread = Math.max(1, Math.round((a.spread / 1000) * sampleRate));
  // -60 dB over rt60 for the lows; the highs decay up to 5× sooner as damping grows.
  const lowDecay = Math.log(1000) / (a.rt60 * sampleRate);
  const highDecay = lowDecay * (1 + 4 * a.damping);
  const lp = 1 - Math.exp((-2 * Math.PI * CROSSOVER_HZ) / sampleRate);
  const channels: [Float32Array, Float32Array] = [new Float32Array(length), new Float32Array(length)];

  // The diffuse tail: a shared noise and one per channel, blended by width.
  const shared = { low: 0 };
  const own = [{ low: 0 }, { low: 0 }];
  const mixShared = Math.sqrt(1 - a.width * a.width * 0.96);
  const mixOwn = a.width;
  for (let n = start; n < length; n++) {
    const t = n - start;
    const buildUp = 1 - Math.exp(-t / (spread / 3));
    const sharedNoise = noise();
    shared.low += lp * (sharedNoise - shared.low);
    const lowEnv = Math.exp(-lowDecay * t) * buildUp;
    const highEnv = Math.exp(-highDecay * t) * buildUp;
    for (let c = 0; c < 2; c++) {
      const state = own[c]!;
      const x = noise();
      state.low += lp * (x - state.low);
      const low = mixShared * shared.low + mixOwn * state.low;
      const high = mixShared * (sharedNoise - shared.low) + mixOwn * (x - state.low);
      channels[c]![n] = 0.35 * (low * lowEnv * 2.2 + high * highEnv);
    }
  }

  if (a.comb) {
    const delay = Math.max(1, Math.round((a.comb.ms / 1000) * sampleRate));
    for (const ch of channels) for (let n = start + delay; n < length; n++) ch[n]! += a.comb.feedback * ch[n - delay]!;
  }

  // Early reflections: the first at the pre-delay, the rest scattered over `spread`, weaker later;
  // the right channel's arrive a little apart from the left's (stereo width).
  const peakEarly = Math.max(...channels.map((ch) => ch.reduce((m, v) => Math.max(m, Math.abs(v)), 0)), 1e-6);
  for (let i = 0; i < a.reflections; i++) {
    const at = i === 0 ? 0 : random() * spread;
    const level = a.early * peakEarly * (i === 0 ? 1.6 : (0.5 + 0.5 * random()) * (1 - (0.6 * at) / spread)) * (random() < 0.5 ? -1 : 1);
    for (let c = 0; c < 2; c++) {
      const jitter = c === 1 ? Math.round(a.width * random() * 0.0015 * sampleRate) : 0;
      const n = start + Math.round(at) + jitter;
      if (n < length) channels[c]![n]! += level * (c === 1 ? 1 - 0.3 * a.width * random() : 1);
    }
  }

  if (a.echo) {
    const delay = Math.round((a.echo.ms / 1000) * sampleRate);
    const source = channels.map((ch) => ch.slice());
    for (let k = 1; k <= a.echo.repeats; k++) {
      const gain = a.echo.level ** k;
      for (let c = 0; c < 2; c++) for (let n = k * delay; n < length; n++) channels[c]![n]! += gain * source[c]![n - k * delay]!;
    }
  }

  // A 50 ms fade at the end: a tail cut at IR_MAX_SECONDS must not click.
  const fade = Math.min(length, Math.round(0.05 * sampleRate));
  for (const ch of channels) for (let i = 0; i < fade; i++) ch[length - 1 - i]! *= i / fade;

  const peak = Math.max(...channels.map((ch) => ch.reduce((m, v) => Math.max(m, Math.abs(v)), 0)), 1e-9);
  for (const ch of channels) for (let n = 0; n < length; n++) ch[n]! *= 0.9 / peak;
  return channels;
}

/** 16-bit PCM WAV (RIFF/WAVE, `fmt ` + `data`), channels interleaved. */
export function encodeWav(channels: readonly Float32Array[], sampleRate = IR_SAMPLE_RATE): Uint8Array {
  const frames = channels[0]!.length;
  const blockAlign = channels.length * 2;
  const dataBytes = frames * blockAlign;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, s: string) => [...s].forEach((ch, i) => view.setUint8(offset + i, ch.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channels.length, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  let offset = 44;
  for (let n = 0; n < frames; n++) {
    for (const ch of channels) {
      const v = Math.max(-1, Math.min(1, ch[n]!));
      view.setInt16(offset, Math.round(v < 0 ? v * 0x8000 : v * 0x7fff), true);
      offset += 2;
    }
  }
  return bytes;
}

/** The WAV file of one preset. */
export const impulseResponseWav = (slug: string, acoustics: ReverbAcoustics): Uint8Array =>
  encodeWav(renderImpulseResponse(acoustics, seedOf(slug)));
