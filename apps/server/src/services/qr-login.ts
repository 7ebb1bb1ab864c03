import { randomUUID } from 'node:crypto';
import type { MediaUrls } from '../media/urls.ts';
import { withTx, type Repos } from '../repos/index.ts';
import type { QrKeyState } from '../repos/qr-login-keys.ts';
import type { SessionService } from './accounts/sessions.ts';
import type { Clock } from './rate-windows.ts';

/**
 * QR login (NetEase's /login/qr/*): a device asks for a key and shows the QR of Cloudtune's
 * approval page for it; someone logged in on another device opens it (802 to the poller) and
 * approves (803 with a new session of theirs for the polling device). Keys are kept in the
 * database for QR_KEY_TTL_MS, so any server process on it answers for them, and log in once.
 */
export const QR_KEY_TTL_MS = 5 * 60_000;
/** Keys kept at once, beyond which the oldest are dropped (a flood cannot grow the table). */
const MAX_KEYS = 10_000;

type QrState = QrKeyState;

export type QrCheck =
  | { code: 800 | 801; message: string; cookie: '' }
  | { code: 802; message: string; cookie: ''; nickname: string; avatarUrl: string }
  | { code: 803; message: string; userId: number };

export function createQrLoginService(repos: Repos, sessions: SessionService, clock: Clock) {
  const keys = repos.qrLoginKeys;
  const liveSince = () => clock() - QR_KEY_TTL_MS;

  return {
    async newKey(): Promise<string> {
      const key = randomUUID();
      const now = clock();
      await withTx(repos.db, async () => {
        await keys.prune(now - QR_KEY_TTL_MS, MAX_KEYS - 1);
        await keys.insert(key, now);
      });
      return key;
    },

    /** Drops expired keys (creating a key does it too). */
    async prune(): Promise<void> {
      await keys.prune(liveSince(), MAX_KEYS);
    },

    /** The approval page's URL for a key (`apiBase` = the API's absolute base for the requesting client). */
    qrUrl: (apiBase: string, key: string): string => `${apiBase}/login/qr/approve?key=${encodeURIComponent(key)}`,

    /** The QR image of a URL, as a PNG data URL (qrcode is loaded on first use). */
    async qrImage(url: string): Promise<string> {
      const { toDataURL } = await import('qrcode');
      return toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
    },

    /** Whether the key can still be approved ('waiting' or 'scanned'); undefined = expired or used. */
    state: async (key: string): Promise<QrState | undefined> => (await keys.find(key, liveSince()))?.state,

    /** A logged-in user opened the approval page: the poller sees 802 with their name. */
    scanned: async (key: string, userId: number): Promise<boolean> => await keys.mark(key, 'scanned', userId, liveSince()),

    /** The user approved: the next check logs the polling device in as them. false = expired or used. */
    approve: async (key: string, userId: number): Promise<boolean> => await keys.mark(key, 'approved', userId, liveSince()),

    /** The poller's answer; 803 uses the key up (the caller starts the session). */
    async check(key: string, urls: MediaUrls): Promise<QrCheck> {
      const since = liveSince();
      const found = await keys.find(key, since);
      if (!found) return { code: 800, message: '二维码不存在或已过期', cookie: '' };
      if (found.state === 'waiting') return { code: 801, message: '等待扫码', cookie: '' };
      const user = found.userId === null ? undefined : await repos.users.findById(found.userId);
      if (!user) {
        await keys.remove(key);
        return { code: 800, message: '二维码不存在或已过期', cookie: '' };
      }
      if (found.state === 'scanned') {
        const avatarUrl = user.avatarHash ? urls.uploadedAvatar(user.avatarHash) : urls.image('avatar', user.id);
        return { code: 802, message: '授权中', cookie: '', nickname: user.nickname, avatarUrl };
      }
      // Used once, by whichever poll (on whichever process) deletes it first.
      if (!(await keys.takeApproved(key, since))) return { code: 800, message: '二维码不存在或已过期', cookie: '' };
      return { code: 803, message: '授权登陆成功', userId: user.id };
    },

    /** Who the approval page greets. */
    nicknameOf: async (userId: number): Promise<string> => (await repos.users.findById(userId))?.nickname ?? '',

    /** A session for the device that polled 803. */
    startSession: async (userId: number) => await sessions.start(userId),
  };
}
export type QrLoginService = Awaited<ReturnType<typeof createQrLoginService>>;
