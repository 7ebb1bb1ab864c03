import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { ANONYMOUS_PLAYS_PER_HOUR, SONG_REPLAY_INTERVAL_MS } from '../src/services/charts/index.ts';
import { call, loginByPhone, testClock } from './account-helpers.ts';
import { expectContract, startTestApp, type TestApp } from './helpers.ts';

const EVIL = 'https://evil.example';

describe('cross-site writes in API-only mode (the desktop shell)', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ apiPrefix: '', allowedOrigins: ['http://localhost:5173'] });
  });
  afterAll(() => api.close());

  it('refuses a state-changing call from an unknown origin, with or without cookies', async () => {
    const session = await loginByPhone(api.app, '13800000000', 'cloudtune', '');
    for (const [method, url] of [
      ['GET', '/daily_signin?type=1'],
      ['GET', '/logout'],
      ['GET', '/login/cellphone?phone=13800000000&password=cloudtune'],
      ['POST', '/user/update?signature=hacked'],
      ['POST', '/playlist/detail?id=1'],
    ] as const) {
      const res = await call(api.app, url, { method, session, headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' } });
      expect([url, res.status, res.body]).toEqual([url, 403, { code: 403, msg: '跨站请求被拒绝' }]);
    }
    // An <img src> or a link carries no Origin, but the browser says it is cross-site.
    expect((await call(api.app, '/daily_signin?type=1', { session, headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect((await call(api.app, '/daily_signin?type=1', { session, headers: { 'sec-fetch-site': 'same-site' } })).status).toBe(403);
    // Reading is not a write: no refusal (and no CORS, so the page cannot read it anyway).
    expect((await call(api.app, '/banner', { headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
    // Nothing changed: the session still works and no sign-in happened.
    expect(expectContract('/user/detail', (await call(api.app, `/user/detail?uid=1`, { session })).body).pcSign).toBe(false);
  });

  it('lets the shell, the page itself and non-browser clients change state', async () => {
    const session = await loginByPhone(api.app, '13800000000', 'cloudtune', '');
    const shell = await call(api.app, '/user/update?signature=shell', {
      session,
      headers: { origin: 'app://cloudtune', 'sec-fetch-site': 'cross-site' },
    });
    expect(shell.status).toBe(200);
    const same = await call(api.app, '/user/update?signature=same', {
      method: 'POST',
      session,
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(same.status).toBe(200);
    const sameOriginFetch = await call(api.app, '/user/update?signature=fetch', { session, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(sameOriginFetch.status).toBe(200);
    expect((await call(api.app, '/user/update?signature=curl', { session })).status).toBe(200);
  });
});

describe('/scrobble limits', () => {
  const clock = testClock();
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await startTestApp({ clock: clock.now });
    db = await openDatabase(t.dataDir);
  });
  afterAll(async () => {
    await db.close();
    await t.close();
  });
  const plays = async (songId: number) =>
    (await db.prepare('SELECT COUNT(*) FROM play_records WHERE song_id = ?').pluck().get(songId)) as number;

  it('2,000 anonymous plays of one song from one address count once: it cannot climb 热歌榜', async () => {
    const week = db.prepare(
      'SELECT song_id, COUNT(*) AS n FROM play_records WHERE played_at >= (SELECT MAX(played_at) FROM play_records) - 604800000 GROUP BY song_id ORDER BY n',
    );
    const [quiet, hottest] = [(await week.all()).at(0), (await week.all()).at(-1)] as { song_id: number; n: number }[];
    const before = await plays(quiet!.song_id);
    const answers = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/scrobble?id=${quiet!.song_id}` });
      answers.set(res.body, (answers.get(res.body) ?? 0) + 1);
    }
    // Repeats are answered as the first play was (clients report a play twice) and never counted.
    expect([...answers]).toEqual([[JSON.stringify({ code: 200, data: 'success' }), 2000]]);
    expect(await plays(quiet!.song_id)).toBe(before + 1);
    expect(hottest!.n).toBeGreaterThan(before + 1);
    const chart = (await db.prepare("SELECT playlist_id FROM charts WHERE kind = 'hot'").pluck().get()) as number;
    const top = (await call(t.app, `/api/playlist/detail?id=${chart}`)).body as unknown as { playlist: { trackIds: { id: number }[] } };
    expect(top.playlist.trackIds[0]!.id).not.toBe(quiet!.song_id);
  });

  it(`an address counts a song again after ${SONG_REPLAY_INTERVAL_MS / 1000} s, and ${ANONYMOUS_PLAYS_PER_HOUR} plays an hour at most`, async () => {
    const from = { remoteAddress: '10.30.0.1' };
    const before = await plays(3);
    expect((await call(t.app, '/api/scrobble?id=3', from)).status).toBe(200);
    expect((await call(t.app, '/api/scrobble?id=3', from)).body).toEqual({ code: 200, data: 'success' });
    expect(await plays(3)).toBe(before + 1);
    clock.advance(SONG_REPLAY_INTERVAL_MS);
    expect((await call(t.app, '/api/scrobble?id=3', from)).status).toBe(200);
    expect(await plays(3)).toBe(before + 2);
    // Many songs from one address, with no time passing: the hour's budget and no more.
    const busy = { remoteAddress: '10.30.0.3' };
    let counted = 0;
    for (let id = 10; id < 10 + ANONYMOUS_PLAYS_PER_HOUR + 20; id++)
      if ((await call(t.app, `/api/scrobble?id=${id}`, busy)).status === 200) counted++;
    expect(counted).toBe(ANONYMOUS_PLAYS_PER_HOUR);
    // Another address is not held back by this one.
    expect((await call(t.app, '/api/scrobble?id=300', { remoteAddress: '10.30.0.2' })).status).toBe(200);
  });

  it('a logged-in listener’s plays are theirs, not held to the anonymous hourly budget', async () => {
    const session = await loginByPhone(t.app, '13800000000', 'cloudtune');
    const from = { remoteAddress: '10.30.0.1', session };
    const res = await call(t.app, '/api/scrobble?id=400&time=42', from);
    expect(res.body).toEqual({ code: 200, data: 'success' });
    const uid = await db.prepare("SELECT id FROM users WHERE phone = '13800000000'").pluck().get();
    expect(await db.prepare('SELECT user_id AS userId, seconds FROM play_records ORDER BY id DESC LIMIT 1').get()).toEqual({
      userId: uid,
      seconds: 42,
    });
  });
});
