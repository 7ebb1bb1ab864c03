import { levelFor, type TranscodeFormat, type Variant } from './transcode-formats.ts';
import { fitsCap } from './transcode-levels.ts';

/** What is known of a song's original without reading it. */
export interface OriginalAudio {
  /** mp3, flac, m4a, opus … (the file's format, not its name) */
  type: string;
  /** bit/s */
  bitrate: number;
  lossless: boolean;
}

/** What a player asks of a stream: a format (`raw`: the original; undefined: any) and a bitrate limit (bit/s; null: none). */
export interface StreamWish {
  format: TranscodeFormat | 'raw' | undefined;
  limit: number | null;
}

/** The transcoder's format an original already is (an M4A holds AAC, but not in the ADTS stream `aac` names). */
const formatOfOriginal = (type: string): TranscodeFormat | undefined =>
  type === 'mp3' || type === 'opus' || type === 'aac' ? type : undefined;

/**
 * Which audio a stream sends (decision 0034): null for the original, else the variant to make.
 *
 * - `raw`, or no wish at all: the original.
 * - The original's own format (or none named) within the limit: the original. Over it: that
 *   format — MP3 when none was named — at the level under the limit, unless the original is no
 *   larger than that level (a 128k MP3 under a 64k limit: MP3 goes no lower).
 * - Another format: that format, at the level under both the limit and the original's own
 *   bitrate (a 128k MP3 gains nothing from a 192k Opus; a lossless original has no such ceiling).
 *
 * Levels never go below a format's lowest (MP3: 128k), as the NetEase levels do.
 */
export function chooseVariant(original: OriginalAudio, { format, limit }: StreamWish): Variant | null {
  if (format === 'raw') return null;
  const own = formatOfOriginal(original.type);
  if (format === undefined || format === own) {
    const target = format ?? 'mp3';
    const level = levelFor(target, limit);
    // Within the limit, or no larger than the lowest level there is: nothing to gain by transcoding.
    if (fitsCap(original.bitrate, limit) || (target === own && fitsCap(original.bitrate, level))) return null;
    return { format: target, bitrate: level };
  }
  const ceiling = original.lossless ? limit : Math.min(limit ?? Infinity, original.bitrate);
  return { format, bitrate: levelFor(format, ceiling) };
}

/**
 * What a stream that starts part way in is made as, when `chosen` (chooseVariant's answer) is the
 * original, which cannot be cut without re-encoding: its own format when the transcoder makes it,
 * else MP3 — at the level under its bitrate (the top one for lossless).
 */
export function variantFromOffset(original: OriginalAudio, chosen: Variant | null): Variant {
  if (chosen) return chosen;
  const format = formatOfOriginal(original.type) ?? 'mp3';
  return { format, bitrate: levelFor(format, original.lossless ? null : original.bitrate) };
}
