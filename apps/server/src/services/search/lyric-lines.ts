import { lyricLines } from '../../text/lyrics.ts';
import { keywordWords } from '../../repos/search.ts';
import { searchKeyword } from './keywords.ts';

/** Lines a lyric hit shows: the matching one and the ones after it, as NetEase sends five. */
const SHOWN_LINES = 5;

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * NetEase's `lyrics` of a lyric hit: the first line containing the keyword with its first
 * occurrence in <b>…</b>, then the next lines. A keyword of several words found apart (every
 * word is somewhere in the lyric) shows the first line holding the most of them, each word's
 * first occurrence marked. Clients render these as HTML, so the lyric text itself is escaped:
 * an imported .lrc cannot inject markup.
 */
export function matchedLyrics(lrc: string, keyword: string): string[] {
  const lines = lyricLines(lrc).map(foldedLine);
  const shown = (at: number, marked: string) => [marked, ...lines.slice(at + 1, at + SHOWN_LINES).map((l) => escapeHtml(l.text))];
  const whole = lines.findIndex((line) => keyword !== '' && line.folded.includes(keyword));
  if (whole >= 0) return shown(whole, mark(lines[whole]!, [keyword]));
  const words = keywordWords(keyword);
  let best = -1;
  let most = 0;
  lines.forEach((line, at) => {
    const found = words.filter((w) => line.folded.includes(w)).length;
    if (found > most) [best, most] = [at, found];
  });
  if (best >= 0) return shown(best, mark(lines[best]!, words));
  // The match spans two lines (the index joins them): show the start of the song.
  return lines.slice(0, SHOWN_LINES).map((l) => escapeHtml(l.text));
}

interface FoldedLine {
  text: string;
  /** the line folded as keywords are */
  folded: string;
  /** index in [...text] of each folded character's origin */
  origin: number[];
}

/**
 * Folds a line character by character, remembering where each folded character came from, so a
 * match in the folded text (ＬＯＶＥ ~ love) maps back onto the original characters.
 */
function foldedLine(text: string): FoldedLine {
  let folded = '';
  const origin: number[] = [];
  [...text].forEach((ch, i) => {
    const space = /\s/.test(ch);
    if (space && folded.endsWith(' ')) return;
    const f = space ? ' ' : searchKeyword(ch);
    folded += f;
    for (let k = 0; k < f.length; k++) origin.push(i);
  });
  return { text, folded, origin };
}

/** The line with the first occurrence of each of `parts` (folded) in <b>; overlapping marks merge. */
function mark(line: FoldedLine, parts: readonly string[]): string {
  const ranges = parts
    .map((part) => ({ part, at: line.folded.indexOf(part) }))
    .filter(({ part, at }) => part !== '' && at >= 0)
    .map(({ part, at }) => [line.origin[at]!, line.origin[at + part.length - 1]! + 1] as const)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of ranges) {
    const last = merged.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  const chars = [...line.text];
  const part = (a: number, b: number) => escapeHtml(chars.slice(a, b).join(''));
  let html = '';
  let at = 0;
  for (const [from, to] of merged) {
    html += `${part(at, from)}<b>${part(from, to)}</b>`;
    at = to;
  }
  return html + part(at, chars.length);
}
