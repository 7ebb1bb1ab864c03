import type { Repos } from '../../repos/index.ts';
import { withTx } from '../../repos/tx.ts';
import { hashPassword, md5Hex } from '../accounts/passwords.ts';
import type { Clock } from '../rate-windows.ts';
import type { ApiKeys } from './api-keys.ts';
import { invalidParam, notAuthorized, notFoundError, SUBSONIC_ERRORS, SubsonicError } from './errors.ts';
import { MUSIC_FOLDER } from './browsing.ts';
import { plainPassword, type SubsonicPasswords } from './passwords.ts';

/** What an administrator may set of an account through Subsonic (createUser, updateUser). */
export interface AccountChanges {
  email?: string;
  /** plain, or Subsonic's `enc:<hex>` */
  password?: string;
  adminRole?: boolean;
  podcastRole?: boolean;
}

/** The roles that are one fact for every account: what the server does, not a setting (decision 0033). */
const FIXED_ROLES = {
  settingsRole: true,
  downloadRole: true,
  // the cloud drive (POST /cloud) takes every account's uploads
  uploadRole: true,
  playlistRole: true,
  // tags and covers are the files' own: nobody edits them here
  coverArtRole: false,
  // ratings
  commentRole: true,
  streamRole: true,
  // the server has no audio output (jukeboxControl answers 50)
  jukeboxRole: false,
  shareRole: true,
  videoConversionRole: false,
} as const;

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{1,60}$/;
const PHONE_LIKE = /^\+?\d[\d\s-]{6,}$/;

const conflict = (why: string): SubsonicError => new SubsonicError(SUBSONIC_ERRORS.generic, why);

/** A password as Subsonic sends it (plain or `enc:<hex>`), held to the rule NetEase registration has: 6–64 characters. */
function chosenPassword(raw: string): string {
  const plain = plainPassword(raw);
  if (plain === undefined) throw invalidParam('password', 'must be plain text or enc: followed by hex digits');
  if ([...plain].length < 6 || [...plain].length > 64) throw invalidParam('password', 'must be 6–64 characters');
  return plain;
}

function validEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!EMAIL.test(email)) throw invalidParam('email', 'must be an email address');
  return email;
}

/**
 * Subsonic's user management over Cloudtune's accounts (docs/decisions/0033-subsonic-users-keys-podcasts.md).
 * A Subsonic user is an account that logs in (a phone or an email, not closed); answers name it by
 * its nickname, the public name (logins take the phone, email, nickname or id). Only administrators
 * (services/accounts/admins.ts) list, create, change and delete others; anyone changes their own
 * Subsonic password. Accounts made here have no phone: they log in to the web with their email and
 * the password given, which is also their Subsonic app password.
 */
export function createSubsonicUsers(repos: Repos, clock: Clock, passwords: SubsonicPasswords, apiKeys: ApiKeys) {
  const isAdmin = async (userId: number): Promise<boolean> => await repos.users.isAdmin(userId);

  async function requireAdmin(userId: number): Promise<void> {
    if (!(await isAdmin(userId))) throw notAuthorized('Only an administrator may do this');
  }

  /** The account a Subsonic user name names, among those that log in. */
  async function find(name: string): Promise<number | undefined> {
    const id = await passwords.userIdOf(name);
    return id !== undefined && (await repos.users.loginAccounts()).includes(id) ? id : undefined;
  }

  /** The account `name` names, for `actorId`: their own, or (an administrator) anyone's; else 50 or 70. */
  async function target(actorId: number, name: string | undefined): Promise<number> {
    if (name === undefined) return actorId;
    const id = await find(name);
    if (id === actorId) return id;
    // Whether a name exists is an administrator's to know: anyone else is refused alike.
    await requireAdmin(actorId);
    if (id === undefined) throw notFoundError('User');
    return id;
  }

  async function freeUsername(raw: string, except?: number): Promise<string> {
    const name = raw.trim();
    if ([...name].length < 1 || [...name].length > 30) throw invalidParam('username', 'must be 1–30 characters');
    // A name a login would take for an email or a phone would name someone else.
    if (name.includes('@')) throw invalidParam('username', 'must not be an email address (give that as email)');
    if (PHONE_LIKE.test(name)) throw invalidParam('username', 'must not be a phone number');
    const owner = await repos.users.nicknameOwner(name);
    if (owner !== undefined && owner !== except) throw conflict('username is taken');
    return name;
  }

  async function freeEmail(raw: string, except?: number): Promise<string> {
    const email = validEmail(raw);
    const owner = (await repos.users.byEmail(email))?.id;
    if (owner !== undefined && owner !== except) throw conflict('email is used by another user');
    return email;
  }

  async function setAdmin(userId: number, admin: boolean): Promise<void> {
    if (!admin && (await isAdmin(userId)) && (await repos.users.adminCount()) <= 1)
      throw conflict('The last administrator cannot stop being one');
    await repos.users.setAdmin(userId, admin);
  }

  /** A nickname for a closed account that nobody holds (so its old name can be taken again). */
  async function closedName(userId: number): Promise<string> {
    for (let n = 0; ; n += 1) {
      const name = n === 0 ? `已注销用户${userId}` : `已注销用户${userId}-${n}`;
      const owner = await repos.users.nicknameOwner(name);
      if (owner === undefined || owner === userId) return name;
    }
  }

  return {
    isAdmin,
    requireAdmin,

    /** Subsonic's podcastRole: administrators, and accounts given it. */
    podcastRole: async (userId: number): Promise<boolean> => (await isAdmin(userId)) || (await repos.users.podcastRole(userId)),

    /** The name a user goes by in answers (queues, bookmarks, now playing, shares): its nickname. */
    async username(userId: number): Promise<string> {
      const user = await repos.users.findById(userId);
      if (!user) throw notFoundError('User');
      return user.nickname;
    },

    /** Subsonic's `user` element. */
    async entry(userId: number) {
      const user = await repos.users.findById(userId);
      if (!user) throw notFoundError('User');
      const email = (await repos.users.credentials(userId))?.email;
      return {
        username: user.nickname,
        ...(email ? { email } : {}),
        scrobblingEnabled: true,
        adminRole: await isAdmin(userId),
        ...FIXED_ROLES,
        podcastRole: await this.podcastRole(userId),
        folder: [MUSIC_FOLDER.id],
      };
    },

    /** getUser: oneself, or (an administrator) anyone. */
    async read(actorId: number, name: string | undefined) {
      return await this.entry(await target(actorId, name));
    },

    /** getUsers (administrators): every account that logs in, oldest first. */
    async list(actorId: number) {
      await requireAdmin(actorId);
      return await Promise.all((await repos.users.loginAccounts()).map(async (id) => await this.entry(id)));
    },

    /**
     * createUser (administrators): a phone-less account named `username` (its nickname) that logs
     * in to the web with `email` and `password`, and to Subsonic apps with `username` (or the email)
     * and the same password as its app password.
     */
    async create(actorId: number, input: { username: string; email: string; password: string } & AccountChanges): Promise<number> {
      await requireAdmin(actorId);
      const nickname = await freeUsername(input.username);
      const email = await freeEmail(input.email);
      const password = chosenPassword(input.password);
      const hash = await hashPassword(md5Hex(password));
      const now = clock();
      const id = await withTx(repos.db, async () => {
        // Taken meanwhile by another request.
        await freeUsername(nickname);
        await freeEmail(email);
        const userId = await repos.users.insert({ nickname, createdAt: now });
        await repos.users.setContact(userId, { countryCode: '86', phone: null, email });
        await repos.users.setPasswordHash(userId, hash);
        await repos.users.setAdmin(userId, input.adminRole === true);
        await repos.users.setPodcastRole(userId, input.podcastRole === true);
        await repos.playlists.insertLikedSongs({ id: userId, nickname, createdAt: now }, now);
        return userId;
      });
      await passwords.set(id, password);
      return id;
    },

    /**
     * updateUser (administrators): email, adminRole, podcastRole and the Subsonic password; roles
     * that are facts of the server (FIXED_ROLES) and maxBitRate are not settings and are left as they are.
     */
    async update(actorId: number, name: string, changes: AccountChanges): Promise<void> {
      await requireAdmin(actorId);
      const id = await target(actorId, name);
      const password = changes.password === undefined ? undefined : chosenPassword(changes.password);
      await withTx(repos.db, async () => {
        if (changes.email !== undefined) {
          const c = (await repos.users.credentials(id))!;
          await repos.users.setContact(id, { countryCode: c.countryCode, phone: c.phone, email: await freeEmail(changes.email, id) });
        }
        if (changes.adminRole !== undefined) await setAdmin(id, changes.adminRole);
        if (changes.podcastRole !== undefined) await repos.users.setPodcastRole(id, changes.podcastRole);
      });
      if (password !== undefined) await passwords.set(id, password);
    },

    /**
     * changePassword: one's own, or (an administrator) anyone's Subsonic app password. The login
     * password stays: an app password travels with every Subsonic request and must not open the web.
     */
    async changePassword(actorId: number, name: string, raw: string): Promise<void> {
      const id = await target(actorId, name);
      await passwords.set(id, chosenPassword(raw));
    },

    /**
     * deleteUser (administrators, never oneself — so never the last administrator): the account is
     * closed as the demo account is outside demo mode — no login of any kind, its sessions, app
     * password and API keys gone, its phone, email and name free for others — while what it made
     * for others (public playlists, plays in the charts) stays. Returns the closed account.
     */
    async close(actorId: number, name: string): Promise<number> {
      await requireAdmin(actorId);
      const id = await target(actorId, name);
      if (id === actorId) throw notAuthorized('You cannot delete your own user');
      await withTx(repos.db, async () => {
        await repos.users.setLoginDisabled(id, true);
        await repos.users.removePassword(id);
        await repos.users.setAdmin(id, false);
        await repos.users.setPodcastRole(id, false);
        await repos.users.setContact(id, { countryCode: '86', phone: null, email: null });
        await repos.users.updateProfile(id, { nickname: await closedName(id) });
        await repos.sessions.revokeAllOf(id, clock());
        await passwords.revoke(id);
        await apiKeys.removeAll(id);
      });
      return id;
    },
  };
}
export type SubsonicUsers = Awaited<ReturnType<typeof createSubsonicUsers>>;
