import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import {
  buildBoth,
  compareHttp,
  compareIndexes,
  compareRepositories,
  libraryQueries,
  startApps,
  type Difference,
  type EnginePair,
} from './search-engines.ts';

// The demo library in SQLite and in PostgreSQL (a throwaway cluster, or CLOUDTUNE_TEST_POSTGRES_URL),
// plus names of every script and odd character the index meets, then some edits (renames, a
// popularity change, removals) so both indexes have been rebuilt in place: every document, every
// vocabulary, and the answers of a few hundred queries must be the same on both.
let pair: EnginePair;

/** Catalog rows written alike on both engines (the same statements, explicit ids). */
async function oddities(db: Database): Promise<void> {
  const now = 1_717_200_000_000;
  const artists: [number, string, string | null, string][] = [
    [90001, 'Beyoncé Knowles', 'Queen B', '["Bey", "B\u00e9y"]'],
    [90002, 'Σίσυφος ΑΒΓ', null, '["Ελληνικά"]'],
    [90003, 'Привет Ёлка', 'ПРИВЕТ', '[]'],
    [90004, '東京カタカナ', 'ｶﾀｶﾅ', '["こんにちは"]'],
    [90005, '사랑해요 한', null, '["사랑"]'],
    [90006, 'ＬＯＶＥ　Ｆｕｌｌ', null, '[1, true, null, {"a": "Obj"}, ["nested"]]'],
    [90007, 'It\'s "100%" a_b \\ c', '%_\\', 'not json'],
    [90008, '🎵 Emoji 😀😀😀 ★月光★', null, '["♥"]'],
    [90009, 'Øresund Straße œuvre ﬁne İstanbul ǅ', 'Ångström', '["naïve café"]'],
    [90010, 'cafe\u0301 a\u0308b\u0308c и\u0306 q\u0303x', null, '[]'],
  ];
  for (const [id, name, trans, aliases] of artists) {
    await db.run(
      'INSERT INTO artists (id, name, trans, aliases, area, type, popularity, created_at) VALUES (?, ?, ?, ?, 0, 1, ?, ?)',
      id,
      name,
      trans,
      aliases,
      id % 97,
      now,
    );
  }
  for (const [id, name, , aliases] of artists) {
    await db.run(
      'INSERT INTO albums (id, name, artist_id, aliases, publish_time, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      id,
      `${name} · 专辑`,
      id,
      aliases,
      now,
      now,
    );
    for (let n = 1; n <= 3; n++) {
      const songId = id * 10 + n;
      await db.run(
        `INSERT INTO songs (id, name, album_id, track_no, duration_ms, popularity, aliases, audio_seed, publish_time, created_at)
         VALUES (?, ?, ?, ?, 200000, ?, ?, ?, ?, ?)`,
        songId,
        n === 1 ? name : `${name.split(' ')[0]} ${n} 夜`,
        id,
        n,
        (id + n) % 101,
        n === 2 ? aliases : '[]',
        songId,
        now,
        now,
      );
      await db.run('INSERT INTO song_artists (song_id, artist_id, position) VALUES (?, ?, 0)', songId, id);
      if (n === 3) await db.run('INSERT INTO song_artists (song_id, artist_id, position) VALUES (?, ?, 1)', songId, 90001 + (id % 9));
      await db.run('INSERT INTO lyrics (song_id, lrc) VALUES (?, ?)', songId, `[00:01.00]${name}\n[00:05.00]月光下的 ${name} 100%\n`);
    }
  }
  // Edits after the first indexing: documents rebuilt, vocabularies counted down and up again.
  await db.run("UPDATE songs SET name = name || ' (Live)' WHERE id IN (SELECT id FROM songs ORDER BY id LIMIT 5)");
  await db.run('UPDATE songs SET popularity = 100 - popularity WHERE id % 17 = 0');
  await db.run("UPDATE artists SET name = 'Beyoncé', aliases = '[\"Queen\"]' WHERE id = 90001");
  await db.run("UPDATE albums SET name = name || ' Deluxe' WHERE id IN (SELECT id FROM albums ORDER BY id LIMIT 3)");
  await db.run("UPDATE tags SET name = name || '·' WHERE id = (SELECT MIN(id) FROM tags)");
  await db.run('UPDATE playlists SET privacy = 10 WHERE id = (SELECT MIN(id) FROM playlists)');
  await db.run('UPDATE playlists SET play_count = play_count * 3 WHERE id % 5 = 0');
  await db.run('DELETE FROM lyrics WHERE song_id = 900013');
  await db.run('DELETE FROM song_artists WHERE song_id = 900023 AND artist_id <> 90002');
}

beforeAll(async () => {
  pair = await buildBoth({}, { extra: oddities });
}, 300_000);

afterAll(async () => {
  await pair?.close();
});

describe('search on SQLite and on PostgreSQL, demo library', () => {
  it('indexes the same documents and the same trigrams', async () => {
    const differences: Difference[] = [];
    const { documents, terms } = await compareIndexes(pair, differences);
    console.log(`search engines (demo): ${documents} documents, ${terms} vocabulary terms compared`);
    expect(differences).toEqual([]);
    expect(documents).toBeGreaterThan(1000);
  });

  it('answers every query alike: ids by kind and match class, ranked pages and counts', async () => {
    const queries = await libraryQueries(pair.sqlite.db, 25);
    const differences: Difference[] = [];
    const answers = await compareRepositories(pair, queries, differences);
    console.log(`search engines (demo): ${queries.length} queries, ${answers} repository answers compared`);
    expect(differences).toEqual([]);
    expect(queries.length).toBeGreaterThanOrEqual(200);
  }, 300_000);

  it('answers /search and /search/suggest alike over HTTP', async () => {
    // Every third query: the pages' ids are compared above already, here their bodies.
    const queries = (await libraryQueries(pair.sqlite.db, 25)).filter((_, i) => i % 3 === 0);
    const { apps, close } = await startApps(pair);
    try {
      const differences: Difference[] = [];
      const answers = await compareHttp(apps, queries, differences);
      console.log(`search engines (demo): ${queries.length} queries, ${answers} HTTP answers compared`);
      expect(differences).toEqual([]);
      expect(queries.length).toBeGreaterThanOrEqual(200);
    } finally {
      await close();
    }
  }, 300_000);
});
