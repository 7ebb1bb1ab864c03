import { randomBytes } from 'node:crypto';
import type { Repos } from '../../repos/index.ts';
import type { Clock } from '../rate-windows.ts';
import { sha256Hex } from './secrets.ts';

/** A user may keep this many keys (one per app or device is the idea). */
export const MAX_API_KEYS = 50;

/** `ctk_` and 32 random bytes in base64url: 256 bits, pasted rather than typed, recognisable when leaked. */
export const newApiKey = (): string => `ctk_${randomBytes(32).toString('base64url')}`;

/**
 * OpenSubsonic API keys (apiKeyAuthentication): made in 设置 → Subsonic (/subsonic/keys/*), named,
 * shown once, several per user, revocable one by one; only their SHA-256 is kept, so unlike the app
 * password (decision 0022) a key cannot be read back. They never expire; each remembers when it was
 * last used (to the minute) so the list shows which apps still use which key.
 */
export function createApiKeys(repos: Repos, clock: Clock) {
  return {
    /** A new key, shown this once. */
    async create(userId: number, name: string) {
      if ((await repos.subsonicApiKeys.count(userId)) >= MAX_API_KEYS) return undefined;
      const key = newApiKey();
      const createdAt = clock();
      const id = await repos.subsonicApiKeys.insert(userId, name, sha256Hex(key), createdAt);
      return { id, name, key, createdAt };
    },
    /** The user's keys, newest first, without the keys themselves. */
    list: async (userId: number) =>
      (await repos.subsonicApiKeys.ofUser(userId)).map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
    /** true when the user had this key; apps using it are refused from now on (44). */
    revoke: async (userId: number, id: number): Promise<boolean> => await repos.subsonicApiKeys.remove(userId, id),
    /** Every key of the user (a closed account's). */
    removeAll: async (userId: number): Promise<void> => await repos.subsonicApiKeys.removeAll(userId),
    /** The user a key belongs to (noting its use), or undefined. */
    async userOf(key: string): Promise<number | undefined> {
      const row = await repos.subsonicApiKeys.byHash(sha256Hex(key));
      if (!row) return undefined;
      await repos.subsonicApiKeys.markUsed(row.id, clock());
      return row.userId;
    },
  };
}
export type ApiKeys = Awaited<ReturnType<typeof createApiKeys>>;
