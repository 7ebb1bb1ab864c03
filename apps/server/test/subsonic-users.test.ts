import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../src/db/connection.ts';
import { call, loginByPhone, register } from './account-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { FIXED_NOW, subsonicCalls, type Json } from './subsonic-calls.ts';

/**
 * Subsonic user management, getAvatar and API keys (decision 0033) over a demo-mode app, where the
 * demo account administers: reads, the administrators' writes and everyone else's refusals, what an
 * account made here can log into, and an API key's life from 设置 → Subsonic to /rest and back.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: () => FIXED_NOW });
});
afterAll(async () => t?.close());

const { ok, failed, golden, rest } = subsonicCalls(() => t.app);
const enc = (text: string) => `enc:${Buffer.from(text).toString('hex')}`;
const auth = (u: string, p: string) => `u=${encodeURIComponent(u)}&p=${encodeURIComponent(p)}&v=1.16.1&c=test`;

/** A registered (phone) account with an app password: an ordinary user, not an administrator. */
async function ordinaryUser(phone: string): Promise<{ session: string; auth: string }> {
  const session = await register(t.app, t.dataDir, phone, 'password1');
  const made = (await call(t.app, '/api/subsonic/password', { session, method: 'POST' })).body.data as Json;
  return { session, auth: auth(phone, made.password) };
}

describe('reading users', () => {
  test('getUser: the caller by default or by name, with the roles the server has; getUsers lists the accounts that log in', async () => {
    await golden('getUser', 'getUser', 'username=13800000000');
    await golden('getUsers', 'getUsers');
    const me = (await ok('getUser')).user;
    expect(me).toMatchObject({ adminRole: true, podcastRole: true, streamRole: true, jukeboxRole: false, shareRole: true, folder: [1] });
    // the nickname, the email and the phone name the same user
    expect((await ok('getUser', `username=${encodeURIComponent(me.username)}`)).user).toEqual(me);
    expect((await ok('getUser', 'username=demo@cloudtune.local')).user).toEqual(me);
    // an administrator asking for a name nobody has: not found
    await failed('getUser', 'username=nobody-at-all', 70);
  });

  test('someone who is not an administrator reads only themself: others, and getUsers, are 50', async () => {
    const other = await ordinaryUser('13900000101');
    const self = (await ok('getUser', 'username=13900000101', other.auth)).user;
    expect(self).toMatchObject({ adminRole: false, podcastRole: false, scrobblingEnabled: true });
    expect(self.email).toBeUndefined();
    expect(await failed('getUser', 'username=13800000000', 50, other.auth)).toBe('Only an administrator may do this');
    // whether a name exists is not told to them either
    await failed('getUser', 'username=nobody-at-all', 50, other.auth);
    await failed('getUsers', '', 50, other.auth);
    await golden('getUsers-not-admin', 'getUsers', '', { auth: other.auth });
  });
});

describe('administering users', () => {
  test('createUser: an account that logs in to Subsonic by name or email and to the web by email, with the same password', async () => {
    const made = (name: string) =>
      `username=${name}&password=${enc(`${name}-pw-1`)}&email=${name}@Example.com&podcastRole=true&jukeboxRole=true`;
    await golden('createUser', 'createUser', made('alice'), { jsonQuery: made('frank') });
    const alice = auth('alice', 'alice-pw-1');
    const user = (await ok('getUser', '', alice)).user;
    expect(user).toMatchObject({ username: 'alice', email: 'alice@example.com', adminRole: false, podcastRole: true, jukeboxRole: false });
    await ok('ping', '', auth('alice@example.com', 'alice-pw-1'));
    const web = await call(t.app, `/api/login?${new URLSearchParams({ email: 'alice@example.com', password: 'alice-pw-1' })}`);
    expect(web.body.code).toBe(200);
    expect((await ok('getUsers')).users.user.map((u: Json) => u.username)).toContain('alice');
  });

  test('createUser refuses what would clash or is malformed, and anyone but an administrator', async () => {
    expect(await failed('createUser', 'password=secret-pw&email=x@example.com', 10)).toBe('Required parameter is missing: username');
    await failed('createUser', 'username=bob&password=secret-pw', 10);
    expect(await failed('createUser', 'username=alice&password=secret-pw&email=other@example.com', 0)).toBe('username is taken');
    expect(await failed('createUser', 'username=bob&password=secret-pw&email=ALICE@example.com', 0)).toBe('email is used by another user');
    expect(await failed('createUser', 'username=bob&password=short&email=bob@example.com', 0)).toBe('password must be 6–64 characters');
    expect(await failed('createUser', 'username=bob&password=secret-pw&email=not-an-email', 0)).toBe('email must be an email address');
    expect(await failed('createUser', 'username=13912345678&password=secret-pw&email=bob@example.com', 0)).toBe(
      'username must not be a phone number',
    );
    const other = await ordinaryUser('13900000102');
    await failed('createUser', 'username=mallory&password=secret-pw&email=m@example.com', 50, other.auth);
    await failed('ping', '', 40, auth('bob', 'secret-pw'));
  });

  test('updateUser: email, roles and the Subsonic password; the last administrator stays one', async () => {
    await ok('createUser', 'username=carol&password=carol-pw-1&email=carol@example.com');
    await ok('updateUser', 'username=carol&email=carol2@example.com&adminRole=true&password=carol-pw-2&streamRole=false');
    const carol = (await ok('getUser', 'username=carol')).user;
    // streamRole is a fact of the server, not a setting: it stays true
    expect(carol).toMatchObject({ email: 'carol2@example.com', adminRole: true, podcastRole: true, streamRole: true });
    await failed('ping', '', 40, auth('carol', 'carol-pw-1'));
    const asCarol = auth('carol', 'carol-pw-2');
    // two administrators: one may stop being one, but not the last
    await ok('updateUser', 'username=carol&adminRole=false');
    expect(await failed('updateUser', 'username=13800000000&adminRole=false', 0)).toBe('The last administrator cannot stop being one');
    expect((await ok('getUser', 'username=13800000000')).user.adminRole).toBe(true);
    await failed('updateUser', 'username=13800000000&email=carol-took-it@example.com', 50, asCarol);
    await failed('updateUser', 'username=nobody-at-all&email=x@example.com', 70);
    await failed('updateUser', 'username=carol&email=alice@example.com', 0);
  });

  test("changePassword: one's own, or anyone's as an administrator; it changes the Subsonic password, never the login password", async () => {
    await ok('createUser', 'username=dave&password=dave-pw-1&email=dave@example.com');
    await ok('changePassword', `username=dave&password=${enc('dave-pw-2')}`, auth('dave', 'dave-pw-1'));
    await failed('ping', '', 40, auth('dave', 'dave-pw-1'));
    const dave = auth('dave', 'dave-pw-2');
    await ok('ping', '', dave);
    // the web login keeps the password the account was made with
    const web = await call(t.app, `/api/login?${new URLSearchParams({ email: 'dave@example.com', password: 'dave-pw-1' })}`);
    expect(web.body.code).toBe(200);
    await failed('changePassword', 'username=13800000000&password=taken-over', 50, dave);
    await failed('changePassword', 'username=dave&password=x', 0, dave);
    await failed('changePassword', 'username=dave', 10, dave);
    await golden('changePassword', 'changePassword', 'username=dave&password=dave-pw-3');
    await ok('ping', '', auth('dave', 'dave-pw-3'));
  });

  test('deleteUser closes the account: no login anywhere, gone from getUsers, its name and email free again; never oneself', async () => {
    await ok('createUser', 'username=erin&password=erin-pw-1&email=erin@example.com');
    const erin = auth('erin', 'erin-pw-1');
    await failed('deleteUser', 'username=alice', 50, erin);
    expect(await failed('deleteUser', 'username=13800000000', 50)).toBe('You cannot delete your own user');
    await failed('deleteUser', 'username=nobody-at-all', 70);
    await ok('createUser', 'username=erin2&password=erin-pw-1&email=erin2@example.com');
    await golden('deleteUser', 'deleteUser', 'username=erin', { jsonQuery: 'username=erin2' });
    await failed('ping', '', 40, erin);
    const web = await call(t.app, `/api/login?${new URLSearchParams({ email: 'erin@example.com', password: 'erin-pw-1' })}`);
    expect(web.body.code).not.toBe(200);
    expect((await ok('getUsers')).users.user.map((u: Json) => u.username)).not.toContain('erin');
    await ok('createUser', 'username=erin&password=erin-pw-2&email=erin@example.com');
    await ok('ping', '', auth('erin', 'erin-pw-2'));
  });
});

describe('getAvatar', () => {
  test("the user's avatar as the NetEase API serves it (generated art until one is uploaded); no such user is 70", async () => {
    const res = await t.app.inject({ url: `/rest/getAvatar?username=13800000000&${auth('13800000000', 'subsonic')}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    // the same picture /user/detail's avatarUrl shows
    const session = await loginByPhone(t.app, '13800000000', 'cloudtune');
    const status = (await call(t.app, '/api/login/status', { session })).body as unknown as { data: { profile: { avatarUrl: string } } };
    const web = await t.app.inject({ url: new URL(status.data.profile.avatarUrl).pathname });
    expect(web.rawPayload.equals(res.rawPayload)).toBe(true);
    const missing = await t.app.inject({ url: `/rest/getAvatar?username=nobody-at-all&${auth('13800000000', 'subsonic')}` });
    expect(missing.headers['content-type']).toMatch(/^text\/xml/);
    expect(missing.body).toContain('<error code="70" message="User not found"/>');
    expect((await rest('getAvatar', '')).error.code).toBe(10);
  });
});

describe('API keys', () => {
  test('made in 设置 → Subsonic, used alone on /rest (tokenInfo names the user), listed with last use, revoked → 44', async () => {
    const session = await loginByPhone(t.app, '13800000000', 'cloudtune');
    expect((await call(t.app, '/api/subsonic/keys')).status).toBe(301);
    expect((await call(t.app, '/api/subsonic/keys', { session })).body).toEqual({ code: 200, data: [] });
    const made = (await call(t.app, `/api/subsonic/keys/create?name=${encodeURIComponent('客厅的 DSub')}`, { session, method: 'POST' }))
      .body.data as Json;
    expect(made).toMatchObject({ name: '客厅的 DSub', createdAt: FIXED_NOW });
    expect(made.key).toMatch(/^ctk_[A-Za-z0-9_-]{43}$/);
    const second = (await call(t.app, '/api/subsonic/keys/create?name=phone', { session, method: 'POST' })).body.data as Json;

    await ok('ping', '', `apiKey=${made.key}`);
    await golden('tokenInfo', 'tokenInfo', '', { auth: `apiKey=${made.key}&v=1.16.1&c=test` });
    const demoName = (await ok('getUser')).user.username;
    expect((await ok('tokenInfo', '', `apiKey=${made.key}`)).tokenInfo).toEqual({ username: demoName });
    // an apiKey with u (or p, t) is 43, as the extension says; tokenInfo without a key is 10
    expect(await failed('ping', '', 43, `apiKey=${made.key}&u=13800000000`)).toBe(
      'Multiple conflicting authentication mechanisms provided',
    );
    expect(await failed('tokenInfo', '', 10)).toBe('Required parameter is missing: apiKey');

    const listed = (await call(t.app, '/api/subsonic/keys', { session })).body.data as Json[];
    expect(listed.map((k) => k.name)).toEqual(['phone', '客厅的 DSub']);
    expect(listed.find((k) => k.id === made.id)).toEqual({ id: made.id, name: '客厅的 DSub', createdAt: FIXED_NOW, lastUsedAt: FIXED_NOW });
    expect(listed.find((k) => k.id === second.id)!.lastUsedAt).toBeNull();
    expect(JSON.stringify(listed)).not.toContain(made.key);

    // only the hash is kept
    const db = await openDatabase(t.dataDir);
    const stored = await db.all<{ keyHash: string }>('SELECT key_hash AS keyHash FROM subsonic_api_keys');
    await db.close();
    expect(stored.map((r) => r.keyHash)).not.toContain(made.key);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.keyHash))).toBe(true);

    expect((await call(t.app, `/api/subsonic/keys/revoke?id=${made.id}`, { session, method: 'POST' })).body).toEqual({
      code: 200,
      data: { revoked: true },
    });
    expect(await failed('ping', '', 44, `apiKey=${made.key}`)).toBe('Invalid API key');
    await ok('ping', '', `apiKey=${second.key}`);
    expect((await call(t.app, `/api/subsonic/keys/revoke?id=${made.id}`, { session, method: 'POST' })).status).toBe(404);
    const long = await call(t.app, `/api/subsonic/keys/create?name=${'x'.repeat(41)}`, { session, method: 'POST' });
    expect([long.status, long.body.msg]).toEqual([400, 'name must be 1–40 characters']);
    const blank = await call(t.app, '/api/subsonic/keys/create?name=%E3%80%80', { session, method: 'POST' });
    expect([blank.status, blank.body.msg]).toEqual([400, 'name is required']);
  });

  test("one user's key cannot be revoked by another", async () => {
    const owner = await loginByPhone(t.app, '13800000000', 'cloudtune');
    const key = (await call(t.app, '/api/subsonic/keys/create?name=mine', { session: owner, method: 'POST' })).body.data as Json;
    const other = await ordinaryUser('13900000103');
    expect((await call(t.app, `/api/subsonic/keys/revoke?id=${key.id}`, { session: other.session, method: 'POST' })).status).toBe(404);
    await ok('ping', '', `apiKey=${key.key}`);
  });
});
