import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';

/** A PEM certificate (chain) and its private key, as node:https takes them. */
export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

function read(name: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
    throw new Error(`${name}: cannot read ${path} (${reason})`);
  }
}

/**
 * Reads CLOUDTUNE_TLS_CERT and CLOUDTUNE_TLS_KEY (both or neither; null = plain HTTP) and checks
 * they are PEM and belong together, so a wrong file is a one-line start-up error rather than a
 * crash with a stack on the first connection (docs/decisions/0024-https-and-proxies.md).
 */
export function readTlsFiles(certPath: string | null, keyPath: string | null): TlsFiles | null {
  if (!certPath && !keyPath) return null;
  if (!certPath || !keyPath) {
    throw new Error('CLOUDTUNE_TLS_CERT and CLOUDTUNE_TLS_KEY go together: set both (a PEM certificate and its private key) or neither');
  }
  const cert = read('CLOUDTUNE_TLS_CERT', certPath);
  const key = read('CLOUDTUNE_TLS_KEY', keyPath);
  if (!cert.includes('-----BEGIN CERTIFICATE-----')) throw new Error(`CLOUDTUNE_TLS_CERT: ${certPath} is not a PEM certificate`);
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(key.toString('latin1'))) {
    throw new Error(`CLOUDTUNE_TLS_KEY: ${keyPath} is not a PEM private key`);
  }
  try {
    createSecureContext({ cert, key });
  } catch (err) {
    throw new Error(`CLOUDTUNE_TLS_CERT / CLOUDTUNE_TLS_KEY cannot be used: ${(err as Error).message}`);
  }
  return { cert, key };
}
