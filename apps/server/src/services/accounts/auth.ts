import { randomInt } from 'node:crypto';
import { ApiError } from '../../errors.ts';
import type { MediaUrls } from '../../media/urls.ts';
import type { Repos } from '../../repos/index.ts';
import type { Credentials, UserRecord } from '../../repos/users.ts';
import { withTx } from '../../repos/tx.ts';
import type { LoginLimits } from '../login-limits.ts';
import type { Clock } from '../rate-windows.ts';
import type { AdminService } from './admins.ts';
import type { CaptchaService, Client, Phone } from './captcha.ts';
import { nicknameTaken, noSuchAccount, phoneTaken, tooManyFailures, wrongPassword } from './errors.ts';
import { hashPassword, md5Hex, verifyPassword } from './passwords.ts';
import type { SessionService, SessionUser, StartedSession } from './sessions.ts';
import { accountObject, bindingsOf } from './shapes.ts';
import type { ProfileService } from './profile.ts';

export type { Client } from './captcha.ts';

/** A password as sent: `md5_password` (hex) wins over a plain `password`, as in the reference. */
export interface PasswordInput {
  password?: string;
  md5_password?: string;
}

/** The login body (login_cellphone.json), less the `cookie` string the HTTP layer adds. */
async function loginBody(profiles: ProfileService, u: UserRecord, c: Credentials, urls: MediaUrls) {
  return {
    loginType: c.phone !== null ? 1 : 0,
    code: 200 as const,
    account: accountObject(u, c),
    // NetEase's token is another credential; Cloudtune's only one is the MUSIC_U cookie.
    token: '',
    profile: await profiles.profileFor(u, u.id, urls),
    bindings: bindingsOf(u, c),
  };
}

export interface LoginResult {
  session: StartedSession;
  body: Awaited<ReturnType<typeof loginBody>>;
}

const md5Of = (input: PasswordInput): string | undefined =>
  input.md5_password ?? (input.password !== undefined ? md5Hex(input.password) : undefined);

/**
 * Registration, login, password resets and logout. Failed logins and codes are limited by
 * services/login-limits.ts: a refused attempt is answered 509 with when to retry, without spending
 * a password hash on it.
 */
export function createAuthService(
  repos: Repos,
  clock: Clock,
  captchas: CaptchaService,
  sessions: SessionService,
  profiles: ProfileService,
  admins: AdminService,
  limits: LoginLimits,
) {
  async function loggedIn(c: Credentials, urls: MediaUrls): Promise<LoginResult> {
    const user = (await repos.users.findById(c.id))!;
    return { session: await sessions.start(c.id), body: await loginBody(profiles, user, c, urls) };
  }

  /** The password check behind both logins, with the failure limits around it. */
  async function passwordLogin(found: Credentials | undefined, md5: string, client: Client, wrong: () => ApiError, urls: MediaUrls) {
    const attempt = await limits.reserve({ address: client.ip, userId: found?.id });
    if (attempt.refusal) throw tooManyFailures(attempt.refusal, 'password');
    if (!found) {
      attempt.settle(false);
      throw noSuchAccount();
    }
    const ok = found.passwordHash !== null && (await verifyPassword(md5, found.passwordHash));
    attempt.settle(ok);
    if (!ok) throw wrong();
    return await loggedIn(found, urls);
  }

  /** A nickname nobody holds: the one asked for, or a generated 云音乐用户NNNNNN when none was given. */
  async function freeNickname(asked: string | undefined): Promise<string> {
    if (asked) {
      if ((await repos.users.nicknameOwner(asked)) !== undefined) throw nicknameTaken();
      return asked;
    }
    for (;;) {
      const made = `云音乐用户${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
      if ((await repos.users.nicknameOwner(made)) === undefined) return made;
    }
  }

  return {
    /** /cellphone/existence/check: exist 1 with the account's public face, or -1. */
    async existence(target: Phone, urls: MediaUrls) {
      const found = await repos.users.byPhone(target.countryCode, target.phone);
      const user = found && (await repos.users.findById(found.id));
      if (!found || !user)
        return { code: 200 as const, exist: -1, nickname: null, hasPassword: false, avatarUrl: null, hasSnsBinded: false };
      return {
        code: 200 as const,
        exist: 1,
        nickname: user.nickname,
        hasPassword: found.passwordHash !== null,
        avatarUrl: (await profiles.profileFor(user, null, urls)).avatarUrl,
        hasSnsBinded: false,
        countryCode: found.countryCode,
        cellphone: found.phone,
      };
    },

    /**
     * /register/cellphone: a new account with an empty liked-songs playlist, logged in. A phone
     * that has an account is refused (505) before its code is looked at: registering never resets
     * a password (resetPassword does, asked for as such).
     */
    async register(
      input: Phone & { captcha: string; password: string; nickname?: string },
      client: Client,
      urls: MediaUrls,
    ): Promise<LoginResult> {
      if (await repos.users.byPhone(input.countryCode, input.phone)) throw phoneTaken();
      const nickname = await freeNickname(input.nickname);
      await captchas.consume(input, input.captcha, 'login', client);
      const hash = await hashPassword(md5Hex(input.password));
      const now = clock();
      const id = await withTx(repos.db, async () => {
        if ((await repos.users.nicknameOwner(nickname)) !== undefined) throw nicknameTaken();
        // Registered meanwhile by another request with its own code.
        if (await repos.users.byPhone(input.countryCode, input.phone)) throw phoneTaken();
        const userId = await repos.users.insert({ nickname, createdAt: now });
        await repos.users.setContact(userId, { countryCode: input.countryCode, phone: input.phone, email: null });
        await repos.users.setPasswordHash(userId, hash);
        await admins.registered(userId, input);
        await repos.playlists.insertLikedSongs({ id: userId, nickname, createdAt: now }, now);
        return userId;
      });
      return await loggedIn((await repos.users.credentials(id))!, urls);
    },

    /** /login/cellphone: by password (plain or MD5) or by an SMS captcha. */
    async loginByPhone(input: Phone & PasswordInput & { captcha?: string }, client: Client, urls: MediaUrls): Promise<LoginResult> {
      const found = await repos.users.byPhone(input.countryCode, input.phone);
      if (input.captcha !== undefined && input.md5_password === undefined && input.password === undefined) {
        if (!found) {
          // Like a password login of an unknown account: the address's window counts it.
          const verdict = await limits.check({ address: client.ip });
          if (verdict.refusal) throw tooManyFailures(verdict.refusal, 'captcha');
          await limits.fail({ address: client.ip });
          throw noSuchAccount();
        }
        await captchas.consume(input, input.captcha, 'login', client);
        return await loggedIn(found, urls);
      }
      const md5 = md5Of(input);
      if (md5 === undefined) throw new ApiError(400, 'password or md5_password is required');
      return passwordLogin(found, md5, client, wrongPassword, urls);
    },

    /** /login: by email and password; a wrong one reads 账号或密码错误 as the reference's. */
    async loginByEmail(input: { email: string } & PasswordInput, client: Client, urls: MediaUrls): Promise<LoginResult> {
      const md5 = md5Of(input);
      if (md5 === undefined) throw new ApiError(400, 'password or md5_password is required');
      return passwordLogin(await repos.users.byEmail(input.email), md5, client, () => wrongPassword('账号或密码错误'), urls);
    },

    /**
     * /password/reset: a new password for the phone's account, with a code sent for a reset
     * (/captcha/sent?purpose=reset). Every login of the account ends; the person logs in anew.
     */
    async resetPassword(input: Phone & { captcha: string; password: string }, client: Client) {
      const found = await repos.users.byPhone(input.countryCode, input.phone);
      if (!found) throw noSuchAccount();
      await captchas.consume(input, input.captcha, 'reset', client);
      const hash = await hashPassword(md5Hex(input.password));
      await withTx(repos.db, async () => {
        await repos.users.setPasswordHash(found.id, hash);
        await sessions.endAll(found.id);
      });
      return { code: 200 as const };
    },

    /** /login/status: always 200; account and profile are null when nobody is logged in. */
    async status(user: SessionUser | null, urls: MediaUrls) {
      const record = user && (await repos.users.findById(user.id));
      const credentials = user && (await repos.users.credentials(user.id));
      if (!record || !credentials) return { data: { code: 200, account: null, profile: null } };
      return {
        data: { code: 200, account: accountObject(record, credentials), profile: await profiles.profileFor(record, record.id, urls) },
      };
    },

    /** /login/refresh: the current login lasts another 30 days, its token unchanged (docs/decisions/0029). */
    async refresh(user: SessionUser): Promise<Omit<StartedSession, 'token'>> {
      return await sessions.extend(user);
    },

    async logout(user: SessionUser | null) {
      if (user) await sessions.end(user);
      return { code: 200 as const };
    },

    /** Gives an account without a password this one (the demo account, on start). */
    async setInitialPassword(target: Phone, password: string): Promise<void> {
      const found = await repos.users.byPhone(target.countryCode, target.phone);
      if (!found || found.passwordHash !== null) return;
      const hash = await hashPassword(md5Hex(password));
      await repos.users.setPasswordHash(found.id, hash);
    },
  };
}
export type AuthService = Awaited<ReturnType<typeof createAuthService>>;
