import { lyricLines } from '../../text/lyrics.ts';
import { searchKeyword } from './keywords.ts';

/** Lines a lyric hit shows: the matching one and the ones after it, as NetEase sends five. */
const SHOWN_LINES = 5;

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * NetEase's `lyrics` of a lyric hit: the first line containing the keyword with its first
 * occurrence in <b>…</b>, then the next lines. Clients render these as HTML, so the lyric text
 * itself is escaped: an imported .lrc cannot inject markup.
 */
export function matchedLyrics(lrc: string, keyword: string): string[] {
  const lines = lyricLines(lrc);
  for (let at = 0; at < lines.length; at++) {
    const marked = markFirst(lines[at]!, keyword);
    if (marked !== null) return [marked, ...lines.slice(at + 1, at + SHOWN_LINES).map(escapeHtml)];
  }
  // The match spans two lines (the index joins them): show the start of the song.
  return lines.slice(0, SHOWN_LINES).map(escapeHtml);
}

/** `line` with the first occurrence of the folded keyword in <b>, or null when it has none. */
function markFirst(line: string, keyword: string): string | null {
  // Fold character by character, remembering where each folded character came from, so a match
  // in the folded text (ＬＯＶＥ ~ love) maps back onto the original characters.
  const chars = [...line];
  let folded = '';
  const origin: number[] = [];
  chars.forEach((ch, i) => {
    const space = /\s/.test(ch);
    if (space && folded.endsWith(' ')) return;
    const f = space ? ' ' : searchKeyword(ch);
    folded += f;
    for (let k = 0; k < f.length; k++) origin.push(i);
  });
  const at = folded.indexOf(keyword);
  if (at < 0 || keyword === '') return null;
  const from = origin[at]!;
  const to = origin[at + keyword.length - 1]! + 1;
  const part = (a: number, b: number) => escapeHtml(chars.slice(a, b).join(''));
  return `${part(0, from)}<b>${part(from, to)}</b>${part(to, chars.length)}`;
}
