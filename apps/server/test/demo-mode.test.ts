import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemoLibrary } from '../src/content/demo/index.ts';
import { openDatabase } from '../src/db/connection.ts';
import { startBanner } from '../src/server.ts';
import { call, lastSmsCode, register, sessionOf } from './account-helpers.ts';
import { freshDataDir } from './helpers.ts';

/**
 * Demo mode and administrators (docs/decisions/0027-running-on-a-network.md): the demo account
 * logs in only in demo mode — by default a server only this machine reaches — while the demo
 * catalogue is there in every mode; the first account registered administers a server that is
 * not a demo, and CLOUDTUNE_ADMIN names administrators by phone.
 */
const DEMO = { phone: '13800000000', password: 'cloudtune', subsonic: 'subsonic' };
/** A small library keeps each start quick. */
const small = { songCount: 24, playlistCount: 4 };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const dirs: string[] = [];
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The app over `dataDir` (a fresh one by default) in the given mode. */
async function start(options: Partial<BuildAppOptions> & { demo: boolean }): Promise<{ app: FastifyInstance; dataDir: string }> {
  const dataDir = options.dataDir ?? freshDataDir();
  if (!options.dataDir) dirs.push(dataDir);
  const app = await buildApp({ dataDir, demoLibrary: small, ...options });
  apps.push(app);
  return { app, dataDir };
}
async function stop(app: FastifyInstance): Promise<void> {
  await app.close();
  apps.splice(apps.indexOf(app), 1);
}

const passwordLogin = (app: FastifyInstance, phone: string, password: string) =>
  call(app, `/api/login/cellphone?${new URLSearchParams({ phone, password })}`);

/** A Subsonic call's `subsonic-response`. */
async function rest(app: FastifyInstance, method: string, auth: string): Promise<Json> {
  const res = await app.inject({ url: `/rest/${method}?${auth}&v=1.16.1&c=test&f=json` });
  expect(res.statusCode).toBe(200);
  return (res.json() as Json)['subsonic-response'];
}

/** Whether Subsonic's getUser calls this account an administrator (the session makes its app password). */
async function adminRole(app: FastifyInstance, session: string): Promise<boolean> {
  const made = (await call(app, '/api/subsonic/password', { session, method: 'POST' })).body.data as Json;
  const answer = await rest(app, 'getUser', `u=${made.username}&p=${made.password}`);
  expect(answer.status).toBe('ok');
  return answer.user.adminRole as boolean;
}

describe('the demo decision (config)', () => {
  test('npm start with no setting listens on loopback and is a demo', () => {
    expect(loadConfig({})).toMatchObject({ host: '127.0.0.1', demo: true, admins: [] });
    // the desktop shell's API-only mode too: a personal app on loopback
    expect(loadConfig({ CLOUDTUNE_API_ONLY: '1' })).toMatchObject({ host: '127.0.0.1', demo: true });
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) expect(loadConfig({ HOST: host }).demo).toBe(true);
  });

  test('a server others can reach is no demo: HOST beyond loopback, a trusted proxy, a public URL', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'music.lan', '::ffff:10.0.0.1'])
      expect(loadConfig({ HOST: host }).demo).toBe(false);
    expect(loadConfig({ CLOUDTUNE_TRUSTED_PROXIES: '127.0.0.1' }).demo).toBe(false);
    expect(loadConfig({ CLOUDTUNE_PUBLIC_URL: 'https://music.example.com' }).demo).toBe(false);
  });

  test('CLOUDTUNE_DEMO decides when set', () => {
    expect(loadConfig({ HOST: '0.0.0.0', CLOUDTUNE_DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0', CLOUDTUNE_DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ CLOUDTUNE_DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ CLOUDTUNE_API_ONLY: '1', CLOUDTUNE_DEMO: 'false' }).demo).toBe(false);
    expect(loadConfig({ CLOUDTUNE_DEMO: ' ' }).demo).toBe(true);
    expect(() => loadConfig({ CLOUDTUNE_DEMO: 'yes' })).toThrow(/CLOUDTUNE_DEMO must be 1 or 0/);
  });

  test('CLOUDTUNE_ADMIN lists phones: mainland numbers, or a country code and a number', () => {
    expect(loadConfig({ CLOUDTUNE_ADMIN: '13812345678, +852-61234567 44-7700900123' }).admins).toEqual([
      { countryCode: '86', phone: '13812345678' },
      { countryCode: '852', phone: '61234567' },
      { countryCode: '44', phone: '7700900123' },
    ]);
    for (const bad of ['alice', '1234', '23812345678', '+86-1381234567', '+12345-6789012']) {
      expect(() => loadConfig({ CLOUDTUNE_ADMIN: bad })).toThrow(/CLOUDTUNE_ADMIN must list phone numbers/);
    }
  });

  test('the start banner gives the demo passwords, or says the demo account is off and who administers', () => {
    expect(startBanner(loadConfig({}))).toBe(
      'Demo mode: log in as 13800000000 / cloudtune (Subsonic: subsonic). Set HOST=0.0.0.0 to serve your network — ' +
        'the demo account is then disabled; CLOUDTUNE_DEMO=1 keeps it.',
    );
    expect(startBanner(loadConfig({ HOST: '0.0.0.0', CLOUDTUNE_DEMO: '1' }))).toBe(
      'Demo mode (CLOUDTUNE_DEMO=1): anyone who reaches this server can log in as 13800000000 / cloudtune (Subsonic: subsonic).',
    );
    const network = startBanner(loadConfig({ HOST: '0.0.0.0' }));
    expect(network).toBe(
      'The demo account is disabled (CLOUDTUNE_DEMO=1 enables it). The first account registered administers it (or name one: CLOUDTUNE_ADMIN=<phone>).',
    );
    expect(network).not.toContain('cloudtune (');
    expect(startBanner(loadConfig({ CLOUDTUNE_DEMO: '0', CLOUDTUNE_ADMIN: '13812345678' }))).toBe(
      'The demo account is disabled (CLOUDTUNE_DEMO=1 enables it). The accounts CLOUDTUNE_ADMIN names administer it (+86-13812345678).',
    );
  });
});

describe('the demo account outside demo mode', () => {
  test('a fresh server that is no demo has the catalogue but no way into the demo account', async () => {
    const { app, dataDir } = await start({ demo: false });
    // the catalogue: home page, songs, the demo listeners' public playlists
    const personalized = await call(app, '/api/personalized?limit=3');
    expect(personalized.body.result).toHaveLength(3);
    const playlist = (await call(app, '/api/top/playlist?limit=1')).body.playlists as Json[];
    const detail = (await call(app, `/api/playlist/detail?id=${playlist[0]!.id}`)).body.playlist as Json;
    expect(detail.trackCount).toBeGreaterThan(0);
    expect((await call(app, `/api/cellphone/existence/check?phone=${DEMO.phone}`)).body).toMatchObject({ exist: 1, hasPassword: false });

    // no password login, no captcha login, no Subsonic password or apiKey
    expect((await passwordLogin(app, DEMO.phone, DEMO.password)).body.code).toBe(502);
    expect((await call(app, `/api/login?email=demo@cloudtune.local&password=${DEMO.password}`)).body.code).toBe(502);
    expect((await call(app, `/api/captcha/sent?phone=${DEMO.phone}`)).body.code).toBe(200);
    const captcha = await call(app, `/api/login/cellphone?phone=${DEMO.phone}&captcha=${lastSmsCode(dataDir, DEMO.phone)}`);
    expect(captcha.status).toBe(403);
    expect(captcha.body).toEqual({ code: 403, msg: '该账号已停用' });
    expect(captcha.res.cookies.find((c) => c.name === 'MUSIC_U')).toBeUndefined();
    expect((await rest(app, 'ping', `u=${DEMO.phone}&p=${DEMO.subsonic}`)).error.code).toBe(40);
    expect((await rest(app, 'ping', `apiKey=${DEMO.subsonic}`)).error.code).toBe(44);
  });

  test('a demo account from an earlier demo start is disabled, its sessions ended; demo mode later gives its passwords back', async () => {
    const first = await start({ demo: true });
    const login = await passwordLogin(first.app, DEMO.phone, DEMO.password);
    expect(login.body.code).toBe(200);
    const session = sessionOf(login.res);
    const demoId = (login.body.account as Json).id as number;
    expect((await rest(first.app, 'ping', `u=${DEMO.phone}&p=${DEMO.subsonic}`)).status).toBe('ok');
    const made = (await call(first.app, `/api/user/playlist?uid=${demoId}`)).body.playlist as Json[];
    expect(made.length).toBeGreaterThan(0);
    await stop(first.app);

    const off = await start({ demo: false, dataDir: first.dataDir });
    expect((await call(off.app, '/api/login/status', { session })).body.data).toMatchObject({ account: null, profile: null });
    expect((await call(off.app, '/api/user/account', { session })).status).toBe(301);
    expect((await passwordLogin(off.app, DEMO.phone, DEMO.password)).body.code).toBe(502);
    expect((await rest(off.app, 'ping', `u=${DEMO.phone}&p=${DEMO.subsonic}`)).error.code).toBe(40);
    // what it made stays in the catalogue: its playlists, for anyone to see
    expect((await call(off.app, `/api/user/playlist?uid=${demoId}`)).body.playlist).toEqual(made);
    await stop(off.app);

    const again = await start({ demo: true, dataDir: first.dataDir });
    expect((await passwordLogin(again.app, DEMO.phone, DEMO.password)).body.code).toBe(200);
    expect((await rest(again.app, 'ping', `u=${DEMO.phone}&p=${DEMO.subsonic}`)).status).toBe('ok');
    // the session the closing ended stays ended
    expect((await call(again.app, '/api/login/status', { session })).body.data).toMatchObject({ account: null });
  });

  test('an account someone else holds the demo phone with never gets the demo passwords, even in demo mode', async () => {
    const dataDir = freshDataDir();
    dirs.push(dataDir);
    const db = await openDatabase(dataDir);
    await seedDemoLibrary(db, small);
    // The phone was free when a stranger registered it (a library seeded before the demo account existed).
    await db.prepare('UPDATE users SET phone = NULL, email = NULL WHERE phone = ?').run(DEMO.phone);
    await db
      .prepare("INSERT INTO users (nickname, is_demo, created_at, country_code, phone) VALUES ('stranger', 0, 0, '86', ?)")
      .run(DEMO.phone);
    await db.close();
    const { app } = await start({ demo: true, dataDir });
    expect((await passwordLogin(app, DEMO.phone, DEMO.password)).body.code).toBe(502);
    expect((await rest(app, 'ping', `u=${DEMO.phone}&p=${DEMO.subsonic}`)).error.code).toBe(40);
  });
});

describe('administrators', () => {
  test('the first account registered on a server that is no demo administers it, the second does not', async () => {
    const { app, dataDir } = await start({ demo: false });
    const first = await register(app, dataDir, '13900000101', 'first-pass');
    const second = await register(app, dataDir, '13900000102', 'second-pass');
    expect(await adminRole(app, first)).toBe(true);
    expect(await adminRole(app, second)).toBe(false);
  });

  test('in demo mode the demo account administers; registering makes nobody one; leaving demo mode hands it to the first registered', async () => {
    const demo = await start({ demo: true });
    const demoSession = sessionOf((await passwordLogin(demo.app, DEMO.phone, DEMO.password)).res);
    expect(await adminRole(demo.app, demoSession)).toBe(true);
    const owner = await register(demo.app, demo.dataDir, '13900000201', 'owner-pass');
    expect(await adminRole(demo.app, owner)).toBe(false);
    await stop(demo.app);

    const off = await start({ demo: false, dataDir: demo.dataDir });
    const ownerAgain = sessionOf((await passwordLogin(off.app, '13900000201', 'owner-pass')).res);
    expect(await adminRole(off.app, ownerAgain)).toBe(true);
    const later = await register(off.app, off.dataDir, '13900000202', 'later-pass');
    expect(await adminRole(off.app, later)).toBe(false);
  });

  test('CLOUDTUNE_ADMIN: the named phone administers (at registration or at the next start), and nobody else by coming first', async () => {
    const named = [{ countryCode: '86', phone: '13900000302' }];
    const { app, dataDir } = await start({ demo: false, admins: named });
    const stranger = await register(app, dataDir, '13900000301', 'stranger-pass');
    const owner = await register(app, dataDir, '13900000302', 'owner-pass');
    expect(await adminRole(app, stranger)).toBe(false);
    expect(await adminRole(app, owner)).toBe(true);
    await stop(app);

    // named later: applied at start
    const restarted = await start({ demo: false, dataDir, admins: [...named, { countryCode: '86', phone: '13900000301' }] });
    const strangerAgain = sessionOf((await passwordLogin(restarted.app, '13900000301', 'stranger-pass')).res);
    expect(await adminRole(restarted.app, strangerAgain)).toBe(true);
  });
});
