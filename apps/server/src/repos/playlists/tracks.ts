import type { Db } from '../../db/connection.ts';
import { idsParam } from '../json.ts';

export interface PlaylistTrack {
  songId: number;
  addedAt: number;
}

/** The playlists repository's tracks (repos/playlists.ts spreads them in): reading, adding, removing, re-ranking. */
export function createPlaylistTracks(db: Db) {
  const tracks = db.prepare<[number], PlaylistTrack>(
    'SELECT song_id AS songId, added_at AS addedAt FROM playlist_tracks WHERE playlist_id = ? ORDER BY position',
  );
  const insertTrack = db.prepare('INSERT INTO playlist_tracks (playlist_id, song_id, position, added_at) VALUES (?, ?, ?, ?)');
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
    tracksOf: (playlistId: number): PlaylistTrack[] => tracks.all(playlistId),
    /** Appends songs after the current last track (callers skip songs already present). */
    appendTracks(playlistId: number, songIds: readonly number[], addedAt: number): void {
      let position = lastPosition.get(playlistId) ?? -1;
      for (const songId of songIds) insertTrack.run(playlistId, songId, ++position, addedAt);
    },
    /** Puts songs before the current first track, in the given order (callers skip songs already present). */
    prependTracks(playlistId: number, songIds: readonly number[], addedAt: number): void {
      const first = (firstPosition.get(playlistId) ?? 0) - songIds.length;
      songIds.forEach((songId, i) => insertTrack.run(playlistId, songId, first + i, addedAt));
    },
    /** Replaces every track with `songIds`, in that order (a chart re-ranked). */
    replaceTracks(playlistId: number, songIds: readonly number[], addedAt: number): void {
      clearTracks.run(playlistId);
      songIds.forEach((songId, position) => insertTrack.run(playlistId, songId, position, addedAt));
    },
    /** Of `songIds`, those already in the playlist. */
    songsPresent: (playlistId: number, songIds: readonly number[]): Set<number> =>
      new Set(songIds.length ? presentSongs.all(playlistId, idsParam(songIds)) : []),
    /** Removes songs from the playlist; returns how many were there. */
    removeTracks: (playlistId: number, songIds: readonly number[]): number =>
      songIds.length ? deleteTracks.run(playlistId, idsParam(songIds)).changes : 0,
    trackCount: (playlistId: number): number => countTracks.get(playlistId) ?? 0,
    /** The first `count` song ids of each playlist, in track order (a chart's leaders). */
    leadingTracks(playlistIds: readonly number[], count: number): Map<number, number[]> {
      const out = new Map<number, number[]>(playlistIds.map((id) => [id, []]));
      for (const row of leading.all(idsParam(playlistIds), count)) out.get(row.playlistId)?.push(row.songId);
      return out;
    },
  };
}
