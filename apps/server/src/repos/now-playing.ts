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
  // An update, else an insert of a player not seen yet: an upsert would spend an id of the table's
  // sequence on every report where the engine draws it before the conflict (PostgreSQL), and a
  // player's id is what clients see (playerId).
  const update = (guard: string) =>
    db.prepare<NowPlayingWrite & { now: number }>(
      `UPDATE now_playing SET song_id = @songId, state = @state, position_ms = @positionMs, playback_rate = @playbackRate,
         updated_at = @updatedAt, expires_at = @expiresAt
       WHERE user_id = @userId AND player = @player AND (${guard})`,
    );
  const insert = db.prepare<NowPlayingWrite>(
    `INSERT INTO now_playing (user_id, player, song_id, state, position_ms, playback_rate, updated_at, expires_at)
     SELECT @userId, @player, @songId, @state, @positionMs, @playbackRate, @updatedAt, @expiresAt
     WHERE NOT EXISTS (SELECT 1 FROM now_playing WHERE user_id = @userId AND player = @player)
     ON CONFLICT (user_id, player) DO NOTHING`,
  );
  const upsert = (guard: string) => {
    const changed = update(guard);
    return {
      run: async (row: NowPlayingWrite & { now: number }): Promise<void> => {
        if ((await changed.run(row)).changes > 0 || (await insert.run(row)).changes > 0) return;
        // Another process inserted this player's row between the two: it is there to update now.
        await changed.run(row);
      },
    };
  };
  const report = upsert('TRUE');
  // A player that reports its playback is believed over its own downloads (a stream may be the next song, fetched ahead).
  const guess = upsert('state IS NULL OR expires_at <= @now');
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
