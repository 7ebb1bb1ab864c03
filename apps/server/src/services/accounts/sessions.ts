import { createHash, randomBytes } from 'node:crypto';
import type { Repos } from '../../repos/index.ts';
import type { SessionRecord } from '../../repos/sessions.ts';
import type { Clock } from '../rate-windows.ts';
import { VersionedMemo } from '../versioned-memo.ts';
import { accountDisabled } from './errors.ts';

/** A login lasts 30 days (the MUSIC_U cookie's Max-Age), unless refreshed or ended. */
export const SESSION_TTL_MS = 30 * 86_400_000;

/**
 * Logins a user keeps at once (phones, browsers, desktop, NetEase apps). A 21st login ends the
 * oldest one, which then answers 301 需要登录 like a logout: a script that logs in in a loop
 * cannot grow the table without bound, and 20 is more devices than a person uses.
 */
export const MAX_SESSIONS_PER_USER = 20;

/** What a request knows about its logged-in user. */
export interface SessionUser {
  /** the user's id (NetEase userId / account.id) */
  id: number;
  /** the session row, so logout and refresh end exactly this login */
  sessionId: number;
}

/** A new login: the token goes into the MUSIC_U cookie and is never stored. */
export interface StartedSession {
  token: string;
  expiresAt: number;
  ttlMs: number;
}

/** Sessions a process keeps read for the database's current version (the logins active at once, give or take). */
const KNOWN_SESSIONS = 10_000;

const TOKEN = /^[0-9a-f]{64}$/;
const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Sessions: random 32-byte tokens, kept as their SHA-256, with an expiry; logout revokes. */
export function createSessionService(repos: Repos, clock: Clock) {
  // Every request with a cookie asks; kept per version, a logout, refresh or login by any process
  // (a write) moves the version, so it is read again then. Expiry is compared at each request.
  const known = new VersionedMemo<SessionRecord | undefined>(KNOWN_SESSIONS);
  return {
    /** Starts a login for `userId`, ending its oldest beyond MAX_SESSIONS_PER_USER (and tidying expired and revoked ones). */
    async start(userId: number): Promise<StartedSession> {
      // Every way in (password, SMS captcha, QR code, registration) ends here: a disabled account gets none.
      if (await repos.users.loginDisabled(userId)) throw accountDisabled();
      const now = clock();
      const token = randomBytes(32).toString('hex');
      const expiresAt = now + SESSION_TTL_MS;
      await repos.sessions.prune(now);
      await repos.sessions.insert({ tokenHash: tokenHash(token), userId, createdAt: now, expiresAt });
      await repos.sessions.keepNewest(userId, MAX_SESSIONS_PER_USER);
      return { token, expiresAt, ttlMs: SESSION_TTL_MS };
    },

    /**
     * The user of a MUSIC_U token, or null (unknown, malformed, expired or revoked). `version`:
     * the request's database version (http/data-version.ts), for a session read at it already.
     */
    async lookup(token: string, version: () => Promise<string>): Promise<SessionUser | null> {
      if (!TOKEN.test(token)) return null;
      const hash = tokenHash(token);
      const session = await known.get(await version(), hash, () => repos.sessions.findUnrevoked(hash));
      return session && session.expiresAt > clock() ? { id: session.userId, sessionId: session.id } : null;
    },

    /**
     * /login/refresh: the login goes on for SESSION_TTL_MS from now under the same token. NetEase
     * keeps the token a client holds valid when it refreshes, and clients rely on it (they ignore
     * the cookie the refresh answers and keep sending theirs), so rotating the token would log them out.
     */
    async extend(user: SessionUser): Promise<Omit<StartedSession, 'token'>> {
      const expiresAt = clock() + SESSION_TTL_MS;
      await repos.sessions.extend(user.sessionId, expiresAt);
      return { expiresAt, ttlMs: SESSION_TTL_MS };
    },

    async end(user: SessionUser): Promise<void> {
      await repos.sessions.revoke(user.sessionId, clock());
    },

    /** Ends every login of a user (their password changed). */
    async endAll(userId: number): Promise<void> {
      await repos.sessions.revokeAllOf(userId, clock());
    },
  };
}
export type SessionService = Awaited<ReturnType<typeof createSessionService>>;
