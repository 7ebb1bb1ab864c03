import type { Database } from '../db/database.ts';

export type StoredCoverKind = 'album' | 'artist' | 'playlist';

/** Which albums, artists and playlists show a stored image instead of generated art. */
export function createStoredCoverRepo(db: Database) {
  const find = db.prepare<[string, number], string>('SELECT hash FROM stored_covers WHERE kind = ? AND owner_id = ?').pluck();
  const upsert = db.prepare(`INSERT INTO stored_covers (kind, owner_id, hash) VALUES (?, ?, ?)
    ON CONFLICT (kind, owner_id) DO UPDATE SET hash = excluded.hash`);
  const remove = db.prepare('DELETE FROM stored_covers WHERE kind = ? AND owner_id = ?');
  // Tags carry no artist photos: an artist shows the cover of their latest album that has one.
  const latestAlbumCover = db
    .prepare<[number], string>(
      `
    SELECT sc.hash FROM albums al JOIN stored_covers sc ON sc.kind = 'album' AND sc.owner_id = al.id
    WHERE al.artist_id = ? ORDER BY al.publish_time DESC, al.id DESC LIMIT 1`,
    )
    .pluck();
  const referenced = db
    .prepare<[], string>(`SELECT hash FROM stored_covers UNION SELECT cover_hash FROM library_files WHERE cover_hash IS NOT NULL`)
    .pluck();

  return {
    find: async (kind: StoredCoverKind, id: number): Promise<string | undefined> => await find.get(kind, id),
    /** null clears it (generated art again). */
    async set(kind: StoredCoverKind, id: number, hash: string | null): Promise<void> {
      if (hash === null) await remove.run(kind, id);
      else await upsert.run(kind, id, hash);
    },
    /** The stored cover of the artist's latest album that has one (an imported artist's picture). */
    latestAlbumCoverOf: async (artistId: number): Promise<string | null> => (await latestAlbumCover.get(artistId)) ?? null,
    /** Hashes still in use, so unused cover files can be deleted. */
    referenced: async (): Promise<Set<string>> => new Set(await referenced.all()),
  };
}
export type StoredCoverRepo = Awaited<ReturnType<typeof createStoredCoverRepo>>;
