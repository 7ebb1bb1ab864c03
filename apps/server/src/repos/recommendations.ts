import type { Db } from '../db/connection.ts';
import { idsParam } from './json.ts';
import { LIKED_SONGS_SPECIAL_TYPE } from './playlists.ts';

/** A listener's plays of one song on one day (days counted back from "now"). */
export interface ListeningRow {
  songId: number;
  /** whole days between the plays and now (0 = the last 24 hours) */
  ageDays: number;
  plays: number;
}

export interface SongCredit {
  songId: number;
  artistId: number;
  /** 0 = the main artist */
  position: number;
}

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

/** One stored recommendation: what and why. */
export interface DailyItem {
  id: number;
  reason: string;
}

export type DailyKind = 'songs' | 'playlists';

const DAY_MS = 86_400_000;

/** What daily recommendations read (a listener's plays and likes, the catalog around them) and keep. */
export function createRecommendationRepo(db: Db) {
  const listening = db.prepare<{ userId: number; now: number; from: number }, ListeningRow>(`
    SELECT song_id AS songId, MAX(0, CAST((@now - played_at) / ${DAY_MS} AS INTEGER)) AS ageDays, COUNT(*) AS plays
    FROM play_records WHERE user_id = @userId AND played_at >= @from
    GROUP BY song_id, ageDays`);
  // Read straight from the liked-songs playlist (specialType 5), whoever writes it.
  const liked = db
    .prepare<[number], number>(
      `
    SELECT pt.song_id FROM playlists p JOIN playlist_tracks pt ON pt.playlist_id = p.id
    WHERE p.creator_id = ? AND p.special_type = ${LIKED_SONGS_SPECIAL_TYPE}`,
    )
    .pluck();
  const credits = db.prepare<[string], SongCredit>(
    'SELECT song_id AS songId, artist_id AS artistId, position FROM song_artists WHERE song_id IN (SELECT value FROM json_each(?))',
  );
  const songTags = db.prepare<[string], SongTag>(`
    SELECT pt.song_id AS songId, tg.tag_id AS tagId, COUNT(DISTINCT pt.playlist_id) AS playlists
    FROM playlist_tracks pt
    JOIN playlists p ON p.id = pt.playlist_id AND p.special_type = 0
    JOIN playlist_tags tg ON tg.playlist_id = pt.playlist_id
    WHERE pt.song_id IN (SELECT value FROM json_each(?))
    GROUP BY pt.song_id, tg.tag_id`);
  const songsOfArtists = db
    .prepare<[string], number>('SELECT DISTINCT song_id FROM song_artists WHERE artist_id IN (SELECT value FROM json_each(?))')
    .pluck();
  const songsWithTags = db
    .prepare<[string, number], number>(
      `
    SELECT s.id FROM songs s WHERE s.id IN (
      SELECT pt.song_id FROM playlist_tags tg
      JOIN playlists p ON p.id = tg.playlist_id AND p.special_type = 0
      JOIN playlist_tracks pt ON pt.playlist_id = tg.playlist_id
      WHERE tg.tag_id IN (SELECT value FROM json_each(?)))
    ORDER BY s.popularity DESC, s.id LIMIT ?`,
    )
    .pluck();
  const popularSongs = db.prepare<[number], number>('SELECT id FROM songs ORDER BY popularity DESC, id LIMIT ?').pluck();
  const playlistCandidates = db.prepare<{ userId: number }, PlaylistCandidate>(`
    SELECT p.id, p.play_count AS playCount, (SELECT COUNT(*) FROM playlist_tracks t WHERE t.playlist_id = p.id) AS trackCount
    FROM playlists p WHERE p.special_type = 0 AND p.privacy = 0 AND p.creator_id <> @userId
    AND NOT EXISTS (SELECT 1 FROM playlist_subscribers s WHERE s.playlist_id = p.id AND s.user_id = @userId)`);
  const playlistArtists = db.prepare<[string], PlaylistArtistCount>(`
    SELECT pt.playlist_id AS playlistId, sa.artist_id AS artistId, COUNT(*) AS tracks
    FROM playlist_tracks pt JOIN song_artists sa ON sa.song_id = pt.song_id
    JOIN playlists p ON p.id = pt.playlist_id AND p.special_type = 0 AND p.privacy = 0
    WHERE sa.artist_id IN (SELECT value FROM json_each(?))
    GROUP BY pt.playlist_id, sa.artist_id`);
  const playlistTags = db.prepare<[string], { playlistId: number; tagId: number }>(
    'SELECT playlist_id AS playlistId, tag_id AS tagId FROM playlist_tags WHERE tag_id IN (SELECT value FROM json_each(?))',
  );
  const daily = db
    .prepare<[number, string, string], string>('SELECT items FROM daily_recommendations WHERE user_id = ? AND kind = ? AND day = ?')
    .pluck();
  const keep = db.prepare(
    'INSERT OR IGNORE INTO daily_recommendations (user_id, kind, day, items, created_at) VALUES (@userId, @kind, @day, @items, @at)',
  );
  const prune = db.prepare('DELETE FROM daily_recommendations WHERE user_id = ? AND day < ?');

  return {
    /** A listener's plays since `from` (library clock), per song and day. */
    listening: (userId: number, now: number, from: number): ListeningRow[] => listening.all({ userId, now, from }),
    /** The songs in the user's liked-songs playlist. */
    likedSongs: (userId: number): number[] => liked.all(userId),
    credits: (songIds: readonly number[]): SongCredit[] => (songIds.length ? credits.all(idsParam(songIds)) : []),
    songTags: (songIds: readonly number[]): SongTag[] => (songIds.length ? songTags.all(idsParam(songIds)) : []),
    songsOfArtists: (artistIds: readonly number[]): number[] => (artistIds.length ? songsOfArtists.all(idsParam(artistIds)) : []),
    /** The most popular songs in ordinary playlists with any of the tags. */
    songsWithTags: (tagIds: readonly number[], limit: number): number[] =>
      tagIds.length ? songsWithTags.all(idsParam(tagIds), limit) : [],
    /** The catalog's most popular songs. */
    popularSongs: (limit: number): number[] => popularSongs.all(limit),
    /** Ordinary public playlists made by someone else, not collected by the user. */
    playlistCandidates: (userId: number): PlaylistCandidate[] => playlistCandidates.all({ userId }),
    /** Per playlist, how many tracks credit each of the artists. */
    playlistArtists: (artistIds: readonly number[]): PlaylistArtistCount[] =>
      artistIds.length ? playlistArtists.all(idsParam(artistIds)) : [],
    /** The playlists carrying any of the tags. */
    playlistTags: (tagIds: readonly number[]) => (tagIds.length ? playlistTags.all(idsParam(tagIds)) : []),

    /** The recommendations kept for the user's day, if made. */
    daily(userId: number, kind: DailyKind, day: string): DailyItem[] | undefined {
      const text = daily.get(userId, kind, day);
      return text === undefined ? undefined : (JSON.parse(text) as DailyItem[]);
    },
    /** Keeps the day's recommendations unless some were kept first; returns the ones kept. */
    keepDaily(userId: number, kind: DailyKind, day: string, items: DailyItem[], at: number): DailyItem[] {
      keep.run({ userId, kind, day, items: JSON.stringify(items), at });
      return this.daily(userId, kind, day)!;
    },
    /** Forgets the user's recommendations of days before `day`. */
    pruneBefore(userId: number, day: string): void {
      prune.run(userId, day);
    },
  };
}
export type RecommendationRepo = ReturnType<typeof createRecommendationRepo>;
