import type { Db } from '../db/connection.ts';

/**
 * Brings the search index up to date with the catalog: triggers (migration 002) queue every
 * changed song, album, artist, playlist and lyric; this rebuilds their documents from the
 * search_*_docs views. Each kind is written as one INSERT … ORDER BY rowid, because FTS5 appends
 * a batch in rowid order cheaply but flushes a segment whenever a rowid goes backwards.
 */
interface IndexedKind {
  kind: number;
  view: string;
  /** FTS table → the view expression filling its one column, `doc` */
  tables: Record<string, string>;
}

/** Artists first: their keys feed the album and song documents. */
const KINDS: readonly IndexedKind[] = [
  { kind: 100, view: 'search_artist_docs', tables: { search_artist_names: 'keys || char(3)' } },
  { kind: 10, view: 'search_album_docs', tables: { search_album_names: 'name', search_album_credits: 'credits' } },
  { kind: 1, view: 'search_song_docs', tables: { search_song_names: 'name', search_song_credits: 'credits' } },
  { kind: 1000, view: 'search_playlist_docs', tables: { search_playlist_names: 'name', search_playlist_tags: 'tags' } },
  { kind: 1006, view: 'search_lyric_docs', tables: { search_lyrics: 'lyric' } },
];

const isBusy = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && 'code' in err && String(err.code).startsWith('SQLITE_BUSY');

export function createSearchIndexRepo(db: Db) {
  const pending = db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM search_queue)').pluck();
  const queued = db.prepare<[], number>('SELECT COUNT(*) FROM (SELECT DISTINCT kind, id FROM search_queue)').pluck();
  const clearQueue = db.prepare('DELETE FROM search_queue');
  const bumpGeneration = db.prepare("UPDATE search_state SET value = value + 1 WHERE key = 'generation'");
  const refreshArtistKeys = [
    db.prepare('DELETE FROM search_artist_keys WHERE artist_id IN (SELECT id FROM search_queue WHERE kind = 100)'),
    db.prepare(`INSERT INTO search_artist_keys (artist_id, keys)
      SELECT id, keys FROM search_artist_docs WHERE id IN (SELECT id FROM search_queue WHERE kind = 100)`),
  ];
  const rebuild = KINDS.flatMap(({ kind, view, tables }) => {
    const queuedIds = `(SELECT id FROM search_queue WHERE kind = ${kind})`;
    const indexed = `(SELECT doc_id FROM search_docs WHERE kind = ${kind} AND id IN ${queuedIds})`;
    return [
      ...Object.keys(tables).map((table) => db.prepare(`DELETE FROM ${table} WHERE rowid IN ${indexed}`)),
      db.prepare(`DELETE FROM search_docs WHERE kind = ${kind} AND id IN ${queuedIds}`),
      ...Object.entries(tables).map(([table, value]) =>
        db.prepare(`INSERT INTO ${table} (rowid, doc) SELECT doc_id, ${value} FROM ${view} WHERE id IN ${queuedIds} ORDER BY doc_id`),
      ),
      db.prepare(`INSERT INTO search_docs (kind, id, doc_id) SELECT ${kind}, id, doc_id FROM ${view} WHERE id IN ${queuedIds}`),
    ];
  });
  const apply = db.transaction((): number => {
    const count = queued.get() ?? 0;
    for (const stmt of [...refreshArtistKeys, ...rebuild]) stmt.run();
    clearQueue.run();
    bumpGeneration.run();
    return count;
  });

  return {
    /** True when some catalog change is not searchable yet. */
    isStale: (): boolean => pending.get() === 1,
    /**
     * Indexes everything queued, in one immediate transaction; returns how many documents were
     * rebuilt. Cheap when nothing is queued (one indexed lookup). Writers call it after their
     * writes; when another connection holds the write lock (a long import), it leaves the queue
     * for that writer or the next scheduled refresh and returns 0.
     */
    refresh(): number {
      try {
        return pending.get() === 1 ? apply.immediate() : 0;
      } catch (err) {
        if (isBusy(err)) return 0;
        throw err;
      }
    },
  };
}
export type SearchIndexRepo = ReturnType<typeof createSearchIndexRepo>;
