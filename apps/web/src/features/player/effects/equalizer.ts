/**
 * The 10-band graphic equalizer (beyond SPEC; docs/decisions/0010-audio-effects.md): octave bands
 * from 31 Hz to 16 kHz, each ±12 dB, a few named curves and the user's own (自定义).
 */
export const EQ_BANDS = [31, 62, 125, 250, 500, 1000, 2000, 4000, 8000, 16000] as const;
export const EQ_MAX_DB = 12;

export type EqGains = readonly number[];

export interface EqPreset {
  id: string;
  name: string;
  /** dB per band, in EQ_BANDS order */
  gains: EqGains;
}

export const CUSTOM_EQ_ID = 'custom';

export const EQ_PRESETS: readonly EqPreset[] = [
  { id: 'default', name: '默认', gains: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
  { id: 'pop', name: '流行', gains: [-1, 0, 2, 4, 5, 4, 2, 0, -1, -1] },
  { id: 'rock', name: '摇滚', gains: [5, 4, 3, 1, -1, -1, 1, 3, 4, 5] },
  { id: 'classical', name: '古典', gains: [4, 3, 2, 1, 0, 0, 0, 2, 3, 4] },
  { id: 'jazz', name: '爵士', gains: [3, 2, 1, 2, -1, -1, 0, 1, 2, 3] },
  { id: 'vocal', name: '人声', gains: [-2, -3, -2, 1, 3, 5, 5, 3, 1, -1] },
  { id: 'bass', name: '低音', gains: [8, 7, 5, 3, 1, 0, 0, 0, 0, 0] },
  { id: 'electronic', name: '电子', gains: [5, 4, 1, 0, -2, 2, 1, 2, 4, 5] },
  { id: 'dance', name: '舞曲', gains: [6, 5, 2, 0, 0, -2, -1, 0, 3, 4] },
  { id: 'soft', name: '柔和', gains: [2, 1, 0, 0, -1, -1, -2, -3, -4, -5] },
  { id: 'treble', name: '高音', gains: [0, 0, 0, 0, 0, 1, 3, 5, 7, 8] },
];

export const clampGain = (db: number): number =>
  Number.isFinite(db) ? Math.min(EQ_MAX_DB, Math.max(-EQ_MAX_DB, Math.round(db * 10) / 10)) : 0;

/** The band gains of a preset; an unknown id (or 自定义) gives `fallback`, clamped to ±12 dB. */
export function eqGainsFor(id: string, fallback: EqGains = EQ_PRESETS[0]!.gains): number[] {
  const preset = EQ_PRESETS.find((p) => p.id === id);
  const gains = preset?.gains ?? fallback;
  return EQ_BANDS.map((_, i) => clampGain(gains[i] ?? 0));
}

/** "1k" / "62": how a band is labelled under its slider. */
export const bandLabel = (hz: number): string => (hz >= 1000 ? `${hz / 1000}k` : String(hz));
