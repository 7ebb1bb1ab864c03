import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseLrc, sungLines } from '@cloudtune/lrc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { loadMigrations } from '../src/db/migrate.ts';
import { importFolder } from '../src/content/import/import-folder.ts';
import { createRepos } from '../src/repos/index.ts';
import { synthesizeSongMp3 } from '../src/media/song-audio.ts';
import { expectContract, getJson, onPostgres, startTestApp, type TestApp } from './helpers.ts';

/**
 * Import → search → display with the stamps real .lrc files use: what the lyric panel shows
 * (parseLrc of /lyric) is exactly what lyric search finds.
 */
const SIDECAR = [
  '[ar:obsidianfalcon]',
  '[ti:Echo Song]',
  '[offset:500]',
  '[0:05]marmalade horizon',
  '[01:10]quixotic lanterns',
  '[1:15.5]velvet cartography',
  'an untimed zeppelinwharf line',
].join('\r\n');
const SUNG = ['marmalade horizon', 'quixotic lanterns', 'velvet cartography'];

let t: TestApp;
let db: Db;
let work: string;
const songIds = new Map<string, number>();

const lyricOf = async (id: number) => expectContract('/lyric', (await getJson(t.app, `/api/lyric?id=${id}`)).body);
async function searchLyrics(keyword: string) {
  const { body } = await getJson(t.app, `/api/search?type=1006&keywords=${encodeURIComponent(keyword)}`);
  return expectContract('/search', body).result as { songCount: number; songs?: { id: number; lyrics: string[] }[] };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cloudtune-lrc-import-'));
  const music = join(work, 'music');
  const echo = join(music, 'Lyric Singer - Echo Song.mp3');
  [t] = await Promise.all([
    startTestApp(),
    synthesizeSongMp3(echo, 77, 2000, { title: 'Echo Song', artist: 'Lyric Singer', album: 'Sidecars' }),
  ]);
  writeFileSync(join(music, 'Lyric Singer - Echo Song.lrc'), SIDECAR);
  // Words without a single time stamp: nothing the player could show.
  copyFileSync(echo, join(music, 'Lyric Singer - Plain Words.mp3'));
  writeFileSync(join(music, 'Lyric Singer - Plain Words.lrc'), 'just some plain words\nwithout stamps');
  db = await openDatabase(t.dataDir);
  await importFolder(db, t.dataDir, music);
  for (const row of await db.prepare<[], { path: string; songId: number }>('SELECT path, song_id AS songId FROM library_files').all())
    songIds.set(row.path.endsWith('Echo Song.mp3') ? 'echo' : 'plain', row.songId);
});
afterAll(async () => {
  await db?.close();
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('imported .lrc lyrics', () => {
  it('are stored normalized: every timed line displayable, offset applied, only useful tags kept', async () => {
    const lyric = (await lyricOf(songIds.get('echo')!)).lrc!.lyric;
    expect(lyric).toBe(
      '[ar:obsidianfalcon]\n[ti:Echo Song]\n[00:04.50]marmalade horizon\n[01:09.50]quixotic lanterns\n[01:15.00]velvet cartography',
    );
    expect(parseLrc(lyric).map((l) => [l.time, l.lyric])).toEqual([
      [4.5, SUNG[0]],
      [69.5, SUNG[1]],
      [75, SUNG[2]],
    ]);
    expect(sungLines(lyric)).toEqual(SUNG);
  });

  it('are found by lyric search through the words of any timed line, shown as the player shows them', async () => {
    const found = await searchLyrics('marmalade');
    expect(found.songs!.map((s) => s.id)).toEqual([songIds.get('echo')]);
    expect(found.songs![0]!.lyrics).toEqual(['<b>marmalade</b> horizon', 'quixotic lanterns', 'velvet cartography']);
    expect((await searchLyrics('velvet cartography')).songs!.map((s) => s.id)).toEqual([songIds.get('echo')]);
  });

  it('have no word-by-word lines on /lyric/new: their stamps time lines, not words', async () => {
    const answer = expectContract('/lyric/new', (await getJson(t.app, `/api/lyric/new?id=${songIds.get('echo')}`)).body);
    expect(answer.yrc).toBeUndefined();
    expect(sungLines(answer.lrc!.lyric)).toEqual(SUNG);
  });

  it('are not found by words only in a tag or an untimed line', async () => {
    expect(await searchLyrics('obsidianfalcon')).toMatchObject({ songCount: 0 });
    expect(await searchLyrics('zeppelinwharf')).toMatchObject({ songCount: 0 });
  });

  it('without any timed line leave the song instrumental', async () => {
    expect((await lyricOf(songIds.get('plain')!)).nolyric).toBe(true);
    expect(await searchLyrics('plain words')).toMatchObject({ songCount: 0 });
  });

  // SQLite's own migration of what its older builds stored: a PostgreSQL library begins after it (its baseline).
  it.skipIf(onPostgres)('stored before normalization are normalized by migration 006, and searched as shown', async () => {
    const echo = songIds.get('echo')!;
    const plain = songIds.get('plain')!;
    // What the importer used to store: the file as it was.
    await db.prepare('UPDATE lyrics SET lrc = ? WHERE song_id = ?').run(SIDECAR, echo);
    await db.prepare('INSERT INTO lyrics (song_id, lrc, translation, version) VALUES (?, ?, NULL, 1)').run(plain, 'plain words only');
    const before = (await lyricOf(echo)).lrc!.version ?? 0;
    const refreshIndex = async () => await createRepos(db).searchIndex.refresh();
    await refreshIndex();
    // Displayed as parseLrc reads it (no line has an 8–9 character stamp), and searched the same.
    expect(sungLines((await lyricOf(echo)).lrc!.lyric)).toEqual([]);
    expect(await searchLyrics('quixotic')).toMatchObject({ songCount: 0 });

    await db.exec(loadMigrations().find((m) => m.version === 6)!.sql);
    await refreshIndex();
    const after = (await lyricOf(echo)).lrc!;
    expect(sungLines(after.lyric)).toEqual(SUNG);
    expect(after.version).toBe(before + 1);
    expect((await lyricOf(plain)).nolyric).toBe(true);
    expect((await searchLyrics('quixotic')).songs!.map((s) => s.id)).toEqual([echo]);
    expect(await searchLyrics('zeppelinwharf')).toMatchObject({ songCount: 0 });
  });
});
