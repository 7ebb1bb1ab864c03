import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { freshDataDir } from './helpers.ts';

/**
 * play_stats (each listener's plays of each song: how many, the last) is kept by play_records'
 * triggers: after any sequence of plays written, removed, given to another listener or made
 * anonymous, and of songs and accounts removed, it is exactly the aggregate of play_records.
 */
const USERS = [1, 2, 3];
const SONGS = [1, 2, 3, 4];

type Step =
  | { kind: 'play'; userId: number | null; songId: number; at: number }
  | { kind: 'plays'; userId: number; songId: number; ats: number[] }
  | { kind: 'unplay'; pick: number }
  | { kind: 'give'; pick: number; userId: number | null }
  | { kind: 'retime'; pick: number; at: number }
  | { kind: 'removeSong'; songId: number }
  | { kind: 'removeUser'; userId: number };

const user = fc.constantFrom(...USERS);
const song = fc.constantFrom(...SONGS);
const at = fc.integer({ min: 1, max: 50 }).map((n) => n * 1000);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('play' as const), userId: fc.option(user), songId: song, at }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('plays' as const),
      userId: user,
      songId: song,
      ats: fc.array(at, { minLength: 1, maxLength: 4 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('unplay' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('give' as const), pick: fc.nat(), userId: fc.option(user) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('retime' as const), pick: fc.nat(), at }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removeSong' as const), songId: song }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removeUser' as const), userId: user }) },
);

let db: Db;

async function reset(): Promise<void> {
  await db.tx(async () => {
    for (const table of ['play_records', 'play_stats', 'songs', 'albums', 'artists', 'users']) await db.run(`DELETE FROM ${table}`);
    for (const id of USERS) await db.run('INSERT INTO users (id, nickname, created_at) VALUES (?, ?, 0)', id, `listener${id}`);
    await db.run('INSERT INTO artists (id, name, area, type, created_at) VALUES (1, ?, 0, 1, 0)', 'Ann');
    await db.run('INSERT INTO albums (id, name, artist_id, publish_time, created_at) VALUES (1, ?, 1, 0, 0)', 'First');
    for (const id of SONGS) {
      await db.run(
        `INSERT INTO songs (id, name, album_id, track_no, duration_ms, audio_seed, publish_time, created_at)
         VALUES (?, ?, 1, ?, 200000, ?, 0, 0)`,
        id,
        `Song ${id}`,
        id,
        id,
      );
    }
  });
}

/** The nth play there is (wrapping), or none when there are no plays. */
async function nthPlay(pick: number): Promise<number | undefined> {
  const ids = await db.prepare<[], number>('SELECT id FROM play_records ORDER BY id').pluck().all();
  return ids.length ? ids[pick % ids.length] : undefined;
}

const exists = async (table: 'songs' | 'users', id: number | null): Promise<boolean> =>
  id === null || (await db.prepare<[number], number>(`SELECT COUNT(*) FROM ${table} WHERE id = ?`).pluck().get(id)) === 1;

/** Writes the step; plays of a removed song or by a removed account are not written (the keys refuse them). */
async function apply(s: Step): Promise<void> {
  if ('songId' in s && s.kind !== 'removeSong' && !(await exists('songs', s.songId))) return;
  if ('userId' in s && s.kind !== 'removeUser' && !(await exists('users', s.userId))) return;
  switch (s.kind) {
    case 'play':
      await db.run('INSERT INTO play_records (song_id, user_id, played_at) VALUES (?, ?, ?)', s.songId, s.userId, s.at);
      return;
    case 'plays': {
      // One statement of several rows, as the demo seeder writes them.
      const rows = s.ats.map(() => '(?, ?, ?)').join(', ');
      await db.run(
        `INSERT INTO play_records (song_id, user_id, played_at) VALUES ${rows}`,
        ...s.ats.flatMap((t) => [s.songId, s.userId, t]),
      );
      return;
    }
    case 'unplay': {
      const id = await nthPlay(s.pick);
      if (id !== undefined) await db.run('DELETE FROM play_records WHERE id = ?', id);
      return;
    }
    case 'give': {
      const id = await nthPlay(s.pick);
      if (id !== undefined) await db.run('UPDATE play_records SET user_id = ? WHERE id = ?', s.userId, id);
      return;
    }
    case 'retime': {
      const id = await nthPlay(s.pick);
      if (id !== undefined) await db.run('UPDATE play_records SET played_at = ? WHERE id = ?', s.at, id);
      return;
    }
    case 'removeSong':
      await db.run('DELETE FROM songs WHERE id = ?', s.songId);
      return;
    case 'removeUser':
      await db.run('DELETE FROM users WHERE id = ?', s.userId);
      return;
  }
}

type StatRow = { userId: number; songId: number; plays: number; lastPlayed: number };
const kept = async (): Promise<StatRow[]> =>
  (
    await db
      .prepare<[], StatRow>(
        'SELECT user_id AS "userId", song_id AS "songId", plays, last_played AS "lastPlayed" FROM play_stats ORDER BY 1, 2',
      )
      .all()
  ).map((r) => ({ userId: Number(r.userId), songId: Number(r.songId), plays: Number(r.plays), lastPlayed: Number(r.lastPlayed) }));
const aggregated = async (): Promise<StatRow[]> =>
  (
    await db
      .prepare<[], StatRow>(
        `SELECT user_id AS "userId", song_id AS "songId", COUNT(*) AS plays, MAX(played_at) AS "lastPlayed"
         FROM play_records WHERE user_id IS NOT NULL GROUP BY user_id, song_id ORDER BY 1, 2`,
      )
      .all()
  ).map((r) => ({ userId: Number(r.userId), songId: Number(r.songId), plays: Number(r.plays), lastPlayed: Number(r.lastPlayed) }));

beforeAll(async () => {
  db = await openDatabase(freshDataDir());
});
afterAll(async () => {
  await db.close();
});

describe('play_stats', () => {
  it('is the aggregate of play_records after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        await reset();
        for (const s of steps) await apply(s);
        expect(await kept()).toEqual(await aggregated());
      }),
      { numRuns: 60 },
    );
  });

  it('a listener who played a song has its count and last play; one who did not has no row', async () => {
    await reset();
    await apply({ kind: 'plays', userId: 1, songId: 2, ats: [5000, 9000, 7000] });
    await apply({ kind: 'play', userId: null, songId: 2, at: 12_000 });
    expect(await kept()).toEqual([{ userId: 1, songId: 2, plays: 3, lastPlayed: 9000 }]);
  });
});
