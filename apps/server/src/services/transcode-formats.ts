import { VARIANT_BITRATES } from './transcode-levels.ts';

/** What the transcoder makes: MP3 (every player), Opus in Ogg, AAC in ADTS. */
export type TranscodeFormat = 'mp3' | 'opus' | 'aac';

/** A transcoded rendition of an original: its format and bitrate (bit/s, one of the format's levels). */
export interface Variant {
  format: TranscodeFormat;
  bitrate: number;
}

export interface FormatSpec {
  /** the container and codec, as transcode decisions name them */
  container: string;
  codec: string;
  mimeType: string;
  /** file name ending of a kept variant */
  extension: string;
  /** the bitrates variants are made at (bit/s), lowest first: a limit is snapped down to one, never below the lowest */
  bitrates: readonly number[];
  /** what the encoder outputs (Opus always decodes at 48 kHz) */
  sampleRate: number;
  /** ffmpeg's encoder and muxer arguments for `kbps` */
  args(kbps: number): string[];
}

const MP3_MUXER = ['-id3v2_version', '3', '-write_xing', '0', '-f', 'mp3'];

/**
 * The formats and their levels. MP3's are the NetEase levels (decision 0005); Opus sounds as good
 * at about half the rate, so it goes lower, for phones on mobile data. Every variant is stereo.
 * MP3 is written without the Xing header (a pipe cannot seek back to fill it; a CBR file needs
 * none); AAC goes in ADTS, the one AAC container that streams from a pipe with no index.
 */
const FORMATS = new Map<TranscodeFormat, FormatSpec>([
  [
    'mp3',
    {
      container: 'mp3',
      codec: 'mp3',
      mimeType: 'audio/mpeg',
      extension: 'mp3',
      bitrates: VARIANT_BITRATES,
      sampleRate: 44_100,
      // LAME quality 7 (as the demo synth uses) encodes twice as fast as the default, and a listener waits.
      args: (kbps) => ['-c:a', 'libmp3lame', '-b:a', `${kbps}k`, '-compression_level', '7', '-ar', '44100'].concat(MP3_MUXER),
    },
  ],
  [
    'opus',
    {
      container: 'ogg',
      codec: 'opus',
      mimeType: 'audio/ogg',
      extension: 'opus',
      bitrates: [64_000, 96_000, 128_000, 192_000],
      sampleRate: 48_000,
      // Constrained VBR: the rate a player budgets for is the rate it gets (free VBR strays ±30% on noise).
      args: (kbps) => ['-c:a', 'libopus', '-b:a', `${kbps}k`, '-vbr', 'constrained', '-ar', '48000', '-f', 'ogg'],
    },
  ],
  [
    'aac',
    {
      container: 'aac',
      codec: 'aac',
      mimeType: 'audio/aac',
      extension: 'aac',
      bitrates: [128_000, 192_000, 256_000],
      sampleRate: 44_100,
      args: (kbps) => ['-c:a', 'aac', '-b:a', `${kbps}k`, '-ar', '44100', '-f', 'adts'],
    },
  ],
]);
export const TRANSCODE_FORMATS: readonly TranscodeFormat[] = [...FORMATS.keys()];

export const specOf = (format: TranscodeFormat): FormatSpec => FORMATS.get(format)!;

/** A format named by a client (`mp3`, `Opus`…); undefined for one the transcoder does not make. */
export function transcodeFormatOf(name: string): TranscodeFormat | undefined {
  const format = name.trim().toLowerCase();
  return FORMATS.has(format as TranscodeFormat) ? (format as TranscodeFormat) : undefined;
}

/** The format's level for a limit (bit/s; null = none, the top level): the highest at or under it, never below the lowest. */
export function levelFor(format: TranscodeFormat, limit: number | null): number {
  const { bitrates } = specOf(format);
  let level = bitrates[0]!;
  for (const b of bitrates) if (limit === null || limit >= b) level = b;
  return level;
}

/** How a kept variant's file is named after its original's key: Opus at 96000 → `96k.opus`. */
export const variantName = ({ format, bitrate }: Variant): string => `${bitrate / 1000}k.${specOf(format).extension}`;
