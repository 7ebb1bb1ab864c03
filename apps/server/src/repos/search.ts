import type { Database } from '../db/database.ts';

/**
 * Queries over the search index (migrations 002, 007 and 009 describe the documents). Callers pass
 * folded keywords; a keyword's words are the parts between its spaces. Every method answers ids
 * of the searched kind, most popular first.
 */
export type SearchKind = 1 | 10 | 100 | 1000 | 1006;

/** Each kind's FTS tables: whole documents, and names alone (an artist's document is all names; lyrics have none). */
const TABLES: Record<SearchKind, { table: string; names: string | null }> = {
  1: { table: 'search_songs', names: 'search_song_names' },
  10: { table: 'search_albums', names: 'search_album_names' },
  100: { table: 'search_artists', names: 'search_artists' },
  1000: { table: 'search_playlists', names: 'search_playlist_names' },
  1006: { table: 'search_lyrics', names: null },
};
/** Names found among the counted matches ('named') are looked for among at most this many names. */
const MAX_NAMED = 5000;

/** A document's rowid is rank * 2^36 + id. */
const ID_SPAN = 2 ** 36;
/**
 * Names are written as segments NAME_START + text + NAME_END, related text (artists, albums,
 * tags) as RELATED_START + text + char(4): phrases with the name markers only match names.
 */
const NAME_START = '\u0002\u0002';
const NAME_END = '\u0003';
const RELATED_START = '\u0001\u0001';
/**
 * The trigrams the 1–2 character words of one keyword may expand to, together, and how many of
 * its short words are expanded at all (each is an OR of up to thousands of lists that FTS5 walks
 * together: 26 one-letter words took 3 s at 1M songs). A short word beyond either limit matches
 * by the start of a name or of a related segment only.
 */
export const MAX_EXPANSION = 5000;
const MAX_EXPANDED_WORDS = 3;
/** Short words whose expansion is kept (a few KB each). */
const MAX_KEPT_EXPANSIONS = 2000;

const phrase = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** The words of a folded keyword, each once. */
export const keywordWords = (keyword: string): string[] => [...new Set(keyword.split(' ').filter(Boolean))];

/**
 * How a keyword may match a document:
 * - exact / prefix: one of the document's own names equals / starts with the whole keyword;
 * - named: one of the words is one of the document's own names, every other word is anywhere in it
 *   (see namedAmong);
 * - phrase: the whole keyword as written, anywhere in the document;
 * - anywhere: every word anywhere in the document (its names or related text).
 */
export type MatchClass = 'exact' | 'prefix' | 'named' | 'phrase' | 'anywhere';

/** A short word's trigrams OR-ed (null: too many to list) and how many there are. */
interface Expansion {
  listed: string | null;
  count: number;
}

export function createSearchRepo(db: Database) {
  const matchIn = (table: string) =>
    db.prepare<[string, number], number>(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid LIMIT ?`).pluck();
  const tables = new Map(
    Object.entries(TABLES).map(([kind, { table, names }]) => [
      Number(kind) as SearchKind,
      {
        table,
        match: matchIn(table),
        terms: db.prepare<[string, string, number], string>(`SELECT term FROM ${table}_terms WHERE term >= ? AND term < ? LIMIT ?`).pluck(),
        names: names
          ? {
              match: matchIn(names),
              // Rowids up to a bound: FTS5 stops at the first match past it. The bound is bound as a
              // BigInt: compared with a double, FTS5 would not use it and reads every match.
              upTo: db
                .prepare<[string, bigint, number], number>(
                  `SELECT rowid FROM ${names} WHERE ${names} MATCH ? AND rowid <= ? ORDER BY rowid LIMIT ?`,
                )
                .pluck(),
            }
          : null,
      },
    ]),
  );
  type Table = NonNullable<ReturnType<typeof tables.get>>;
  const docId = db.prepare<[number, number], number>('SELECT doc_id FROM search_docs WHERE kind = ? AND id = ?').pluck();
  // Expanding a short word reads the vocabulary, which costs far more than the match itself;
  // the expansions are kept until the index changes (search_state's generation moves).
  const expansions = new Map<string, Expansion>();
  const generation = db.prepare<[], number>("SELECT value FROM search_state WHERE key = 'generation'").pluck();
  let expandedAt: number | undefined;

  /** The indexed trigrams starting with a 1–2 character word, OR-ed (null when there are too many to list). */
  async function expand(table: Table, word: string): Promise<Expansion> {
    const key = `${table.table}\u0000${word}`;
    const current = await generation.get();
    if (current !== expandedAt || expansions.size >= MAX_KEPT_EXPANSIONS) {
      expansions.clear();
      expandedAt = current;
    }
    let expansion = expansions.get(key);
    if (!expansion) {
      // Shorter than a trigram: every indexed character starts a trigram (the markers pad the
      // ends), so the trigrams starting with the word find each place it occurs.
      const terms = await table.terms.all(word, word + '\u{10FFFF}', MAX_EXPANSION + 1);
      expansion = { listed: terms.length > MAX_EXPANSION ? null : `(${terms.map(phrase).join(' OR ')})`, count: terms.length };
      expansions.set(key, expansion);
    }
    return expansion;
  }

  /**
   * The FTS5 query finding `word` anywhere in a table's documents, or null when nothing can
   * match. A short word's trigrams are taken from `budget` (shared by a keyword's words).
   */
  async function wordQuery(table: Table, word: string, budget = { terms: MAX_EXPANSION, words: 1 }): Promise<string | null> {
    if ([...word].length >= 3) return phrase(word);
    const { listed, count } = await expand(table, word);
    if (count === 0) return null;
    if (listed === null || count > budget.terms || budget.words === 0) {
      return `(${phrase(NAME_START + word)} OR ${phrase(RELATED_START + word)})`;
    }
    budget.terms -= count;
    budget.words--;
    return listed;
  }

  /** Every word of `keyword` somewhere in a document (FTS5 intersects them), or null: no match possible. */
  async function everyWord(table: Table, keyword: string): Promise<string | null> {
    const budget = { terms: MAX_EXPANSION, words: MAX_EXPANDED_WORDS };
    // Two-character words are expanded first: they are the more telling.
    const words = keywordWords(keyword).sort((a, b) => Math.min([...b].length, 3) - Math.min([...a].length, 3));
    const queries = await Promise.all(words.map(async (word) => await wordQuery(table, word, budget)));
    return queries.length && queries.every((q) => q !== null) ? queries.join(' AND ') : null;
  }

  const named = (keyword: string): string => phrase(NAME_START + keyword + NAME_END);

  async function query(table: Table, keyword: string, how: Exclude<MatchClass, 'named'>): Promise<string | null> {
    switch (how) {
      case 'exact':
        return named(keyword);
      case 'prefix':
        return phrase(NAME_START + keyword);
      case 'phrase':
        return await wordQuery(table, keyword);
      case 'anywhere':
        return await everyWord(table, keyword);
    }
  }

  return {
    /** Ids of up to `limit` documents matching `keyword` as `how` says, most popular first. */
    async find(kind: SearchKind, keyword: string, how: Exclude<MatchClass, 'named'>, limit: number): Promise<number[]> {
      const table = tables.get(kind)!;
      if (limit <= 0 || keyword === '') return [];
      const byName = how === 'exact' || how === 'prefix';
      if (byName && !table.names) return [];
      const q = await query(table, keyword, how);
      return q ? (await (byName ? table.names! : table).match.all(q, limit)).map((rowid) => rowid % ID_SPAN) : [];
    },

    /**
     * Of `among` (ids matching every word of `keyword`, most popular first), up to `limit` whose
     * own name is one of the words ("周星野 月光": the songs named 月光), in the same order.
     */
    async namedAmong(kind: SearchKind, keyword: string, among: readonly number[], limit: number): Promise<number[]> {
      const { names } = tables.get(kind)!;
      const last = among.at(-1);
      const upTo = last === undefined ? undefined : await docId.get(kind, last);
      if (!names || limit <= 0 || upTo === undefined) return [];
      const found = new Set(
        (await names.upTo.all(keywordWords(keyword).map(named).join(' OR '), BigInt(upTo), MAX_NAMED)).map((r) => r % ID_SPAN),
      );
      return among.filter((id) => found.has(id)).slice(0, limit);
    },
  };
}
export type SearchRepo = Awaited<ReturnType<typeof createSearchRepo>>;
