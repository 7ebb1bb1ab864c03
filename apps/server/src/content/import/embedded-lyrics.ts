import type { ILyricsTag } from 'music-metadata';

/** `[mm:ss.xx]`: the stamp form the lyric parser (@cloudtune/lrc) reads. */
function stamp(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  const mm = String(Math.floor(cs / 6000)).padStart(2, '0');
  const ss = String(Math.floor((cs % 6000) / 100)).padStart(2, '0');
  return `[${mm}:${ss}.${String(cs % 100).padStart(2, '0')}]`;
}

/**
 * The LRC text of one embedded lyrics tag. music-metadata reads LRC it finds in a tag (a FLAC or
 * Ogg `LYRICS` comment, an ID3 `USLT`) into timed lines and keeps only their words in `text`;
 * an ID3 `SYLT` frame is timed lines too. Those lines are written back as LRC; plain text stays
 * as it is (the caller keeps it only if it has stamps of its own).
 */
export function embeddedLyricText(tag: ILyricsTag): string {
  const timed = (tag.syncText ?? []).filter((line) => typeof line.timestamp === 'number');
  // TimestampFormat.milliseconds (2); MPEG frame numbers (1) would need the frame rate.
  if (timed.length && tag.timeStampFormat === 2) return timed.map((line) => `${stamp(line.timestamp!)}${line.text}`).join('\n');
  return tag.text ?? '';
}
