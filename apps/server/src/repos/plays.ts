import type { Database } from '../db/database.ts';
import { batchInsert } from './batch-insert.ts';
import { idsParam } from './json.ts';

export interface NewPlay {
  songId: number;
  userId: number | null;
  sourceId: number;
  /** ms on the library clock */
  playedAt: number;
  seconds: number;
}

/** One song's plays in the two halves of a window, with what the charts filter on. */
export interface SongPlays {
  songId: number;
  /** main (first credited) artist; null for a song without credits */
  artistId: number | null;
  area: number | null;
  independent: boolean;
  publishTime: number;
  /** plays in [mid, to) */
  recent: number;
  /** plays in [from, mid) */
  previous: number;
}

/** A song and its plays in a window (the hot searches' songs). */
export interface PlayedSong {
  id: number;
  name: string;
  /** credited artists' names joined with '/', in credit order */
  artists: string;
  plays: number;
}

/** A main artist and the plays of their songs in a window. */
export interface PlayedArtist {
  id: number;
  name: string;
  plays: number;
}

/** A listener's plays of one song on one day (days counted back from "now"). */
export interface ListeningRow {
  songId: number;
  /** whole days between the plays and now (0 = the last 24 hours) */
  ageDays: number;
  plays: number;
}

/** A song in one listener's record, with how often they played it. */
export interface ListenedSong {
  songId: number;
  plays: number;
}

const DAY_MS = 86_400_000;

type SongPlaysRow = Omit<SongPlays, 'independent'> & { independent: number | null };

export function createPlayRepo(db: Database) {
  const insertStmt = db.prepare(
    'INSERT INTO play_records (song_id, user_id, source_id, played_at, seconds) VALUES (@songId, @userId, @sourceId, @playedAt, @seconds)',
  );
  const insertRows = batchInsert(db, 'play_records', ['song_id', 'user_id', 'source_id', 'played_at', 'seconds']);
  const latestId = db.prepare<[], number>('SELECT COALESCE(MAX(id), 0) FROM play_records').pluck();
  // Aggregate the window from the (played_at, song_id) index first, then join the few song facts.
  const windowStats = db.prepare<{ from: number; mid: number; to: number }, SongPlaysRow>(`
    WITH w AS (
      SELECT song_id, SUM(played_at >= @mid) AS recent, SUM(played_at < @mid) AS previous
      FROM play_records WHERE played_at >= @from AND played_at < @to GROUP BY song_id)
    SELECT w.song_id AS songId, sa.artist_id AS artistId, a.area, a.independent, s.publish_time AS publishTime,
      w.recent, w.previous
    FROM w JOIN songs s ON s.id = w.song_id
    LEFT JOIN song_artists sa ON sa.song_id = w.song_id AND sa.position = 0
    LEFT JOIN artists a ON a.id = sa.artist_id`);
  const mostPlayedSongs = db.prepare<{ from: number; to: number; limit: number }, PlayedSong>(`
    WITH w AS (
      SELECT song_id, COUNT(*) AS plays FROM play_records WHERE played_at >= @from AND played_at < @to
      GROUP BY song_id ORDER BY plays DESC, song_id LIMIT @limit)
    SELECT s.id, s.name, w.plays,
      coalesce((SELECT string_agg(a.name, '/' ORDER BY sa.position) FROM song_artists sa JOIN artists a ON a.id = sa.artist_id
                WHERE sa.song_id = s.id), '') AS artists
    FROM w JOIN songs s ON s.id = w.song_id ORDER BY w.plays DESC, s.id`);
  const mostPlayedArtists = db.prepare<{ from: number; to: number; area: number | null; limit: number }, PlayedArtist>(`
    WITH w AS (
      SELECT song_id, COUNT(*) AS plays FROM play_records WHERE played_at >= @from AND played_at < @to GROUP BY song_id)
    SELECT a.id, a.name, SUM(w.plays) AS plays
    FROM w JOIN song_artists sa ON sa.song_id = w.song_id AND sa.position = 0 JOIN artists a ON a.id = sa.artist_id
    WHERE CAST(@area AS BIGINT) IS NULL OR a.area = @area
    GROUP BY a.id ORDER BY plays DESC, a.id LIMIT @limit`);
  const latestPlayedAt = db.prepare<[], number>('SELECT COALESCE(MAX(played_at), 0) FROM play_records').pluck();
  const listened = db.prepare<{ userId: number; from: number; limit: number }, ListenedSong>(`
    SELECT song_id AS songId, COUNT(*) AS plays FROM play_records
    WHERE user_id = @userId AND played_at >= @from
    GROUP BY song_id ORDER BY plays DESC, MAX(played_at) DESC, song_id LIMIT @limit`);
  const attribute = db.prepare(
    'UPDATE play_records SET user_id = @userId WHERE user_id IS NULL AND played_at < @before AND id % @every = 0',
  );
  const byDay = db.prepare<{ userId: number; now: number; from: number }, ListeningRow>(`
    SELECT song_id AS songId, MAX(0, CAST((@now - played_at) / ${DAY_MS} AS INTEGER)) AS ageDays, COUNT(*) AS plays
    FROM play_records WHERE user_id = @userId AND played_at >= @from
    GROUP BY song_id, ageDays`);
  // Kept per listener and song by play_records' triggers (migration 048).
  const ofListener = db.prepare<[string, number], { songId: number; plays: number; lastPlayed: number }>(`
    SELECT song_id AS songId, plays, last_played AS lastPlayed FROM play_stats
    WHERE song_id IN (SELECT value FROM json_each(?)) AND user_id = ?`);
  return {
    insert: async (play: NewPlay): Promise<number> => Number((await insertStmt.run(play)).lastInsertId),
    /** Bulk insert for seeding; call inside the caller's transaction. */
    async insertMany(plays: Iterable<NewPlay>): Promise<void> {
      await insertRows([...plays].map((p) => [p.songId, p.userId, p.sourceId, p.playedAt, p.seconds]));
    },
    /** The newest play's id (0 when there are none): charts compare it with what they last saw. */
    latestId: async (): Promise<number> => (await latestId.get()) ?? 0,
    /** Songs played in [from, to), counted separately before and after `mid`. */
    async windowStats(from: number, mid: number, to: number): Promise<SongPlays[]> {
      return (await windowStats.all({ from, mid, to })).map((r) => ({ ...r, independent: r.independent === 1 }));
    },
    /** The `limit` most played songs in [from, to), most played first. */
    mostPlayedSongs: async (from: number, to: number, limit: number): Promise<PlayedSong[]> =>
      await mostPlayedSongs.all({ from, to, limit }),
    /** The `limit` main artists (of `area`; null: any) whose songs were played most in [from, to). */
    mostPlayedArtists: async (from: number, to: number, limit: number, area: number | null = null): Promise<PlayedArtist[]> =>
      await mostPlayedArtists.all({ from, to, area, limit }),
    /** When the newest play was played (library clock; 0 when there are none). */
    latestPlayedAt: async (): Promise<number> => (await latestPlayedAt.get()) ?? 0,
    /** One listener's most played songs since `from` (most played first; ties: the latest played). */
    listenedBy: async (userId: number, from: number, limit: number): Promise<ListenedSong[]> => await listened.all({ userId, from, limit }),
    /** Gives a listener every `every`-th anonymous play before `before` (the demo account's history). */
    async attributeAnonymous(userId: number, before: number, every: number): Promise<number> {
      return (await attribute.run({ userId, before, every })).changes;
    },
    /** A listener's plays since `from` (library clock), per song and day. */
    byDay: async (userId: number, now: number, from: number): Promise<ListeningRow[]> => await byDay.all({ userId, now, from }),
    /** The listener's plays of these songs: how many and the last (library clock). */
    async ofListener(songIds: readonly number[], userId: number): Promise<Map<number, { plays: number; lastPlayed: number }>> {
      return new Map(songIds.length ? (await ofListener.all(idsParam(songIds), userId)).map((r) => [r.songId, r]) : []);
    },
  };
}
export type PlayRepo = Awaited<ReturnType<typeof createPlayRepo>>;
