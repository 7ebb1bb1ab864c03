import { randomUUID } from 'node:crypto';
import type { MediaUrls } from '../media/urls.ts';
import type { Repos } from '../repos/index.ts';
import type { SessionService } from './accounts/sessions.ts';
import type { Clock } from './rate-windows.ts';

/**
 * QR login (NetEase's /login/qr/*): a device asks for a key and shows the QR of Cloudtune's
 * approval page for it; someone logged in on another device opens it (802 to the poller) and
 * approves (803 with a new session of theirs for the polling device). Keys live in memory for
 * QR_KEY_TTL_MS and log in once: a restart expires them (800), which only asks for a new QR.
 */
export const QR_KEY_TTL_MS = 5 * 60_000;
/** Keys waiting at once, beyond which the oldest are dropped (a flood cannot grow memory). */
const MAX_KEYS = 10_000;

type QrState = { createdAt: number; state: 'waiting' } | { createdAt: number; state: 'scanned' | 'approved'; userId: number };

export type QrCheck =
  | { code: 800 | 801; message: string; cookie: '' }
  | { code: 802; message: string; cookie: ''; nickname: string; avatarUrl: string }
  | { code: 803; message: string; userId: number };

export function createQrLoginService(repos: Repos, sessions: SessionService, clock: Clock) {
  const keys = new Map<string, QrState>();

  function live(key: string): QrState | undefined {
    const found = keys.get(key);
    if (found && clock() - found.createdAt > QR_KEY_TTL_MS) {
      keys.delete(key);
      return undefined;
    }
    return found;
  }

  function prune(): void {
    const now = clock();
    for (const [key, state] of keys) {
      // Insertion order is creation order: the first live one ends the expired run.
      if (now - state.createdAt <= QR_KEY_TTL_MS && keys.size < MAX_KEYS) break;
      keys.delete(key);
    }
  }

  return {
    newKey(): string {
      prune();
      const key = randomUUID();
      keys.set(key, { createdAt: clock(), state: 'waiting' });
      return key;
    },

    /** The approval page's URL for a key (`apiBase` = the API's absolute base for the requesting client). */
    qrUrl: (apiBase: string, key: string): string => `${apiBase}/login/qr/approve?key=${encodeURIComponent(key)}`,

    /** The QR image of a URL, as a PNG data URL (qrcode is loaded on first use). */
    async qrImage(url: string): Promise<string> {
      const { toDataURL } = await import('qrcode');
      return toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
    },

    /** Whether the key can still be approved ('waiting' or 'scanned'); undefined = expired or used. */
    state: (key: string): QrState['state'] | undefined => live(key)?.state,

    /** A logged-in user opened the approval page: the poller sees 802 with their name. */
    scanned(key: string, userId: number): boolean {
      const found = live(key);
      if (!found || found.state === 'approved') return false;
      keys.set(key, { createdAt: found.createdAt, state: 'scanned', userId });
      return true;
    },

    /** The user approved: the next check logs the polling device in as them. false = expired or used. */
    approve(key: string, userId: number): boolean {
      const found = live(key);
      if (!found || found.state === 'approved') return false;
      keys.set(key, { createdAt: found.createdAt, state: 'approved', userId });
      return true;
    },

    /** The poller's answer; 803 uses the key up (the caller starts the session). */
    check(key: string, urls: MediaUrls): QrCheck {
      const found = live(key);
      if (!found) return { code: 800, message: '二维码不存在或已过期', cookie: '' };
      if (found.state === 'waiting') return { code: 801, message: '等待扫码', cookie: '' };
      const user = repos.users.findById(found.userId);
      if (!user) {
        keys.delete(key);
        return { code: 800, message: '二维码不存在或已过期', cookie: '' };
      }
      if (found.state === 'scanned') {
        const avatarUrl = user.avatarHash ? urls.uploadedAvatar(user.avatarHash) : urls.image('avatar', user.id);
        return { code: 802, message: '授权中', cookie: '', nickname: user.nickname, avatarUrl };
      }
      keys.delete(key);
      return { code: 803, message: '授权登陆成功', userId: user.id };
    },

    /** Who the approval page greets. */
    nicknameOf: (userId: number): string => repos.users.findById(userId)?.nickname ?? '',

    /** A session for the device that polled 803. */
    startSession: (userId: number) => sessions.start(userId),
  };
}
export type QrLoginService = ReturnType<typeof createQrLoginService>;
