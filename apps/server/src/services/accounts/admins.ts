import type { Repos } from '../../repos/index.ts';
import type { Phone } from './captcha.ts';

/**
 * Who administers the server (docs/decisions/0027-running-on-a-network.md): the accounts whose
 * phone CLOUDTUNE_ADMIN names; when it names none, the first account registered on a server where
 * no account that can log in administers it; and in demo mode the demo account (demo-account.ts).
 * Naming phones turns the first-registered rule off, so a stranger who registers before the named
 * owner never becomes one. Being an administrator outlives the setting; a disabled account is none.
 */
export function createAdminService(repos: Repos, named: readonly Phone[]) {
  const isNamed = (p: Phone): boolean => named.some((n) => n.countryCode === p.countryCode && n.phone === p.phone);

  return {
    isAdmin: async (userId: number): Promise<boolean> => await repos.users.isAdmin(userId),

    /**
     * At start: the named accounts become administrators (and, when none is named, the earliest
     * registered account of a server left without one, e.g. after the demo account closed).
     * Returns the named phones no account has yet.
     */
    async applyAtStart(): Promise<Phone[]> {
      const missing: Phone[] = [];
      for (const p of named) {
        const found = await repos.users.byPhone(p.countryCode, p.phone);
        if (found) await repos.users.setAdmin(found.id, true);
        else missing.push(p);
      }
      if (named.length === 0 && !(await repos.users.hasAdmin())) {
        const first = await repos.users.firstRegisteredId();
        if (first !== null) await repos.users.setAdmin(first, true);
      }
      return missing;
    },

    /** A new account (inside its registration's transaction) administers when named, or when nobody does and nobody is named. */
    async registered(userId: number, phone: Phone): Promise<void> {
      if (isNamed(phone) || (named.length === 0 && !(await repos.users.hasAdmin()))) await repos.users.setAdmin(userId, true);
    },
  };
}
export type AdminService = Awaited<ReturnType<typeof createAdminService>>;
