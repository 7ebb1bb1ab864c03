import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { createRepos } from '../src/repos/index.ts';
import { FAILURE_STATE_SQL } from '../src/repos/login-failures.ts';
import {
  ACCOUNT_WINDOW_MS,
  ADDRESS_FAILURE_LIMIT,
  ADDRESS_WINDOW_MS,
  FREE_ACCOUNT_FAILURES,
  MAX_DELAY_MS,
  accountDelayMs,
  addressKey,
} from '../src/services/login-limits.ts';
import { call, register, testClock, type Call } from './account-helpers.ts';
import { expectError, onPostgres, startTestApp, type TestApp } from './helpers.ts';

/**
 * Failed logins slow whoever fails and never lock the owner out (services/login-limits.ts): NetEase
 * logins and Subsonic requests share the same windows, kept in SQLite.
 */
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

const login = (phone: string, password: string, remoteAddress: string) =>
  call(t.app, `/api/login/cellphone?${new URLSearchParams({ phone, password })}`, { remoteAddress });

/** A Subsonic ping as JSON: the envelope's status, error and the Retry-After header. */
async function ping(auth: string, remoteAddress: string) {
  const res = await t.app.inject({ url: `/rest/ping?${auth}&v=1.16.1&c=test&f=json`, remoteAddress });
  expect(res.statusCode).toBe(200);
  const body = res.json()['subsonic-response'] as { status: string; error?: { code: number; message: string } };
  return { status: body.status, error: body.error, retryAfter: res.headers['retry-after'] };
}

/** Registers a new account and makes it a Subsonic app password; returns that. */
async function appPassword(phone: string, password: string): Promise<string> {
  const session = await register(t.app, t.dataDir, phone, password);
  return ((await call(t.app, '/api/subsonic/password', { session, method: 'POST' })).body.data as { password: string }).password;
}

/** The wait a 509 states, checked to agree in its header, its field and its words. */
function waitOf(res: Call): number {
  expectError(res, 509);
  const seconds = Number(res.res.headers['retry-after']);
  expect(res.body.retryAfter).toBe(seconds);
  expect(res.body.msg).toMatch(/^密码错误次数过多，请\d+(秒|分钟|小时)后再试$/);
  return seconds;
}

describe('NetEase logins', () => {
  it('after 200 failed logins on an account from 200 addresses, its owner logs in from an address that has not failed', async () => {
    const phone = '13900000100';
    const subsonic = await appPassword(phone, 'owner-pass');
    // 20 wrong passwords by the NetEase API and 180 by Subsonic: the same failures (Subsonic's cost no password hash).
    for (let i = 0; i < 20; i++) expect((await login(phone, `guess-${i}`, `10.100.0.${i}`)).body.code).toBe(502);
    for (let i = 20; i < 200; i++) expect((await ping(`u=${phone}&p=guess-${i}`, `10.100.0.${i}`)).error?.code).toBe(40);
    expect(
      await db.prepare('SELECT COUNT(*) FROM login_failures WHERE user_id = (SELECT id FROM users WHERE phone = ?)').pluck().get(phone),
    ).toBe(200);
    // An attacker's address has failed: it waits, even with the right password.
    waitOf(await login(phone, 'owner-pass', '10.100.0.7'));
    expect((await ping(`u=${phone}&p=${subsonic}`, '10.100.0.150')).error?.code).toBe(40);
    // The owner's own device has not.
    expect((await login(phone, 'owner-pass', '10.200.0.1')).body.code).toBe(200);
    expect((await ping(`u=${phone}&p=${subsonic}`, '10.200.0.2')).status).toBe('ok');
  });

  it('an address that failed on an account waits before each next try, longer as the account fails more (Retry-After, retryAfter, the words)', async () => {
    const phone = '13900000101';
    await register(t.app, t.dataDir, phone, 'right-pass');
    const attacker = '10.101.0.1';
    for (let i = 0; i < FREE_ACCOUNT_FAILURES; i++) expect((await login(phone, `guess-${i}`, attacker)).body.code).toBe(502);
    const waits: number[] = [];
    // Each wait honoured, then the next guess: until the address's own window (10 in 15 minutes) takes over.
    for (let i = FREE_ACCOUNT_FAILURES; i < ADDRESS_FAILURE_LIMIT; i++) {
      const wait = waitOf(await login(phone, `guess-${i}`, attacker));
      waits.push(wait);
      clock.advance(wait * 1000 - 1);
      waitOf(await login(phone, `guess-${i}`, attacker));
      clock.advance(1);
      expect((await login(phone, `guess-${i}`, attacker)).body.code).toBe(502);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64]);
    const refused = await login(phone, 'right-pass', attacker);
    expect(waitOf(refused)).toBeGreaterThan(600);
    expect(refused.body.msg).toMatch(/分钟后再试$/);
    // The owner, from elsewhere, meanwhile.
    expect((await login(phone, 'right-pass', '10.101.0.2')).body.code).toBe(200);
    clock.advance(ADDRESS_WINDOW_MS);
    expect((await login(phone, 'right-pass', attacker)).body.code).toBe(200);
  });

  it('the delay grows from 1 s and stops at 15 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 12, 13, 200].map(accountDelayMs)).toEqual([0, 0, 0, 1000, 2000, 4000, 512_000, MAX_DELAY_MS, MAX_DELAY_MS]);
  });

  it('a login forgets its address’s failures on the account (the owner’s typos), not the others', async () => {
    const phone = '13900000102';
    await register(t.app, t.dataDir, phone, 'right-pass');
    const [owner, attacker] = ['10.102.0.1', '10.102.0.2'];
    for (let i = 0; i < 3; i++) expect((await login(phone, `typo-${i}`, owner)).body.code).toBe(502);
    expect((await login(phone, 'guess-0', attacker)).body.code).toBe(502);
    clock.advance(accountDelayMs(4));
    expect((await login(phone, 'right-pass', owner)).body.code).toBe(200);
    const failures = async (address: string) =>
      await db
        .prepare('SELECT COUNT(*) FROM login_failures WHERE address = ? AND user_id = (SELECT id FROM users WHERE phone = ?)')
        .pluck()
        .get(address, phone);
    expect([await failures(owner), await failures(attacker)]).toEqual([0, 1]);
    // The account now counts the attacker's failures only: two more go through, the next waits 1 s.
    expect((await login(phone, 'guess-1', attacker)).body.code).toBe(502);
    expect((await login(phone, 'guess-2', attacker)).body.code).toBe(502);
    expect(waitOf(await login(phone, 'guess-3', attacker))).toBe(1);
  });

  it('wrong passwords sent side by side are judged one after another', async () => {
    const phone = '13900000103';
    await register(t.app, t.dataDir, phone, 'right-pass');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(phone, `guess-${i}`, '10.103.0.1')));
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([...Array<number>(FREE_ACCOUNT_FAILURES).fill(502), ...Array<number>(12 - FREE_ACCOUNT_FAILURES).fill(509)]);
  });

  it('an IPv6 client is one address per /64', async () => {
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::10.0.0.1')).toBe('64:ff9b:0:0::/64');
    for (let i = 1; i <= ADDRESS_FAILURE_LIMIT; i++) await login(`1390010${String(i).padStart(4, '0')}`, 'whatever', `2001:db8:1:2::${i}`);
    expectError(await login('13800000000', 'cloudtune', '2001:db8:1:2:ffff::1'), 509);
    expect((await login('13800000000', 'cloudtune', '2001:db8:1:3::1')).body.code).toBe(200);
  });
});

describe('Subsonic logins', () => {
  it('200 wrong passwords from one address: a few are checked, then 40 with when to retry (Retry-After), the right one too; 0 get in', async () => {
    const phone = '13900000110';
    const password = await appPassword(phone, 'login-pass');
    const attacker = '10.110.0.1';
    const messages = new Map<string, number>();
    let ok = 0;
    for (let i = 0; i < 200; i++) {
      const answer = await ping(i % 2 ? `u=${phone}&p=guess-${i}` : `u=${phone}&t=${'0'.repeat(32)}&s=salt${i}`, attacker);
      if (answer.status === 'ok') ok++;
      expect(answer.error?.code).toBe(40);
      const key = answer.retryAfter === undefined ? answer.error!.message : 'limited';
      messages.set(key, (messages.get(key) ?? 0) + 1);
      if (answer.retryAfter !== undefined)
        expect(answer.error!.message).toMatch(new RegExp(`^Too many failed logins: try again in ${answer.retryAfter} seconds?$`));
    }
    expect([ok, Object.fromEntries(messages)]).toEqual([
      0,
      { 'Wrong username or password': FREE_ACCOUNT_FAILURES, limited: 200 - FREE_ACCOUNT_FAILURES },
    ]);
    const right = await ping(`u=${phone}&p=${password}`, attacker);
    expect([right.status, right.error?.code, Number(right.retryAfter)]).toEqual(['failed', 40, 1]);
    expect((await ping(`u=${phone}&p=${password}`, '10.110.0.2')).status).toBe('ok');
  });

  it('unknown users and bad API keys count toward the address: then 40 and 44 with when to retry', async () => {
    const from = '10.111.0.1';
    for (let i = 0; i < 5; i++) expect((await ping(`u=nobody-${i}&p=x`, from)).error?.code).toBe(40);
    for (let i = 0; i < 5; i++) expect((await ping(`apiKey=not-a-key-${i}`, from)).error?.code).toBe(44);
    const key = await ping('apiKey=another', from);
    expect([key.error?.code, key.retryAfter]).toEqual([44, String(ADDRESS_WINDOW_MS / 1000)]);
    const user = await ping('u=13800000000&p=subsonic', from);
    expect([user.error?.code, user.retryAfter]).toEqual([40, String(ADDRESS_WINDOW_MS / 1000)]);
    expect((await ping('u=13800000000&p=subsonic', '10.111.0.2')).status).toBe('ok');
  });
});

describe('where the failures are kept', () => {
  it('in the database: a restart over the same data directory keeps them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-limits-'));
    const from = { remoteAddress: '10.120.0.1' };
    try {
      const first = await buildApp({ dataDir, demo: true, clock: clock.now });
      for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++)
        await call(first, `/api/login/cellphone?phone=1391200${String(i).padStart(4, '0')}&password=x1234567`, from);
      expectError(await call(first, '/api/login/cellphone?phone=13800000000&password=cloudtune', from), 509);
      await first.close();
      const second = await buildApp({ dataDir, demo: true, clock: clock.now });
      const after = await call(second, '/api/login/cellphone?phone=13800000000&password=cloudtune', from);
      expectError(after, 509);
      expect(after.body.retryAfter).toBe(ADDRESS_WINDOW_MS / 1000);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a day at most, and a bounded number of rows', async () => {
    await login('13912000001', 'whatever', '10.121.0.1');
    const count = async () => (await db.prepare('SELECT COUNT(*) FROM login_failures').pluck().get()) as number;
    expect(await count()).toBeGreaterThan(1);
    clock.advance(ACCOUNT_WINDOW_MS);
    await login('13912000002', 'whatever', '10.121.0.2');
    expect(await count()).toBe(1);
    const repos = createRepos(db);
    for (let i = 0; i < 10; i++) await repos.loginFailures.record({ at: clock.now(), address: `10.121.1.${i}`, userId: null, phone: null });
    await repos.loginFailures.prune(clock.now() - ACCOUNT_WINDOW_MS, 4);
    expect(await db.prepare('SELECT address FROM login_failures ORDER BY id').pluck().all()).toEqual(
      [6, 7, 8, 9].map((i) => `10.121.1.${i}`),
    );
  });

  // The plan asserted is SQLite's (EXPLAIN QUERY PLAN and its index names).
  it.skipIf(onPostgres)('each check is one statement of index searches, no scan', async () => {
    const plan = (
      await db.prepare(`EXPLAIN QUERY PLAN ${FAILURE_STATE_SQL}`).all({
        address: 'a',
        userId: 1,
        phone: 'p',
        addressSince: 0,
        addressNth: 9,
        accountSince: 0,
        accountCap: 16,
        phoneSince: 0,
        phoneNth: 9,
      })
    )
      .map((row) => (row as { detail: string }).detail)
      .filter((detail) => detail.includes('login_failures'));
    expect(plan).toHaveLength(4);
    for (const detail of plan) expect(detail).toMatch(/^SEARCH login_failures USING COVERING INDEX login_failures_by_/);
  });
});
