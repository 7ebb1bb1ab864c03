import type { Database } from '../../db/database.ts';
import { idsParam } from '../json.ts';
import { LIKED_SONGS_SPECIAL_TYPE } from './kinds.ts';

export interface SongTag {
  songId: number;
  tagId: number;
  /** ordinary playlists with this tag that hold the song */
  playlists: number;
}

/** An ordinary public playlist a user might be recommended. */
export interface PlaylistCandidate {
  id: number;
  playCount: number;
  trackCount: number;
}

export interface PlaylistArtistCount {
  playlistId: number;
  artistId: number;
  /** the playlist's tracks crediting the artist */
  tracks: number;
}

/**
 * The playlists repository's reads about taste (repos/playlists.ts spreads them in): a listener's
 * liked songs, the tags of the playlists holding songs, playlists a user might be recommended.
 */
export function createPlaylistTaste(db: Database) {
  // Read straight from the liked-songs playlist (specialType 5), whoever writes it.
  const likedSongIds = db
    .prepare<[number], number>(
      `
    SELECT pt.song_id FROM playlists p JOIN playlist_tracks pt ON pt.playlist_id = p.id
    WHERE p.creator_id = ? AND p.special_type = ${LIKED_SONGS_SPECIAL_TYPE} ORDER BY p.id, pt.position`,
    )
    .pluck();
  const likedTracks = db.prepare<[number], { songId: number; addedAt: number }>(`
    SELECT t.song_id AS songId, t.added_at AS addedAt FROM playlist_tracks t
    WHERE t.playlist_id = (SELECT id FROM playlists WHERE creator_id = ? AND special_type = ${LIKED_SONGS_SPECIAL_TYPE} ORDER BY id LIMIT 1)
    ORDER BY t.added_at DESC, t.position`);
  const songTags = db.prepare<[string], SongTag>(`
    SELECT pt.song_id AS songId, tg.tag_id AS tagId, COUNT(DISTINCT pt.playlist_id) AS playlists
    FROM playlist_tracks pt
    JOIN playlists p ON p.id = pt.playlist_id AND p.special_type = 0
    JOIN playlist_tags tg ON tg.playlist_id = pt.playlist_id
    WHERE pt.song_id IN (SELECT value FROM json_each(?))
    GROUP BY pt.song_id, tg.tag_id`);
  const candidates = db.prepare<{ userId: number }, PlaylistCandidate>(`
    SELECT p.id, p.play_count AS playCount, (SELECT COUNT(*) FROM playlist_tracks t WHERE t.playlist_id = p.id) AS trackCount
    FROM playlists p WHERE p.special_type = 0 AND p.privacy = 0 AND p.creator_id <> @userId
    AND NOT EXISTS (SELECT 1 FROM playlist_subscribers s WHERE s.playlist_id = p.id AND s.user_id = @userId)`);
  const artistCounts = db.prepare<[string], PlaylistArtistCount>(`
    SELECT pt.playlist_id AS playlistId, sa.artist_id AS artistId, COUNT(*) AS tracks
    FROM playlist_tracks pt JOIN song_artists sa ON sa.song_id = pt.song_id
    JOIN playlists p ON p.id = pt.playlist_id AND p.special_type = 0 AND p.privacy = 0
    WHERE sa.artist_id IN (SELECT value FROM json_each(?))
    GROUP BY pt.playlist_id, sa.artist_id`);
  const taggedWith = db.prepare<[string], { playlistId: number; tagId: number }>(
    'SELECT playlist_id AS playlistId, tag_id AS tagId FROM playlist_tags WHERE tag_id IN (SELECT value FROM json_each(?))',
  );

  return {
    /** The songs in the user's liked-songs playlist, in its track order. */
    likedSongIds: async (userId: number): Promise<number[]> => await likedSongIds.all(userId),
    /** The user's 我喜欢的音乐, the latest liked first. */
    likedTracks: async (userId: number): Promise<{ songId: number; addedAt: number }[]> => await likedTracks.all(userId),
    /** Per song, the tags of the ordinary playlists holding it and how many such playlists there are. */
    songTags: async (songIds: readonly number[]): Promise<SongTag[]> => (songIds.length ? await songTags.all(idsParam(songIds)) : []),
    /** Ordinary public playlists made by someone else, not collected by the user. */
    candidatesFor: async (userId: number): Promise<PlaylistCandidate[]> => await candidates.all({ userId }),
    /** Per playlist, how many tracks credit each of the artists. */
    artistCounts: async (artistIds: readonly number[]): Promise<PlaylistArtistCount[]> =>
      artistIds.length ? await artistCounts.all(idsParam(artistIds)) : [],
    /** The playlists carrying any of the tags. */
    taggedWith: async (tagIds: readonly number[]) => (tagIds.length ? await taggedWith.all(idsParam(tagIds)) : []),
  };
}
