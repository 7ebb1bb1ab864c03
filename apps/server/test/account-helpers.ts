import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { smsOutboxFile } from '../src/services/accounts/sms.ts';

/** A clock tests move by hand (sessions, captchas, sign-in days, failed-login windows). */
export function testClock(start = Date.UTC(2025, 5, 1, 4)) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** The code last written for `phone` to the data dir's SMS outbox (`phone code` lines). */
export function lastSmsCode(dataDir: string, phone: string): string {
  const lines = readFileSync(smsOutboxFile(dataDir), 'utf8').trim().split('\n');
  const code = lines
    .reverse()
    .find((line) => line.startsWith(`${phone} `))
    ?.split(' ')[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

export interface Call {
  status: number;
  body: Record<string, unknown> & { code: number; msg?: string };
  res: LightMyRequestResponse;
}

/** A GET (or POST with a form) of an API path, optionally as a logged-in user (the MUSIC_U cookie). */
export async function call(
  app: FastifyInstance,
  url: string,
  {
    session,
    method = 'GET',
    headers = {},
    remoteAddress,
  }: { session?: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<Call> {
  const res = await app.inject({
    method,
    url,
    remoteAddress,
    headers: { ...headers, ...(session ? { cookie: `MUSIC_U=${session}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() as Call['body'], res };
}

/** A loosely typed answer body, for reading fields the contract does not name. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A GET of an API path under /api (as `session`'s user) that must answer 200; its body. */
export async function getOk(app: FastifyInstance, url: string, session?: string): Promise<Json> {
  const res = await call(app, `/api${url}`, { session });
  expect(res.status).toBe(200);
  return res.body as Json;
}

/** The MUSIC_U token a login answer set. */
export function sessionOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'MUSIC_U');
  expect(cookie?.value).toMatch(/^[0-9a-f]{64}$/);
  return cookie!.value;
}

/** Registers `phone` through the captcha outbox; returns the new session. */
export async function register(app: FastifyInstance, dataDir: string, phone: string, password: string, nickname = ''): Promise<string> {
  // From an address of its own: an address may ask for 10 SMS an hour.
  const remoteAddress = `10.88.${Number(phone.slice(-4, -2))}.${Number(phone.slice(-2))}`;
  expect((await call(app, `/api/captcha/sent?phone=${phone}`, { remoteAddress })).body).toEqual({ code: 200, data: true });
  const captcha = lastSmsCode(dataDir, phone);
  const q = new URLSearchParams({ phone, captcha, password, nickname });
  const res = await call(app, `/api/register/cellphone?${q}`, { remoteAddress });
  expect(res.status).toBe(200);
  return sessionOf(res.res);
}

/** Logs in by phone and password; returns the session. */
export async function loginByPhone(app: FastifyInstance, phone: string, password: string, apiPrefix = '/api'): Promise<string> {
  const res = await call(app, `${apiPrefix}/login/cellphone?${new URLSearchParams({ phone, password })}`);
  expect(res.body.code).toBe(200);
  return sessionOf(res.res);
}
