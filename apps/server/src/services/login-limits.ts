import { isIP } from 'node:net';
import type { Repos } from '../repos/index.ts';
import { withWriteTx } from '../repos/index.ts';
import type { Clock } from './rate-windows.ts';

/**
 * Failed logins slow the one failing, never lock out the owner (docs/decisions/0026-login-limits-and-captcha.md).
 * Every failed credential check — a wrong password (NetEase or Subsonic), a wrong SMS code, an
 * unknown account or API key — is a row in SQLite (repos/login-failures.ts), and three rules read them:
 *
 * - an address: 10 failures within 15 minutes, on any accounts, and every attempt from it waits
 *   until the oldest of those is 15 minutes old;
 * - an address and an account: once the address has failed on the account (within 24 hours), each
 *   next attempt of it on that account waits after its last failure a delay that grows with the
 *   account's failures from everywhere in 24 hours: none for the first 3, then 1 s doubling up to 15
 *   minutes. An address that has not failed on the account does not wait: the owner logging in from
 *   their own device gets in, however many failures an attacker piled up elsewhere;
 * - a phone: 10 wrong SMS codes within 24 hours, and no code of that phone is checked (or sent)
 *   until the oldest is a day old — the only cap an attacker with many addresses cannot spread.
 *
 * A refused attempt is not checked and not counted. A success forgets that address's failures on
 * that account (the owner's typos), not the account's other failures.
 */
export const ADDRESS_FAILURE_LIMIT = 10;
export const ADDRESS_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_WINDOW_MS = 24 * 3_600_000;
export const FREE_ACCOUNT_FAILURES = 3;
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 15 * 60_000;
export const PHONE_CAPTCHA_FAILURE_LIMIT = 10;
export const PHONE_WINDOW_MS = 24 * 3_600_000;
/** Rows kept at most (~20 MB with indexes); beyond, the oldest go first. */
export const MAX_FAILURE_ROWS = 100_000;

/** The delay an address that failed on an account waits after its last failure, when the account has `failures` in 24 hours. */
export const accountDelayMs = (failures: number): number =>
  failures < FREE_ACCOUNT_FAILURES ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_ACCOUNT_FAILURES));
/** Failures past which the delay no longer grows: the account count stops there. */
const ACCOUNT_COUNT_CAP = FREE_ACCOUNT_FAILURES + Math.ceil(Math.log2(MAX_DELAY_MS / FIRST_DELAY_MS)) + 1;

/**
 * The key failures of an address are counted under: an IPv4 address as it is, an IPv6 one by its
 * /64 (one subscriber's network: otherwise each of its 2^64 addresses would start clean).
 */
export function addressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIP(bare) !== 6) return bare;
  const groups = (part: string) => (part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])));
  const [head = '', tail] = bare.split('::');
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Who is trying what: the client's address, the account (when it exists) and the phone whose SMS code is checked. */
export interface LoginAttempt {
  address?: string;
  userId?: number;
  /** `86 13900000001` */
  phone?: string;
}

/** Which rule refused an attempt, and for how long. */
export interface LoginRefusal {
  rule: 'address' | 'account' | 'phone';
  retryAfterMs: number;
}

export interface LoginVerdict {
  refusal: LoginRefusal | null;
  /** the address has failed on the account: a success forgets those failures */
  pairFailed: boolean;
}

export function createLoginLimits(repos: Repos, clock: Clock) {
  const failures = repos.loginFailures;

  async function judge(attempt: LoginAttempt): Promise<LoginVerdict> {
    const now = clock();
    const address = attempt.address === undefined ? null : addressKey(attempt.address);
    const state = await failures.state({
      address,
      userId: attempt.userId ?? null,
      phone: attempt.phone ?? null,
      addressSince: now - ADDRESS_WINDOW_MS,
      addressNth: ADDRESS_FAILURE_LIMIT - 1,
      accountSince: now - ACCOUNT_WINDOW_MS,
      accountCap: ACCOUNT_COUNT_CAP,
      phoneSince: now - PHONE_WINDOW_MS,
      phoneNth: PHONE_CAPTCHA_FAILURE_LIMIT - 1,
    });
    const until: [LoginRefusal['rule'], number][] = [];
    if (state.addressNth !== null) until.push(['address', state.addressNth + ADDRESS_WINDOW_MS]);
    if (state.pairLast !== null) until.push(['account', state.pairLast + accountDelayMs(state.accountFailures)]);
    if (state.phoneNth !== null) until.push(['phone', state.phoneNth + PHONE_WINDOW_MS]);
    const [rule, last] = until.reduce((a, b) => (b[1] > a[1] ? b : a), ['address', now] as [LoginRefusal['rule'], number]);
    return { refusal: last > now ? { rule, retryAfterMs: last - now } : null, pairFailed: state.pairLast !== null };
  }

  async function record(attempt: LoginAttempt): Promise<number> {
    const now = clock();
    const id = await failures.record({
      at: now,
      address: attempt.address === undefined ? '' : addressKey(attempt.address),
      userId: attempt.userId ?? null,
      phone: attempt.phone ?? null,
    });
    await failures.prune(now - Math.max(ADDRESS_WINDOW_MS, ACCOUNT_WINDOW_MS, PHONE_WINDOW_MS), MAX_FAILURE_ROWS);
    return id;
  }

  return {
    /** Whether the attempt may be checked now (one query). For checks that do not wait on anything in between. */
    check: judge,

    /** Counts a failed check. */
    async fail(attempt: LoginAttempt): Promise<void> {
      await record(attempt);
    },

    /** After a successful check: the address's failures on the account are forgotten. */
    async succeed(attempt: LoginAttempt, verdict: LoginVerdict): Promise<void> {
      if (verdict.pairFailed && attempt.userId !== undefined && attempt.address !== undefined) {
        await failures.forgetPair(attempt.userId, addressKey(attempt.address));
      }
    },

    /**
     * For a check that awaits (a password hash): the attempt is judged and, when allowed, counted as
     * failed at once, so requests sent side by side see each other instead of all passing the same
     * judgement. `settle(true)` on success takes the failure back.
     */
    async reserve(attempt: LoginAttempt): Promise<{ refusal: LoginRefusal } | { refusal: null; settle(ok: boolean): void }> {
      return await withWriteTx(repos.db, async () => {
        const verdict = await judge(attempt);
        if (verdict.refusal) return { refusal: verdict.refusal };
        const id = await record(attempt);
        return {
          refusal: null,
          async settle(ok: boolean) {
            if (!ok) return;
            await failures.remove(id);
            if (attempt.userId !== undefined && attempt.address !== undefined)
              await failures.forgetPair(attempt.userId, addressKey(attempt.address));
          },
        };
      });
    },
  };
}
export type LoginLimits = Awaited<ReturnType<typeof createLoginLimits>>;
