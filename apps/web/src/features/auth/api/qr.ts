import { api } from '../../../lib/api.ts';
import { HttpError } from '../../../lib/http.ts';

/**
 * QR login (the server's /login/qr/*): a key, its QR (the approval page another logged-in device
 * opens) and the poll. The poll's 800/801/802 come back as codes, not failures.
 */
export type QrState = 'waiting' | 'scanned' | 'expired' | 'approved';

export async function newQrCode(): Promise<{ key: string; qrurl: string; qrimg: string }> {
  const { data: keyData } = await api('/login/qr/key');
  const { data } = await api('/login/qr/create', { key: keyData.unikey, qrimg: true });
  return { key: keyData.unikey, ...data };
}

/** The poll's codes (the server's word: a Map, never a member of Object.prototype). */
const STATES = new Map<number, QrState>([
  [800, 'expired'],
  [801, 'waiting'],
  [802, 'scanned'],
]);

/** One poll: 803 (approved) sets the session cookie on this browser. */
export async function checkQr(key: string): Promise<QrState> {
  try {
    await api('/login/qr/check', { key });
    return 'approved';
  } catch (err) {
    if (err instanceof HttpError && err.code === 803) return 'approved';
    const state = err instanceof HttpError ? STATES.get(err.code) : undefined;
    if (state) return state;
    throw err;
  }
}
