import { realpath, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { normalizeLrc } from '@cloudtune/lrc';
import type { Db } from '../../db/connection.ts';
import { createRepos, withTx } from '../../repos/index.ts';
import type { ImportFileRecord } from '../../repos/import-files.ts';
import { LocalStorage, type Storage } from '../../media/storage.ts';
import { concurrencyLimit } from '../../media/store.ts';
import { md5OfFile } from '../../media/song-audio.ts';
import { createCatalogWriter, type PreparedTrack } from './catalog-writer.ts';
import { removeUnusedCovers, storeCover } from '../../media/stored-covers.ts';
import { readLyricFile } from './lyric-file.ts';
import { readTrack, UnreadableTrack } from './read-track.ts';
import { findAudioFiles, type FoundFile } from './walk.ts';

export type ImportOutcome = 'added' | 'updated' | 'unchanged' | 'skipped';

export interface ImportProgress {
  /** 1-based position among `total` files found */
  index: number;
  total: number;
  path: string;
  outcome: ImportOutcome;
  /** "Artist – Title" for a written track, the reason for a skipped file */
  detail: string;
}

export interface ImportSummary {
  root: string;
  files: number;
  added: number;
  updated: number;
  removed: number;
  unchanged: number;
  skipped: number;
  /** true when stopped by the signal before the end (nothing was removed) */
  aborted: boolean;
  ms: number;
}

export interface ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
  onWarning?: (message: string) => void;
  signal?: AbortSignal;
  /** files written per transaction */
  batchSize?: number;
  /** where covers taken from the files are stored (the server's storage); default the data directory's media folder */
  storage?: Storage;
}

/** The folder's real path; throws a readable error when it is missing or not a folder. */
export async function musicFolder(folder: string): Promise<string> {
  const root = await realpath(resolve(folder)).catch(() => {
    throw new Error(`${folder}: no such folder`);
  });
  if (!(await stat(root)).isDirectory()) throw new Error(`${folder} is not a folder`);
  return root;
}

/** The one-line report of an import, printed by the CLI and logged by the background scan. */
export const summaryLine = (s: ImportSummary): string =>
  `${s.aborted ? 'Stopped importing' : 'Imported'} ${s.root}: ${s.added} added, ${s.updated} updated, ${s.removed} removed, ` +
  `${s.unchanged} unchanged, ${s.skipped} skipped (${s.ms} ms).`;

type Step = { index: number; file: FoundFile; known: ImportFileRecord | undefined };

/**
 * Imports (or rescans) an import folder into the catalog of `db`. Unchanged files (same size,
 * mtime and sidecar) are not read at all; new and changed ones are read a few at a time and
 * written in batched transactions; files gone from the folder lose their songs. A file that
 * vanished while one with identical content appeared is a move: its song keeps its id.
 */
export async function importFolder(db: Db, dataDir: string, folder: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const root = await musicFolder(folder);
  const { onProgress = () => {}, onWarning = () => {}, signal, batchSize = 25 } = options;
  const repos = createRepos(db);
  // Recorded first: a later rescan (Subsonic's startScan) walks every folder ever imported.
  await repos.importFolders.add(root);
  // The music stays where it is; only the covers taken from it are stored.
  const storage = options.storage ?? new LocalStorage(join(dataDir, 'media'));
  const found = await findAudioFiles(root, onWarning);
  const known = new Map((await repos.importFiles.under(root, sep)).map((r) => [r.path, r]));
  const vanished = new Map(known);
  for (const f of found) vanished.delete(f.path);
  const movable = new Map([...vanished.values()].map((r) => [r.md5, r]));
  const summary: ImportSummary = {
    root,
    files: found.length,
    added: 0,
    updated: 0,
    removed: 0,
    unchanged: 0,
    skipped: 0,
    aborted: false,
    ms: 0,
  };
  const report = (step: Step, outcome: ImportOutcome, detail: string) => {
    summary[outcome]++;
    onProgress({ index: step.index, total: found.length, path: step.file.path, outcome, detail });
  };
  const writer = await createCatalogWriter(repos);
  const limit = concurrencyLimit(2);

  const prepare = async ({ file }: Step): Promise<PreparedTrack | string> => {
    try {
      const info = await readTrack(root, file.path, file.size);
      const [md5, coverHash, sidecar] = await Promise.all([
        md5OfFile(file.path),
        info.picture ? storeCover(storage, info.picture.data) : null,
        file.lyricPath ? readLyricFile(file.lyricPath) : null,
      ]);
      // Stored normalized, so the player shows every timed line and search indexes exactly those.
      // A sidecar without timed lines (plain text) leaves the embedded lyrics in charge.
      return { file, info, md5, coverHash, lrc: (sidecar && normalizeLrc(sidecar)) || info.embeddedLrc };
    } catch (err) {
      return err instanceof UnreadableTrack ? err.message : `cannot read (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
    }
  };

  const flush = async (batch: Step[]) => {
    const prepared = await Promise.all(batch.map((step) => limit(() => prepare(step))));
    const outcomes = await withTx(db, async () => {
      // One file after another: a move found by one file is not found again by the next.
      const result: [ImportOutcome, string][] = [];
      for (const [i, step] of batch.entries()) result.push(await writeStep(step, prepared[i]!));
      await writer.settle();
      return result;
    });
    // Searchable as soon as reported (the server also indexes on a timer).
    await repos.searchIndex.refresh();
    batch.forEach((step, i) => report(step, ...outcomes[i]!));
  };

  const writeStep = async (step: Step, track: PreparedTrack | string): Promise<[ImportOutcome, string]> => {
    if (typeof track === 'string') return ['skipped', track];
    const detail = `${track.info.artists.join('/')} – ${track.info.title}`;
    const { known: before } = step;
    // Touched but identical (same bytes, same sidecar): only the new mtime is recorded.
    if (before && before.md5 === track.md5 && before.lyricStamp === track.file.lyricStamp) {
      await repos.importFiles.restamp(before.path, track.file.mtimeMs);
      await writer.retag(before.songId, track.info);
      return ['unchanged', detail];
    }
    const moved = before ? undefined : movable.get(track.md5);
    if (moved) {
      movable.delete(moved.md5);
      vanished.delete(moved.path);
    }
    const songId = before?.songId ?? moved?.songId;
    await writer.write(track, songId);
    return [songId === undefined ? 'added' : 'updated', detail];
  };

  let batch: Step[] = [];
  for (const [i, file] of found.entries()) {
    if (signal?.aborted) break;
    const step: Step = { index: i + 1, file, known: known.get(file.path) };
    const k = step.known;
    if (k && k.size === file.size && k.mtimeMs === file.mtimeMs && k.lyricStamp === file.lyricStamp) {
      report(step, 'unchanged', '');
      continue;
    }
    batch.push(step);
    if (batch.length >= batchSize) {
      await flush(batch);
      batch = [];
    }
  }
  if (batch.length && !signal?.aborted) await flush(batch);

  if (signal?.aborted) summary.aborted = true;
  else {
    await withTx(db, async () => {
      for (const gone of vanished.values()) await writer.remove(gone.songId);
      await writer.settle();
    });
    await repos.searchIndex.refresh();
    summary.removed = vanished.size;
    await removeUnusedCovers(storage, await repos.storedCovers.referenced());
    await repos.importFolders.scanned(root);
  }
  summary.ms = Math.round(performance.now() - started);
  return summary;
}
