import type { PlayMode } from './queue-rules.ts';

/**
 * 音量均衡 (loudness normalisation): each song plays at a gain that brings it to the chosen
 * target level, from the loudness /song/url reports. Pure rules; the engine applies the result
 * to the element's own loudness gain (audio-graph.ts).
 */
export type Normalization = 'off' | 'track' | 'album' | 'auto';
export const NORMALIZATIONS: readonly { value: Normalization; label: string; hint: string }[] = [
  { value: 'off', label: '关闭', hint: '按文件原本的响度播放' },
  { value: 'track', label: '单曲', hint: '每首歌响度一致' },
  { value: 'album', label: '专辑', hint: '保留专辑内歌曲之间的响度差' },
  { value: 'auto', label: '自动', hint: '按顺序播放整张专辑时用专辑响度，其他时候用单曲响度' },
];
export const DEFAULT_NORMALIZATION: Normalization = 'auto';
export const isNormalization = (v: unknown): v is Normalization => NORMALIZATIONS.some((n) => n.value === v);

/** The ReplayGain 2.0 reference the server's `gain` is measured against (LUFS). */
export const REFERENCE_LUFS = -18;
export const TARGET_LEVELS: readonly { value: number; label: string; hint: string }[] = [
  { value: -18, label: '−18 LUFS', hint: '动态最大，整体偏轻' },
  { value: -16, label: '−16 LUFS', hint: '适中' },
  { value: -14, label: '−14 LUFS', hint: '与多数音乐平台一致' },
];
/** as loud as the other streaming services play: turning 音量均衡 on does not make the app suddenly quiet */
export const DEFAULT_TARGET_LUFS = -14;
export const isTargetLevel = (v: unknown): v is number => TARGET_LEVELS.some((t) => t.value === v);

/** What /song/url says of a song's loudness (gain in dB to REFERENCE_LUFS, true peak linear; 0 = unknown). */
export interface Loudness {
  gain: number;
  peak: number;
  /** null until every song of the album is measured */
  albumGain: number | null;
  albumPeak: number | null;
}

/** The fields of a /song/url item; absent or malformed fields read as "not measured". */
export function readLoudness(
  item: { gain?: unknown; peak?: unknown; albumGain?: unknown; albumPeak?: unknown } | undefined,
): Loudness | null {
  const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const gain = finite(item?.gain);
  // A server that sends a gain without a peak (NetEase's older answers): the peak is unknown, 0.
  const peak = Math.max(0, finite(item?.peak) ?? 0);
  // gain 0 and peak 0 is the server's "not measured yet".
  if (gain === null || (gain === 0 && peak === 0)) return null;
  const albumGain = finite(item?.albumGain);
  const albumPeak = finite(item?.albumPeak);
  const album = albumGain !== null && albumPeak !== null && albumPeak >= 0;
  return { gain, peak, albumGain: album ? albumGain : null, albumPeak: album ? albumPeak : null };
}

/**
 * The linear gain a song plays at. `albumInOrder`: the queue is one album played in its own order
 * (自动 then uses the album's gain). Nothing is applied when off or not measured; an album
 * not fully measured falls back to the song's own gain. The gain never takes the song's true
 * peak above full scale (a song whose peak is unknown is never raised).
 */
export function loudnessGain(loudness: Loudness | null, mode: Normalization, targetLufs: number, albumInOrder: boolean): number {
  if (!loudness || mode === 'off') return 1;
  const useAlbum = (mode === 'album' || (mode === 'auto' && albumInOrder)) && loudness.albumGain !== null;
  const gainDb = (useAlbum ? loudness.albumGain! : loudness.gain) + (targetLufs - REFERENCE_LUFS);
  const peak = useAlbum ? loudness.albumPeak! : loudness.peak;
  const linear = 10 ** (gainDb / 20);
  // An unknown peak (0) could be anywhere up to full scale: such a song is only ever turned down.
  return Math.min(linear, peak > 0 ? 1 / peak : 1);
}

/** The slice of a queued song the album rules read. */
export interface AlbumTrack {
  al: { id: number };
  /** track number on its disc */
  no?: number;
  /** disc number */
  cd?: number;
}

/** A song's place in its album: disc first, then track (a song without a track number has none). */
const place = (s: AlbumTrack): number | null => (s.no && s.no > 0 ? (s.cd && s.cd > 0 ? s.cd : 1) * 10_000 + s.no : null);

/**
 * The queue is one album played in its order: 顺序播放, at least two songs, all of one album,
 * each after the one before it by disc and track number (songs left out are allowed).
 */
export function isAlbumInOrder(queue: readonly AlbumTrack[], playMode: PlayMode): boolean {
  if (playMode !== 'turn' || queue.length < 2) return false;
  const album = queue[0]!.al.id;
  if (!album) return false;
  let last = -1;
  for (const song of queue) {
    const at = place(song);
    if (song.al.id !== album || at === null || at <= last) return false;
    last = at;
  }
  return true;
}

/** `next` is the track right after `song` on the same album: the two were made to run into each other. */
export function isNextTrack(song: AlbumTrack, next: AlbumTrack): boolean {
  const a = place(song);
  const b = place(next);
  if (!song.al.id || song.al.id !== next.al.id || a === null || b === null) return false;
  // The next track of the disc, or the first track of the next disc.
  return b === a + 1 || (next.no === 1 && (next.cd ?? 1) === (song.cd ?? 1) + 1);
}
