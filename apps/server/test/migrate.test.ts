import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { migrateCommand } from '../src/cli/migrate.ts';
import { PostgresDatabase } from '../src/db/postgres.ts';
import { openStorage } from '../src/media/open-storage.ts';
import { readObject, type S3StorageConfig, type Storage } from '../src/media/storage.ts';
import { formatReport, migrateLibrary, MigrateError, type MigrateOptions } from '../src/migrate/index.ts';
import { call, register, type Json } from './account-helpers.ts';
import { freshDataDir } from './helpers.ts';
import { runFfmpeg } from './import-media.ts';
import { testDatabases, testPostgresCluster, type TestDatabases } from './postgres-databases.ts';
import { startS3Server, TEST_BUCKET, type TestS3Server } from './s3-server.ts';

/**
 * `cloudtune migrate`: a real SQLite library (the demo catalogue, and a registered user with a
 * cloud upload, an avatar, a playlist and likes) moved into a real throwaway PostgreSQL cluster
 * and a real S3-protocol server (s3rver); a server built on the copy answers as the original did.
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
let cluster: Awaited<ReturnType<typeof testPostgresCluster>>;
let databases: TestDatabases;
let s3: TestS3Server;
let sourceDir: string;
let session: string;
let userId: number;
let playlistId: number;
let cloudSongId: number;
let cloudBytes: Buffer;
/** what the original server answered, to compare with a server on the copy */
const before: Record<string, Json> = {};
/** sha256 of the library file and of every media file, before any move */
let sourceBytes: Record<string, string>;
const dirs: string[] = [];
const opened: { close(): unknown }[] = [];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** sha256 of cloudtune.db and of every file under media/, by path (SQLite's -wal/-shm are a reader's, not the library's). */
function fingerprint(dataDir: string): Record<string, string> {
  const out: Record<string, string> = { 'cloudtune.db': sha256(readFileSync(join(dataDir, 'cloudtune.db'))) };
  const media = join(dataDir, 'media');
  for (const entry of readdirSync(media, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      out[relative(dataDir, join(entry.parentPath, entry.name))] = sha256(readFileSync(join(entry.parentPath, entry.name)));
  }
  return out;
}

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----cloudtune-migrate-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: `MUSIC_U=${session}` },
  };
}

async function ok(app: FastifyInstance, url: string): Promise<Json> {
  const res = await call(app, `/api${url}`, { session });
  expect(res.status, url).toBe(200);
  return res.body as Json;
}

/** The answers compared before and after the move (a timestamp of the moment left out). */
async function answers(app: FastifyInstance): Promise<Record<string, Json>> {
  const likes = await ok(app, `/likelist?uid=${userId}`);
  return {
    playlist: await ok(app, `/playlist/detail?id=${playlistId}`),
    cloud: await ok(app, '/user/cloud?limit=30'),
    likes: likes.ids as Json,
    account: await ok(app, '/user/account'),
    // The search index is not copied: the target builds its own from the copied catalogue.
    search: await ok(app, `/search?keywords=${encodeURIComponent('的')}&type=1&limit=30`),
    searchPlaylists: await ok(app, `/search?keywords=${encodeURIComponent('歌')}&type=1000&limit=30`),
    searchArtists: await ok(app, `/search?keywords=zh&type=100&limit=30`),
  };
}

beforeAll(async () => {
  [cluster, s3] = await Promise.all([testPostgresCluster(), startS3Server()]);
  databases = testDatabases(cluster.url);
  const work = mkdtempSync(join(tmpdir(), 'cloudtune-migrate-audio-'));
  dirs.push(work);
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'sine=frequency=523:duration=2'],
    ...['-metadata', 'title=搬家之歌', '-metadata', 'artist=搬家的人', '-b:a', '128k', join(work, 'move.mp3')],
  ]);
  cloudBytes = readFileSync(join(work, 'move.mp3'));

  sourceDir = freshDataDir();
  dirs.push(sourceDir);
  // The library is SQLite's whatever the environment says: that is what is being moved.
  const app = await buildApp({ dataDir: sourceDir, databaseUrl: null, demo: true });
  try {
    session = await register(app, sourceDir, '13700000301', 'moving-day', '搬家的人');
    userId = (await ok(app, '/user/account')).account.id as number;
    const upload = await app.inject({ method: 'POST', url: '/api/cloud', ...multipart('songFile', 'move.mp3', 'audio/mpeg', cloudBytes) });
    expect(upload.statusCode).toBe(200);
    cloudSongId = (await ok(app, '/user/cloud')).data[0].songId as number;
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c03d5a' } })
      .png()
      .toBuffer();
    const avatar = await app.inject({ method: 'POST', url: '/api/avatar/upload', ...multipart('imgFile', 'me.png', 'image/png', png) });
    expect(avatar.statusCode).toBe(200);
    playlistId = (await ok(app, `/playlist/create?name=${encodeURIComponent('搬家歌单')}`)).id as number;
    const songs = ((await ok(app, '/top/song?type=0')).data as { id: number }[]).map((s) => s.id);
    expect(songs.length).toBeGreaterThanOrEqual(5);
    await ok(app, `/playlist/tracks?op=add&pid=${playlistId}&tracks=${songs.slice(0, 4).join(',')}`);
    for (const id of songs.slice(2, 5)) await ok(app, `/like?id=${id}&like=true`);
    // A cache file (generated art): left behind by default, made again by the new server.
    expect((await app.inject({ method: 'GET', url: `/api/media/image/playlist/${playlistId}.jpg` })).statusCode).toBe(200);
    Object.assign(before, await answers(app));
  } finally {
    await app.close();
  }
  expect(before.cloud!.data).toHaveLength(1);
  expect(before.likes).toHaveLength(3);
  sourceBytes = fingerprint(sourceDir);
  expect(Object.keys(sourceBytes).some((p) => p.startsWith('media/cloud/'))).toBe(true);
  expect(Object.keys(sourceBytes).some((p) => p.startsWith('media/avatars/'))).toBe(true);
  expect(Object.keys(sourceBytes).some((p) => p.startsWith('media/image/'))).toBe(true);
}, 120_000);

afterAll(async () => {
  for (const o of opened) await o.close();
  await databases?.dropAll();
  await s3?.close();
  await cluster?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function target(): Promise<{ url: string; db: PostgresDatabase }> {
  const url = await databases.create();
  const db = new PostgresDatabase(url, { max: 2 });
  opened.push(db);
  return { url, db };
}

async function s3Storage(): Promise<{ config: S3StorageConfig; storage: Storage }> {
  const config = s3.config();
  const storage = await openStorage(config, sourceDir);
  opened.push(storage);
  return { config, storage };
}

const count = async (db: PostgresDatabase, table: string) => Number(await db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get());

describe('cloudtune migrate', () => {
  it('moves the library and its files: every table and file the same, the source untouched, a server on the copy answers alike', async () => {
    const { url, db } = await target();
    const { config, storage } = await s3Storage();
    const started = performance.now();
    const report = await migrateLibrary({ dataDir: sourceDir, target: db, storage });
    const ms = performance.now() - started;
    console.log(
      `migrate: the demo library (${report.tables.find((t) => t.table === 'songs')?.source.rows} songs) moved in ${Math.round(ms)} ms`,
    );

    expect(report.finished).toBe(true);
    expect(report.tables.filter((t) => !t.ok)).toEqual([]);
    expect(report.ok).toBe(true);
    const rowsOf = (table: string) => report.tables.find((t) => t.table === table)!;
    for (const table of ['users', 'artists', 'albums', 'songs', 'playlists', 'playlist_tracks', 'cloud_songs', 'sessions', 'song_genres']) {
      expect(rowsOf(table).source.rows, table).toBeGreaterThan(0);
      expect(rowsOf(table).target).toEqual(rowsOf(table).source);
    }
    // Parents first: a table comes after those its foreign keys name.
    const order = report.tables.map((t) => t.table);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('playlists'));
    expect(order.indexOf('songs')).toBeLessThan(order.indexOf('playlist_tracks'));
    expect(order).not.toContain('schema_migrations');
    // The index is built again on the target; what people searched for (the 热搜 counts) is copied.
    expect(order.filter((t) => t.startsWith('search_'))).toEqual(['search_keywords']);
    expect(rowsOf('search_keywords').source.rows).toBeGreaterThan(0);
    expect(rowsOf('search_keywords').target).toEqual(rowsOf('search_keywords').source);
    // Among them the searches made on the source before the move (counted, written at its close).
    const searched = await db.prepare<[], string>('SELECT shown FROM search_keywords').pluck().all();
    expect(searched).toEqual(expect.arrayContaining(['的', '歌', 'zh']));

    // Files: what cannot be made again is copied and read back the same; caches stay behind.
    const keys = report.files!.files.map((f) => f.key);
    expect(keys.some((k) => k.startsWith('cloud/'))).toBe(true);
    expect(keys.some((k) => k.startsWith('avatars/'))).toBe(true);
    expect(keys.some((k) => k.startsWith('image/'))).toBe(false);
    expect(report.files!.leftBehind).toBeGreaterThan(0);
    expect(report.files!.mismatches).toEqual([]);
    for (const key of keys) {
      expect(sha256(await readObject(storage, key)), key).toBe(sourceBytes[`media/${key}`]);
    }

    // The source's bytes are as they were: the library file and every media file.
    expect(fingerprint(sourceDir)).toEqual(sourceBytes);
    const wal = join(sourceDir, 'cloudtune.db-wal');
    if (existsSync(wal)) expect(statSync(wal).size).toBe(0);

    // Sequences continue past the copied ids.
    const maxUser = Number(await db.prepare('SELECT MAX(id) FROM users').pluck().get());
    const added = await db.run('INSERT INTO users (nickname, created_at) VALUES (?, ?)', '新来的', Date.now());
    expect(added.lastInsertId).toBe(maxUser + 1);
    await db.run('DELETE FROM users WHERE id = ?', added.lastInsertId);

    // Run again before any server writes to the copy: nothing left to copy, everything checked again.
    const again = await migrateLibrary({ dataDir: sourceDir, target: db, storage });
    expect(again.state).toBe('resumed');
    expect(again.ok).toBe(true);
    expect(again.files).toMatchObject({ copied: 0, skipped: keys.length });

    // A server on the copy (its data directory empty: the files are in S3) answers as the original.
    const emptyDir = freshDataDir();
    dirs.push(emptyDir);
    const app = await buildApp({ dataDir: emptyDir, databaseUrl: url, storage: config, demo: true });
    try {
      const after = await answers(app);
      expect(after.playlist).toEqual(before.playlist);
      expect(after.cloud).toEqual(before.cloud);
      expect(after.likes).toEqual(before.likes);
      expect(after.account).toEqual(before.account);
      expect((after.search as { result: { songCount: number } }).result.songCount).toBeGreaterThan(0);
      expect([after.search, after.searchPlaylists, after.searchArtists]).toEqual([
        before.search,
        before.searchPlaylists,
        before.searchArtists,
      ]);
      // The uploaded song plays from the bucket, byte for byte.
      const songUrl = (await ok(app, `/song/url?id=${cloudSongId}`)).data[0].url as string;
      const song = await app.inject({
        method: 'GET',
        url: new URL(songUrl).pathname + new URL(songUrl).search,
        headers: { cookie: `MUSIC_U=${session}` },
      });
      expect(song.statusCode).toBe(200);
      expect(song.rawPayload.equals(cloudBytes)).toBe(true);
    } finally {
      await app.close();
    }

    // A copy changed since (here by hand) no longer matches: the check says where, and fails.
    await db.run("UPDATE playlists SET name = '改过的' WHERE id = ?", playlistId);
    const changed = await migrateLibrary({ dataDir: sourceDir, target: db, storage });
    expect(changed.ok).toBe(false);
    expect(changed.tables.filter((t) => !t.ok).map((t) => t.table)).toContain('playlists');
    const printed = formatReport(changed);
    expect(printed.find((line) => line.startsWith('playlists '))).toMatch(/ DIFFERENT$/);
    expect(printed.at(-1)).toMatch(/^The copy differs from the library/);
  });

  it('an interrupted move goes on where it stopped, copying no row twice', async () => {
    const { db } = await target();
    const { storage } = await s3Storage();
    const controller = new AbortController();
    const first: string[] = [];
    const options: MigrateOptions = { dataDir: sourceDir, target: db, storage, batchRows: 50 };
    const stopped = await migrateLibrary({
      ...options,
      signal: controller.signal,
      onBatch: ({ table }) => {
        first.push(table);
        if (first.length === 12) controller.abort();
      },
    });
    expect(stopped).toMatchObject({ finished: false, ok: false });
    expect(first).toHaveLength(12);
    const progress = await db.all<{ table_name: string; rows: number; done: number }>(
      'SELECT table_name, rows, done FROM migration_progress',
    );
    const partial = progress.find((p) => p.done === 0);
    expect(partial).toBeDefined();
    // Exactly what the progress says is there.
    expect(await count(db, partial!.table_name)).toBe(Number(partial!.rows));
    expect(await count(db, 'migration_files')).toBe(0);

    const second: string[] = [];
    const resumed = await migrateLibrary({ ...options, onBatch: ({ table }) => second.push(table) });
    expect(resumed.state).toBe('resumed');
    expect(resumed.tables.filter((t) => !t.ok)).toEqual([]);
    expect(resumed.ok).toBe(true);
    // Nothing copied twice: the finished tables were not read again, the stopped one went on.
    const finishedFirst = progress.filter((p) => p.done === 1).map((p) => p.table_name);
    expect(second.filter((t) => finishedFirst.includes(t))).toEqual([]);
    const songs = resumed.tables.find((t) => t.table === 'songs')!;
    expect(songs.target.rows).toBe(songs.source.rows);
    expect(Number(await db.prepare('SELECT COUNT(DISTINCT id) FROM songs').pluck().get())).toBe(songs.source.rows);
  });

  it('starts afresh with --restart, and refuses a database holding a library of its own, writing nothing', async () => {
    const { db } = await target();
    const restarted = await migrateLibrary({ dataDir: sourceDir, target: db, restart: true });
    expect(restarted).toMatchObject({ state: 'new', ok: true, files: null });
    const again = await migrateLibrary({ dataDir: sourceDir, target: db, restart: true });
    expect(again).toMatchObject({ state: 'restarted', ok: true });

    const other = await target();
    await other.db.run('INSERT INTO users (nickname, created_at) VALUES (?, ?)', '别人', Date.now());
    const refused = migrateLibrary({ dataDir: sourceDir, target: other.db });
    await expect(refused).rejects.toThrow(MigrateError);
    await expect(refused).rejects.toThrow(/already holds a library that this command did not copy \(users: 1 rows\)/);
    expect(await other.db.get("SELECT to_regclass('migration_source')::text AS t")).toEqual({ t: null });
    expect(await count(other.db, 'users')).toBe(1);
  });

  it('tells a bad target clearly, before anything is written', async () => {
    const run = (args: string[]) => migrateCommand(args, { CLOUDTUNE_DATA: sourceDir }, () => {});
    await expect(run(['--to', 'mysql://localhost/music'])).rejects.toThrow(/^--to must be a postgres:\/\/ URL/);
    await expect(run([])).rejects.toThrow(/--to \(or CLOUDTUNE_DATABASE_URL\) is required/);
    await expect(run(['--to', 'postgres://mover:s3cret@127.0.0.1:1/nowhere'])).rejects.toThrow(
      /^Cannot use the PostgreSQL database postgres:\/\/mover:\*\*\*@127\.0\.0\.1:1\/nowhere: /,
    );
    await expect(run(['--to', `${cluster.url}_missing`])).rejects.toThrow(/^Cannot use the PostgreSQL database .*does not exist/);
    await expect(run(['--to', cluster.url, '--storage', 'http://bucket'])).rejects.toThrow(
      /^--storage must look like s3:\/\/bucket\/prefix/,
    );
    await expect(migrateLibrary({ dataDir: freshDataDir(), target: (await target()).db })).rejects.toThrow(/There is no library to move/);
    expect(fingerprint(sourceDir)).toEqual(sourceBytes);
  });

  it('runs as `cloudtune migrate`, S3 settings from the server’s variables, and prints what it compared', async () => {
    const { url, db } = await target();
    const prefix = `cli-${process.pid}`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'migrate', '--to', url, '--storage', `s3://${TEST_BUCKET}/${prefix}`],
      {
        cwd: serverDir,
        env: {
          ...process.env,
          CLOUDTUNE_DATA: sourceDir,
          CLOUDTUNE_DATABASE_URL: '',
          CLOUDTUNE_STORAGE_URL: '',
          CLOUDTUNE_S3_ENDPOINT: s3.endpoint,
          AWS_ACCESS_KEY_ID: 'S3RVER',
          AWS_SECRET_ACCESS_KEY: 'S3RVER',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^songs +\d+ +\d+ +same$/m);
    expect(stdout).toMatch(/^files: \d+ .*every one the same size and sha256$/m);
    expect(stdout).toMatch(/every table and file is the same on both sides/);
    expect(await count(db, 'cloud_songs')).toBe(1);

    // A bad URL: exit code 1 and one clear line.
    const bad = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'migrate', '--to', 'mysql://localhost/music'], {
      cwd: serverDir,
      env: { ...process.env, CLOUDTUNE_DATA: sourceDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let badErr = '';
    bad.stderr.setEncoding('utf8').on('data', (d: string) => (badErr += d));
    expect(await new Promise((resolve) => bad.on('close', resolve))).toBe(1);
    expect(badErr.trim()).toBe(
      'Cloudtune: --to must be a postgres:// URL (postgres://user:password@host:5432/database), got "mysql://localhost/music"',
    );
  });
});
