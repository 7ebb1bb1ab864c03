import { normalizeLrc } from '@cloudtune/lrc';
import type { IAudioMetadata, IPicture } from 'music-metadata';
import { loudnessOfR128Gain, loudnessOfReplayGain, type TaggedLoudness } from '../../media/loudness.ts';
import { audioFormatOf } from './audio-format.ts';
import { embeddedLyricText } from './embedded-lyrics.ts';
import { guessFromPath } from './file-names.ts';

/** Everything the importer takes from one audio file. */
export interface TrackInfo {
  title: string;
  /** credited artists, main first (never empty) */
  artists: string[];
  albumArtist: string;
  album: string;
  trackNo: number;
  discNo: number;
  /** ms since epoch of 1 January of the tagged year, or null */
  releaseTime: number | null;
  company: string | null;
  /** the genre tags, main first (several allowed; empty when untagged) */
  genres: string[];
  durationMs: number;
  bitrate: number;
  lossless: boolean;
  type: string;
  mimeType: string;
  /** Hz, channels and bits per sample (lossless only) as the file states them; null when it does not */
  sampleRate: number | null;
  channels: number | null;
  bitDepth: number | null;
  picture: IPicture | null;
  /** timed (LRC) lyrics embedded in the tags, normalized (@cloudtune/lrc), if any */
  embeddedLrc: string | null;
  /** the loudness its ReplayGain or R128 tags state; null when they state none (the server measures it) */
  loudness: TaggedLoudness | null;
}

/** A file the importer cannot use; the message says why, for the import report. */
export class UnreadableTrack extends Error {}

const positive = (n: number | undefined): number | null => (n && Number.isFinite(n) && n > 0 ? Math.round(n) : null);
const clean = (text: string | undefined | null): string => (text ?? '').replace(/\0/g, '').trim();

/** Tag fields may hold several names ("A; B", "A、B"); music-metadata already splits per format. */
function splitNames(names: readonly (string | undefined)[]): string[] {
  const out = names.flatMap((n) => clean(n).split(/\s*[;；、]\s*/)).filter(Boolean);
  return [...new Set(out)];
}

/** The first value of a native tag (any tag format of the file), case-insensitive: Opus's R128 gains. */
function nativeTag(meta: IAudioMetadata, id: string): string | undefined {
  for (const tags of Object.values(meta.native))
    for (const tag of tags) if (tag.id.toUpperCase() === id && typeof tag.value === 'string') return tag.value;
  return undefined;
}

const finite = (n: number | undefined): number | null => (n !== undefined && Number.isFinite(n) ? n : null);
const r128 = (text: string | undefined): number | null =>
  text !== undefined && /^-?\d+$/.test(text.trim()) ? loudnessOfR128Gain(Number(text)) : null;

/**
 * The loudness a file's tags state: ReplayGain's track gain and peak (taken as ReplayGain 2.0,
 * relative to −18 LUFS), else Opus's R128_TRACK_GAIN (no peak); the album's likewise.
 */
export function taggedLoudness(meta: IAudioMetadata): TaggedLoudness | null {
  const { common } = meta;
  const rgTrack = finite(common.replaygain_track_gain?.dB);
  const rgAlbum = finite(common.replaygain_album_gain?.dB);
  const loudness = rgTrack !== null ? loudnessOfReplayGain(rgTrack) : r128(nativeTag(meta, 'R128_TRACK_GAIN'));
  if (loudness === null) return null;
  const albumLoudness = rgAlbum !== null ? loudnessOfReplayGain(rgAlbum) : r128(nativeTag(meta, 'R128_ALBUM_GAIN'));
  const peakOf = (ratio: number | undefined) => {
    const n = finite(ratio);
    return n !== null && n > 0 ? n : null;
  };
  return {
    loudness,
    peak: rgTrack !== null ? peakOf(common.replaygain_track_peak?.ratio) : null,
    albumLoudness,
    albumPeak: albumLoudness !== null && rgAlbum !== null ? peakOf(common.replaygain_album_peak?.ratio) : null,
  };
}

/**
 * Reads tags, duration and format of the file at `path` (of `size` bytes) inside the import folder `root`.
 * `named`: the path whose name stands in for missing tags (a cloud upload is stored under its hash,
 * but was named by its owner).
 */
export async function readTrack(root: string, path: string, size: number, named = path): Promise<TrackInfo> {
  let meta;
  try {
    // Loaded on first use: a server that is not importing never pays for the tag parsers.
    const { parseFile } = await import('music-metadata');
    meta = await parseFile(path, { duration: true });
  } catch (err) {
    throw new UnreadableTrack(`not a readable audio file (${err instanceof Error ? err.message : String(err)})`);
  }
  const { common, format } = meta;
  const kind = audioFormatOf(format);
  if (!kind) throw new UnreadableTrack(`unsupported audio format (${format.container ?? 'unknown'})`);
  const seconds = format.duration;
  if (!seconds || !Number.isFinite(seconds) || seconds <= 0) throw new UnreadableTrack('no audio found (unknown duration)');
  const durationMs = Math.max(1, Math.round(seconds * 1000));
  const bitrate = format.bitrate && Number.isFinite(format.bitrate) ? Math.round(format.bitrate) : 0;

  const guess = guessFromPath(root, named);
  const tagged = splitNames(common.artists ?? [common.artist]);
  const artists = tagged.length ? tagged : [guess.artist];
  const year = common.year && common.year > 1000 && common.year < 3000 ? common.year : null;
  const pictures = common.picture ?? [];
  // The first lyrics tag with timed lines; plain (unsynchronized) text is not LRC.
  const lyric = common.lyrics?.map((l) => normalizeLrc(embeddedLyricText(l))).find(Boolean) ?? null;
  return {
    title: clean(common.title) || guess.title,
    artists,
    albumArtist: splitNames([common.albumartist])[0] ?? artists[0]!,
    album: clean(common.album) || guess.album,
    trackNo: common.track.no ?? guess.trackNo ?? 0,
    discNo: common.disk.no ?? 1,
    releaseTime: year === null ? null : Date.UTC(year, 0, 1),
    company: clean(common.label?.[0]) || null,
    genres: splitNames(common.genre ?? []),
    durationMs,
    // Some streams (raw ADTS) state no bitrate: the file's average is close enough.
    bitrate: bitrate || Math.round((size * 8) / seconds),
    lossless: format.lossless === true,
    ...kind,
    sampleRate: positive(format.sampleRate),
    channels: positive(format.numberOfChannels),
    bitDepth: format.lossless === true ? positive(format.bitsPerSample) : null,
    picture: pictures.find((p) => /front/i.test(p.type ?? '')) ?? pictures[0] ?? null,
    embeddedLrc: lyric,
    loudness: taggedLoudness(meta),
  };
}
