import { lyricLines } from '../text/lyrics.ts';
import { foldText } from '../text/normalize.ts';
import { pinyinForms } from '../text/pinyin.ts';

/**
 * The search documents as SQLite's search_*_docs views write them (migrations 002, 007, 009),
 * built from catalog rows for an engine that cannot call the server's text functions in SQL
 * (PostgreSQL). Each step is the view's expression in the same order, with the same functions
 * (db/text-functions.ts registers them for SQLite), so both engines index the same text.
 */

const NAME_START = '\u0002\u0002';
const NAME_END = '\u0003';
const RELATED_START = '\u0001\u0001';
const RELATED_END = '\u0004';
const DOC_END = '\u0003';

/** rank(p) * 2^36 + id, rank(p) = 65535 - min(65535, trunc(log2(max(p, 0) + 1) * 2048)). */
export function docId(popularity: number | null, id: number): number {
  const rank = 65535 - Math.min(65535, Math.trunc(Math.log2(Math.max(popularity ?? 0, 0) + 1) * 2048));
  return rank * 2 ** 36 + id;
}

/**
 * The views' `GLOB '*[㐀-鿿豈-﫿]*'`: a name with one of these characters also gets its pinyin.
 * The second range of the migrations' text starts at U+8C48 (the unified 豈, not the
 * compatibility U+F900), so the class is U+3400–U+FAFF: hangul names get pinyin segments too
 * (pinyin passes them through), and so must they here. Code points, as GLOB reads them.
 */
const HAN = /[\u3400-\u9fff\u8c48-\ufaff]/u;

const named = (text: string): string => NAME_START + foldText(text) + NAME_END;

/** A Han name's pinyin segments: full, then initials when the name has more than one character. */
function pinyinSegments(name: string): string {
  if (!HAN.test(name)) return '';
  const { full, initials } = pinyinForms(name);
  return NAME_START + full + NAME_END + ([...name].length > 1 ? NAME_START + initials + NAME_END : '');
}

/** json_each's values of a valid JSON text, as text_fold() receives them (json_valid false: none). */
function jsonValues(json: string | null): string[] {
  if (json === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  const items = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : [value];
  return items.map((v: unknown) =>
    typeof v === 'string'
      ? v
      : v === null
        ? ''
        : typeof v === 'boolean'
          ? v
            ? '1'
            : '0'
          : typeof v === 'number'
            ? String(v)
            : JSON.stringify(v),
  );
}

const aliasSegments = (aliases: string | null): string => jsonValues(aliases).map(named).join('');

/** search_artist_docs.keys: name, pinyin, translation, aliases. */
export function artistKeys(artist: { name: string; trans: string | null; aliases: string | null }): string {
  return (
    named(artist.name) +
    pinyinSegments(artist.name) +
    ((artist.trans ?? '') !== '' ? named(artist.trans!) : '') +
    aliasSegments(artist.aliases)
  );
}

/** An artist's document: its keys. */
export const artistDoc = (keys: string): string => keys + DOC_END;

/** An artist's keys as related text (migration 007: `replace(replace(keys, char(2, 2), char(1, 1)), char(3), char(4))`). */
const relatedKeys = (keys: string): string => keys.replaceAll(NAME_START, RELATED_START).replaceAll(NAME_END, RELATED_END);

/** The `name` of search_album_docs and search_song_docs: title, pinyin, aliases. */
export const titleNames = (name: string, aliases: string | null): string =>
  named(name) + pinyinSegments(name) + aliasSegments(aliases) + DOC_END;

/** search_album_docs.credits: the artist's keys as related text. */
export const albumCredits = (artistKeys: string | null): string => (artistKeys === null ? '' : relatedKeys(artistKeys)) + DOC_END;

/** search_song_docs.credits: the artists' keys (by artist id, the credits' key order), then the album. */
export const songCredits = (artistKeys: readonly string[], album: string | null): string =>
  artistKeys.map(relatedKeys).join('') + (album === null ? '' : RELATED_START + foldText(album) + RELATED_END) + DOC_END;

/** search_playlist_docs.name: the name and its pinyin. */
export const playlistName = (name: string): string => named(name) + pinyinSegments(name) + DOC_END;

/** search_playlist_docs.tags: the tags (by tag id, the key order) as related text. */
export const playlistTags = (tags: readonly string[]): string =>
  tags.map((t) => RELATED_START + foldText(t) + RELATED_END).join('') + DOC_END;

/** search_lyric_docs.lyric: the sung lines. */
export const lyricDoc = (lrc: string): string => foldText(lyricLines(lrc).join('\n')) + DOC_END + DOC_END;
