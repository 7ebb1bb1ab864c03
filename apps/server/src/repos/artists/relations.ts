import type { Database } from '../../db/database.ts';
import { idsParam } from '../json.ts';

export interface SharedPlaylists {
  artistId: number;
  /** ordinary playlists holding songs of both artists */
  shared: number;
}

export interface TagWeight {
  artistId: number;
  tagId: number;
  /** ordinary playlists with this tag that hold the artist's songs */
  playlists: number;
}

/**
 * The artists repository's reads for similar-artist scoring (repos/artists.ts spreads them in):
 * playlists two artists share and the playlist tags around an artist. Charts (special playlists)
 * are left out: they follow plays, not taste.
 */
export function createArtistRelations(db: Database) {
  const shared = db.prepare<{ id: number }, SharedPlaylists>(`
    WITH mine AS (
      SELECT DISTINCT pt.playlist_id FROM song_artists sa
      JOIN playlist_tracks pt ON pt.song_id = sa.song_id
      JOIN playlists p ON p.id = pt.playlist_id AND p.special_type = 0
      WHERE sa.artist_id = @id)
    SELECT sa.artist_id AS artistId, COUNT(DISTINCT pt.playlist_id) AS shared
    FROM mine JOIN playlist_tracks pt ON pt.playlist_id = mine.playlist_id
    JOIN song_artists sa ON sa.song_id = pt.song_id
    WHERE sa.artist_id <> @id GROUP BY sa.artist_id`);
  const tagWeights = db.prepare<[string], TagWeight>(`
    SELECT sa.artist_id AS artistId, tg.tag_id AS tagId, COUNT(DISTINCT pt.playlist_id) AS playlists
    FROM song_artists sa
    JOIN playlist_tracks pt ON pt.song_id = sa.song_id
    JOIN playlists p ON p.id = pt.playlist_id AND p.special_type = 0
    JOIN playlist_tags tg ON tg.playlist_id = pt.playlist_id
    WHERE sa.artist_id IN (SELECT value FROM json_each(?))
    GROUP BY sa.artist_id, tg.tag_id`);
  const playlistCounts = db.prepare<[string], { artistId: number; playlists: number }>(`
    SELECT sa.artist_id AS artistId, COUNT(DISTINCT pt.playlist_id) AS playlists
    FROM song_artists sa
    JOIN playlist_tracks pt ON pt.song_id = sa.song_id
    JOIN playlists p ON p.id = pt.playlist_id AND p.special_type = 0
    WHERE sa.artist_id IN (SELECT value FROM json_each(?))
    GROUP BY sa.artist_id`);
  const sameArea = db
    .prepare<[number, number, number], number>(
      `
    SELECT id FROM artists WHERE area = (SELECT area FROM artists WHERE id = ?) AND id <> ?
    ORDER BY popularity DESC, id LIMIT ?`,
    )
    .pluck();

  return {
    sharedPlaylists: async (artistId: number): Promise<SharedPlaylists[]> => await shared.all({ id: artistId }),
    tagWeights: async (artistIds: readonly number[]): Promise<TagWeight[]> =>
      artistIds.length ? await tagWeights.all(idsParam(artistIds)) : [],
    /** How many ordinary playlists hold each artist's songs. */
    async playlistCounts(artistIds: readonly number[]): Promise<Map<number, number>> {
      const rows = artistIds.length ? await playlistCounts.all(idsParam(artistIds)) : [];
      return new Map(rows.map((r) => [r.artistId, r.playlists]));
    },
    /** The most popular other artists of the artist's area. */
    sameArea: async (artistId: number, limit: number): Promise<number[]> => await sameArea.all(artistId, artistId, limit),
  };
}
