import type { Database } from '../db/database.ts';

/** What a player reported: its state, where it was and how fast it plays. */
export type PlaybackState = 'starting' | 'playing' | 'paused';

/** One player's now-playing row (migration 032). `state` is null for a row made by a stream or a now-playing scrobble. */
export interface NowPlayingRecord {
  /** Subsonic's playerId: stable for a user's player while it keeps playing */
  id: number;
  userId: number;
  player: string;
  songId: number;
  state: PlaybackState | null;
  positionMs: number;
  playbackRate: number;
  updatedAt: number;
  expiresAt: number;
}

export type NowPlayingWrite = Omit<NowPlayingRecord, 'id'>;

const COLUMNS = `id, user_id AS userId, player, song_id AS songId, state, position_ms AS positionMs, playback_rate AS playbackRate,
  updated_at AS updatedAt, expires_at AS expiresAt`;

/**
 * What each user's players play now, one row per user and player. Kept in SQLite so that every
 * server process answers the same; expired rows are never read and are deleted by writes.
 */
export function createNowPlayingRepo(db: Database) {
  const live = db.prepare<[number], NowPlayingRecord>(
    `SELECT ${COLUMNS} FROM now_playing WHERE expires_at > ? ORDER BY updated_at DESC, id`,
  );
  const one = db.prepare<[number, string, number], NowPlayingRecord>(
    `SELECT ${COLUMNS} FROM now_playing WHERE user_id = ? AND player = ? AND expires_at > ?`,
  );
  const prune = db.prepare<[number]>('DELETE FROM now_playing WHERE expires_at <= ?');
  const upsert = (guard: string) =>
    db.prepare<NowPlayingWrite & { now: number }>(
      `INSERT INTO now_playing (user_id, player, song_id, state, position_ms, playback_rate, updated_at, expires_at)
       VALUES (@userId, @player, @songId, @state, @positionMs, @playbackRate, @updatedAt, @expiresAt)
       ON CONFLICT (user_id, player) DO UPDATE SET song_id = excluded.song_id, state = excluded.state,
         position_ms = excluded.position_ms, playback_rate = excluded.playback_rate, updated_at = excluded.updated_at,
         expires_at = excluded.expires_at
       WHERE ${guard}`,
    );
  const report = upsert('TRUE');
  // A player that reports its playback is believed over its own downloads (a stream may be the next song, fetched ahead).
  const guess = upsert('now_playing.state IS NULL OR now_playing.expires_at <= @now');
  const remove = db.prepare<[number, string]>('DELETE FROM now_playing WHERE user_id = ? AND player = ?');

  return {
    /** Every row not expired at `now`, latest first. */
    live: async (now: number): Promise<NowPlayingRecord[]> => await live.all(now),
    /** The user's player's row, unless expired at `now`. */
    find: async (userId: number, player: string, now: number): Promise<NowPlayingRecord | undefined> => await one.get(userId, player, now),
    /** A reported state: always the player's row. */
    async report(row: NowPlayingWrite, now: number): Promise<void> {
      await prune.run(now);
      await report.run({ ...row, now });
    },
    /** A stream or a now-playing scrobble: the player's row unless it reports its playback itself. */
    async guess(row: NowPlayingWrite, now: number): Promise<void> {
      await prune.run(now);
      await guess.run({ ...row, now });
    },
    /** The player stopped. */
    async remove(userId: number, player: string, now: number): Promise<void> {
      await prune.run(now);
      await remove.run(userId, player);
    },
  };
}
export type NowPlayingRepo = Awaited<ReturnType<typeof createNowPlayingRepo>>;
