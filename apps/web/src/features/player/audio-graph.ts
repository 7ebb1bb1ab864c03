/**
 * The Web Audio graph behind the <audio> element (ARCHITECTURE.md):
 * MediaElementSource → (effects, convolver: later issues insert them here) → gain → destination.
 * The gain node lets volume changes fade over 1 s (SPEC §4) instead of jumping.
 */
export const VOLUME_RAMP_SECONDS = 1;

export interface AudioGraph {
  setVolume: (volume: number) => void;
  /** an AudioContext starts suspended until a user gesture; resume it when playing */
  resume: () => void;
}

type AudioContextCtor = typeof AudioContext;

export function createAudioGraph(element: HTMLMediaElement, volume: number): AudioGraph | null {
  const Ctor: AudioContextCtor | undefined =
    globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    const context = new Ctor();
    const source = context.createMediaElementSource(element);
    const gain = context.createGain();
    gain.gain.value = volume;
    source.connect(gain).connect(context.destination);
    // The element plays at full level; loudness is the gain node's job from now on.
    element.volume = 1;
    return {
      setVolume(next) {
        const now = context.currentTime;
        gain.gain.cancelScheduledValues(now);
        gain.gain.setValueAtTime(gain.gain.value, now);
        gain.gain.linearRampToValueAtTime(next, now + VOLUME_RAMP_SECONDS);
      },
      resume() {
        if (context.state === 'suspended') void context.resume().catch(() => undefined);
      },
    };
  } catch (error) {
    console.warn('[player] Web Audio unavailable, using the element volume', error);
    return null;
  }
}
