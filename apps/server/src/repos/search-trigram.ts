import type { Database } from '../db/database.ts';
import { trigramFold } from '../text/trigram-fold.ts';
import { trigramKeys, trigrams } from '../text/trigram-keys.ts';
import { textArrayParam } from './json.ts';
import type { Clause, Phrase, SearchMatcher } from './search.ts';

/** A LIKE pattern matching `text` itself: backslash is LIKE's escape character. */
const literal = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How a phrase is matched: the trigram keys a document must have, and the exact test. */
interface Condition {
  /** `all`: every key (a phrase's own trigrams); `any`: one of them (a short word's trigrams) */
  needs: 'all' | 'any';
  keys: number[];
  pattern: string;
}

/**
 * How a phrase matches as FTS5's trigram tokenizer would, or null when it matches nothing. Text
 * is folded as the tokenizer folds documents and queries; under three characters it has no
 * trigram, and FTS5 finds nothing. A short word's trigrams are every indexed trigram starting with
 * it, so a document holds one of them exactly where the word is followed by enough characters to
 * fill a trigram: the word, then one `_` per missing character.
 */
function condition(phrase: Phrase): Condition | null {
  if ('startsWith' in phrase) {
    const missing = 3 - [...phrase.startsWith].length;
    return { needs: 'any', keys: trigramKeys(phrase.terms), pattern: `%${literal(phrase.startsWith)}${'_'.repeat(missing)}%` };
  }
  const folded = trigramFold(phrase.text);
  if ([...folded].length < 3) return null;
  return { needs: 'all', keys: trigramKeys(trigrams(folded)), pattern: `%${literal(folded)}%` };
}

/** The exact test alone, and with the keys' index in front of it. */
const exact = (): string => 'doc ~~ ?';
const indexed = (c: Condition): string => `(grams ${c.needs === 'all' ? '@>' : '&&'} ?::integer[] AND doc ~~ ?)`;
const exactParams = (c: Condition): unknown[] => [c.pattern];
const indexedParams = (c: Condition): unknown[] => [`{${c.keys.join(',')}}`, c.pattern];

/** Every clause (one of its conditions) as SQL, with its parameters. */
function where(clauses: Condition[][], sql: (c: Condition) => string, params: (c: Condition) => unknown[]): [string, unknown[]] {
  const text = clauses.map((c) => (c.length === 1 ? sql(c[0]!) : `(${c.map(sql).join(' OR ')})`)).join(' AND ');
  return [text, clauses.flat().flatMap(params)];
}

/**
 * How a page is found. Along the primary key (most popular first), each row read costs about one
 * unit; through the keys' index, each document that may match costs about this many (a row read
 * out of order, tested, sorted). A phrase
 * in many documents has its first matches among the first rows; a rare one is found through the
 * index at once.
 */
const INDEX_ROW_COST = 4;
/** The scan reads this many times the rows that hold `limit` matches at the estimated share, and at least MIN_SCAN. */
const SCAN_MARGIN = 2;
const MIN_SCAN = 10_000;

/** The vocabulary (trigrams counted by document) of each table's whole documents: a names document's trigrams are all in its whole document too. */
const VOCABULARY: Record<string, string> = {
  search_songs: 'search_songs_terms',
  search_song_names: 'search_songs_terms',
  search_albums: 'search_albums_terms',
  search_album_names: 'search_albums_terms',
  search_artists: 'search_artists_terms',
  search_playlists: 'search_playlists_terms',
  search_playlist_names: 'search_playlists_terms',
  search_lyrics: 'search_lyrics_terms',
};

/**
 * PostgreSQL: the index's trigram tables (migrations-postgres/041 and 042), documents stored
 * folded with their trigram keys. The keys' GIN index finds the documents that may hold a phrase;
 * `~~` (LIKE itself: the statements' LIKE is read as SQLite's case-insensitive ILIKE on this
 * engine, and the folding here is the tokenizer's, not PostgreSQL's) keeps those that do.
 *
 * Which way finds a page soonest depends on how many documents hold the phrases, which
 * PostgreSQL's statistics cannot tell (they take a phrase's trigrams as independent: "ight" is
 * in a tenth of the songs, and they guess a hundredth). The vocabulary can: no more documents
 * match a phrase than hold its rarest trigram.
 */
export function createTrigramMatcher(db: Database): SearchMatcher {
  const documents = db.prepare<[string], number>('SELECT GREATEST(reltuples, 0)::bigint FROM pg_class WHERE oid = ?::regclass').pluck();

  /** At most how many documents of `table` hold one of each clause's phrases. */
  async function atMost(table: string, clauses: readonly Clause[]): Promise<number> {
    const vocabulary = VOCABULARY[table]!;
    const counted = db.prepare<[string], { term: string; docs: number }>(
      `SELECT term, docs FROM ${vocabulary} WHERE term = ANY (?::text[])`,
    );
    // A phrase's trigrams: its own (all needed), or a short word's (any one will do).
    const grams = (p: Phrase): string[] => ('startsWith' in p ? [...p.terms] : [...trigrams(trigramFold(p.text))]);
    const wanted = new Set(clauses.flat().flatMap(grams));
    const docs = new Map((await counted.all(textArrayParam([...wanted]))).map((r) => [r.term, r.docs]));
    const phrase = (p: Phrase): number => {
      const counts = grams(p).map((t) => docs.get(t) ?? 0);
      if (!counts.length) return 0; // under three characters: matches nothing
      return 'startsWith' in p ? counts.reduce((a, b) => a + b, 0) : Math.min(...counts);
    };
    return Math.min(...clauses.map((c) => c.reduce((sum, p) => sum + phrase(p), 0)));
  }

  return {
    async match(table, query, limit, upTo) {
      const clauses = query.map((c: Clause) => c.map(condition).filter((p): p is Condition => p !== null));
      if (!clauses.length || clauses.some((c) => c.length === 0)) return [];
      clauses.sort((a, b) => a.length - b.length);
      const [total = 0, matching] = await Promise.all([documents.get(table), atMost(table, query)]);
      if (matching === 0) return [];
      const scan = Math.max(MIN_SCAN, Math.ceil((SCAN_MARGIN * limit * total) / matching));
      const [keyed, keyedParams] = where(clauses, indexed, indexedParams);
      const below = upTo === undefined ? '' : ' AND doc_id <= ?';
      const upToParams = upTo === undefined ? [] : [upTo];
      let sql: string;
      let params: unknown[];
      if (Math.min(scan, total) > matching * INDEX_ROW_COST) {
        sql = `SELECT doc_id FROM ${table} WHERE ${keyed}${below} ORDER BY doc_id LIMIT ?`;
        params = [...keyedParams, ...upToParams, limit];
      } else {
        // The first `scan` rows are read in order and tested; whatever matches after them comes
        // from the index. The second part runs only if the first leaves the page short. Its bound
        // is written `doc_id + 0` so that PostgreSQL does not intersect the keys' matches with a
        // bitmap of nearly every row of the primary key.
        const [tested, testedParams] = where(clauses, exact, exactParams);
        const first = `FROM ${table}${upTo === undefined ? '' : ' WHERE doc_id <= ?'} ORDER BY doc_id`;
        sql =
          `(SELECT doc_id FROM (SELECT doc_id, doc ${first} LIMIT ?) head WHERE ${tested} ORDER BY doc_id) UNION ALL ` +
          `(SELECT doc_id FROM ${table} WHERE ${keyed} AND doc_id + 0 > (SELECT doc_id ${first} OFFSET ? LIMIT 1)${below} ORDER BY doc_id) LIMIT ?`;
        params = [...upToParams, scan, ...testedParams, ...keyedParams, ...upToParams, scan - 1, ...upToParams, limit];
      }
      // Each search is planned for its own phrases (a statement's kept plan suits one kind of phrase).
      return await db
        .prepare<unknown[], number>(sql, { planEachCall: true })
        .pluck()
        .all(...params);
    },
    async terms(table, from, to, limit) {
      return await db
        .prepare<[string, string, number], string>(`SELECT term FROM ${table}_terms WHERE term >= ? AND term < ? ORDER BY term LIMIT ?`)
        .pluck()
        .all(from, to, limit);
    },
  };
}
