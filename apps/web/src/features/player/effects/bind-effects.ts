import { notify } from '../../../lib/notice.ts';
import type { AudioGraph } from '../audio-graph.ts';
import { useEffectsStore, type PersistedEffects } from './effects.store.ts';
import { ORIGINAL_SLUG } from './reverb-presets.ts';

/** Impulse responses live at audio-effect/{name}.wav beside the app (`/` in the browser, `./` on the desktop). */
export const impulseResponseUrl = (slug: string, base: string = import.meta.env.BASE_URL): string => `${base}audio-effect/${slug}.wav`;

/** The last few responses fetched, so switching back and forth does not fetch again. */
const IR_CACHE_SIZE = 6;
const responses = new Map<string, Promise<ArrayBuffer>>();

function fetchImpulseResponse(slug: string): Promise<ArrayBuffer> {
  let pending = responses.get(slug);
  if (!pending) {
    pending = fetch(impulseResponseUrl(slug)).then((res) => {
      if (!res.ok) throw new Error(`impulse response ${slug}: HTTP ${res.status}`);
      return res.arrayBuffer();
    });
    pending.catch(() => responses.delete(slug));
    responses.set(slug, pending);
    if (responses.size > IR_CACHE_SIZE) responses.delete(responses.keys().next().value!);
  }
  return pending;
}

/**
 * Applies the persisted effect choices to the graph now and whenever they change.
 * Returns the unsubscribe function.
 */
export function bindEffects(graph: AudioGraph): () => void {
  let reverbSeq = 0;
  const applyReverb = async (slug: string) => {
    const seq = ++reverbSeq;
    try {
      const wav = slug === ORIGINAL_SLUG ? null : await fetchImpulseResponse(slug);
      if (seq === reverbSeq) await graph.setImpulseResponse(wav);
    } catch (error) {
      if (seq !== reverbSeq) return;
      console.warn('[player] reverb not loaded', slug, error);
      notify({ kind: 'error', message: '混响加载失败，请稍后重试' });
      void graph.setImpulseResponse(null);
    }
  };

  const apply = (state: PersistedEffects, previous?: PersistedEffects) => {
    const changed = (key: keyof PersistedEffects) => !previous || state[key] !== previous[key];
    if (changed('basicEffects')) {
      graph.setThreeD(state.basicEffects.includes('3D'));
      graph.setTender(state.basicEffects.includes('TENDER'));
    }
    if (changed('convolver')) void applyReverb(state.convolver);
    if (changed('reverbMix')) graph.setReverbMix(state.reverbMix);
    if (changed('eqGains')) graph.setEqualizer(state.eqGains);
    if (changed('playbackRate')) graph.setPlaybackRate(state.playbackRate);
    // The default device needs no call, unless the user goes back to it.
    if (changed('sinkId') && (previous || state.sinkId)) void graph.setSinkId(state.sinkId);
  };

  apply(useEffectsStore.getState());
  return useEffectsStore.subscribe((state, previous) => apply(state, previous));
}
