import { existsSync, rmSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/connection.ts';
import { lastPlayed } from '../src/services/last-played.ts';
import { expectContract, freshDataDir, getJson, startTestApp } from './helpers.ts';

/** Waiting for a render to be stored and recorded: generous, as the machine may be busy (polled, never slept). */
const SETTLED = { timeout: 15_000, interval: 50 };

describe('last-played times noted in memory', () => {
  it('writes many plays of a second in one statement, each key once, and a key written within the minute not again', async () => {
    let clock = 1_000_000;
    const writes: { keys: number[]; at: number }[] = [];
    const played = lastPlayed<number>({
      idOf: String,
      write: async (keys, at) => void writes.push({ keys: [...keys].sort((a, b) => a - b), at }),
      everyMs: 3_600_000,
      now: () => clock,
    });
    for (const id of [3, 1, 2, 3, 1, 3]) played.touch(id);
    await played.flush();
    expect(writes).toEqual([{ keys: [1, 2, 3], at: 1_000_000 }]);
    // Within the minute: already written by this process, nothing to do.
    clock += 30_000;
    played.touch(1);
    played.touch(4);
    await played.flush();
    expect(writes.at(-1)).toEqual({ keys: [4], at: 1_030_000 });
    // A minute later it is written again.
    clock += 31_000;
    played.touch(1);
    await played.close();
    expect(writes.at(-1)).toEqual({ keys: [1], at: 1_061_000 });
    expect(writes).toHaveLength(3);
  });

  it('keeps the plays of a write that failed for the next one', async () => {
    let fail = true;
    const written: number[][] = [];
    const errors: unknown[] = [];
    const played = lastPlayed<number>({
      idOf: String,
      write: async (keys) => {
        if (fail) throw new Error('database away');
        written.push([...keys]);
      },
      everyMs: 3_600_000,
      onError: (err) => errors.push(err),
    });
    played.touch(7);
    await played.flush();
    expect([written, errors.length]).toEqual([[], 1]);
    fail = false;
    played.touch(8);
    await played.close();
    expect(written).toEqual([[7, 8]]);
  });
});

describe('a rendered song on the server', () => {
  const apps: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  /** A short demo song, rendered and recorded (its /song/url md5 is known). */
  async function renderedSong(t: Awaited<ReturnType<typeof startTestApp>>) {
    const ids = Array.from({ length: 60 }, (_, i) => i + 1).join(',');
    const songs = expectContract('/song/detail', (await getJson(t.app, `/api/song/detail?ids=${ids}`)).body).songs;
    const id = songs.sort((a, b) => a.dt - b.dt)[0]!.id;
    const first = await t.app.inject({ url: `/api/media/audio/${id}.mp3` });
    expect(first.statusCode).toBe(200);
    const entry = await vi.waitFor(async () => {
      const e = expectContract('/song/url', (await getJson(t.app, `/api/song/url?id=${id}`)).body).data[0]!;
      expect(e.md5).not.toBeNull();
      return e;
    }, SETTLED);
    return { id, bytes: first.rawPayload, entry };
  }

  it('writes the plays noted since the last flush when the server stops', async () => {
    const dataDir = freshDataDir();
    // Plays would be written an hour later: only the shutdown writes them.
    const t = await startTestApp({ dataDir, lastPlayedEveryMs: 3_600_000 });
    const { id } = await renderedSong(t);
    const db = await openDatabase(dataDir);
    try {
      await db.run('UPDATE audio_files SET accessed_at = 0 WHERE song_id = ?', id);
      expect((await getJson(t.app, `/api/song/url?id=${id}`)).status).toBe(200);
      expect((await t.app.inject({ url: `/api/media/audio/${id}.mp3`, headers: { range: 'bytes=0-99' } })).statusCode).toBe(206);
      // Noted, not yet written.
      expect(await db.get('SELECT accessed_at FROM audio_files WHERE song_id = ?', id)).toEqual({ accessed_at: 0 });
      const stoppedAt = Date.now();
      await t.app.close();
      const row = await db.get<{ accessed_at: number }>('SELECT accessed_at FROM audio_files WHERE song_id = ?', id);
      expect(row!.accessed_at).toBeGreaterThanOrEqual(stoppedAt - 60_000);
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('plays again — rendered again — when its stored file was deleted or cut short behind the server’s back', async () => {
    const t = await startTestApp();
    apps.push(t);
    const { id, bytes, entry } = await renderedSong(t);
    const file = join(t.dataDir, 'media', 'audio', `${id}.mp3`);
    for (const damage of [() => rmSync(file), () => truncateSync(file, 1000)]) {
      damage();
      // /song/url trusts the record (no look at the storage): the URL and the md5 it names still hold.
      expect(expectContract('/song/url', (await getJson(t.app, `/api/song/url?id=${id}`)).body).data[0]).toEqual(entry);
      // A file held open may be read for up to a second more (media/open-files.ts); then it is
      // found missing, or not the size recorded, and rendered again — the same bytes — and stored.
      await vi.waitFor(async () => {
        const again = await t.app.inject({ url: `/api/media/audio/${id}.mp3` });
        expect([again.statusCode, again.rawPayload.equals(bytes)]).toEqual([200, true]);
        expect(existsSync(file) && statSync(file).size).toBe(bytes.length);
      }, SETTLED);
    }
  });

  it('answers HEAD for a song whose stored file was deleted as one not made yet, then renders it on GET', async () => {
    const t = await startTestApp();
    apps.push(t);
    const { id, bytes } = await renderedSong(t);
    rmSync(join(t.dataDir, 'media', 'audio', `${id}.mp3`));
    // Once the file held open is found gone (within a second): its type, no length, nothing rendered.
    await vi.waitFor(async () => {
      const head = await t.app.inject({ method: 'HEAD', url: `/api/media/audio/${id}.mp3` });
      expect([head.statusCode, head.headers['content-type'], head.headers['content-length']]).toEqual([200, 'audio/mpeg', undefined]);
    }, SETTLED);
    expect(existsSync(join(t.dataDir, 'media', 'audio', `${id}.mp3`))).toBe(false);
    const again = await t.app.inject({ url: `/api/media/audio/${id}.mp3` });
    expect([again.statusCode, again.rawPayload.equals(bytes)]).toEqual([200, true]);
  });
});
