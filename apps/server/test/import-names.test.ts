import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { guessArea, guessArtistType } from '../src/content/import/artist-guess.ts';
import { audioFormatOf } from '../src/content/import/audio-format.ts';
import { guessFromPath, UNKNOWN_ALBUM, UNKNOWN_ARTIST } from '../src/content/import/file-names.ts';
import { readLyricFile } from '../src/content/import/lyric-file.ts';

/** The importer's small rules, without audio files (import.test.ts imports real ones). */
const root = '/music';

describe('names of untagged files', () => {
  it.each([
    ['/music/周杰伦/叶惠美/01 晴天.mp3', { artist: '周杰伦', album: '叶惠美', title: '晴天', trackNo: 1 }],
    ['/music/Singles/Adele - Hello.flac', { artist: 'Adele', album: 'Singles', title: 'Hello', trackNo: null }],
    ['/music/Mix/07. Daft Punk – One More Time.m4a', { artist: 'Daft Punk', album: 'Mix', title: 'One More Time', trackNo: 7 }],
    ['/music/Band/Album/CD1/3-Intro.ogg', { artist: 'Album', album: 'CD1', title: 'Intro', trackNo: 3 }],
    ['/music/lonely.wav', { artist: UNKNOWN_ARTIST, album: UNKNOWN_ALBUM, title: 'lonely', trackNo: null }],
    // a title that is only a number stays a title
    ['/music/Loose/1999.mp3', { artist: UNKNOWN_ARTIST, album: 'Loose', title: '1999', trackNo: null }],
  ])('%s', (path, guess) => {
    expect(guessFromPath(root, path)).toEqual(guess);
  });
});

describe('audio formats come from the content, not the file name', () => {
  it.each([
    [{ container: 'MPEG', codec: 'MPEG 1 Layer 3' }, 'mp3', 'audio/mpeg'],
    [{ container: 'FLAC', codec: 'FLAC' }, 'flac', 'audio/flac'],
    [{ container: 'Ogg', codec: 'Opus' }, 'opus', 'audio/ogg'],
    [{ container: 'Ogg', codec: 'Vorbis I' }, 'ogg', 'audio/ogg'],
    [{ container: 'M4A/isom/iso2', codec: 'MPEG-4/AAC' }, 'm4a', 'audio/mp4'],
    [{ container: 'ADTS/MPEG-4', codec: 'AAC' }, 'aac', 'audio/aac'],
    [{ container: 'WAVE', codec: 'PCM' }, 'wav', 'audio/wav'],
  ])('%o → %s', (format, type, mimeType) => {
    expect(audioFormatOf({ ...format, trackInfo: [], tagTypes: [], hasAudio: true, hasVideo: false })).toEqual({ type, mimeType });
  });

  it('refuses what browsers cannot play from us (MPEG layer 2, Matroska …)', () => {
    expect(
      audioFormatOf({ container: 'MPEG', codec: 'MPEG 1 Layer 2', trackInfo: [], tagTypes: [], hasAudio: true, hasVideo: false }),
    ).toBeUndefined();
    expect(audioFormatOf({ container: 'EBML/webm', trackInfo: [], tagTypes: [], hasAudio: true, hasVideo: false })).toBeUndefined();
  });
});

describe('artists NetEase would file by area and type', () => {
  it.each([
    ['周杰伦', 7],
    ['宇多田ヒカル', 8],
    ['아이유', 16],
    ['Adele', 96],
    ['12345', 0],
  ])('%s → area %i', (name, area) => {
    expect(guessArea(name)).toBe(area);
  });

  it('group words make a band', () => {
    expect(['五月天乐队', 'Arctic Band', 'Simon & Garfunkel'].map(guessArtistType)).toEqual([3, 3, 3]);
    expect(['Adele', 'Brandy'].map(guessArtistType)).toEqual([1, 1]);
  });
});

describe('.lrc sidecars', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cloudtune-lrc-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, bytes: Buffer) => {
    writeFileSync(join(dir, name), bytes);
    return join(dir, name);
  };

  it('decodes UTF-8 (with or without BOM), GBK and UTF-16, with Windows line ends', async () => {
    const text = '[00:01.00]你好\n[00:02.00]world';
    expect(await readLyricFile(file('utf8.lrc', Buffer.from(text.replace(/\n/g, '\r\n'))))).toBe(text);
    expect(await readLyricFile(file('bom.lrc', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])))).toBe(text);
    // 你好 in GBK
    const gbk = Buffer.concat([Buffer.from('[00:01.00]'), Buffer.from([0xc4, 0xe3, 0xba, 0xc3]), Buffer.from('\n[00:02.00]world')]);
    expect(await readLyricFile(file('gbk.lrc', gbk))).toBe(text);
    expect(await readLyricFile(file('utf16.lrc', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])))).toBe(text);
  });

  it('an empty or missing file is no lyric', async () => {
    expect(await readLyricFile(file('empty.lrc', Buffer.from(' \n')))).toBeNull();
    expect(await readLyricFile(join(dir, 'nope.lrc'))).toBeNull();
  });
});

describe('CLOUDTUNE_LIBRARY', () => {
  it('is a folder taken from where npm was run, or none', () => {
    expect(loadConfig({ CLOUDTUNE_LIBRARY: 'My Music', INIT_CWD: '/home/me' }).libraryDir).toBe('/home/me/My Music');
    expect(loadConfig({ CLOUDTUNE_LIBRARY: '/srv/music' }).libraryDir).toBe('/srv/music');
    expect(loadConfig({ CLOUDTUNE_LIBRARY: ' ' }).libraryDir).toBeNull();
    expect(loadConfig({}).libraryDir).toBeNull();
  });
});
