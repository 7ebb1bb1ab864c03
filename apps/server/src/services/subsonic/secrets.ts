import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The key app passwords are encrypted with at rest (AES-256-GCM): CLOUDTUNE_SECRET_KEY (64 hex
 * digits or base64 of 32 bytes) when set, else `<data>/secret.key`, made on first use (mode 0600).
 * A stolen database alone then reveals no password a Subsonic client could use.
 */
export const SECRET_KEY_FILE = 'secret.key';

export function loadSecretKey(dataDir: string, fromEnv: string | undefined = process.env.CLOUDTUNE_SECRET_KEY): Buffer {
  if (fromEnv) {
    const key = /^[0-9a-fA-F]{64}$/.test(fromEnv) ? Buffer.from(fromEnv, 'hex') : Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('CLOUDTUNE_SECRET_KEY must be 32 bytes (64 hex digits or base64)');
    return key;
  }
  const file = join(dataDir, SECRET_KEY_FILE);
  if (!existsSync(file)) {
    // Written whole under a name of its own, then linked into place: of two processes starting
    // together on one data directory, one makes it and the other reads it, never half of it.
    mkdirSync(dirname(file), { recursive: true });
    const made = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    writeFileSync(made, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    chmodSync(made, 0o600);
    try {
      linkSync(made, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(made);
    }
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length === 32) return key;
  throw new Error(`${file} must hold 64 hex digits`);
}

/** `iv.tag.ciphertext`, each base64url. */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/** The plain text, or undefined when it was not encrypted with this key (a changed key: the user makes a new one). */
export function decryptSecret(key: Buffer, sealed: string): string | undefined {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
export const md5Hex = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');
