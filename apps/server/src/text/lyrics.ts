/**
 * The sung lines of LRC text: time tags (`[00:12.57]`) and metadata tags (`[ar:…]`) dropped,
 * blank lines skipped. Search indexes and shows only these, so a number never matches a stamp.
 */
export function lyricLines(lrc: string): string[] {
  return lrc
    .split(/\r?\n/)
    .map((line) => line.replace(/\[[^\]]*\]/g, '').trim())
    .filter(Boolean);
}
