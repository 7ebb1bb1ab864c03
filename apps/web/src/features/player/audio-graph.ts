import { EQ_BANDS, clampGain, type EqGains } from './effects/equalizer.ts';
import { applyPlaybackRate } from './effects/playback-rate.ts';

/**
 * The Web Audio graph behind the <audio> elements (docs/decisions/0010-audio-effects.md),
 * built once, ahead of the first play (docs/decisions/0035-first-sound.md):
 *
 *   each element's source → its loudness gain (音量均衡) → its own gain (gapless hand-over,
 *     fades, 淡入淡出) → input → 3D (orbiting panner, bypassable) → TENDER (shelves + compressor, bypassable)
 *     → reverb (convolver wet + dry) → 10-band EQ → master gain (volume) → output
 *
 * Bypassed effects stay connected; switching one ramps its wet and dry paths over 50 ms, so a
 * toggle never clicks. The graph knows nothing of stores: effects/bind-effects.ts drives it.
 */
export const VOLUME_RAMP_SECONDS = 1;
/** one orbit of the 3D effect around the listener */
export const ORBIT_SECONDS = 16;
const SWITCH_SECONDS = 0.05;
const EQ_Q = 1.41; // one octave per band

export interface AudioGraph {
  /** connects an element's MediaElementSource into the graph (once per element) */
  attach: (element: HTMLMediaElement) => void;
  /** an attached element's own level: fades and the gapless hand-over */
  setElementGain: (element: HTMLMediaElement, gain: number, rampSeconds?: number) => void;
  /** an attached element's loudness normalisation (linear), apart from its fades so the two compose */
  setElementLoudness: (element: HTMLMediaElement, gain: number, rampSeconds?: number) => void;
  /**
   * 淡入淡出 from now on the audio clock: `from` falls along `fadeOut` while `to` rises along
   * `fadeIn`, both over `seconds` (curves from crossfade.ts).
   */
  crossfade: (
    from: HTMLMediaElement,
    to: HTMLMediaElement,
    seconds: number,
    curves: { fadeOut: Float32Array; fadeIn: Float32Array },
  ) => void;
  /** Master volume, ramped over 1 s by default */
  setVolume: (volume: number, rampSeconds?: number) => void;
  /** an AudioContext starts suspended until a user gesture; resume it when playing */
  resume: () => void;
  /** stops the audio thread of a graph built ahead of the first play (no CPU until then) */
  suspend: () => void;
  setThreeD: (on: boolean) => void;
  setTender: (on: boolean) => void;
  /** a WAV impulse response for the convolver, or null for 原唱 (no reverb) */
  setImpulseResponse: (wav: ArrayBuffer | null) => Promise<void>;
  /** reverb wet/dry, 0 (dry) … 1 (wet), equal-power */
  setReverbMix: (wet: number) => void;
  /** dB per band, EQ_BANDS order */
  setEqualizer: (gains: EqGains) => void;
  /** speed of every attached element (and of those attached later), pitch kept */
  setPlaybackRate: (rate: number) => void;
  /** output device ('' = default); false when it could not be set */
  setSinkId: (sinkId: string) => Promise<boolean>;
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;

type AudioContextCtor = typeof AudioContext;
type SinkContext = AudioContext & { setSinkId?: (id: string) => Promise<void> };

function ramp(param: AudioParam, value: number, seconds: number, now: number): void {
  param.cancelScheduledValues(now);
  param.setValueAtTime(param.value, now);
  if (seconds > 0) param.linearRampToValueAtTime(value, now + seconds);
  else param.setValueAtTime(value, now);
}

/** input → dry → output and input → [effect] → wet → output; `set(on)` swaps the two paths. */
function bypassable(context: AudioContext, input: AudioNode, effectIn: AudioNode, effectOut: AudioNode) {
  const output = context.createGain();
  const dry = context.createGain();
  const wet = context.createGain();
  wet.gain.value = 0;
  input.connect(dry).connect(output);
  input.connect(effectIn);
  effectOut.connect(wet).connect(output);
  return {
    output,
    set(on: boolean) {
      const now = context.currentTime;
      ramp(dry.gain, on ? 0 : 1, SWITCH_SECONDS, now);
      ramp(wet.gain, on ? 1 : 0, SWITCH_SECONDS, now);
    },
  };
}

/** 3D: an HRTF panner whose position circles the listener, driven by two LFOs (sine → x, cosine → z). */
function orbit(context: AudioContext): { input: AudioNode; output: AudioNode } {
  const lfo = (cosine: boolean) => {
    const osc = context.createOscillator();
    osc.frequency.value = 1 / ORBIT_SECONDS;
    if (cosine) osc.setPeriodicWave(context.createPeriodicWave(new Float32Array([0, 1]), new Float32Array([0, 0])));
    osc.start();
    return osc;
  };
  const panner = context.createPanner();
  if (panner.positionX && panner.positionZ) {
    panner.panningModel = 'HRTF';
    panner.distanceModel = 'inverse';
    panner.refDistance = 1;
    panner.positionX.value = 0;
    panner.positionY.value = 0;
    panner.positionZ.value = 0;
    lfo(false).connect(panner.positionX);
    lfo(true).connect(panner.positionZ);
    return { input: panner, output: panner };
  }
  // Older engines without AudioParam positions: a stereo pan swinging left and right.
  const pan = context.createStereoPanner();
  lfo(false).connect(pan.pan);
  return { input: pan, output: pan };
}

/** TENDER: a warm low shelf, a gentle high cut and light compression. */
function tender(context: AudioContext): { input: AudioNode; output: AudioNode } {
  const low = context.createBiquadFilter();
  low.type = 'lowshelf';
  low.frequency.value = 220;
  low.gain.value = 4;
  const high = context.createBiquadFilter();
  high.type = 'highshelf';
  high.frequency.value = 5500;
  high.gain.value = -6;
  const compressor = context.createDynamicsCompressor();
  compressor.threshold.value = -22;
  compressor.knee.value = 12;
  compressor.ratio.value = 2.5;
  compressor.attack.value = 0.02;
  compressor.release.value = 0.3;
  low.connect(high).connect(compressor);
  return { input: low, output: compressor };
}

export function createAudioGraph(): AudioGraph | null {
  const Ctor: AudioContextCtor | undefined =
    globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    const context: SinkContext = new Ctor();
    const elements = new Map<HTMLMediaElement, { gain: GainNode; loudness: GainNode }>();
    let playbackRate = 1;

    const input = context.createGain();
    const threeD = orbit(context);
    const spatial = bypassable(context, input, threeD.input, threeD.output);
    const warm = tender(context);
    const tone = bypassable(context, spatial.output, warm.input, warm.output);

    // Reverb: dry and wet meet at the EQ's input.
    const eqIn = context.createGain();
    const reverbDry = context.createGain();
    tone.output.connect(reverbDry).connect(eqIn);
    let reverb: { convolver: ConvolverNode; wet: GainNode } | null = null;
    let mix = 0.4;
    let irVersion = 0;
    const applyMix = (seconds = SWITCH_SECONDS) => {
      const now = context.currentTime;
      // Equal-power; rounded so that full wet really silences the dry path (cos(π/2) ≈ 6e-17).
      const wet = reverb ? round(Math.sin((mix * Math.PI) / 2)) : 0;
      const dry = reverb ? round(Math.cos((mix * Math.PI) / 2)) : 1;
      ramp(reverbDry.gain, dry, seconds, now);
      if (reverb) ramp(reverb.wet.gain, wet, seconds, now);
    };

    const bands = EQ_BANDS.map((frequency) => {
      const band = context.createBiquadFilter();
      band.type = 'peaking';
      band.frequency.value = frequency;
      band.Q.value = EQ_Q;
      band.gain.value = 0;
      return band;
    });
    const master = context.createGain();
    bands.reduce<AudioNode>((previous, band) => previous.connect(band), eqIn).connect(master);
    master.connect(context.destination);

    return {
      attach(element) {
        if (elements.has(element)) return;
        const loudness = context.createGain();
        const gain = context.createGain();
        context.createMediaElementSource(element).connect(loudness).connect(gain).connect(input);
        elements.set(element, { gain, loudness });
        // The element plays at full level; loudness is the graph's job from now on.
        element.volume = 1;
        applyPlaybackRate(element, playbackRate);
      },
      setElementGain(element, gain, rampSeconds = 0) {
        const nodes = elements.get(element);
        if (nodes) ramp(nodes.gain.gain, Math.max(0, gain), rampSeconds, context.currentTime);
      },
      setElementLoudness(element, gain, rampSeconds = 0) {
        const nodes = elements.get(element);
        if (nodes && Number.isFinite(gain)) ramp(nodes.loudness.gain, Math.max(0, gain), rampSeconds, context.currentTime);
      },
      crossfade(from, to, seconds, { fadeOut, fadeIn }) {
        const out = elements.get(from)?.gain.gain;
        const into = elements.get(to)?.gain.gain;
        if (!out || !into || seconds <= 0) return;
        const now = context.currentTime;
        // The outgoing song falls from wherever it is (a fade-in may not have finished).
        const level = out.value;
        for (const [param, curve] of [
          [out, fadeOut.map((v) => v * level)],
          [into, fadeIn],
        ] as const) {
          // A curve may not overlap other events: clear them, the curve's first point sets the level.
          param.cancelScheduledValues(now);
          param.setValueCurveAtTime(curve, now, seconds);
        }
      },
      setVolume(volume, rampSeconds = VOLUME_RAMP_SECONDS) {
        ramp(master.gain, Math.min(1, Math.max(0, volume)), rampSeconds, context.currentTime);
      },
      resume() {
        if (context.state === 'suspended') void context.resume().catch(() => undefined);
      },
      suspend() {
        if (context.state === 'running') void context.suspend().catch(() => undefined);
      },
      setThreeD: (on) => spatial.set(on),
      setTender: (on) => tone.set(on),
      async setImpulseResponse(wav) {
        const version = ++irVersion;
        const buffer = wav ? await context.decodeAudioData(wav.slice(0)) : null;
        // A newer choice arrived while this one decoded.
        if (version !== irVersion) return;
        const old = reverb;
        reverb = null;
        if (buffer) {
          const convolver = context.createConvolver();
          convolver.buffer = buffer;
          const wet = context.createGain();
          wet.gain.value = 0;
          tone.output.connect(convolver).connect(wet).connect(eqIn);
          reverb = { convolver, wet };
        }
        applyMix();
        if (old) {
          ramp(old.wet.gain, 0, SWITCH_SECONDS, context.currentTime);
          setTimeout(
            () => {
              old.wet.disconnect();
              old.convolver.disconnect();
            },
            SWITCH_SECONDS * 1000 + 50,
          );
        }
      },
      setReverbMix(wet) {
        mix = Math.min(1, Math.max(0, wet));
        applyMix();
      },
      setEqualizer(gains) {
        const now = context.currentTime;
        bands.forEach((band, i) => ramp(band.gain, clampGain(gains[i] ?? 0), SWITCH_SECONDS, now));
      },
      setPlaybackRate(rate) {
        playbackRate = rate;
        for (const element of elements.keys()) applyPlaybackRate(element, rate);
      },
      async setSinkId(sinkId) {
        try {
          if (typeof context.setSinkId === 'function') await context.setSinkId(sinkId);
          else await Promise.all([...elements.keys()].map((element) => element.setSinkId?.(sinkId)));
          return true;
        } catch (error) {
          console.warn('[player] output device not set', sinkId, error);
          return false;
        }
      },
    };
  } catch (error) {
    console.warn('[player] Web Audio unavailable, using the element volume', error);
    return null;
  }
}
