import { createHash, randomBytes } from 'node:crypto';
import type { Repos } from '../../repos/index.ts';
import type { Clock } from '../rate-windows.ts';
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

const TOKEN = /^[0-9a-f]{64}$/;
const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Sessions: random 32-byte tokens, kept as their SHA-256, with an expiry; logout revokes. */
export function createSessionService(repos: Repos, clock: Clock) {
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

    /** The user of a MUSIC_U token, or null (unknown, malformed, expired or revoked). */
    async lookup(token: string): Promise<SessionUser | null> {
      if (!TOKEN.test(token)) return null;
      const session = await repos.sessions.findLive(tokenHash(token), clock());
      return session ? { id: session.userId, sessionId: session.id } : null;
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
