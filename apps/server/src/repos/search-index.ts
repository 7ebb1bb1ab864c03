import type { Database } from '../db/database.ts';

/**
 * Brings the search index up to date with the catalog: triggers (migration 002) queue every
 * changed song, album, artist, playlist and lyric; this rebuilds their documents from the
 * search_*_docs views into each kind's FTS tables (migrations 007, 009). Each table is written
 * as one INSERT … ORDER BY rowid, because FTS5 appends a batch in rowid order cheaply but
 * flushes a segment whenever a rowid goes backwards.
 */
interface IndexedKind {
  kind: number;
  view: string;
  /** FTS table → the view expression filling its one column, `doc` */
  tables: Record<string, string>;
}

/**
 * Each kind's whole documents (names, then related text) and, where there is related text, its
 * names alone. Artists first: their keys feed the album and song documents.
 */
const KINDS: readonly IndexedKind[] = [
  { kind: 100, view: 'search_artist_docs', tables: { search_artists: 'keys || char(3)' } },
  { kind: 10, view: 'search_album_docs', tables: { search_albums: 'name || credits', search_album_names: 'name' } },
  { kind: 1, view: 'search_song_docs', tables: { search_songs: 'name || credits', search_song_names: 'name' } },
  { kind: 1000, view: 'search_playlist_docs', tables: { search_playlists: 'name || tags', search_playlist_names: 'name' } },
  { kind: 1006, view: 'search_lyric_docs', tables: { search_lyrics: 'lyric' } },
];

/** A batch this large, and at least half its table, is merged into one segment after writing. */
const BULK_DOCUMENTS = 10_000;

const isBusy = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && 'code' in err && String(err.code).startsWith('SQLITE_BUSY');

export function createSearchIndexRepo(db: Database) {
  const pending = db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM search_queue)').pluck();
  const clearQueue = db.prepare('DELETE FROM search_queue');
  const bumpGeneration = db.prepare("UPDATE search_state SET value = value + 1 WHERE key = 'generation'");
  const refreshArtistKeys = [
    db.prepare('DELETE FROM search_artist_keys WHERE artist_id IN (SELECT id FROM search_queue WHERE kind = 100)'),
    db.prepare(`INSERT INTO search_artist_keys (artist_id, keys)
      SELECT id, keys FROM search_artist_docs WHERE id IN (SELECT id FROM search_queue WHERE kind = 100)`),
  ];
  const kinds = KINDS.map(({ kind, view, tables }) => {
    const queuedIds = `(SELECT id FROM search_queue WHERE kind = ${kind})`;
    const indexed = `(SELECT doc_id FROM search_docs WHERE kind = ${kind} AND id IN ${queuedIds})`;
    return {
      queued: db.prepare<[], number>(`SELECT COUNT(DISTINCT id) FROM search_queue WHERE kind = ${kind}`).pluck(),
      size: db.prepare<[], number>(`SELECT COUNT(*) FROM search_docs WHERE kind = ${kind}`).pluck(),
      rebuild: [
        ...Object.keys(tables).map((table) => db.prepare(`DELETE FROM ${table} WHERE rowid IN ${indexed}`)),
        db.prepare(`DELETE FROM search_docs WHERE kind = ${kind} AND id IN ${queuedIds}`),
        ...Object.entries(tables).map(([table, doc]) =>
          db.prepare(`INSERT INTO ${table} (rowid, doc) SELECT doc_id, ${doc} FROM ${view} WHERE id IN ${queuedIds} ORDER BY doc_id`),
        ),
        db.prepare(`INSERT INTO search_docs (kind, id, doc_id) SELECT ${kind}, id, doc_id FROM ${view} WHERE id IN ${queuedIds}`),
      ],
      optimize: Object.keys(tables).map((table) => db.prepare(`INSERT INTO ${table} (${table}) VALUES ('optimize')`)),
    };
  });
  const apply = async (): Promise<number> => {
    let count = 0;
    for (const stmt of refreshArtistKeys) await stmt.run();
    for (const kind of kinds) {
      const queued = (await kind.queued.get()) ?? 0;
      if (queued === 0) continue;
      count += queued;
      for (const stmt of kind.rebuild) await stmt.run();
      // A bulk batch (a seed, an import into an empty library, a migration's rebuild) leaves a
      // dozen segments; merged into one, every query term is read from one place.
      if (queued >= BULK_DOCUMENTS && queued * 2 >= ((await kind.size.get()) ?? 0)) for (const stmt of kind.optimize) await stmt.run();
    }
    await clearQueue.run();
    await bumpGeneration.run();
    return count;
  };

  return {
    /** True when some catalog change is not searchable yet. */
    isStale: async (): Promise<boolean> => (await pending.get()) === 1,
    /**
     * Indexes everything queued, in one immediate transaction; returns how many documents were
     * rebuilt. Cheap when nothing is queued (one indexed lookup). Writers call it after their
     * writes; when another connection holds the write lock (a long import), it leaves the queue
     * for that writer or the next scheduled refresh and returns 0.
     */
    async refresh(): Promise<number> {
      try {
        return (await pending.get()) === 1 ? await db.writeTx(apply) : 0;
      } catch (err) {
        if (isBusy(err)) return 0;
        throw err;
      }
    },
  };
}
export type SearchIndexRepo = Awaited<ReturnType<typeof createSearchIndexRepo>>;
