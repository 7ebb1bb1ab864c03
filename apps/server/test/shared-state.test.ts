import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/connection.ts';
import { call, getOk, loginByPhone, type Json } from './account-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Two apps over one data directory: two connections to one SQLite file, as two server processes
 * behind a load balancer would be. What one acknowledges, the other answers alike.
 */
/** How long a demo song's render may take to be recorded. */
const RENDERED = { timeout: 15_000 };

let a: TestApp;
let b: FastifyInstance;
let demoOnA: string;
let demoOnB: string;
beforeAll(async () => {
  a = await startTestApp();
  b = await buildApp({ dataDir: a.dataDir, demo: true });
  demoOnA = await loginByPhone(a.app, '13800000000', 'cloudtune');
  demoOnB = await loginByPhone(b, '13800000000', 'cloudtune');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const approvePage = (app: FastifyInstance, key: string, session: string) =>
  app.inject({ url: `/api/login/qr/approve?key=${key}`, headers: { cookie: `MUSIC_U=${session}`, 'sec-fetch-site': 'none' } });
const approve = (app: FastifyInstance, key: string, session: string) =>
  app.inject({
    method: 'POST',
    url: '/api/login/qr/approve',
    payload: `key=${key}&action=approve`,
    headers: { cookie: `MUSIC_U=${session}`, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80' },
  });
const check = async (app: FastifyInstance, key: string) => (await call(app, `/api/login/qr/check?key=${key}`)).body;

describe('two processes on one database', () => {
  test('a QR key made by one is opened and approved through the other, and logs in once', async () => {
    const key = ((await getOk(a.app, '/login/qr/key')).data as Json).unikey as string;
    expect((await check(b, key)).code).toBe(801);
    expect((await approvePage(b, key, demoOnB)).body).toContain('确认登录');
    expect(await check(a.app, key)).toMatchObject({ code: 802, nickname: expect.any(String) });
    expect((await approve(b, key, demoOnB)).body).toContain('已确认登录');
    const done = await call(a.app, `/api/login/qr/check?key=${key}`);
    expect(done.body.code).toBe(803);
    // used up, on both
    expect((await check(b, key)).code).toBe(800);
    expect((await check(a.app, key)).code).toBe(800);
    // the session it started is known to the other process too
    const session = done.res.cookies.find((c) => c.name === 'MUSIC_U')!.value;
    expect(((await getOk(b, '/login/status', session)).data as Json).account?.id).toBeGreaterThan(0);
  });

  test('a song thrown in the FM trash through one stays out of the FM served by the other', async () => {
    const first = (await getOk(a.app, '/personal_fm', demoOnA)).data as Json[];
    const trashed = first[0]!.id as number;
    expect((await getOk(b, `/fm_trash?id=${trashed}`, demoOnB)).code).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect(((await getOk(a.app, '/personal_fm', demoOnA)).data as Json[]).map((s) => s.id)).not.toContain(trashed);
    }
  });

  test('a per-address request budget counts the requests made to both', async () => {
    const remoteAddress = '10.77.0.1';
    const key = (app: FastifyInstance) => call(app, '/api/login/qr/key', { remoteAddress });
    // /login/qr/key: 60 a minute per address
    for (let i = 0; i < 30; i++) {
      expect((await key(a.app)).status).toBe(200);
      expect((await key(b)).status).toBe(200);
    }
    const over = await key(a.app);
    expect(over.status).toBe(429);
    expect(over.res.headers['retry-after']).toMatch(/^\d+$/);
    expect((await key(b)).status).toBe(429);
    // another address has its own budget
    expect((await call(b, '/api/login/qr/key', { remoteAddress: '10.77.0.2' })).status).toBe(200);
  });

  test('a like written through one is in the other’s next answer at once (no stale cached body)', async () => {
    const songs = ((await getOk(a.app, '/personal_fm')).data as Json[]).map((s) => s.id as number);
    const trackIds = async (app: FastifyInstance, id: number) =>
      (((await getOk(app, `/playlist/detail?id=${id}`, app === b ? demoOnB : demoOnA)).playlist as Json).trackIds as Json[]).map(
        (t) => t.id as number,
      );
    await call(a.app, `/api/like?id=${songs[0]}&like=false`, { session: demoOnA });
    await call(a.app, `/api/like?id=${songs[1]}&like=false`, { session: demoOnA });
    const liked = (await call(a.app, `/api/like?id=${songs[0]}`, { session: demoOnA })).body.playlistId as number;
    // both have the playlist's answer cached
    expect(await trackIds(b, liked)).toContain(songs[0]);
    expect(await trackIds(a.app, liked)).toContain(songs[0]);
    expect(await trackIds(b, liked)).not.toContain(songs[1]);
    await call(a.app, `/api/like?id=${songs[1]}`, { session: demoOnA });
    expect(await trackIds(b, liked)).toContain(songs[1]);
    await call(b, `/api/like?id=${songs[0]}&like=false`, { session: demoOnB });
    expect(await trackIds(a.app, liked)).not.toContain(songs[0]);
  });

  test('a logout through one ends the session on the other at once (no session kept from before it)', async () => {
    const session = await loginByPhone(a.app, '13800000000', 'cloudtune');
    const account = async (app: FastifyInstance) => (await call(app, '/api/user/account', { session })).status;
    expect(await account(b)).toBe(200);
    expect(await account(a.app)).toBe(200);
    expect((await call(a.app, '/api/logout', { session })).body).toEqual({ code: 200 });
    expect(await account(b)).toBe(301);
    expect(await account(a.app)).toBe(301);
  });

  test('a playlist collected through one is collected in the other’s next /playlist/detail', async () => {
    const db = await openDatabase(a.dataDir);
    let id: number;
    try {
      id = (await db
        .prepare<[], number>(
          `SELECT id FROM playlists WHERE special_type = 0 AND privacy = 0 AND creator_id NOT IN (SELECT id FROM users WHERE phone = '13800000000')
           AND id NOT IN (SELECT playlist_id FROM playlist_subscribers) ORDER BY id LIMIT 1`,
        )
        .pluck()
        .get())!;
    } finally {
      await db.close();
    }
    const subscribed = async (app: FastifyInstance) =>
      ((await getOk(app, `/playlist/detail?id=${id}`, app === b ? demoOnB : demoOnA)).playlist as Json).subscribed as boolean;
    expect(await subscribed(b)).toBe(false);
    expect(await subscribed(a.app)).toBe(false);
    expect((await call(a.app, `/api/playlist/subscribe?t=1&id=${id}`, { session: demoOnA })).body).toEqual({ code: 200 });
    expect(await subscribed(b)).toBe(true);
    expect((await call(b, `/api/playlist/subscribe?t=2&id=${id}`, { session: demoOnB })).body).toEqual({ code: 200 });
    expect(await subscribed(a.app)).toBe(false);
  });

  test('a song rendered through one has its file in the other’s next /song/url', async () => {
    const id = 333;
    const entry = async (app: FastifyInstance) => ((await getOk(app, `/song/url?id=${id}`, demoOnA)).data as Json[])[0]!;
    expect((await entry(b)).md5).toBeNull();
    const first = await entry(a.app);
    expect(first.md5).toBeNull();
    expect((await a.app.inject({ url: new URL(first.url as string).pathname })).statusCode).toBe(200);
    // Recorded just after the file is in place: once the one answers with its md5, so does the other.
    const rendered = await vi.waitFor(async () => {
      const md5 = (await entry(a.app)).md5 as string | null;
      expect(md5).not.toBeNull();
      return md5;
    }, RENDERED);
    expect((await entry(b)).md5).toBe(rendered);
  });

  test('a play reported to both within 20 s counts once (the replay window is shared)', async () => {
    const db = await openDatabase(a.dataDir);
    try {
      const plays = async () => await db.prepare<[], number>('SELECT COUNT(*) FROM play_records').pluck().get();
      const before = (await plays())!;
      const url = '/api/scrobble?id=7&time=60';
      expect((await call(a.app, url, { session: demoOnA })).body).toMatchObject({ code: 200 });
      expect((await call(b, url, { session: demoOnB })).body).toMatchObject({ code: 200 });
      expect(await plays()).toBe(before + 1);
    } finally {
      await db.close();
    }
  });
});
