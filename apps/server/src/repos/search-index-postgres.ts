import type { Database } from '../db/database.ts';
import { trigramFold } from '../text/trigram-fold.ts';
import { trigramKeys, trigrams } from '../text/trigram-keys.ts';
import { idsParam, textArrayParam as pgArray } from './json.ts';
import {
  albumCredits,
  artistDoc,
  artistKeys,
  docId,
  lyricDoc,
  playlistName,
  playlistTags,
  songCredits,
  titleNames,
} from './search-documents.ts';
import type { SearchIndexRepo } from './search-index.ts';
import { createPartitions } from './search-partitions.ts';

/**
 * PostgreSQL: brings the search index (migrations-postgres/041) up to date with the catalog, as
 * repos/search-index.ts does on SQLite. Triggers queue every changed song, album, artist,
 * playlist and lyric; a refresh claims the queue, rebuilds those documents here from the
 * catalog rows (search-documents.ts: the bytes of SQLite's views), stores them folded as FTS5's
 * tokenizer folds (text/trigram-fold.ts), and keeps each whole-document table's vocabulary of
 * trigrams counted by document.
 */

/** One catalog row's documents, in the order of its kind's tables, and its doc id (rank * 2^36 + id). */
interface Built {
  id: number;
  docId: number;
  docs: string[];
}

interface IndexedKind {
  kind: number;
  /** the whole documents' table (with a vocabulary), then the names table when there is one */
  tables: readonly string[];
  build(ids: readonly number[]): Promise<Built[]>;
}

/** Ids per statement: a refresh of a whole library is read and written in slices this big. */
const SLICE = 2000;

/**
 * Held by a refresh until its transaction ends: two servers never index the same queue at once.
 * Its own key, next to db/postgres.ts's: writers taking writeTx's lock are not held up by it.
 */
const REFRESH_LOCK_KEY = 0x636c6f7564_03n;

export function createPostgresSearchIndexRepo(db: Database): SearchIndexRepo {
  const pending = db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM search_queue)').pluck();
  const lock = db.prepare(`SELECT pg_advisory_xact_lock(${REFRESH_LOCK_KEY})`);
  // Claims what is queued now; rows queued by transactions committing later stay for the next refresh.
  const claim = db.prepare<[], { kind: number; id: number }>('DELETE FROM search_queue RETURNING kind, id');
  const bumpGeneration = db.prepare("UPDATE search_state SET value = value + 1 WHERE key = 'generation'");
  const IN = 'IN (SELECT value FROM json_each(?))';

  const dropKeys = db.prepare<[string]>(`DELETE FROM search_artist_keys WHERE artist_id ${IN}`);
  const artists = db.prepare<[string], { id: number; name: string; trans: string | null; aliases: string | null; popularity: number }>(
    `SELECT id, name, trans, aliases, popularity FROM artists WHERE id ${IN}`,
  );
  const keepKeys = db.prepare<[string, string]>(
    'INSERT INTO search_artist_keys (artist_id, keys) SELECT * FROM unnest(?::bigint[], ?::text[])',
  );
  const albums = db.prepare<[string], { id: number; name: string; aliases: string | null; popularity: number | null; keys: string | null }>(
    `SELECT al.id, al.name, al.aliases, ar.popularity, k.keys FROM albums al
       LEFT JOIN artists ar ON ar.id = al.artist_id LEFT JOIN search_artist_keys k ON k.artist_id = al.artist_id
     WHERE al.id ${IN}`,
  );
  const songs = db.prepare<[string], { id: number; name: string; aliases: string | null; popularity: number; album: string | null }>(
    `SELECT s.id, s.name, s.aliases, s.popularity, al.name AS album FROM songs s LEFT JOIN albums al ON al.id = s.album_id
     WHERE s.id ${IN}`,
  );
  const credits = db.prepare<[string], { songId: number; keys: string }>(
    `SELECT sa.song_id AS "songId", k.keys FROM song_artists sa JOIN search_artist_keys k ON k.artist_id = sa.artist_id
     WHERE sa.song_id ${IN} ORDER BY sa.song_id, sa.artist_id`,
  );
  const playlists = db.prepare<[string], { id: number; name: string; playCount: number }>(
    `SELECT id, name, play_count AS "playCount" FROM playlists WHERE privacy = 0 AND id ${IN}`,
  );
  const tags = db.prepare<[string], { playlistId: number; name: string }>(
    `SELECT pt.playlist_id AS "playlistId", t.name FROM playlist_tags pt JOIN tags t ON t.id = pt.tag_id
     WHERE pt.playlist_id ${IN} ORDER BY pt.playlist_id, pt.tag_id`,
  );
  const lyrics = db.prepare<[string], { id: number; lrc: string; popularity: number }>(
    `SELECT l.song_id AS id, l.lrc, s.popularity FROM lyrics l JOIN songs s ON s.id = l.song_id WHERE l.song_id ${IN}`,
  );

  const grouped = <T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> => {
    const out = new Map<number, T[]>();
    for (const row of rows) {
      const k = key(row);
      const list = out.get(k);
      if (list) list.push(row);
      else out.set(k, [row]);
    }
    return out;
  };

  const KINDS: readonly IndexedKind[] = [
    {
      // Artists first: their keys feed the album and song documents.
      kind: 100,
      tables: ['search_artists'],
      async build(list) {
        await dropKeys.run(idsParam(list));
        const rows = await artists.all(idsParam(list));
        const keys = rows.map(artistKeys);
        if (rows.length) await keepKeys.run(pgArray(rows.map((r) => String(r.id))), pgArray(keys));
        return rows.map((r, i) => ({ id: r.id, docId: docId(r.popularity, r.id), docs: [artistDoc(keys[i]!)] }));
      },
    },
    {
      kind: 10,
      tables: ['search_albums', 'search_album_names'],
      async build(list) {
        return (await albums.all(idsParam(list))).map((r) => {
          const name = titleNames(r.name, r.aliases);
          return { id: r.id, docId: docId(r.popularity, r.id), docs: [name + albumCredits(r.keys), name] };
        });
      },
    },
    {
      kind: 1,
      tables: ['search_songs', 'search_song_names'],
      async build(list) {
        const keys = grouped(await credits.all(idsParam(list)), (c) => c.songId);
        return (await songs.all(idsParam(list))).map((r) => {
          const name = titleNames(r.name, r.aliases);
          const related = songCredits(
            (keys.get(r.id) ?? []).map((c) => c.keys),
            r.album,
          );
          return { id: r.id, docId: docId(r.popularity, r.id), docs: [name + related, name] };
        });
      },
    },
    {
      kind: 1000,
      tables: ['search_playlists', 'search_playlist_names'],
      async build(list) {
        const names = grouped(await tags.all(idsParam(list)), (t) => t.playlistId);
        return (await playlists.all(idsParam(list))).map((r) => {
          const name = playlistName(r.name);
          return {
            id: r.id,
            docId: docId(r.playCount, r.id),
            docs: [name + playlistTags((names.get(r.id) ?? []).map((t) => t.name)), name],
          };
        });
      },
    },
    {
      kind: 1006,
      tables: ['search_lyrics'],
      async build(list) {
        return (await lyrics.all(idsParam(list))).map((r) => ({ id: r.id, docId: docId(r.popularity, r.id), docs: [lyricDoc(r.lrc)] }));
      },
    },
  ];

  const forgetDocs = db.prepare<[number, string], number>(`DELETE FROM search_docs WHERE kind = ? AND id ${IN} RETURNING doc_id`).pluck();
  const keepDocs = db.prepare<[number, string, string]>(
    'INSERT INTO search_docs (kind, id, doc_id) SELECT ?, * FROM unnest(?::bigint[], ?::bigint[])',
  );
  const tableStatements = new Map(
    KINDS.flatMap(({ tables }) => tables).map((table) => [
      table,
      {
        drop: db.prepare<[string], string>(`DELETE FROM ${table} WHERE doc_id ${IN} RETURNING doc`).pluck(),
        // Each document's trigram keys travel as the text of an integer array, one per document.
        write: db.prepare<[string, string, string]>(
          `INSERT INTO ${table} (doc_id, doc, grams)
           SELECT doc_id, doc, grams::integer[] FROM unnest(?::bigint[], ?::text[], ?::text[]) AS d (doc_id, doc, grams)`,
        ),
        count: db.prepare<[string, string]>(
          `INSERT INTO ${table}_terms (term, docs) SELECT * FROM unnest(?::text[], ?::bigint[])
           ON CONFLICT (term) DO UPDATE SET docs = ${table}_terms.docs + excluded.docs`,
        ),
        prune: db.prepare<[string]>(`DELETE FROM ${table}_terms WHERE term = ANY (?::text[]) AND docs <= 0`),
      },
    ]),
  );

  const partitions = createPartitions(db);
  /** Documents written to each table by the refresh under way. */
  const written = new Map<string, number>();

  /** Rebuilds one slice of a kind's queued ids: old documents out (their trigrams uncounted), new ones in. */
  async function rebuild({ kind, tables }: IndexedKind, list: readonly number[], built: Built[]): Promise<void> {
    const old = await forgetDocs.all(kind, idsParam(list));
    const order = [...built].sort((a, b) => a.docId - b.docId);
    for (const [i, table] of tables.entries()) {
      const s = tableStatements.get(table)!;
      const removed = old.length ? await s.drop.all(JSON.stringify(old)) : [];
      const docs = order.map((b) => trigramFold(b.docs[i]!));
      const grams = docs.map(trigrams);
      if (docs.length) {
        const keys = grams.map((g) => `{${trigramKeys(g).join(',')}}`);
        await s.write.run(pgArray(order.map((b) => String(b.docId))), pgArray(docs), pgArray(keys));
        written.set(table, (written.get(table) ?? 0) + docs.length);
      }
      // Only whole documents have a vocabulary (FTS5's search_*_terms), as on SQLite.
      if (i > 0) continue;
      const delta = new Map<string, number>();
      for (const doc of removed) for (const t of trigrams(doc)) delta.set(t, (delta.get(t) ?? 0) - 1);
      for (const list of grams) for (const t of list) delta.set(t, (delta.get(t) ?? 0) + 1);
      const changed = [...delta].filter(([, d]) => d !== 0);
      if (!changed.length) continue;
      await s.count.run(pgArray(changed.map(([t]) => t)), pgArray(changed.map(([, d]) => String(d))));
      const fewer = changed.filter(([, d]) => d < 0).map(([t]) => t);
      if (fewer.length) await s.prune.run(pgArray(fewer));
    }
    if (order.length) await keepDocs.run(kind, pgArray(order.map((b) => String(b.id))), pgArray(order.map((b) => String(b.docId))));
  }

  const apply = async (): Promise<number> => {
    await lock.run();
    written.clear();
    const queued = grouped(await claim.all(), (q) => q.kind);
    let count = 0;
    for (const kind of KINDS) {
      const list = [...new Set((queued.get(kind.kind) ?? []).map((q) => q.id))].sort((a, b) => a - b);
      count += list.length;
      for (let at = 0; at < list.length; at += SLICE) {
        const slice = list.slice(at, at + SLICE);
        await rebuild(kind, slice, await kind.build(slice));
      }
    }
    for (const [table, n] of written) await partitions.keepBalanced(table, n);
    if (queued.size) await bumpGeneration.run();
    return count;
  };

  return {
    isStale: async (): Promise<boolean> => (await pending.get()) === 1,
    /**
     * Indexes everything queued, in one transaction, and returns how many documents were
     * rebuilt. A refresh running in another process is waited for (its advisory lock), so a
     * writer's own refresh returns once its writes are searchable; then the queue may be empty.
     */
    async refresh(): Promise<number> {
      return (await pending.get()) === 1 ? await db.tx(apply) : 0;
    },
  };
}
