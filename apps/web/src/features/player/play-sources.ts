import { DEFAULT_BIT_RATE as SPEC_DEFAULT_BIT_RATE } from '../../lib/config.ts';

/**
 * Play sources: where a server that unblocks songs (NeteaseCloudMusicApi's
 * `source` param) looks for a playable link. QQ, Kuwo and Migu are fixed; the others can be
 * added and removed. The list is sent comma-joined with /song/url, always in this order.
 */
export interface PlaySource {
  id: string;
  name: string;
  /** Fixed sources are always in the list and cannot be removed */
  fixed: boolean;
}

export const PLAY_SOURCES: readonly PlaySource[] = [
  { id: 'qq', name: 'QQ音乐', fixed: true },
  { id: 'kuwo', name: '酷我音乐', fixed: true },
  { id: 'migu', name: '咪咕音乐', fixed: true },
  { id: 'baidu', name: '百度音乐', fixed: false },
  { id: 'joox', name: 'JOOX', fixed: false },
  { id: 'kugou', name: '酷狗音乐', fixed: false },
  { id: 'xiami', name: '虾米音乐', fixed: false },
];

export const DEFAULT_SOURCES: readonly string[] = PLAY_SOURCES.filter((s) => s.fixed).map((s) => s.id);

/** Any list → the fixed sources plus the known extras it names, in PLAY_SOURCES order, once each. */
export function normalizeSources(ids: unknown): string[] {
  const wanted = new Set(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []);
  return PLAY_SOURCES.filter((s) => s.fixed || wanted.has(s.id)).map((s) => s.id);
}

export const addSource = (list: readonly string[], id: string): string[] => normalizeSources([...list, id]);

/** A fixed source stays. */
export const removeSource = (list: readonly string[], id: string): string[] => normalizeSources(list.filter((s) => s !== id));

/** `source` is comma-joined. */
export const sourceParam = (list: readonly string[]): string => normalizeSources(list).join(',');

/** Bit rates for /song/url's `br` (320000 by default; 999000 asks for lossless). */
export const BIT_RATES = [
  { value: 128_000, label: '128k', hint: '标准' },
  { value: 192_000, label: '192k', hint: '较高' },
  { value: 320_000, label: '320k', hint: '极高' },
  { value: 999_000, label: '无损', hint: 'FLAC 等无损格式，没有时选最好的' },
] as const;
export type BitRate = (typeof BIT_RATES)[number]['value'];
export const DEFAULT_BIT_RATE = SPEC_DEFAULT_BIT_RATE as BitRate;
export const isBitRate = (v: unknown): v is BitRate => BIT_RATES.some((b) => b.value === v);
