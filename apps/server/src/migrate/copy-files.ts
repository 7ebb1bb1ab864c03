import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import { isMissing, type LocalStorage, type Storage, type StoredEntry } from '../media/storage.ts';

/**
 * What the server can make again, exactly, when it is missing — so a move may leave it behind:
 * rendered demo songs (`audio/`, services/audio.ts) and transcodes (`transcode/`,
 * services/transcode.ts), both re-made when their object is absent although their row remains;
 * generated art (`image/`) and resized covers (`covers/<hash>_<w>x<h>.jpg`, services/images.ts).
 * Everything else — cloud-drive uploads, avatars, covers taken from imported music, podcast
 * episodes, and any key not known here — is copied.
 */
export function isCache(key: string): boolean {
  return /^(audio|transcode|image)\//.test(key) || /^covers\/[0-9a-f]{32}_\d+x\d+\.jpg$/.test(key);
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
};
const contentType = (key: string): string | undefined => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()];

/** Files up to this size are read whole and stored in one request; larger ones are streamed. */
const WHOLE_BYTES = 8 * 1024 * 1024;
/** Files copied (or checked) at once. */
const FILES_AT_ONCE = 4;

export interface SourceFile {
  key: string;
  size: number;
  sha256: string;
}

export interface FileCopyResult {
  /** every file that belongs in the target, with its checksum */
  files: SourceFile[];
  copied: number;
  /** found in the target already, with the same size and checksum */
  skipped: number;
  /** caches left behind */
  leftBehind: number;
  /** false when `signal` stopped it */
  finished: boolean;
}

async function hashStream(stream: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    hash.update(chunk as Buffer);
  }
  return { size, sha256: hash.digest('hex') };
}

/** Runs `work` for each item, `limit` at a time, in order of start; stops starting new ones once `stop()` says so. */
async function eachLimited<T>(items: readonly T[], limit: number, stop: () => boolean, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !stop()) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Copies the data directory's files into the target storage. Each file's checksum is taken from
 * the source first; a file the target already holds — recorded in migration_files by an earlier
 * run with the same size and checksum, and still there with that size — is skipped, so a second
 * run after an interruption copies only what is missing. Each copy is recorded once the target
 * has it whole (storage writes are atomic: never a part of an object).
 */
export async function copyFiles(
  client: pg.ClientBase,
  source: LocalStorage,
  target: Storage,
  { includeCaches = false, signal, log }: { includeCaches?: boolean; signal?: AbortSignal; log?: (line: string) => void } = {},
): Promise<FileCopyResult> {
  const entries: StoredEntry[] = [];
  let leftBehind = 0;
  for await (const entry of source.list('')) {
    if (!includeCaches && isCache(entry.key)) leftBehind++;
    else entries.push(entry);
  }
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const recorded = new Map(
    (await client.query<{ key: string; size: string; sha256: string }>('SELECT key, size, sha256 FROM migration_files')).rows.map((r) => [
      r.key,
      { size: Number(r.size), sha256: r.sha256 },
    ]),
  );
  const files: SourceFile[] = [];
  let copied = 0;
  let skipped = 0;
  await eachLimited(
    entries,
    FILES_AT_ONCE,
    () => signal?.aborted ?? false,
    async ({ key, size }) => {
      const path = source.localPath(key);
      let whole: Buffer | null = null;
      let file: SourceFile;
      try {
        if (size <= WHOLE_BYTES) {
          whole = await readFile(path);
          file = { key, size: whole.length, sha256: createHash('sha256').update(whole).digest('hex') };
        } else {
          file = { key, ...(await hashStream(createReadStream(path))) };
        }
      } catch (err) {
        // Gone since it was listed (a cache evicted by a running server): nothing to copy.
        if (isMissing(err)) return;
        throw err;
      }
      files.push(file);
      const { sha256 } = file;
      const before = recorded.get(key);
      if (before?.size === file.size && before.sha256 === sha256 && (await target.stat(key))?.size === file.size) {
        skipped++;
        return;
      }
      // Bodies past one request's size go up in parts, read from the file again rather than held.
      await target.put(key, whole ?? createReadStream(path, { highWaterMark: 1024 * 1024 }), { contentType: contentType(key) });
      await client.query(
        `INSERT INTO migration_files (key, size, sha256, copied_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (key) DO UPDATE SET size = EXCLUDED.size, sha256 = EXCLUDED.sha256, copied_at = EXCLUDED.copied_at`,
        [key, file.size, sha256, Date.now()],
      );
      copied++;
      if (copied % 100 === 0) log?.(`files: ${copied} copied`);
    },
  );
  files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { files, copied, skipped, leftBehind, finished: !(signal?.aborted ?? false) };
}

export interface FileMismatch {
  key: string;
  why: string;
}

/** Reads every copied file back from the target: the same size and sha256 as the source's, or a mismatch. */
export async function verifyFiles(target: Storage, files: readonly SourceFile[]): Promise<FileMismatch[]> {
  const mismatches: FileMismatch[] = [];
  await eachLimited(
    files,
    FILES_AT_ONCE,
    () => false,
    async (file) => {
      let got: { size: number; sha256: string };
      try {
        got = await hashStream(await target.get(file.key));
      } catch (err) {
        mismatches.push({ key: file.key, why: `cannot be read back: ${(err as Error).message}` });
        return;
      }
      if (got.size !== file.size) mismatches.push({ key: file.key, why: `${got.size} bytes, not ${file.size}` });
      else if (got.sha256 !== file.sha256) mismatches.push({ key: file.key, why: `sha256 ${got.sha256}, not ${file.sha256}` });
    },
  );
  return mismatches.sort((a, b) => (a.key < b.key ? -1 : 1));
}
