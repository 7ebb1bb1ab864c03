import type { Database } from '../db/database.ts';
import { albumLoudness, type AlbumMember, type Loudness, type TaggedLoudness } from '../media/loudness.ts';
import { idsParam } from './json.ts';

/** A song's loudness as kept (migration 046): where it came from and of which file. */
export interface SongLoudnessRecord extends TaggedLoudness {
  /** of the file measured or read */
  md5: string;
  origin: 'tags' | 'measured';
}

/** Who waits for a song's measurement: a listener (it is played already), or nobody yet. */
export type LoudnessPriority = 'listener' | 'background';
const PRIORITY: Record<LoudnessPriority, number> = { listener: 0, background: 1 };

/**
 * Loudness (migration 046): each song's (catalog or cloud), each album's, and the queue of songs
 * still to measure. A song's row goes when its file changes or the song goes; an album's when a
 * song of it changes, and it is written again once every song of the album has one.
 */
export function createLoudnessRepo(db: Database) {
  const save = db.prepare(`
    INSERT INTO song_loudness (song_id, md5, loudness, peak, album_loudness, album_peak, origin, measured_at)
    VALUES (@songId, @md5, @loudness, @peak, @albumLoudness, @albumPeak, @origin, @now)
    ON CONFLICT (song_id) DO UPDATE SET md5 = excluded.md5, loudness = excluded.loudness, peak = excluded.peak,
      album_loudness = excluded.album_loudness, album_peak = excluded.album_peak, origin = excluded.origin,
      measured_at = excluded.measured_at`);
  const dequeue = db.prepare('DELETE FROM loudness_queue WHERE song_id = ?');
  const forget = db.prepare('DELETE FROM song_loudness WHERE song_id = ?');
  const md5Of = db.prepare<[number], string>('SELECT md5 FROM song_loudness WHERE song_id = ?').pluck();
  const ofSongs = db.prepare<[string], { songId: number; loudness: number; peak: number | null }>(
    'SELECT song_id AS songId, loudness, peak FROM song_loudness WHERE song_id IN (SELECT value FROM json_each(?))',
  );
  // A song queued again keeps the more urgent of its two priorities, and its place when that is unchanged.
  // (`WHERE true`: SQLite would read ON CONFLICT as the SELECT's join constraint.)
  const queue = db.prepare(`
    INSERT INTO loudness_queue (song_id, priority, queued_at) SELECT value, @priority, @now FROM json_each(@ids) WHERE true
    ON CONFLICT (song_id) DO UPDATE SET priority = excluded.priority, queued_at = excluded.queued_at
    WHERE loudness_queue.priority > excluded.priority`);
  const want = db.prepare(
    'UPDATE loudness_queue SET priority = 0, queued_at = ? WHERE song_id IN (SELECT value FROM json_each(?)) AND priority > 0',
  );
  const next = db.prepare<[], { songId: number; priority: number }>(
    'SELECT song_id AS songId, priority FROM loudness_queue ORDER BY priority, queued_at, song_id LIMIT 1',
  );
  const pending = db.prepare<[], number>('SELECT COUNT(*) FROM loudness_queue').pluck();
  const members = db.prepare<[number], AlbumMember>(`
    SELECT s.duration_ms AS durationMs, l.loudness, l.peak, l.album_loudness AS albumLoudness, l.album_peak AS albumPeak
    FROM songs s LEFT JOIN song_loudness l ON l.song_id = s.id WHERE s.album_id = ?`);
  const saveAlbum = db.prepare(`
    INSERT INTO album_loudness (album_id, loudness, peak) VALUES (?, ?, ?)
    ON CONFLICT (album_id) DO UPDATE SET loudness = excluded.loudness, peak = excluded.peak`);
  const forgetAlbum = db.prepare('DELETE FROM album_loudness WHERE album_id = ?');
  const albumOf = db.prepare<[number], Loudness>('SELECT loudness, peak FROM album_loudness WHERE album_id = ?');

  return {
    /** Records a song's loudness and takes it off the queue. */
    async save(songId: number, record: SongLoudnessRecord, now: number): Promise<void> {
      await save.run({ songId, ...record, now });
      await dequeue.run(songId);
    },
    /** Forgets a song's loudness (its file changed, or it is gone) and takes it off the queue. */
    async forget(songId: number): Promise<void> {
      await forget.run(songId);
      await dequeue.run(songId);
    },
    /** The md5 of the file a song's loudness is of; undefined when it has none. */
    md5Of: async (songId: number): Promise<string | undefined> => await md5Of.get(songId),
    /** The loudness of those of `ids` that have one (cloud songs' /song/url). */
    async ofSongs(ids: readonly number[]): Promise<Map<number, Loudness>> {
      if (ids.length === 0) return new Map();
      return new Map((await ofSongs.all(idsParam(ids))).map(({ songId, ...l }) => [songId, l]));
    },
    /** Puts songs on the queue (a song on it already keeps its place unless this is more urgent). */
    async queue(songIds: readonly number[], priority: LoudnessPriority, now: number): Promise<void> {
      if (songIds.length) await queue.run({ ids: idsParam(songIds), priority: PRIORITY[priority], now });
    },
    /** Moves queued songs among `songIds` to the front: a listener is playing them. Returns how many moved. */
    async want(songIds: readonly number[], now: number): Promise<number> {
      return songIds.length ? (await want.run(now, idsParam(songIds))).changes : 0;
    },
    /** The next song to measure: a listener's first, then the oldest queued. */
    async next(): Promise<{ songId: number; priority: LoudnessPriority } | undefined> {
      const row = await next.get();
      return row && { songId: row.songId, priority: row.priority === 0 ? 'listener' : 'background' };
    },
    /** Takes a song off the queue without a loudness (it is gone, or its file cannot be measured). */
    async dequeue(songId: number): Promise<void> {
      await dequeue.run(songId);
    },
    /** Songs still to measure. */
    pending: async (): Promise<number> => (await pending.get()) ?? 0,
    /** Writes the album's loudness when every song of it has one, else forgets it; returns it. */
    async settleAlbum(albumId: number): Promise<Loudness | undefined> {
      const album = albumLoudness(await members.all(albumId));
      if (album) await saveAlbum.run(albumId, album.loudness, album.peak);
      else await forgetAlbum.run(albumId);
      return album;
    },
    /** Forgets the album's loudness (a song of it changed). */
    async forgetAlbum(albumId: number): Promise<void> {
      await forgetAlbum.run(albumId);
    },
    album: async (albumId: number): Promise<Loudness | undefined> => await albumOf.get(albumId),
  };
}
export type LoudnessRepo = Awaited<ReturnType<typeof createLoudnessRepo>>;
