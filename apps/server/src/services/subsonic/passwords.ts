import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Repos } from '../../repos/index.ts';
import type { LoginLimits, LoginRefusal } from '../login-limits.ts';
import type { Clock } from '../rate-windows.ts';
import type { ApiKeys } from './api-keys.ts';
import { SUBSONIC_ERRORS, SubsonicError, missingParam } from './errors.ts';
import { decryptSecret, encryptSecret, md5Hex, sha256Hex } from './secrets.ts';

/**
 * Subsonic clients authenticate with `u` + `p` (plain or `enc:<hex>`), `u` + `t` + `s` (t =
 * md5(password + s)) or OpenSubsonic's `apiKey`. Token auth needs the password itself, which the
 * login password is never kept as (scrypt of its MD5), so the secret here is an app password of
 * its own per user: made (and shown once) by /subsonic/password, revocable, stored encrypted, and
 * also the user's apiKey (docs/decisions/0022-subsonic-auth.md). The login password never works here.
 */
export interface SubsonicCredentials {
  u?: string;
  p?: string;
  t?: string;
  s?: string;
  apiKey?: string;
}

/** The demo account's app password, so Subsonic apps and tests work out of the box (README). */
export const DEMO_SUBSONIC_PASSWORD = 'subsonic';

/** Without look-alikes (0/o, 1/l/i): read off a screen and typed on a phone. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 4 groups of 5 from 31 symbols: ~99 bits, beyond guessing even without a failed-login window. */
export function newAppPassword(): string {
  const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

const WRONG = () => new SubsonicError(SUBSONIC_ERRORS.wrongCredentials, 'Wrong username or password');

/** A refused attempt, with the mechanism's own code (40 password or token, 44 API key) and when to retry. */
function limited(code: number, refusal: LoginRefusal): SubsonicError {
  const seconds = Math.max(1, Math.ceil(refusal.retryAfterMs / 1000));
  return new SubsonicError(code, `Too many failed logins: try again in ${seconds} second${seconds === 1 ? '' : 's'}`, seconds);
}

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

/** `enc:616263` → `abc` (Subsonic's hex-encoded password); anything else as it is. */
export function plainPassword(p: string): string | undefined {
  if (!p.startsWith('enc:')) return p;
  const hex = p.slice(4);
  return /^(?:[0-9a-fA-F]{2})*$/.test(hex) ? Buffer.from(hex, 'hex').toString('utf8') : undefined;
}

export function createSubsonicPasswords(repos: Repos, key: Buffer, clock: Clock, limits: LoginLimits, apiKeys: ApiKeys) {
  /** `u` may be the phone (with or without +86), the email, the nickname or the user id. */
  async function userIdOf(name: string): Promise<number | undefined> {
    const u = name.trim();
    if (u.includes('@')) return (await repos.users.byEmail(u))?.id;
    const phone = u.replace(/^\+?86[-\s]?/, '');
    if (/^1\d{10}$/.test(phone)) {
      const found = (await repos.users.byPhone('86', phone))?.id;
      if (found !== undefined) return found;
    }
    const owner = await repos.users.nicknameOwner(u);
    if (owner !== undefined) return owner;
    return /^\d{1,15}$/.test(u) && (await repos.users.exists(Number(u))) ? Number(u) : undefined;
  }

  async function secretOf(userId: number): Promise<string | undefined> {
    const row = await repos.subsonicPasswords.ofUser(userId);
    return row && decryptSecret(key, row.secret);
  }

  /** `asApiKey`: a random password made here also works as an apiKey; one a person chose never does (it names no user and may be guessed). */
  async function save(userId: number, password: string, asApiKey: boolean): Promise<void> {
    const keyHash = asApiKey ? sha256Hex(password) : null;
    await repos.subsonicPasswords.save({ userId, secret: encryptSecret(key, password), keyHash, createdAt: clock() });
  }

  /** The name to type in a Subsonic app: the phone, else the email, else the nickname. */
  async function usernameOf(userId: number): Promise<string> {
    const c = await repos.users.credentials(userId);
    return c?.phone ?? c?.email ?? (await repos.users.findById(userId))?.nickname ?? String(userId);
  }

  return {
    userIdOf,
    usernameOf,

    /**
     * The user the credentials name, or Subsonic's error (10 missing, 40 wrong, 43 conflicting, 44
     * bad apiKey). Failures count toward the same limits as NetEase logins (services/login-limits.ts);
     * while they refuse, the answer is 40 (44 for an apiKey) with when to retry, and nothing is checked.
     */
    async authenticate(c: SubsonicCredentials, client: { ip: string }): Promise<number> {
      if (c.apiKey !== undefined) {
        if (c.u !== undefined || c.p !== undefined || c.t !== undefined) {
          throw new SubsonicError(SUBSONIC_ERRORS.conflictingAuth, 'Multiple conflicting authentication mechanisms provided');
        }
        const attempt = { address: client.ip };
        const verdict = await limits.check(attempt);
        if (verdict.refusal) throw limited(SUBSONIC_ERRORS.invalidApiKey, verdict.refusal);
        // An API key made in 设置 → Subsonic, or the app password itself (decision 0022).
        const userId = (await apiKeys.userOf(c.apiKey)) ?? (await repos.subsonicPasswords.byKeyHash(sha256Hex(c.apiKey)))?.userId;
        if (userId === undefined) {
          await limits.fail(attempt);
          throw new SubsonicError(SUBSONIC_ERRORS.invalidApiKey, 'Invalid API key');
        }
        return userId;
      }
      if (!c.u) throw missingParam('u');
      if (c.p === undefined && (c.t === undefined || c.s === undefined)) throw missingParam(c.t === undefined ? 'p' : 's');
      const userId = await userIdOf(c.u);
      const attempt = { address: client.ip, userId };
      const verdict = await limits.check(attempt);
      if (verdict.refusal) throw limited(SUBSONIC_ERRORS.wrongCredentials, verdict.refusal);
      const secret = userId === undefined ? undefined : await secretOf(userId);
      const plain = c.p === undefined ? undefined : plainPassword(c.p);
      const ok =
        secret !== undefined &&
        (c.p !== undefined ? plain !== undefined && sameText(plain, secret) : sameText(c.t!.toLowerCase(), md5Hex(secret + c.s!)));
      if (!ok) {
        await limits.fail(attempt);
        throw WRONG();
      }
      await limits.succeed(attempt, verdict);
      return userId!;
    },

    /** A new app password (replacing the old one), shown once: only its encryption and hash are kept. */
    async create(userId: number) {
      const password = newAppPassword();
      await save(userId, password, true);
      return { username: await usernameOf(userId), password, createdAt: clock() };
    },

    /**
     * An app password chosen rather than made (Subsonic's createUser, updateUser and
     * changePassword): replaces the current one; apps still using that one are refused.
     */
    async set(userId: number, password: string): Promise<void> {
      await save(userId, password, false);
    },

    /** true when there was one to revoke. */
    revoke: async (userId: number): Promise<boolean> => await repos.subsonicPasswords.remove(userId),

    /** Whether the user has one and since when (never the password). */
    async status(userId: number) {
      const row = await repos.subsonicPasswords.ofUser(userId);
      return { exists: row !== undefined, username: await usernameOf(userId), createdAt: row?.createdAt ?? null };
    },

    /** Gives the account with this phone `password` when it has none, or one this key cannot read (start-up: the demo). */
    async ensureFor(countryCode: string, phone: string, password: string): Promise<void> {
      const userId = (await repos.users.byPhone(countryCode, phone))?.id;
      // A published password is a chosen one: it never works as an apiKey.
      if (userId !== undefined && (await secretOf(userId)) === undefined) await save(userId, password, false);
    },
  };
}
export type SubsonicPasswords = Awaited<ReturnType<typeof createSubsonicPasswords>>;
