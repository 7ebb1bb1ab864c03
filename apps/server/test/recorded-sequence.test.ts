import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * A NetEase web client's request sequences (fixtures/yesplaymusic-sequence.json: home, explore,
 * toplist, playlist, album, artist, search, play, like, QR login — as YesPlayMusic sends them,
 * with realIP, timestamp and the cookie param) against the server in API-only mode, the way such a
 * client is pointed at it: no request may get a 404 or an error body.
 */
interface Step {
  path?: string;
  method?: 'GET' | 'POST';
  params?: Record<string, string>;
  save?: string;
  noRealIP?: boolean;
  loggedOut?: boolean;
  expect?: number;
  approve?: string;
}
interface Sequence {
  every: Record<string, string>;
  loggedIn: Record<string, string>;
  journeys: { name: string; requests: Step[] }[];
}
const sequence = JSON.parse(readFileSync(new URL('./fixtures/yesplaymusic-sequence.json', import.meta.url), 'utf8')) as Sequence;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ apiPrefix: '' });
});
afterAll(async () => t?.close());

type Json = Record<string, unknown>;
const pick = (value: unknown, path: string[]): unknown =>
  path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);

test('every request of every journey answers without a 404 or an error body', async () => {
  const saved: Record<string, Json> = {};
  const vars: Record<string, string> = {
    phone: '13800000000',
    md5: createHash('md5').update('cloudtune').digest('hex'),
    now: String(Date.now()),
    session: '',
    uid: '',
  };
  const resolve = (text: string): string => {
    if (text.startsWith('$')) {
      const [name, ...path] = text.slice(1).split('.');
      const value = pick(saved[name!], path);
      if (value === undefined) throw new Error(`${text} names nothing`);
      return String(value);
    }
    return text.replace(/\{(\w+)\}/g, (_m, key: string) => vars[key] ?? '');
  };
  const failures: string[] = [];
  let count = 0;
  for (const journey of sequence.journeys) {
    for (const step of journey.requests) {
      if (step.approve) {
        // the QR opened on a device where the demo account is logged in, and approved there
        const url = new URL(resolve(step.approve));
        const key = url.searchParams.get('key')!;
        const cookie = `MUSIC_U=${vars.session}`;
        await t.app.inject({ url: `${url.pathname}${url.search}`, headers: { cookie, 'sec-fetch-site': 'none' } });
        const approved = await t.app.inject({
          method: 'POST',
          url: url.pathname,
          payload: new URLSearchParams({ key, action: 'approve' }).toString(),
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        });
        expect(approved.body).toContain('已确认登录');
        continue;
      }
      const params = new URLSearchParams();
      if (!step.noRealIP) for (const [k, v] of Object.entries(sequence.every)) params.set(k, v);
      if (vars.session && !step.loggedOut) for (const [k, v] of Object.entries(sequence.loggedIn)) params.set(k, resolve(v));
      for (const [k, v] of Object.entries(step.params ?? {})) params.set(k, resolve(v));
      const url = `${step.path}?${params}`;
      const res = await t.app.inject({ method: step.method ?? 'GET', url });
      count++;
      let body: Json = {};
      try {
        body = res.json() as Json;
      } catch {
        failures.push(`${journey.name} ${url}: not JSON`);
      }
      const code = body.code as number;
      const expected = step.expect ?? 200;
      if (res.statusCode === 404 || res.statusCode >= 400 || code !== expected || 'msg' in body) {
        failures.push(`${journey.name} ${step.method ?? 'GET'} ${url} → ${res.statusCode} ${JSON.stringify(body).slice(0, 160)}`);
      }
      if (step.save) saved[step.save] = body;
      // a login, a refreshed login or a QR login: the client goes on with the cookie it got
      if (typeof body.cookie === 'string' && body.cookie.includes('MUSIC_U=')) {
        const token = /MUSIC_U=([0-9a-f]{64})/.exec(String(body.cookie))?.[1];
        if (token) vars.session = token;
      }
      if (step.path === '/login/cellphone') vars.uid = String(pick(body, ['account', 'id']));
    }
  }
  expect(failures).toEqual([]);
  expect(count).toBeGreaterThan(50);
});

/**
 * YesPlayMusic's own session, recorded from its UI in Chromium (fixtures/yesplaymusic-recorded-session.json,
 * made by scripts/record-netease-client.ts; fixtures/README.md): log in by phone and password, the
 * library, home, 每日推荐, songs played (one to its end), 私人FM, a like, explore, a playlist, an artist,
 * search, log out — every request the server saw, with the values the client really sent (`area=all`,
 * `uid={"uid":1}`, `sourceid=/daily/songs`, the token it keeps after /login/refresh). Replayed from the
 * page's origin, allowed as the README says, against a fresh demo library.
 */
interface Recorded {
  method: 'GET' | 'POST';
  path: string;
  query: Record<string, string>;
  body?: Record<string, unknown>;
  range?: string;
  status?: number;
  code?: number;
}
interface Recording {
  pageOrigin: string;
  journeys: { name: string; requests: Recorded[] }[];
}
const recording = JSON.parse(readFileSync(new URL('./fixtures/yesplaymusic-recorded-session.json', import.meta.url), 'utf8')) as Recording;
const QR_CHECK = '/api/login/qr/check';
const isMedia = (r: Recorded): boolean => r.path.startsWith('/api/media/');

test('the recording holds what the client really sends: lower-case areas, a garbled uid, a route for sourceid', () => {
  const sent = recording.journeys.flatMap((j) => j.requests);
  const query = (path: string, name: string) => sent.filter((r) => r.path === path).map((r) => r.query[name]);
  expect(query('/api/album/new', 'area')).toContain('all');
  expect(query('/api/likelist', 'uid')).toContain('{"uid":1}');
  expect(query('/api/scrobble', 'sourceid')).toContain('/daily/songs');
  // When it was recorded every API call got code 200 (the QR login, left waiting, 801).
  const codes = sent.filter((r) => !isMedia(r)).map((r) => [r.path, r.code]);
  expect(codes.filter(([path, code]) => code !== (path === QR_CHECK ? 801 : 200))).toEqual([]);
  expect(codes.length).toBeGreaterThan(150);
});

test('YesPlayMusic’s recorded session answers code 200 to every call and stays logged in after its refresh', async () => {
  const web = await startTestApp({ allowedOrigins: [recording.pageOrigin] });
  try {
    const vars = { session: '', qrKey: '' };
    const fill = (text: string): string => text.replaceAll('{session}', vars.session).replaceAll('{qrKey}', vars.qrKey);
    // What a page on another site sends with its fetches (its origin is allowed: the README's one setting).
    const page = {
      origin: recording.pageOrigin,
      referer: `${recording.pageOrigin}/`,
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'cors',
    };
    const failures: string[] = [];
    const afterRefresh = new Set<string>();
    let refreshed = false;
    for (const journey of recording.journeys) {
      for (const r of journey.requests) {
        const query = new URLSearchParams(Object.entries(r.query).map(([k, v]): [string, string] => [k, fill(v)]));
        const res = await web.app.inject({
          method: r.method,
          url: `${r.path}?${query}`,
          headers: isMedia(r) ? (r.range ? { range: r.range } : {}) : page,
          ...(r.body ? { payload: JSON.parse(fill(JSON.stringify(r.body))) as Record<string, unknown> } : {}),
        });
        if (isMedia(r)) {
          if (res.statusCode >= 400) failures.push(`${journey.name}: ${r.path} → HTTP ${res.statusCode}`);
          continue;
        }
        const body = res.json() as Json;
        if (body.code !== (r.path === QR_CHECK ? 801 : 200)) {
          failures.push(`${journey.name}: ${r.method} ${r.path}?${query} → ${res.statusCode} ${JSON.stringify(body).slice(0, 120)}`);
        }
        // The client keeps the cookie of its login and the key of its QR code; it ignores the refresh's cookie.
        if (r.path === '/api/login/cellphone') vars.session = /MUSIC_U=([0-9a-f]{64})/.exec(String(body.cookie))?.[1] ?? '';
        if (r.path === '/api/login/qr/key') vars.qrKey = String(pick(body, ['data', 'unikey']));
        if (r.path === '/api/login/refresh') refreshed = true;
        else if (refreshed && r.query.cookie) afterRefresh.add(r.path);
      }
    }
    expect(failures).toEqual([]);
    expect(vars.session).toMatch(/^[0-9a-f]{64}$/);
    // The calls that answered 301 and logged the client out when a refresh ended its token.
    expect([...afterRefresh]).toEqual(
      expect.arrayContaining([
        '/api/likelist',
        '/api/user/record',
        '/api/user/cloud',
        '/api/album/sublist',
        '/api/artist/sublist',
        '/api/mv/sublist',
      ]),
    );
    // Its /logout carries no session (the client forgets its cookie before the request goes out), so
    // the token it held is still the user's after the whole session, refresh included.
    expect(recording.journeys.at(-1)!.requests.find((r) => r.path === '/api/logout')?.query).not.toHaveProperty('cookie');
    const after = await web.app.inject({ url: `/api/user/account?cookie=${encodeURIComponent(`MUSIC_U=${vars.session};`)}` });
    expect(pick(after.json(), ['account', 'id'])).toBe(1);
  } finally {
    await web.close();
  }
});
