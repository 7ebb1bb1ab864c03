import type { Db } from '../db/connection.ts';
import { idsParam } from './json.ts';

/**
 * Queries over the search index (migration 002 describes the documents). Callers pass folded
 * keywords; every method answers ids of the searched kind, most popular first.
 */
export type SearchKind = 1 | 10 | 100 | 1000 | 1006;

/** Each kind's FTS tables: its own names (exact and prefix look only there) and related text. */
const TABLES: Record<SearchKind, { names: string | null; related: string | null }> = {
  1: { names: 'search_song_names', related: 'search_song_credits' },
  10: { names: 'search_album_names', related: 'search_album_credits' },
  100: { names: 'search_artist_names', related: null },
  1000: { names: 'search_playlist_names', related: 'search_playlist_tags' },
  1006: { names: null, related: 'search_lyrics' },
};

/** A document's rowid is rank * 2^36 + id. */
const ID_SPAN = 2 ** 36;
const SEGMENT_START = '\u0002\u0002';
const SEGMENT_END = '\u0003';
/** The trigrams a 1–2 character keyword may expand to; beyond this it matches by name start only. */
export const MAX_EXPANSION = 5000;
/** Short keywords whose expansion is kept (a few KB each). */
const MAX_KEPT_EXPANSIONS = 2000;

const phrase = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** How a keyword may match a document; exact and prefix look at the document's own names only. */
export type MatchClass = 'exact' | 'prefix' | 'anywhere';

export interface AlbumFacts {
  id: number;
  publishTime: number;
  size: number;
  artistId: number;
  artistName: string;
}

export function createSearchRepo(db: Db) {
  const matchIn = (table: string) =>
    db.prepare<[string, number], number>(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid LIMIT ?`).pluck();
  // Both tables' matches merged in rowid order: SQLite merges the two sorted arms and stops at the limit.
  const matchInBoth = (names: string, related: string) =>
    db
      .prepare<[string, string, number], number>(
        `SELECT rowid FROM ${names} WHERE ${names} MATCH ?
      UNION SELECT rowid FROM ${related} WHERE ${related} MATCH ? ORDER BY 1 LIMIT ?`,
      )
      .pluck();
  const termsOf = (table: string) =>
    db.prepare<[string, string, number], string>(`SELECT term FROM ${table}_terms WHERE term >= ? AND term < ? LIMIT ?`).pluck();

  const tables = new Map(
    Object.entries(TABLES).map(([kind, { names, related }]) => [
      Number(kind) as SearchKind,
      {
        names: names && { table: names, match: matchIn(names), terms: termsOf(names) },
        related: related && { table: related, match: matchIn(related), terms: termsOf(related) },
        both: names && related ? matchInBoth(names, related) : null,
      },
    ]),
  );
  const albumFacts = db.prepare<[string], AlbumFacts>(`
    SELECT al.id, al.publish_time AS publishTime, (SELECT COUNT(*) FROM songs s WHERE s.album_id = al.id) AS size,
      al.artist_id AS artistId, ar.name AS artistName
    FROM albums al JOIN artists ar ON ar.id = al.artist_id WHERE al.id IN (SELECT value FROM json_each(?))`);

  // Expanding a short keyword reads the vocabulary, which costs far more than the match itself;
  // the expansions are kept until the index changes (search_state's generation moves).
  const expansions = new Map<string, string | null>();
  const generation = db.prepare<[], number>("SELECT value FROM search_state WHERE key = 'generation'").pluck();
  let expandedAt: number | undefined;

  /** The FTS5 query finding `keyword` anywhere in a table's text, or null when nothing can match. */
  function anywhere(table: { table: string; terms: ReturnType<typeof termsOf> }, keyword: string): string | null {
    if ([...keyword].length >= 3) return phrase(keyword);
    const key = `${table.table}\u0000${keyword}`;
    const current = generation.get();
    if (current !== expandedAt || expansions.size >= MAX_KEPT_EXPANSIONS) {
      expansions.clear();
      expandedAt = current;
    }
    if (expansions.has(key)) return expansions.get(key)!;
    // Shorter than a trigram: every indexed character starts a trigram (the markers pad the
    // ends), so the trigrams starting with the keyword find each place it occurs.
    const terms = table.terms.all(keyword, keyword + '\u{10FFFF}', MAX_EXPANSION + 1);
    const query =
      terms.length > MAX_EXPANSION
        ? phrase(SEGMENT_START + keyword) // too common to list: names starting with it
        : terms.length
          ? terms.map(phrase).join(' OR ')
          : null;
    expansions.set(key, query);
    return query;
  }

  return {
    /** Ids of up to `limit` documents matching `keyword` as `how` says, most popular first. */
    find(kind: SearchKind, keyword: string, how: MatchClass, limit: number): number[] {
      const { names, related, both } = tables.get(kind)!;
      if (limit <= 0 || keyword === '') return [];
      let rowids: number[];
      if (how !== 'anywhere') {
        if (!names) return [];
        rowids = names.match.all(phrase(SEGMENT_START + keyword + (how === 'exact' ? SEGMENT_END : '')), limit);
      } else {
        const inNames = names && anywhere(names, keyword);
        const inRelated = related && anywhere(related, keyword);
        if (inNames && inRelated && both) rowids = both.all(inNames, inRelated, limit);
        else if (inNames) rowids = names!.match.all(inNames, limit);
        else if (inRelated) rowids = related!.match.all(inRelated, limit);
        else rowids = [];
      }
      return rowids.map((rowid) => rowid % ID_SPAN);
    },
    /** Release date, song count and main artist of albums (the old song format's `album`). */
    albumFacts(ids: readonly number[]): Map<number, AlbumFacts> {
      const rows = ids.length ? albumFacts.all(idsParam(ids)) : [];
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;
