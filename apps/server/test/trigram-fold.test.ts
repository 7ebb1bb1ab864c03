import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { trigramFold } from '../src/text/trigram-fold.ts';

// PostgreSQL matches the index's substrings itself, folded by text/trigram-fold.ts; SQLite's
// FTS5 trigram tokenizer folds them in C. Here the tokenizer's own folding of every code point
// (each after two markers, read back from the vocabulary) is compared with the table.
describe('the trigram tokenizer’s folding', () => {
  it('is the table’s for every code point', () => {
    const db = new BetterSqlite3(':memory:');
    try {
      // The tokenizer options of migrations 002–009.
      db.exec(`CREATE VIRTUAL TABLE t USING fts5 (doc, tokenize = 'trigram remove_diacritics 1');
        CREATE VIRTUAL TABLE v USING fts5vocab (t, instance);`);
      const insert = db.prepare('INSERT INTO t (rowid, doc) VALUES (?, ?)');
      db.transaction(() => {
        for (let cp = 2; cp <= 0x10ffff; cp++) {
          if (cp < 0xd800 || cp > 0xdfff) insert.run(cp, `\u0001\u0001${String.fromCodePoint(cp)}\u0001\u0001`);
        }
      })();
      // The first trigram of each document: the markers and the folded character, or a third
      // marker when the tokenizer dropped it.
      const differ: string[] = [];
      let compared = 0;
      for (const { doc, term } of db.prepare<[], { doc: number; term: string }>('SELECT doc, term FROM v WHERE offset = 0').iterate()) {
        const folded = term === '\u0001\u0001\u0001' ? '' : term.slice(2);
        compared++;
        if (trigramFold(String.fromCodePoint(doc)) !== folded && differ.length < 20)
          differ.push(`U+${doc.toString(16)} → ${JSON.stringify(folded)}`);
      }
      expect(differ).toEqual([]);
      expect(compared).toBe(0x110000 - 2 - 0x800);
    } finally {
      db.close();
    }
  });

  it('folds whole texts as the tokenizer reads them: accents dropped, nothing past a NUL', () => {
    expect(trigramFold('ÀÉÎÕÜ Straße ΣΊΣΥΦΟΣ ПРИВЕТ Ｌｏｖｅ')).toBe('aeiou straße σίσυφοσ привет ｌｏｖｅ');
    expect(trigramFold('cafe\u0301')).toBe('cafe');
    expect(trigramFold('a\u0000b')).toBe('a');
    expect(trigramFold('周杰伦 사랑 🎵')).toBe('周杰伦 사랑 🎵');
  });
});
