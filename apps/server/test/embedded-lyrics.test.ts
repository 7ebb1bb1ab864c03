import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sungLines } from '@cloudtune/lrc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTrack } from '../src/content/import/read-track.ts';
import { synthesizeSongMp3 } from '../src/media/song-audio.ts';
import { runFfmpeg } from './import-media.ts';

/** Lyrics embedded in the tags (no .lrc beside the file): timed lines must survive the tag reader. */
const EMBEDDED = '[00:00.50]embedded first line\n[00:01.20]嵌入的第二句\n[00:02.00][00:04.00]chorus twice';
const SUNG = ['embedded first line', '嵌入的第二句', 'chorus twice', 'chorus twice'];

let work: string;
let master: string;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cloudtune-embedded-'));
  master = join(work, 'master.mp3');
  await synthesizeSongMp3(master, 99, 5000, { title: 'm', artist: 'a', album: 'b' });
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('embedded lyrics', () => {
  it.each([
    ['a FLAC LYRICS comment', 'song.flac', ['-c:a', 'flac', '-metadata', `LYRICS=${EMBEDDED}`]],
    ['an Ogg LYRICS comment', 'song.opus', ['-c:a', 'libopus', '-metadata', `LYRICS=${EMBEDDED}`]],
  ])('keeps their timed lines from %s', async (_label, name, args) => {
    const file = join(work, name);
    await runFfmpeg(['-i', master, '-map', '0:a', ...args, file]);
    const track = await readTrack(work, file, 1);
    expect(track.embeddedLrc).not.toBeNull();
    expect(sungLines(track.embeddedLrc!)).toEqual(SUNG);
  });

  it('keeps their timed lines from an ID3 USLT frame', async () => {
    // ffmpeg writes lyrics as TXXX, so the tag is put together here: ID3v2.3, one USLT frame in UTF-16.
    const bare = join(work, 'bare.mp3');
    await runFfmpeg(['-i', master, '-map', '0:a', '-c:a', 'libmp3lame', '-write_id3v2', '0', '-write_xing', '0', bare]);
    const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const body = Buffer.concat([Buffer.from([1]), Buffer.from('eng'), utf16(''), Buffer.from([0, 0]), utf16(EMBEDDED)]);
    const frame = Buffer.concat([Buffer.from('USLT'), Buffer.from([0, 0, 0, 0]), Buffer.from([0, 0]), body]);
    frame.writeUInt32BE(body.length, 4);
    const syncsafe = (n: number) => Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
    const tag = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0]), syncsafe(frame.length), frame]);
    const file = join(work, 'uslt.mp3');
    writeFileSync(file, Buffer.concat([tag, readFileSync(bare)]));
    const track = await readTrack(work, file, 1);
    expect(track.embeddedLrc).not.toBeNull();
    expect(sungLines(track.embeddedLrc!)).toEqual(SUNG);
  });

  it('leaves plain untimed text out: it is not LRC', async () => {
    const file = join(work, 'plain.flac');
    await runFfmpeg(['-i', master, '-map', '0:a', '-c:a', 'flac', '-metadata', 'LYRICS=just words\nno stamps', file]);
    expect((await readTrack(work, file, 1)).embeddedLrc).toBeNull();
  });
});
