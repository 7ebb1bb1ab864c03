import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords as NetEase clients send them: the MD5 (hex) of the password, hashed on the client
 * (or here, when a client sends `password` in plain). What is stored is a slow, salted scrypt of
 * that MD5 — `scrypt$N$r$p$<salt>$<hash>` (base64url) — never the password nor its MD5.
 *
 * N = 2^14, r = 8, p = 5: OWASP's scrypt minimum in its low-memory form (16 MB, about 0.2 s on
 * one core here). The parameters travel with each hash, so stronger ones can come later while
 * old hashes still verify.
 */
const COST = { N: 2 ** 14, r: 8, p: 5 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const MAX_MEMORY = 64 * 1024 * 1024;

/** The MD5 a NetEase client would send for a plain password. */
export const md5Hex = (password: string): string => createHash('md5').update(password, 'utf8').digest('hex');

function scrypt(secret: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) =>
    scryptCallback(secret, salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** The stored form of a password's MD5 (a fresh random salt each time). */
export async function hashPassword(md5: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(md5, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `md5` is the password behind `stored`, compared in constant time. A malformed hash matches nothing. */
export async function verifyPassword(md5: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((v) => Number.isSafeInteger(v) && v > 0)) return false;
  const expected = Buffer.from(keyText, 'base64url');
  if (expected.length !== KEY_BYTES) return false;
  const actual = await scrypt(md5, Buffer.from(saltText, 'base64url'), cost);
  return timingSafeEqual(actual, expected);
}
