import type { IFormat } from 'music-metadata';

/** What /song/url reports as `type` and the media route sends as Content-Type. */
export interface AudioFormat {
  type: string;
  mimeType: string;
}

/**
 * The format of a parsed file, from what the parser found inside it (not from the file name):
 * a FLAC renamed to .mp3 is still served as audio/flac. undefined = not a format we serve.
 */
export function audioFormatOf(format: IFormat): AudioFormat | undefined {
  const container = (format.container ?? '').toLowerCase();
  const codec = (format.codec ?? '').toLowerCase();
  if (container === 'mpeg' && codec.includes('layer 3')) return { type: 'mp3', mimeType: 'audio/mpeg' };
  if (container === 'flac') return { type: 'flac', mimeType: 'audio/flac' };
  if (container === 'ogg') return codec === 'opus' ? { type: 'opus', mimeType: 'audio/ogg' } : { type: 'ogg', mimeType: 'audio/ogg' };
  // MP4 containers name their brands: "M4A/isom/iso2", "mp42/isom" …
  if (/^(m4a|m4b|mp4|mp42|isom|iso\d|dash)\b/.test(container)) return { type: 'm4a', mimeType: 'audio/mp4' };
  if (container.startsWith('adts')) return { type: 'aac', mimeType: 'audio/aac' };
  if (container === 'wave') return { type: 'wav', mimeType: 'audio/wav' };
  return undefined;
}

/** File name endings the folder walk considers audio. */
export const AUDIO_EXTENSIONS: ReadonlySet<string> = new Set(['.mp3', '.flac', '.ogg', '.oga', '.opus', '.m4a', '.aac', '.wav', '.wave']);
