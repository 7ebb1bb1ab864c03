import type { Database } from '../db/database.ts';
import { idsParam } from './json.ts';

export interface UserRecord {
  id: number;
  nickname: string;
  signature: string;
  gender: number;
  birthday: number | null;
  province: number;
  city: number;
  vipType: number;
  userType: number;
  createdAt: number;
  /** the uploaded avatar's content hash; null = generated art */
  avatarHash: string | null;
  /** NetEase's peopleCanSeeMyPlayRecord */
  playRecordPublic: boolean;
}

/** The profile a new account starts with unless given: blank, no birthday, an ordinary user. */
type ProfileDefaults = 'signature' | 'gender' | 'birthday' | 'province' | 'city' | 'vipType' | 'userType';
const PROFILE_DEFAULTS: Pick<UserRecord, ProfileDefaults> = {
  signature: '',
  gender: 0,
  birthday: null,
  province: 0,
  city: 0,
  vipType: 0,
  userType: 0,
};

export type NewUser = Omit<UserRecord, 'id' | 'avatarHash' | 'playRecordPublic' | ProfileDefaults> &
  Partial<Pick<UserRecord, ProfileDefaults>> & {
    /** a listener the demo catalog made; default false */
    isDemo?: boolean;
  };

/** How an account logs in: never the password, only its slow hash. */
export interface Credentials {
  id: number;
  countryCode: string;
  phone: string | null;
  email: string | null;
  /** null = no password set (cannot log in with one) */
  passwordHash: string | null;
}

/** What a profile counts about its owner. */
export interface UserCounts {
  playlistCount: number;
  /** subscriptions of the user's own playlists, added up */
  playlistBeSubscribedCount: number;
  follows: number;
  followeds: number;
  eventCount: number;
  /** plays, all time */
  listenSongs: number;
}

/** The profile fields /user/update may change. */
export type ProfileChanges = Partial<Pick<UserRecord, 'nickname' | 'signature' | 'gender' | 'birthday' | 'province' | 'city'>>;

type UserRow = Omit<UserRecord, 'playRecordPublic'> & { playRecordPublic: number };

const COLUMNS = `id, nickname, signature, gender, birthday, province, city, vip_type AS vipType, user_type AS userType,
  created_at AS createdAt, avatar_hash AS avatarHash, play_record_public AS playRecordPublic`;
const CREDENTIALS = 'id, country_code AS countryCode, phone, email, password_hash AS passwordHash';
const PROFILE_COLUMNS: Record<keyof ProfileChanges, string> = {
  nickname: 'nickname',
  signature: 'signature',
  gender: 'gender',
  birthday: 'birthday',
  province: 'province',
  city: 'city',
};

const fromRow = (r: UserRow): UserRecord => ({ ...r, playRecordPublic: r.playRecordPublic === 1 });

export function createUserRepo(db: Database) {
  const byIds = db.prepare<[string], UserRow>(`SELECT ${COLUMNS} FROM users WHERE id IN (SELECT value FROM json_each(?))`);
  const insertStmt = db.prepare(`
    INSERT INTO users (nickname, signature, gender, birthday, province, city, vip_type, user_type, is_demo, created_at)
    VALUES (@nickname, @signature, @gender, @birthday, @province, @city, @vipType, @userType, @isDemo, @createdAt)`);
  const existsStmt = db.prepare<[number], number>('SELECT 1 FROM users WHERE id = ?').pluck();
  const firstId = db.prepare<[], number>('SELECT MIN(id) FROM users').pluck();
  const firstDemoId = db.prepare<[], number>('SELECT MIN(id) FROM users WHERE is_demo = 1').pluck();
  const demoIds = db.prepare<[], number>('SELECT id FROM users WHERE is_demo = 1 ORDER BY id').pluck();
  const byPhone = db.prepare<[string, string], Credentials>(`SELECT ${CREDENTIALS} FROM users WHERE country_code = ? AND phone = ?`);
  const byEmail = db.prepare<[string], Credentials>(`SELECT ${CREDENTIALS} FROM users WHERE email = ? COLLATE NOCASE`);
  const credentials = db.prepare<[number], Credentials>(`SELECT ${CREDENTIALS} FROM users WHERE id = ?`);
  const nicknameOwner = db.prepare<[string], number>('SELECT id FROM users WHERE nickname = ? COLLATE NOCASE').pluck();
  const setPassword = db.prepare('UPDATE users SET password_hash = ? WHERE id = ?');
  const removePassword = db.prepare('UPDATE users SET password_hash = NULL WHERE id = ?');
  const loginDisabled = db.prepare<[number], number>('SELECT login_disabled FROM users WHERE id = ?').pluck();
  const setLoginDisabled = db.prepare('UPDATE users SET login_disabled = ? WHERE id = ?');
  const isAdmin = db.prepare<[number], number>('SELECT 1 FROM users WHERE id = ? AND is_admin = 1 AND login_disabled = 0').pluck();
  const setAdmin = db.prepare('UPDATE users SET is_admin = ? WHERE id = ?');
  const anyAdmin = db.prepare<[], number>('SELECT 1 FROM users WHERE is_admin = 1 AND login_disabled = 0 LIMIT 1').pluck();
  const adminCount = db.prepare<[], number>('SELECT COUNT(*) FROM users WHERE is_admin = 1 AND login_disabled = 0').pluck();
  const podcastRole = db.prepare<[number], number>('SELECT podcast_role FROM users WHERE id = ?').pluck();
  const setPodcastRole = db.prepare('UPDATE users SET podcast_role = ? WHERE id = ?');
  // Accounts someone logs into: a phone or an email to log in with, and not closed.
  const loginAccounts = db
    .prepare<[], number>('SELECT id FROM users WHERE login_disabled = 0 AND (phone IS NOT NULL OR email IS NOT NULL) ORDER BY id')
    .pluck();
  // Registered: an account of its own (not a demo listener) that can log in with a password.
  const firstRegistered = db
    .prepare<[], number>('SELECT MIN(id) FROM users WHERE is_demo = 0 AND password_hash IS NOT NULL AND login_disabled = 0')
    .pluck();
  const setContact = db.prepare('UPDATE users SET country_code = @countryCode, phone = @phone, email = @email WHERE id = @id');
  const setAvatar = db.prepare('UPDATE users SET avatar_hash = ? WHERE id = ?');
  const avatarUsers = db.prepare<[string], number>('SELECT COUNT(*) FROM users WHERE avatar_hash = ?').pluck();
  const counts = db.prepare<{ id: number }, UserCounts>(`
    SELECT
      (SELECT COUNT(*) FROM playlists WHERE creator_id = @id AND special_type <> 10) AS playlistCount,
      (SELECT COALESCE(SUM(subscribed_count), 0) FROM playlists WHERE creator_id = @id) AS playlistBeSubscribedCount,
      (SELECT COUNT(*) FROM user_follows WHERE follower_id = @id) AS follows,
      (SELECT COUNT(*) FROM user_follows WHERE followee_id = @id) AS followeds,
      (SELECT COUNT(*) FROM user_events WHERE user_id = @id) AS eventCount,
      (SELECT COUNT(*) FROM play_records WHERE user_id = @id) AS listenSongs`);

  return {
    async findByIds(ids: readonly number[]): Promise<Map<number, UserRecord>> {
      return new Map((ids.length ? await byIds.all(idsParam(ids)) : []).map((u) => [u.id, fromRow(u)]));
    },
    async findById(id: number): Promise<UserRecord | undefined> {
      return (await this.findByIds([id])).get(id);
    },
    exists: async (id: number): Promise<boolean> => (await existsStmt.get(id)) !== undefined,
    firstId: async (): Promise<number | null> => (await firstId.get()) ?? null,
    /** The first listener the demo library made (the demo account); null when none. */
    firstDemoId: async (): Promise<number | null> => (await firstDemoId.get()) ?? null,
    /** The demo library's listeners, in the order they were made. */
    demoIds: async (): Promise<number[]> => await demoIds.all(),
    async insert(user: NewUser): Promise<number> {
      return Number((await insertStmt.run({ ...PROFILE_DEFAULTS, ...user, isDemo: user.isDemo ? 1 : 0 })).lastInsertId);
    },
    byPhone: async (countryCode: string, phone: string): Promise<Credentials | undefined> => await byPhone.get(countryCode, phone),
    byEmail: async (email: string): Promise<Credentials | undefined> => await byEmail.get(email),
    credentials: async (id: number): Promise<Credentials | undefined> => await credentials.get(id),
    /** The user holding `nickname` (case-insensitively), if any. */
    nicknameOwner: async (nickname: string): Promise<number | undefined> => await nicknameOwner.get(nickname),
    async setPasswordHash(id: number, hash: string): Promise<void> {
      await setPassword.run(hash, id);
    },
    /** The account can no longer log in with a password. */
    async removePassword(id: number): Promise<void> {
      await removePassword.run(id);
    },
    /** Whether every login of the account is refused (the demo account outside demo mode). */
    loginDisabled: async (id: number): Promise<boolean> => (await loginDisabled.get(id)) === 1,
    async setLoginDisabled(id: number, disabled: boolean): Promise<void> {
      await setLoginDisabled.run(disabled ? 1 : 0, id);
    },
    /** An administrator that can log in (a disabled account administers nothing). */
    isAdmin: async (id: number): Promise<boolean> => (await isAdmin.get(id)) === 1,
    async setAdmin(id: number, admin: boolean): Promise<void> {
      await setAdmin.run(admin ? 1 : 0, id);
    },
    /** Whether any account that can log in is an administrator. */
    hasAdmin: async (): Promise<boolean> => (await anyAdmin.get()) === 1,
    /** How many accounts that can log in are administrators. */
    adminCount: async (): Promise<number> => (await adminCount.get()) ?? 0,
    /** Subsonic's podcastRole as stored (administrators have it whatever this says). */
    podcastRole: async (id: number): Promise<boolean> => (await podcastRole.get(id)) === 1,
    async setPodcastRole(id: number, on: boolean): Promise<void> {
      await setPodcastRole.run(on ? 1 : 0, id);
    },
    /** The accounts that log in (a phone or an email, not closed), oldest first. */
    loginAccounts: async (): Promise<number[]> => await loginAccounts.all(),
    /** The earliest registered account that can log in; null when none. */
    firstRegisteredId: async (): Promise<number | null> => (await firstRegistered.get()) ?? null,
    async setContact(id: number, contact: { countryCode: string; phone: string | null; email: string | null }): Promise<void> {
      await setContact.run({ id, ...contact });
    },
    /** Only the given fields change. */
    async updateProfile(id: number, changes: ProfileChanges): Promise<void> {
      const keys = (Object.keys(changes) as (keyof ProfileChanges)[]).filter((k) => changes[k] !== undefined);
      if (keys.length === 0) return;
      const set = keys.map((k) => `${PROFILE_COLUMNS[k]} = @${k}`).join(', ');
      await db.prepare(`UPDATE users SET ${set} WHERE id = @id`).run({ ...Object.fromEntries(keys.map((k) => [k, changes[k]])), id });
    },
    async setAvatarHash(id: number, hash: string | null): Promise<void> {
      await setAvatar.run(hash, id);
    },
    /** How many users show this uploaded avatar (a file no one shows may be deleted). */
    avatarUsers: async (hash: string): Promise<number> => (await avatarUsers.get(hash)) ?? 0,
    counts: async (id: number): Promise<UserCounts> => (await counts.get({ id }))!,
  };
}
export type UserRepo = Awaited<ReturnType<typeof createUserRepo>>;
