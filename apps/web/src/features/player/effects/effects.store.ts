import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { createThrottledStorage } from '../../../lib/throttled-storage.ts';
import { CUSTOM_EQ_ID, EQ_BANDS, EQ_PRESETS, clampGain, eqGainsFor } from './equalizer.ts';
import { clampPlaybackRate } from './playback-rate.ts';
import { ORIGINAL_SLUG, reverbByName, reverbBySlug } from './reverb-presets.ts';

/** The basic effects; FADE is on by default. What each does: docs/decisions/0010-audio-effects.md. */
export type BasicEffect = '3D' | 'FADE' | 'TENDER';
export const BASIC_EFFECTS: readonly { id: BasicEffect; hint: string }[] = [
  { id: '3D', hint: '声音环绕在你身边缓缓移动' },
  { id: 'FADE', hint: '播放、暂停和切歌时淡入淡出' },
  { id: 'TENDER', hint: '温暖柔和的音色' },
];
/** how long FADE takes */
export const FADE_SECONDS = 0.4;
export const DEFAULT_REVERB_MIX = 0.4;

export interface PersistedEffects {
  basicEffects: BasicEffect[];
  /** reverb preset slug; 'none' = 原唱 */
  convolver: string;
  /** reverb wet/dry, 0…1 */
  reverbMix: number;
  /** an EQ_PRESETS id or 'custom' */
  eqPreset: string;
  /** dB per EQ band */
  eqGains: number[];
  playbackRate: number;
  /** audio output device ('' = the system default) */
  sinkId: string;
}

interface EffectsState extends PersistedEffects {
  toggleBasicEffect: (effect: BasicEffect) => void;
  setConvolver: (slug: string) => void;
  setReverbMix: (mix: number) => void;
  setEqPreset: (id: string) => void;
  /** moving one band makes the curve 自定义 */
  setEqBand: (index: number, db: number) => void;
  setPlaybackRate: (rate: number) => void;
  setSinkId: (sinkId: string) => void;
}

export const DEFAULT_EFFECTS: PersistedEffects = {
  basicEffects: ['FADE'],
  convolver: ORIGINAL_SLUG,
  reverbMix: DEFAULT_REVERB_MIX,
  eqPreset: EQ_PRESETS[0]!.id,
  eqGains: eqGainsFor(EQ_PRESETS[0]!.id),
  playbackRate: 1,
  sinkId: '',
};

const isEffect = (v: unknown): v is BasicEffect => v === '3D' || v === 'FADE' || v === 'TENDER';
const unit = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : fallback);

/**
 * Any saved state → a valid one. Version 0 is the own shape: `basicEffect` (a list) and
 * `convolver` by its Chinese name (原唱, 音乐厅…); unknown values fall back to the defaults.
 */
export function migrateEffects(saved: unknown): PersistedEffects {
  const s = (typeof saved === 'object' && saved !== null ? saved : {}) as Record<string, unknown>;
  const list = Array.isArray(s.basicEffects) ? s.basicEffects : Array.isArray(s.basicEffect) ? s.basicEffect : null;
  const convolver = typeof s.convolver === 'string' ? (reverbBySlug(s.convolver) ?? reverbByName(s.convolver)) : undefined;
  const savedGains = Array.isArray(s.eqGains) && s.eqGains.length === EQ_BANDS.length ? (s.eqGains as unknown[]) : null;
  // A 自定义 curve that cannot be read is no curve at all: back to 默认.
  const eqPreset =
    typeof s.eqPreset === 'string' && ((s.eqPreset === CUSTOM_EQ_ID && savedGains) || EQ_PRESETS.some((p) => p.id === s.eqPreset))
      ? s.eqPreset
      : DEFAULT_EFFECTS.eqPreset;
  return {
    basicEffects: list ? [...new Set(list.filter(isEffect))] : DEFAULT_EFFECTS.basicEffects,
    convolver: convolver?.slug ?? ORIGINAL_SLUG,
    reverbMix: unit(s.reverbMix, DEFAULT_REVERB_MIX),
    eqPreset,
    eqGains: eqPreset === CUSTOM_EQ_ID && savedGains ? savedGains.map((g) => clampGain(Number(g))) : eqGainsFor(eqPreset),
    playbackRate: typeof s.playbackRate === 'number' ? clampPlaybackRate(s.playbackRate) : 1,
    sinkId: typeof s.sinkId === 'string' ? s.sinkId : '',
  };
}

export const useEffectsStore = create<EffectsState>()(
  persist(
    (set) => ({
      ...DEFAULT_EFFECTS,
      toggleBasicEffect: (effect) =>
        set(({ basicEffects }) => ({
          basicEffects: basicEffects.includes(effect) ? basicEffects.filter((e) => e !== effect) : [...basicEffects, effect],
        })),
      setConvolver: (slug) => set({ convolver: reverbBySlug(slug)?.slug ?? ORIGINAL_SLUG }),
      setReverbMix: (mix) => set({ reverbMix: unit(mix, DEFAULT_REVERB_MIX) }),
      setEqPreset: (id) => {
        if (id === CUSTOM_EQ_ID) set({ eqPreset: CUSTOM_EQ_ID });
        else if (EQ_PRESETS.some((p) => p.id === id)) set({ eqPreset: id, eqGains: eqGainsFor(id) });
      },
      setEqBand: (index, db) =>
        set(({ eqGains }) =>
          index >= 0 && index < EQ_BANDS.length
            ? { eqPreset: CUSTOM_EQ_ID, eqGains: eqGains.map((g, i) => (i === index ? clampGain(db) : g)) }
            : {},
        ),
      setPlaybackRate: (rate) => set({ playbackRate: clampPlaybackRate(rate) }),
      setSinkId: (sinkId) => set({ sinkId }),
    }),
    {
      name: 'cloudtune-effects',
      version: 1,
      // Sliders (EQ, wet/dry, speed) change in bursts: write at most every 500 ms.
      storage: createThrottledStorage<PersistedEffects>(),
      partialize: ({ basicEffects, convolver, reverbMix, eqPreset, eqGains, playbackRate, sinkId }) => ({
        basicEffects,
        convolver,
        reverbMix,
        eqPreset,
        eqGains,
        playbackRate,
        sinkId,
      }),
      migrate: (persisted) => migrateEffects(persisted),
      // A current-version save is checked too: a hand-edited or foreign value never breaks the graph.
      merge: (persisted, current) => ({ ...current, ...migrateEffects(persisted) }),
    },
  ),
);

/** FADE's ramp length for the engine: 0 when FADE is off. */
export const fadeSeconds = (): number => (useEffectsStore.getState().basicEffects.includes('FADE') ? FADE_SECONDS : 0);
