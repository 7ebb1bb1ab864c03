import type { Database } from '../db/database.ts';
import type { Clause, Phrase, Query, SearchMatcher } from './search.ts';

/** An FTS5 phrase: the text between double quotes, a quote doubled. */
const quoted = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** SQLite: a short word's trigrams are listed as phrases; FTS5 walks their lists together. */
const phrases = (phrase: Phrase): string[] => ('text' in phrase ? [quoted(phrase.text)] : phrase.terms.map(quoted));

const clause = (c: Clause): string => {
  const all = c.flatMap(phrases);
  return all.length === 1 && 'text' in c[0]! ? all[0]! : `(${all.join(' OR ')})`;
};

/** A Query as an FTS5 MATCH expression: each clause an OR of phrases, the clauses AND-ed. */
const fts5Query = (query: Query): string => query.map(clause).join(' AND ');

/** SQLite: the index's FTS5 trigram tables (migrations 007, 009) and their vocabularies. */
export function createFts5Matcher(db: Database): SearchMatcher {
  /** Each statement is prepared on first use, once per table (the names tables have no vocabulary). */
  const cached = <S>(make: (table: string) => S) => {
    const made = new Map<string, S>();
    return (table: string): S => {
      let s = made.get(table);
      if (!s) made.set(table, (s = make(table)));
      return s;
    };
  };
  // SQLite: MATCH over FTS5 tables, their rowid, and their fts5vocab tables (search_*_terms).
  const match = cached((table) =>
    db.prepare<[string, number], number>(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid LIMIT ?`).pluck(),
  );
  // Rowids up to a bound: FTS5 stops at the first match past it. The bound is bound as a BigInt:
  // compared with a double, FTS5 would not use it and reads every match.
  const upTo = cached((table) =>
    db
      .prepare<[string, bigint, number], number>(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? AND rowid <= ? ORDER BY rowid LIMIT ?`)
      .pluck(),
  );
  const terms = cached((table) =>
    db.prepare<[string, string, number], string>(`SELECT term FROM ${table}_terms WHERE term >= ? AND term < ? LIMIT ?`).pluck(),
  );
  return {
    match: async (table, query, limit, bound) =>
      bound === undefined ? await match(table).all(fts5Query(query), limit) : await upTo(table).all(fts5Query(query), BigInt(bound), limit),
    terms: async (table, from, to, limit) => await terms(table).all(from, to, limit),
  };
}
