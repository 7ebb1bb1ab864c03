import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, openSqliteDatabase } from '../src/db/connection.ts';
import type { Database } from '../src/db/database.ts';
import { migratePostgres } from '../src/db/migrate-postgres.ts';
import { loadMigrations, runMigrations } from '../src/db/migrate.ts';
import { createPlaylist, seedDemoLibrary } from '../src/index.ts';
import { ensureDemoGenres, needsDemoLibrary } from '../src/content/demo/index.ts';
import { concurrencyLimit } from '../src/media/store.ts';
import { SharedWork } from '../src/media/work.ts';
import { planSong } from '../src/media/song-plan.ts';
import { freshDataDir } from './helpers.ts';

const dirs: string[] = [];
const dbs: Database[] = [];
afterAll(async () => {
  for (const db of dbs) await db.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function seededLibrary(options?: Parameters<typeof seedDemoLibrary>[1]): Promise<Database> {
  const dir = freshDataDir();
  dirs.push(dir);
  const db = await openDatabase(dir);
  dbs.push(db);
  await seedDemoLibrary(db, options);
  return db;
}

const CATALOG_TABLES = [
  'users',
  'artists',
  'albums',
  'songs',
  'song_artists',
  'lyrics',
  'tags',
  'playlists',
  'playlist_tags',
  'playlist_tracks',
  'banners',
  'app_meta',
  'genres',
  'song_genres',
  'album_genres',
];
const dump = async (db: Database) =>
  Object.fromEntries(await Promise.all(CATALOG_TABLES.map(async (t) => [t, await db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()])));

describe('demo library', async () => {
  const db = await seededLibrary();
  const count = async (sql: string): Promise<number> => (await db.prepare(sql).pluck().get()) as number;

  it('is deterministic: two fresh data dirs hold identical catalogs', async () => {
    expect(await dump(await seededLibrary())).toEqual(await dump(db));
  });

  it('another seed gives another catalog', async () => {
    expect((await dump(await seededLibrary({ seed: 7 }))).songs).not.toEqual((await dump(db)).songs);
  });

  it('has ≥30 artists covering all five areas and three types, in four scripts', async () => {
    expect(await count('SELECT COUNT(*) FROM artists')).toBeGreaterThanOrEqual(30);
    expect(await db.prepare('SELECT DISTINCT area FROM artists ORDER BY area').pluck().all()).toEqual([0, 7, 8, 16, 96]);
    expect(await db.prepare('SELECT DISTINCT type FROM artists ORDER BY type').pluck().all()).toEqual([1, 2, 3]);
    const names = (await db.prepare('SELECT name FROM artists').pluck().all()) as string[];
    expect(names.some((n) => n.startsWith('周'))).toBe(true);
    expect(names.some((n) => /^[A-Za-z]/.test(n))).toBe(true);
    expect(names.some((n) => /[\u3040-\u30ff]|[\u4e00-\u9fff]{3,}/.test(n))).toBe(true);
    expect(names.some((n) => /[\uac00-\ud7af]/.test(n))).toBe(true);
    expect(await count("SELECT COUNT(*) FROM artists WHERE aliases <> '[]'")).toBeGreaterThan(5);
    expect(await count("SELECT COUNT(*) FROM artists WHERE brief_desc = ''")).toBe(0);
  });

  it('has ≥60 albums and ≥400 songs of 30–120 s with track numbers', async () => {
    expect(await count('SELECT COUNT(*) FROM albums WHERE company IS NOT NULL AND description IS NOT NULL')).toBeGreaterThanOrEqual(60);
    expect(await count('SELECT COUNT(*) FROM songs')).toBeGreaterThanOrEqual(400);
    expect(await count('SELECT COUNT(*) FROM songs WHERE duration_ms < 30000 OR duration_ms > 120000')).toBe(0);
    // track numbers run 1..n inside every album
    expect(
      await count(
        'SELECT COUNT(*) FROM (SELECT album_id FROM songs GROUP BY album_id HAVING MAX(track_no) <> COUNT(*) OR MIN(track_no) <> 1) AS gaps',
      ),
    ).toBe(0);
  });

  it('gives about 85% of songs lyrics', async () => {
    const share = (await count('SELECT COUNT(*) FROM lyrics')) / (await count('SELECT COUNT(*) FROM songs'));
    expect(share).toBeGreaterThan(0.78);
    expect(share).toBeLessThan(0.92);
  });

  it('has ≥40 playlists with 1–3 tags each from the five categories, every tag used', async () => {
    expect(await count('SELECT COUNT(*) FROM playlists')).toBeGreaterThanOrEqual(40);
    expect(
      await count(
        'SELECT COUNT(*) FROM (SELECT playlist_id FROM playlist_tags GROUP BY playlist_id HAVING COUNT(*) NOT BETWEEN 1 AND 3) AS odd',
      ),
    ).toBe(0);
    // A liked-songs list (specialType 5, the demo account's) has no tags, as NetEase's.
    expect(
      await count('SELECT COUNT(*) FROM playlists WHERE special_type <> 5 AND id NOT IN (SELECT playlist_id FROM playlist_tags)'),
    ).toBe(0);
    expect(await db.prepare('SELECT DISTINCT category FROM tags ORDER BY 1').pluck().all()).toEqual([0, 1, 2, 3, 4]);
    expect(await count('SELECT COUNT(*) FROM tags WHERE id NOT IN (SELECT tag_id FROM playlist_tags)')).toBe(0);
    expect(await count("SELECT category FROM tags WHERE name = 'R&B/Soul'")).toBe(1);
    expect(await count('SELECT COUNT(*) FROM playlists WHERE id NOT IN (SELECT playlist_id FROM playlist_tracks)')).toBe(0);
    expect(await count('SELECT COUNT(DISTINCT creator_id) FROM playlists')).toBeGreaterThan(3);
  });

  it('has ≥6 banners targeting songs (1), playlists (10) and external links (3000)', async () => {
    expect(await count('SELECT COUNT(*) FROM banners')).toBeGreaterThanOrEqual(6);
    expect(await db.prepare('SELECT DISTINCT target_type FROM banners ORDER BY 1').pluck().all()).toEqual([1, 10, 3000]);
    expect(await count('SELECT COUNT(*) FROM banners WHERE target_type = 1 AND target_id NOT IN (SELECT id FROM songs)')).toBe(0);
    expect(await count('SELECT COUNT(*) FROM banners WHERE target_type = 10 AND target_id NOT IN (SELECT id FROM playlists)')).toBe(0);
    expect(await count("SELECT COUNT(*) FROM banners WHERE target_type = 3000 AND url NOT LIKE 'https://%'")).toBe(0);
  });

  it('gives every album one or two genres from the 风格 list, and each of its songs the same', async () => {
    const byAlbum = await db
      .prepare<[], { albumId: number; genres: string }>(
        `SELECT s.album_id AS albumId, string_agg(g.name, '|' ORDER BY sg.position) AS genres
         FROM songs s JOIN song_genres sg ON sg.song_id = s.id JOIN genres g ON g.id = sg.genre_id GROUP BY s.id`,
      )
      .all();
    expect(byAlbum).toHaveLength(await count('SELECT COUNT(*) FROM songs'));
    const albums = new Map<number, Set<string>>();
    for (const { albumId, genres } of byAlbum) albums.set(albumId, (albums.get(albumId) ?? new Set()).add(genres));
    expect([...albums.values()].every((variants) => variants.size === 1)).toBe(true);
    expect(albums.size).toBe(await count('SELECT COUNT(*) FROM albums'));
    const names = await db.prepare('SELECT name FROM genres ORDER BY name').pluck().all();
    expect(names).toEqual(['R&B/Soul', '古典', '民谣', '流行', '爵士', '电子', '摇滚', '说唱', '轻音乐'].sort());
    const twoGenres = [...albums.values()].filter((v) => [...v][0]!.includes('|')).length;
    expect(twoGenres).toBeGreaterThan(0);
    expect(twoGenres).toBeLessThan(albums.size / 4);
    // the counts kept by the triggers are the true ones
    expect(await db.prepare('SELECT id, song_count, album_count FROM genres ORDER BY id').all()).toEqual(
      await db
        .prepare(
          `SELECT g.id, (SELECT COUNT(*) FROM song_genres sg WHERE sg.genre_id = g.id) AS song_count,
             (SELECT COUNT(DISTINCT s.album_id) FROM song_genres sg JOIN songs s ON s.id = sg.song_id WHERE sg.genre_id = g.id) AS album_count
           FROM genres g ORDER BY g.id`,
        )
        .all(),
    );
  });

  it('seeded before genres existed, gets the same genres once at start', async () => {
    const old = await seededLibrary();
    const genres = async () =>
      await old
        .prepare(
          'SELECT s.id, g.name, sg.position FROM song_genres sg JOIN genres g ON g.id = sg.genre_id JOIN songs s ON s.id = sg.song_id ORDER BY 1, 3',
        )
        .all();
    const fresh = await genres();
    await old.exec("DELETE FROM song_genres; DELETE FROM genres; DELETE FROM app_meta WHERE key = 'demo_genres'");
    expect(await genres()).toEqual([]);
    expect(await ensureDemoGenres(old)).toBe(480);
    expect(await genres()).toEqual(fresh);
    expect(await ensureDemoGenres(old)).toBe(0);
  });

  it('is seeded only into an empty library', async () => {
    expect(await needsDemoLibrary(db)).toBe(false);
    await expect(seedDemoLibrary(db)).rejects.toThrow(/empty/);
  });

  it('scales for benchmarks and accepts a big playlist', async () => {
    const big = await seededLibrary({ songCount: 3000, withLyrics: false });
    const songIds = (await big.prepare('SELECT id FROM songs ORDER BY id LIMIT 1000').pluck().all()) as number[];
    expect(songIds).toHaveLength(1000);
    const id = await createPlaylist(big, { name: 'Bench 1000', trackIds: songIds });
    expect(await big.prepare('SELECT song_id FROM playlist_tracks WHERE playlist_id = ? ORDER BY position').pluck().all(id)).toEqual(
      songIds,
    );
  });
});

describe('migrations', () => {
  it('apply once and are idempotent on restart', async () => {
    const dir = freshDataDir();
    dirs.push(dir);
    const first = await openDatabase(dir);
    const versions = await first.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
    expect(versions).toEqual(loadMigrations().map((m) => m.version));
    expect(await (first.dialect === 'sqlite' ? runMigrations(first) : migratePostgres(first))).toEqual([]);
    await first.close();
    const again = await openDatabase(dir);
    dbs.push(again);
    expect(await again.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get()).toBe(versions.length);
  });

  it('open SQLite in WAL mode with foreign keys enforced', async () => {
    const dir = freshDataDir();
    dirs.push(dir);
    const db = await openSqliteDatabase(dir);
    dbs.push(db);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });
});

describe('song plans', () => {
  it('place sung phrases every few seconds from the first bar', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const plan = planSong(seed, 30_000 + seed * 1_800);
      expect(plan.phrases[0]!.startSec).toBeLessThan(3);
      for (let i = 1; i < plan.phrases.length; i++) {
        const gap = plan.phrases[i]!.startSec - plan.phrases[i - 1]!.startSec;
        expect(gap).toBeLessThanOrEqual(12);
      }
    }
  });
});

describe('media helpers', () => {
  it('SharedWork shares one run between concurrent callers', async () => {
    const flights = new SharedWork<number>();
    let runs = 0;
    const work = async () => (runs++, await new Promise<number>((r) => setTimeout(() => r(42), 10)));
    expect(await Promise.all([flights.run('a', work), flights.run('a', work)])).toEqual([42, 42]);
    expect(runs).toBe(1);
    await flights.run('a', work);
    expect(runs).toBe(2);
  });

  it('concurrencyLimit never runs more than the limit', async () => {
    const limit = concurrencyLimit(2);
    let active = 0;
    let peak = 0;
    const task = () =>
      limit(async () => {
        peak = Math.max(peak, ++active);
        await new Promise((r) => setTimeout(r, 5));
        active--;
      });
    await Promise.all(Array.from({ length: 8 }, task));
    expect(peak).toBe(2);
  });
});
