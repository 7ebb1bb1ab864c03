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
