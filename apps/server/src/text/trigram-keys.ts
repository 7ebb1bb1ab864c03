/**
 * The search index's trigrams as PostgreSQL's index keeps them: each distinct run of three code
 * points of a folded document (text/trigram-fold.ts) is what FTS5's trigram tokenizer emits, and
 * each is stored as a 32-bit key. Two trigrams may share a key; that only lets a document through
 * the index that the exact substring test (`~~`) then turns away, never keeps one out.
 */

/** The distinct trigrams of folded text, one per code point, as the tokenizer emits them. */
export function trigrams(folded: string): Set<string> {
  const chars = [...folded];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  return out;
}

/** A trigram's key: FNV-1a over its code points, as a signed 32-bit integer (PostgreSQL's `integer`). */
export function trigramKey(trigram: string): number {
  let hash = 0x811c9dc5;
  for (const char of trigram) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** The keys of some trigrams, each once, ascending. */
export const trigramKeys = (list: Iterable<string>): number[] => [...new Set([...list].map(trigramKey))].sort((a, b) => a - b);
