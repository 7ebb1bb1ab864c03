import type { Database } from '../../db/database.ts';
import { batchInsert } from '../batch-insert.ts';
import { idsParam } from '../json.ts';

export interface PlaylistTrack {
  songId: number;
  addedAt: number;
}

/** The playlists repository's tracks (repos/playlists.ts spreads them in): reading, adding, removing, re-ranking. */
export function createPlaylistTracks(db: Database) {
  const tracks = db.prepare<[number], PlaylistTrack>(
    'SELECT song_id AS songId, added_at AS addedAt FROM playlist_tracks WHERE playlist_id = ? ORDER BY position',
  );
  const insertTracks = batchInsert(db, 'playlist_tracks', ['playlist_id', 'song_id', 'position', 'added_at']);
  const lastPosition = db
    .prepare<[number], number>('SELECT COALESCE(MAX(position), -1) FROM playlist_tracks WHERE playlist_id = ?')
    .pluck();
  const firstPosition = db
    .prepare<[number], number>('SELECT COALESCE(MIN(position), 0) FROM playlist_tracks WHERE playlist_id = ?')
    .pluck();
  const presentSongs = db
    .prepare<[number, string], number>(
      'SELECT song_id FROM playlist_tracks WHERE playlist_id = ? AND song_id IN (SELECT value FROM json_each(?))',
    )
    .pluck();
  const deleteTracks = db.prepare('DELETE FROM playlist_tracks WHERE playlist_id = ? AND song_id IN (SELECT value FROM json_each(?))');
  const clearTracks = db.prepare('DELETE FROM playlist_tracks WHERE playlist_id = ?');
  const countTracks = db.prepare<[number], number>('SELECT COUNT(*) FROM playlist_tracks WHERE playlist_id = ?').pluck();
  const leading = db.prepare<[string, number], { playlistId: number; songId: number }>(`
    SELECT playlist_id AS playlistId, song_id AS songId FROM playlist_tracks
    WHERE playlist_id IN (SELECT value FROM json_each(?)) AND position < ? ORDER BY playlist_id, position`);

  return {
    tracksOf: async (playlistId: number): Promise<PlaylistTrack[]> => await tracks.all(playlistId),
    /** Appends songs after the current last track (callers skip songs already present). */
    async appendTracks(playlistId: number, songIds: readonly number[], addedAt: number): Promise<void> {
      const last = (await lastPosition.get(playlistId)) ?? -1;
      await insertTracks(songIds.map((songId, i) => [playlistId, songId, last + 1 + i, addedAt]));
    },
    /** Puts songs before the current first track, in the given order (callers skip songs already present). */
    async prependTracks(playlistId: number, songIds: readonly number[], addedAt: number): Promise<void> {
      const first = ((await firstPosition.get(playlistId)) ?? 0) - songIds.length;
      await insertTracks(songIds.map((songId, i) => [playlistId, songId, first + i, addedAt]));
    },
    /** Replaces every track with `songIds`, in that order (a chart re-ranked). */
    async replaceTracks(playlistId: number, songIds: readonly number[], addedAt: number): Promise<void> {
      await clearTracks.run(playlistId);
      await insertTracks(songIds.map((songId, position) => [playlistId, songId, position, addedAt]));
    },
    /** Of `songIds`, those already in the playlist. */
    songsPresent: async (playlistId: number, songIds: readonly number[]): Promise<Set<number>> =>
      new Set(songIds.length ? await presentSongs.all(playlistId, idsParam(songIds)) : []),
    /** Removes songs from the playlist; returns how many were there. */
    removeTracks: async (playlistId: number, songIds: readonly number[]): Promise<number> =>
      songIds.length ? (await deleteTracks.run(playlistId, idsParam(songIds))).changes : 0,
    trackCount: async (playlistId: number): Promise<number> => (await countTracks.get(playlistId)) ?? 0,
    /** The first `count` song ids of each playlist, in track order (a chart's leaders). */
    async leadingTracks(playlistIds: readonly number[], count: number): Promise<Map<number, number[]>> {
      const out = new Map<number, number[]>(playlistIds.map((id) => [id, []]));
      for (const row of await leading.all(idsParam(playlistIds), count)) out.get(row.playlistId)?.push(row.songId);
      return out;
    },
  };
}
