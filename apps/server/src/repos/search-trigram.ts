import type { Database } from '../db/database.ts';
import { trigramFold } from '../text/trigram-fold.ts';
import type { Clause, Phrase, SearchMatcher } from './search.ts';

/** A LIKE pattern matching `text` itself: backslash is LIKE's escape character. */
const literal = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The LIKE pattern a phrase matches as FTS5's trigram tokenizer would, or null when it matches
 * nothing. Text is folded as the tokenizer folds documents and queries; under three characters
 * it has no trigram, and FTS5 finds nothing. A short word's trigrams are every trigram starting
 * with it, so a document holds one of them exactly where the word is followed by enough
 * characters to fill a trigram: the word, then one `_` per missing character.
 */
function pattern(phrase: Phrase): string | null {
  if ('startsWith' in phrase) return `%${literal(phrase.startsWith)}${'_'.repeat(3 - [...phrase.startsWith].length)}%`;
  const folded = trigramFold(phrase.text);
  return [...folded].length < 3 ? null : `%${literal(folded)}%`;
}

/**
 * PostgreSQL: the index's trigram tables (migrations-postgres/041), documents stored folded.
 * `~~` is LIKE itself: the statements' LIKE is read as SQLite's (case-insensitive ILIKE) on this
 * engine, and the folding here is the tokenizer's, not PostgreSQL's. A statement's text depends
 * only on the table and how many phrases each clause has, so the prepared statements stay few.
 */
export function createTrigramMatcher(db: Database): SearchMatcher {
  return {
    async match(table, query, limit, upTo) {
      const clauses = query.map((c: Clause) => c.map(pattern).filter((p): p is string => p !== null));
      if (!clauses.length || clauses.some((c) => c.length === 0)) return [];
      clauses.sort((a, b) => a.length - b.length);
      const where = clauses.map((c) => (c.length === 1 ? 'doc ~~ ?' : `(${c.map(() => 'doc ~~ ?').join(' OR ')})`)).join(' AND ');
      const bound = upTo === undefined ? '' : ' AND doc_id <= ?';
      const sql = `SELECT doc_id FROM ${table} WHERE ${where}${bound} ORDER BY doc_id LIMIT ?`;
      const params: unknown[] = [...clauses.flat(), ...(upTo === undefined ? [] : [upTo]), limit];
      return await db
        .prepare<unknown[], number>(sql)
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
