import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/** One SMS: the code for a phone (country code without `+`, e.g. 86). */
export interface SmsMessage {
  countryCode: string;
  phone: string;
  code: string;
  /** what the person reads */
  text: string;
}

/** Delivers captcha SMS. Rejects when the message could not be handed over. */
export type SmsSender = (message: SmsMessage) => Promise<void>;

/** How long a webhook may take to accept a message. */
const WEBHOOK_TIMEOUT_MS = 10_000;

/** What the person reads: a reset code says it is one, so nobody hands it over thinking it logs them in. */
export const smsText = (code: string, purpose: 'login' | 'reset'): string =>
  purpose === 'reset'
    ? `【Cloudtune】你正在重置登录密码，验证码 ${code}，5 分钟内有效。如非本人操作，请勿告诉任何人，你的密码不会被更改。`
    : `【Cloudtune】验证码 ${code}，用于登录或注册，5 分钟内有效。如非本人操作，请忽略。`;

/** `13800000000` for China, `+1-5551234567` elsewhere. */
const shownPhone = ({ countryCode, phone }: SmsMessage): string => (countryCode === '86' ? phone : `+${countryCode}-${phone}`);

/** The outbox file of a data directory: one `phone code` line per message sent. */
export const smsOutboxFile = (dataDir: string): string => join(dataDir, 'outbox', 'sms.log');

/**
 * Without an SMS gateway: each message becomes a `phone code` line in `<data>/outbox/sms.log`
 * (readable by the server's user only), where whoever runs the server reads the code. The log
 * line says where to look but never holds the code: a log is read and kept by more people than
 * the data dir, and a code lets its reader register or log in as that phone.
 */
export function outboxSmsSender(dataDir: string, log: (line: string) => void): SmsSender {
  const file = smsOutboxFile(dataDir);
  return async (message) => {
    await mkdir(join(dataDir, 'outbox'), { recursive: true });
    await appendFile(file, `${shownPhone(message)} ${message.code}\n`, { mode: 0o600 });
    log(`SMS not sent (no CLOUDTUNE_SMS_WEBHOOK): the captcha for ${shownPhone(message)} is in ${file}`);
  };
}

/** CLOUDTUNE_SMS_WEBHOOK: each message is POSTed as JSON `{countrycode, phone, code, text}`; a 2xx answer means sent. */
export function webhookSmsSender(url: string): SmsSender {
  return async ({ countryCode, phone, code, text }) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ countrycode: countryCode, phone, code, text }),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
  };
}
