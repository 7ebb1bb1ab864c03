import type { Database } from '../db/database.ts';
import { trigramFold } from '../text/trigram-fold.ts';
import { trigramKeys, trigrams } from '../text/trigram-keys.ts';
import { textArrayParam } from './json.ts';
import { createPartitions } from './search-partitions.ts';
import type { Clause, Phrase, SearchMatcher } from './search.ts';

/** A LIKE pattern matching `text` itself: backslash is LIKE's escape character. */
const literal = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How a phrase is matched: the trigram keys a document must have, and the exact test. */
interface Condition {
  /** `all`: every key (a phrase's own trigrams); `any`: one of them (a short word's trigrams) */
  needs: 'all' | 'any';
  keys: number[];
  /** `all`: the phrase's trigrams, from which its keys are chosen */
  grams?: string[];
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
  const grams = [...trigrams(folded)];
  return { needs: 'all', keys: trigramKeys(grams), grams, pattern: `%${literal(folded)}%` };
}

/**
 * A phrase looks up only its RAREST_KEYS rarest trigrams in the index: a document holding all of
 * those is worth the exact test, which keeps the same documents as all the keys would. GIN reads
 * each key's whole list of documents, and one common trigram ("ing" is in a third of the songs)
 * costs more than the rest together; three rare ones already leave few documents to test.
 */
const RAREST_KEYS = 3;

function rarest(c: Condition, docs: ReadonlyMap<string, number>): Condition {
  if (!c.grams || c.grams.length <= RAREST_KEYS) return c;
  const chosen = [...c.grams].sort((a, b) => (docs.get(a) ?? 0) - (docs.get(b) ?? 0)).slice(0, RAREST_KEYS);
  return { ...c, keys: trigramKeys(chosen) };
}

/** A phrase's test: the keys' index in front of the exact test. */
const indexed = (c: Condition): string => `(grams ${c.needs === 'all' ? '@>' : '&&'} ?::integer[] AND doc ~~ ?)`;
const indexedParams = (c: Condition): unknown[] => [`{${c.keys.join(',')}}`, c.pattern];

/** Every clause (one of its conditions) as SQL, with its parameters. */
function where(clauses: Condition[][], sql: (c: Condition) => string, params: (c: Condition) => unknown[]): [string, unknown[]] {
  const text = clauses.map((c) => (c.length === 1 ? sql(c[0]!) : `(${c.map(sql).join(' OR ')})`)).join(' AND ');
  return [text, clauses.flat().flatMap(params)];
}

/**
 * How a page is found. GIN hands over every document of a table that may hold the phrases, in
 * row order; a page wants the most popular (lowest doc_id) first. A rare phrase's documents are
 * few, and are read and sorted at once (each costs about INDEX_ROW_COST rows read in order, and
 * at once means at most AT_ONCE_ROWS). A common one's are read partition by partition, in doc_id
 * order, each through its own keys' index, until the page is full — or until the partitions read
 * so far show that the next WALK_AHEAD would not fill it: then the rest are read at once.
 */
const INDEX_ROW_COST = 4;
const AT_ONCE_ROWS = 20_000;
const WALK_AHEAD = 4;

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
  const partitions = createPartitions(db);

  /** At most how many documents of `table` hold one of each clause's phrases, and how many hold each trigram. */
  async function atMost(table: string, clauses: readonly Clause[]): Promise<{ matching: number; docs: Map<string, number> }> {
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
    return { matching: Math.min(...clauses.map((c) => c.reduce((sum, p) => sum + phrase(p), 0))), docs };
  }

  /**
   * Up to `limit` doc ids of `table` matching `where`, from `from` (inclusive) to `to` (exclusive)
   * and up to `upTo`. A read of one partition is planned for its own phrases and bounds (the
   * bounds leave one partition to plan; a kept plan would suit one kind of phrase). A read of
   * many partitions at once is only made for phrases in few documents, for which the keys' index
   * is always the way; its plan is kept, since planning every partition costs more than the read.
   */
  async function read(
    table: string,
    [where, params]: [string, unknown[]],
    limit: number,
    { from, to, upTo }: { from?: number | null; to?: number; upTo?: number },
    planEachCall = true,
  ): Promise<number[]> {
    const bounds: [string, number][] = [];
    if (from !== undefined && from !== null) bounds.push(['doc_id >= ?', from]);
    if (to !== undefined) bounds.push(['doc_id < ?', to]);
    if (upTo !== undefined) bounds.push(['doc_id <= ?', upTo]);
    const sql = `SELECT doc_id FROM ${table} WHERE ${[where, ...bounds.map(([b]) => b)].join(' AND ')} ORDER BY doc_id LIMIT ?`;
    return await db
      .prepare<unknown[], number>(sql, { planEachCall })
      .pluck()
      .all(...params, ...bounds.map(([, v]) => v), limit);
  }

  return {
    async match(table, query, limit, upTo) {
      const clauses = query.map((c: Clause) => c.map(condition).filter((p): p is Condition => p !== null));
      if (!clauses.length || clauses.some((c) => c.length === 0)) return [];
      clauses.sort((a, b) => a.length - b.length);
      const [{ matching, docs }, starts] = await Promise.all([atMost(table, query), partitions.starts(table)]);
      if (matching === 0) return [];
      const test = where(
        clauses.map((c) => c.map((p) => rarest(p, docs))),
        indexed,
        indexedParams,
      );
      if (starts.length === 1) return await read(table, test, limit, { upTo });
      if (matching * INDEX_ROW_COST <= AT_ONCE_ROWS) return await read(table, test, limit, { upTo }, false);
      const found: number[] = [];
      for (const [i, from] of starts.entries()) {
        if (upTo !== undefined && from !== null && from > upTo) break;
        const needed = limit - found.length;
        if (i > 0 && (found.length / i) * WALK_AHEAD < needed) {
          // At the pace of the partitions read so far the page would not fill soon: what the
          // rest hold is little, and is read at once.
          found.push(...(await read(table, test, needed, { from, upTo }, false)));
          break;
        }
        found.push(...(await read(table, test, needed, { from, to: starts[i + 1] ?? undefined, upTo })));
        if (found.length >= limit) break;
      }
      return found;
    },
    async terms(table, from, to, limit) {
      return await db
        .prepare<[string, string, number], string>(`SELECT term FROM ${table}_terms WHERE term >= ? AND term < ? ORDER BY term LIMIT ?`)
        .pluck()
        .all(from, to, limit);
    },
  };
}
