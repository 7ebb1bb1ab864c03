import { z } from 'zod';
import type { ImportFileRecord } from '../../repos/import-files.ts';
import { invalidParam } from './errors.ts';
import { levelFor, specOf, TRANSCODE_FORMATS, transcodeFormatOf, type TranscodeFormat, type Variant } from '../transcode-formats.ts';

/**
 * OpenSubsonic's `transcoding` extension: a player describes what it plays (ClientInfo, posted as
 * JSON to getTranscodeDecision) and the server decides — play the original, or transcode it to
 * what the player takes — and names the stream getTranscodeStream sends (`transcodeParams`).
 * Bitrates are bit/s throughout, as the extension has them.
 */

const MAX_ITEMS = 64;
const name = z.string().max(64);
const names = z.array(name).max(MAX_ITEMS);
/** A count or a bitrate: a JSON number, or a string of digits (some players quote every value). */
const amount = z
  .union([z.number(), z.string().regex(/^\d{1,12}$/)])
  .transform(Number)
  .pipe(z.number().int().min(0).max(1e12));

const limitationSchema = z.object({
  name,
  comparison: name,
  values: z.union([names, name, z.number()]).transform((v) => (Array.isArray(v) ? v : [String(v)])),
  required: z.boolean().default(false),
});

export const clientInfoSchema = z.object({
  name: z.string().max(256).optional(),
  platform: z.string().max(256).optional(),
  maxAudioBitrate: amount.optional(),
  maxTranscodingAudioBitrate: amount.optional(),
  directPlayProfiles: z
    .array(
      z.object({
        containers: names.default([]),
        audioCodecs: names.default([]),
        protocols: names.default([]),
        maxAudioChannels: amount.optional(),
      }),
    )
    .max(MAX_ITEMS)
    .default([]),
  transcodingProfiles: z
    .array(
      z.object({
        container: name.default(''),
        audioCodec: name.default(''),
        protocol: name.default('http'),
        maxAudioChannels: amount.optional(),
      }),
    )
    .max(MAX_ITEMS)
    .default([]),
  codecProfiles: z
    .array(z.object({ type: name, name, limitations: z.array(limitationSchema).max(MAX_ITEMS).default([]) }))
    .max(MAX_ITEMS)
    .default([]),
});
export type ClientInfo = z.output<typeof clientInfoSchema>;
type Limitation = z.output<typeof limitationSchema>;

/** The request body as a ClientInfo; a clear error naming the first field that is not one. */
export function parseClientInfo(body: unknown): ClientInfo {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidParam('The request body', "must be a JSON object: the player's ClientInfo");
  }
  const result = clientInfoSchema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.map(String).join('.');
  throw invalidParam(`ClientInfo ${path || 'body'}`, `is not valid (${issue.message})`);
}

/** StreamDetails: a stream as the extension describes one (unknown numbers are left out). */
export interface StreamDetails {
  protocol: 'http';
  container: string;
  codec: string;
  audioChannels?: number;
  audioBitrate?: number;
  audioSamplerate?: number;
  audioBitdepth?: number;
}

/** What is known of a song's original (AudioQuality): the quality fields of its imported file. */
export type SourceAudio = Pick<ImportFileRecord, 'type' | 'bitrate' | 'lossless' | 'sampleRate' | 'channels' | 'bitDepth'>;

export interface TranscodeDecision {
  canDirectPlay: boolean;
  canTranscode: boolean;
  transcodeReason?: string[];
  errorReason?: string;
  transcodeParams?: string;
  sourceStream: StreamDetails;
  transcodeStream?: StreamDetails;
}

/** Names that mean the same container or codec, first the one we answer with. */
const CONTAINER_GROUPS = [['mp3', 'mpeg'], ['ogg', 'oga', 'opus'], ['mp4', 'm4a', 'm4b'], ['aac', 'adts'], ['flac'], ['wav', 'wave']];
const CODEC_GROUPS = [['aac', 'mp4a'], ['pcm', 'wav', 'pcm_s16le', 'pcm_s24le'], ['mp3'], ['opus'], ['vorbis'], ['flac'], ['alac']];
const canonical = (groups: string[][]) => {
  const map = new Map<string, string>();
  for (const group of groups) for (const n of group) map.set(n, group[0]!);
  return (n: string): string => map.get(n.trim().toLowerCase()) ?? n.trim().toLowerCase();
};
const containerOf = canonical(CONTAINER_GROUPS);
const codecOf = canonical(CODEC_GROUPS);
/** An empty list allows anything (the extension's rule for direct play profiles). */
const allows = (list: readonly string[], value: string, norm: (n: string) => string): boolean =>
  list.length === 0 || list.some((n) => norm(n) === norm(value));

/** The original's container and codec, from the format the importer found in it. */
function sourceKind({ type, lossless }: SourceAudio): { container: string; codec: string } {
  const kinds = new Map([
    ['mp3', { container: 'mp3', codec: 'mp3' }],
    ['flac', { container: 'flac', codec: 'flac' }],
    ['opus', { container: 'ogg', codec: 'opus' }],
    ['ogg', { container: 'ogg', codec: 'vorbis' }],
    ['m4a', { container: 'mp4', codec: lossless ? 'alac' : 'aac' }],
    ['aac', { container: 'aac', codec: 'aac' }],
    ['wav', { container: 'wav', codec: 'pcm' }],
  ]);
  return kinds.get(type) ?? { container: type, codec: type };
}

const details = (
  container: string,
  codec: string,
  numbers: { channels: number | null; bitrate: number; sampleRate: number | null; bitDepth: number | null },
): StreamDetails => ({
  protocol: 'http',
  container,
  codec,
  ...(numbers.channels ? { audioChannels: numbers.channels } : {}),
  audioBitrate: numbers.bitrate,
  ...(numbers.sampleRate ? { audioSamplerate: numbers.sampleRate } : {}),
  ...(numbers.bitDepth ? { audioBitdepth: numbers.bitDepth } : {}),
});

type Numbers = { audioChannels?: number; audioBitrate?: number; audioSamplerate?: number; audioBitdepth?: number; audioProfile?: string };
const LIMITED = new Map<string, keyof Numbers>([
  ['audiochannels', 'audioChannels'],
  ['audiobitrate', 'audioBitrate'],
  ['audiosamplerate', 'audioSamplerate'],
  ['audiobitdepth', 'audioBitdepth'],
  ['audioprofile', 'audioProfile'],
]);
const REASONS = new Map<keyof Numbers, string>([
  ['audioChannels', 'AudioChannelsNotSupported'],
  ['audioBitrate', 'AudioBitrateNotSupported'],
  ['audioSamplerate', 'AudioSampleRateNotSupported'],
  ['audioBitdepth', 'AudioBitDepthNotSupported'],
  ['audioProfile', 'AudioProfileNotSupported'],
]);

/** Whether `value` meets a limitation; an unknown value (or an unknown limitation) is not held against the stream. */
function meets(limitation: Limitation, value: number | string | undefined): boolean {
  if (value === undefined) return true;
  const values = limitation.values.map((v) => v.trim().toLowerCase());
  const text = String(value).toLowerCase();
  const first = Number(values[0]);
  switch (limitation.comparison.trim().toLowerCase()) {
    case 'equals':
      return values.includes(text);
    case 'notequals':
      return !values.includes(text);
    case 'lessthanequal':
      return !Number.isFinite(first) || Number(value) <= first;
    case 'greaterthanequal':
      return !Number.isFinite(first) || Number(value) >= first;
    default:
      return true;
  }
}

/** The first required limitation of the player's profile for `codec` that `stream` fails, as a reason; undefined when it passes. */
function failedLimitation(client: ClientInfo, codec: string, stream: Numbers): string | undefined {
  for (const profile of client.codecProfiles) {
    if (profile.type.trim().toLowerCase() !== 'audiocodec' || codecOf(profile.name) !== codecOf(codec)) continue;
    for (const limitation of profile.limitations) {
      const field = LIMITED.get(limitation.name.trim().toLowerCase());
      if (field && limitation.required && !meets(limitation, stream[field])) return REASONS.get(field);
    }
  }
  return undefined;
}

/** Why the original cannot be played as it is under one direct play profile; undefined when it can. */
function directPlayRefusal(
  client: ClientInfo,
  profile: ClientInfo['directPlayProfiles'][number],
  source: StreamDetails,
): string | undefined {
  if (profile.protocols.length > 0 && !profile.protocols.some((p) => p.trim().toLowerCase() === 'http')) return 'ProtocolNotSupported';
  if (!allows(profile.containers, source.container, containerOf)) return 'ContainerNotSupported';
  if (!allows(profile.audioCodecs, source.codec, codecOf)) return 'AudioCodecNotSupported';
  if (profile.maxAudioChannels && source.audioChannels && source.audioChannels > profile.maxAudioChannels) {
    return 'AudioChannelsNotSupported';
  }
  return failedLimitation(client, source.codec, source);
}

/** The transcoder's format a transcoding profile asks for: by codec, else by container; undefined when we make no such stream. */
function formatFor({ container, audioCodec }: ClientInfo['transcodingProfiles'][number]): TranscodeFormat | undefined {
  const format =
    transcodeFormatOf(codecOf(audioCodec || container)) ?? TRANSCODE_FORMATS.find((f) => specOf(f).container === containerOf(container));
  if (!format) return undefined;
  // AAC in an MP4 container (what many players name) is not the ADTS stream we make.
  return container === '' || containerOf(container) === specOf(format).container ? format : undefined;
}

/** The level a transcoding profile gets, or why it cannot be made within the player's limits. */
function levelWithin(client: ClientInfo, format: TranscodeFormat, source: SourceAudio): number | string {
  const spec = specOf(format);
  const caps = [client.maxAudioBitrate, client.maxTranscodingAudioBitrate].filter((c): c is number => !!c);
  const cap = caps.length ? Math.min(...caps) : Infinity;
  const fixed = { audioChannels: 2, audioSamplerate: spec.sampleRate };
  const other = failedLimitation(client, spec.codec, fixed);
  if (other) return other;
  const levels = spec.bitrates.filter((b) => b <= cap && !failedLimitation(client, spec.codec, { audioBitrate: b }));
  if (levels.length === 0) return 'AudioBitrateNotSupported';
  // Never above the original's own rate: a lossy original gains nothing from more bits.
  const ceiling = source.lossless ? Infinity : Math.max(source.bitrate, levels[0]!);
  return levels.filter((b) => b <= ceiling).at(-1) ?? levels[0]!;
}

/**
 * The decision (decision 0034): the original when the player takes it as it is — within
 * `maxAudioBitrate`, under a direct play profile (HTTP; container, codec and channels allowed;
 * its codec profile's required limitations met) — else the first transcoding profile the
 * transcoder can make within the player's limits (HTTP; MP3, Opus in Ogg, AAC in ADTS; stereo),
 * at the highest level under `maxAudioBitrate`, `maxTranscodingAudioBitrate`, the codec's
 * bitrate limitations and a lossy original's own rate. Unknown facts of the original (files
 * imported before they were recorded) are not held against it.
 */
export function decideTranscode(source: SourceAudio, client: ClientInfo): TranscodeDecision {
  const kind = sourceKind(source);
  const sourceStream = details(kind.container, kind.codec, source);
  const overBudget = !!client.maxAudioBitrate && source.bitrate > client.maxAudioBitrate;
  const reasons = client.directPlayProfiles.map((p) =>
    overBudget ? 'AudioBitrateNotSupported' : directPlayRefusal(client, p, sourceStream),
  );
  if (reasons.some((r) => r === undefined)) {
    return { canDirectPlay: true, canTranscode: false, transcodeParams: transcodeParamsOf(null), sourceStream };
  }
  const refused = reasons as string[];
  for (const profile of client.transcodingProfiles) {
    if (profile.protocol.trim().toLowerCase() !== 'http') continue;
    const format = formatFor(profile);
    if (!format || (profile.maxAudioChannels !== undefined && profile.maxAudioChannels > 0 && profile.maxAudioChannels < 2)) continue;
    const level = levelWithin(client, format, source);
    if (typeof level === 'string') continue;
    const spec = specOf(format);
    return {
      canDirectPlay: false,
      canTranscode: true,
      ...(refused.length ? { transcodeReason: refused } : {}),
      transcodeParams: transcodeParamsOf({ format, bitrate: level }),
      sourceStream,
      transcodeStream: details(spec.container, spec.codec, { channels: 2, bitrate: level, sampleRate: spec.sampleRate, bitDepth: null }),
    };
  }
  return {
    canDirectPlay: false,
    canTranscode: false,
    ...(refused.length ? { transcodeReason: refused } : {}),
    errorReason:
      'No direct play profile takes the original and no transcoding profile is one the server makes (HTTP: MP3, Opus, AAC) within the limits',
    sourceStream,
  };
}

/** transcodeParams: `raw` (the original), or the variant as `<format>-<kbps>k` (`opus-96k`): URL-safe as it is. */
export const transcodeParamsOf = (variant: Variant | null): string => (variant ? `${variant.format}-${variant.bitrate / 1000}k` : 'raw');

/** getTranscodeStream's `transcodeParams` back to what it names: null for the original; an error for anything getTranscodeDecision does not give. */
export function variantOfTranscodeParams(text: string): Variant | null {
  if (text === 'raw') return null;
  const m = /^([a-z0-9]{1,8})-(\d{1,4})k$/.exec(text);
  const format = m ? transcodeFormatOf(m[1]!) : undefined;
  const bitrate = m ? Number(m[2]) * 1000 : NaN;
  if (!format || levelFor(format, bitrate) !== bitrate) throw invalidParam('transcodeParams', 'is not one getTranscodeDecision gave');
  return { format, bitrate };
}
