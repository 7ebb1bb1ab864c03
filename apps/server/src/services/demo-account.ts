import type { Repos } from '../repos/index.ts';
import { withTx } from '../repos/tx.ts';
import type { AuthService } from './accounts/auth.ts';
import type { Phone } from './accounts/captcha.ts';
import type { Clock } from './rate-windows.ts';
import type { SubsonicPasswords } from './subsonic/passwords.ts';

/** The demo account's published way in (README): its phone, login password and Subsonic app password. */
export interface DemoLogin extends Phone {
  password: string;
  subsonicPassword: string;
}

/**
 * The demo account is open in demo mode only (docs/decisions/0027-running-on-a-network.md).
 * Closed, it keeps what it made — its playlists, follows and plays belong to the catalogue — but
 * has no password, no Subsonic app password and no session, and no login of any kind starts
 * (services/accounts/sessions.ts). Opened again, it gets its published passwords back.
 */
export function createDemoAccountService(repos: Repos, clock: Clock, auth: AuthService, subsonicPasswords: SubsonicPasswords) {
  return {
    /** Demo mode: the published passwords log in (hashed once per data directory) and the account administers the server. */
    async open(userId: number, login: DemoLogin): Promise<void> {
      // A password given to it while it was closed is not the published one.
      if (await repos.users.loginDisabled(userId)) await repos.users.removePassword(userId);
      await auth.setInitialPassword(login, login.password);
      await subsonicPasswords.ensureFor(login.countryCode, login.phone, login.subsonicPassword);
      await withTx(repos.db, async () => {
        await repos.users.setLoginDisabled(userId, false);
        await repos.users.setAdmin(userId, true);
      });
    },

    /** Anything but demo mode: nobody can log in as it, and whoever was logged in is logged out. */
    async close(userId: number): Promise<void> {
      await withTx(repos.db, async () => {
        await repos.users.setLoginDisabled(userId, true);
        await repos.users.removePassword(userId);
        await subsonicPasswords.revoke(userId);
        await repos.sessions.revokeAllOf(userId, clock());
      });
    },
  };
}
export type DemoAccountService = Awaited<ReturnType<typeof createDemoAccountService>>;
