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

/**
 * A search as both engines take it: documents holding, for every clause, one of its phrases.
 * A phrase is text matched as written (after the tokenizer's folding: three characters or more,
 * or it matches nothing), or the indexed trigrams starting with a 1–2 character word.
 */
export type Phrase = { text: string } | { startsWith: string; terms: readonly string[] };
export type Clause = readonly Phrase[];
export type Query = readonly Clause[];

/**
 * How an engine answers a Query over one of the index's tables (SQLite: search-fts5.ts,
 * PostgreSQL: search-trigram.ts). Documents come most popular first (ascending doc id).
 */
export interface SearchMatcher {
  /** Doc ids of up to `limit` documents of `table` matching `query`, those up to `upTo` when given. */
  match(table: string, query: Query, limit: number, upTo?: number): Promise<number[]>;
  /** Up to `limit` indexed trigrams of `table` (a whole-document table) from `from` (inclusive) to `to`. */
  terms(table: string, from: string, to: string, limit: number): Promise<string[]>;
}

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

/** A short word's trigrams (null: too many to list) and how many there are. */
interface Expansion {
  listed: readonly string[] | null;
  count: number;
}

export function createSearchRepo(db: Database, matcher: SearchMatcher) {
  const docId = db.prepare<[number, number], number>('SELECT doc_id FROM search_docs WHERE kind = ? AND id = ?').pluck();
  // Expanding a short word reads the vocabulary, which costs far more than the match itself;
  // the expansions are kept until the index changes (search_state's generation moves).
  const expansions = new Map<string, Expansion>();
  const generation = db.prepare<[], number>("SELECT value FROM search_state WHERE key = 'generation'").pluck();
  let expandedAt: number | undefined;

  /** The indexed trigrams starting with a 1–2 character word (null when there are too many to list). */
  async function expand(table: string, word: string): Promise<Expansion> {
    const key = `${table}\u0000${word}`;
    const current = await generation.get();
    if (current !== expandedAt || expansions.size >= MAX_KEPT_EXPANSIONS) {
      expansions.clear();
      expandedAt = current;
    }
    let expansion = expansions.get(key);
    if (!expansion) {
      // Shorter than a trigram: every indexed character starts a trigram (the markers pad the
      // ends), so the trigrams starting with the word find each place it occurs.
      const terms = await matcher.terms(table, word, word + '\u{10FFFF}', MAX_EXPANSION + 1);
      expansion = { listed: terms.length > MAX_EXPANSION ? null : terms, count: terms.length };
      expansions.set(key, expansion);
    }
    return expansion;
  }

  /** A 1–2 character word's expansion; null for a longer word, which is matched as written. */
  const expansionOf = async (table: string, word: string): Promise<Expansion | null> =>
    [...word].length >= 3 ? null : await expand(table, word);

  /**
   * The clause finding `word` anywhere in a table's documents, or null when nothing can match.
   * A short word's trigrams are taken from `budget` (shared by a keyword's words).
   */
  function wordClause(word: string, expansion: Expansion | null, budget = { terms: MAX_EXPANSION, words: 1 }): Clause | null {
    if (expansion === null) return [{ text: word }];
    const { listed, count } = expansion;
    if (count === 0) return null;
    if (listed === null || count > budget.terms || budget.words === 0) {
      return [{ text: NAME_START + word }, { text: RELATED_START + word }];
    }
    budget.terms -= count;
    budget.words--;
    return [{ startsWith: word, terms: listed }];
  }

  /** Every word of `keyword` somewhere in a document (the engine intersects them), or null: no match possible. */
  async function everyWord(table: string, keyword: string): Promise<Query | null> {
    const budget = { terms: MAX_EXPANSION, words: MAX_EXPANDED_WORDS };
    // Two-character words are expanded first: they are the more telling.
    const words = keywordWords(keyword).sort((a, b) => Math.min([...b].length, 3) - Math.min([...a].length, 3));
    // The vocabulary is read for every word at once, the budget handed out in the words' order:
    // which words are expanded never depends on which answer came back first.
    const expansions = await Promise.all(words.map(async (word) => await expansionOf(table, word)));
    const clauses = words.map((word, i) => wordClause(word, expansions[i] ?? null, budget));
    return clauses.length && clauses.every((c) => c !== null) ? clauses : null;
  }

  const named = (keyword: string): Phrase => ({ text: NAME_START + keyword + NAME_END });

  async function query(table: string, keyword: string, how: Exclude<MatchClass, 'named'>): Promise<Query | null> {
    switch (how) {
      case 'exact':
        return [[named(keyword)]];
      case 'prefix':
        return [[{ text: NAME_START + keyword }]];
      case 'phrase': {
        const clause = wordClause(keyword, await expansionOf(table, keyword));
        return clause && [clause];
      }
      case 'anywhere':
        return await everyWord(table, keyword);
    }
  }

  return {
    /** Ids of up to `limit` documents matching `keyword` as `how` says, most popular first. */
    async find(kind: SearchKind, keyword: string, how: Exclude<MatchClass, 'named'>, limit: number): Promise<number[]> {
      const { table, names } = TABLES[kind];
      if (limit <= 0 || keyword === '') return [];
      const byName = how === 'exact' || how === 'prefix';
      if (byName && !names) return [];
      const q = await query(table, keyword, how);
      return q ? (await matcher.match(byName ? names! : table, q, limit)).map((docId) => docId % ID_SPAN) : [];
    },

    /**
     * Of `among` (ids matching every word of `keyword`, most popular first), up to `limit` whose
     * own name is one of the words ("周星野 月光": the songs named 月光), in the same order.
     */
    async namedAmong(kind: SearchKind, keyword: string, among: readonly number[], limit: number): Promise<number[]> {
      const { names } = TABLES[kind];
      const last = among.at(-1);
      const upTo = last === undefined ? undefined : await docId.get(kind, last);
      if (!names || limit <= 0 || upTo === undefined) return [];
      const found = new Set(
        (await matcher.match(names, [keywordWords(keyword).map(named)], MAX_NAMED, upTo)).map((docId) => docId % ID_SPAN),
      );
      return among.filter((id) => found.has(id)).slice(0, limit);
    },
  };
}
export type SearchRepo = Awaited<ReturnType<typeof createSearchRepo>>;
