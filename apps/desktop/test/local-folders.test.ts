import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isDirectory, scanLocalMusic } from '../src/services/local-folders.ts';

const temp = mkdtempSync(join(tmpdir(), 'cloudtune-local-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const music = join(temp, 'Music');
const more = join(temp, 'More');
for (const dir of [join(music, '周杰伦', '叶惠美'), join(music, '.hidden'), join(music, 'a', 'b', 'c'), more])
  mkdirSync(dir, { recursive: true });
writeFileSync(join(music, '周杰伦', '叶惠美', '晴天.mp3'), 'x'.repeat(10));
writeFileSync(join(music, '周杰伦', '叶惠美', '晴天.lrc'), '[00:01.00]x');
writeFileSync(join(music, '周杰伦', 'cover.jpg'), 'x');
writeFileSync(join(music, 'Song.FLAC'), 'x');
writeFileSync(join(music, '.hidden', 'secret.mp3'), 'x');
writeFileSync(join(music, '.dot.mp3'), 'x');
writeFileSync(join(music, 'a', 'b', 'c', 'deep.ogg'), 'x');
writeFileSync(join(more, 'other.m4a'), 'x');
symlinkSync(music, join(more, 'loop'));

describe('scanning local music folders', () => {
  it('lists the audio files below each folder, sorted, with name, folder and size', async () => {
    const files = await scanLocalMusic([music, more]);
    expect(files.map((f) => f.path)).toEqual(
      [
        join(more, 'other.m4a'),
        join(music, 'Song.FLAC'),
        join(music, 'a', 'b', 'c', 'deep.ogg'),
        join(music, '周杰伦', '叶惠美', '晴天.mp3'),
      ].sort(),
    );
    expect(files.find((f) => f.name === '晴天')).toMatchObject({ folder: music, size: 10, modified: expect.any(Number) });
  });

  it('is bounded in depth and count', async () => {
    expect((await scanLocalMusic([music], { maxDepth: 1 })).map((f) => f.name)).toEqual(['Song']);
    expect(await scanLocalMusic([music, more], { maxFiles: 2 })).toHaveLength(2);
  });

  it('leaves out folders that do not exist and lists a file once when folders overlap', async () => {
    expect(await scanLocalMusic([join(temp, 'missing')])).toEqual([]);
    expect(await scanLocalMusic([music, join(music, '周杰伦')])).toHaveLength(3);
  });

  it('tells folders from files', async () => {
    expect(await isDirectory(music)).toBe(true);
    expect(await isDirectory(join(music, 'Song.FLAC'))).toBe(false);
    expect(await isDirectory(join(temp, 'missing'))).toBe(false);
  });

  it('reads title, artists, album and duration from real files; a file without readable tags keeps its name', async () => {
    const tagged = join(temp, 'Tagged');
    mkdirSync(tagged);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:duration=3',
      '-metadata',
      'title=夜曲',
      '-metadata',
      'artist=周杰伦',
      '-metadata',
      'album=十一月的萧邦',
      '-b:a',
      '64k',
      join(tagged, 'track01.mp3'),
    ]);
    writeFileSync(join(tagged, 'broken.mp3'), 'not audio');
    const files = await scanLocalMusic([tagged]);
    expect(files.find((f) => f.name === 'track01')).toMatchObject({ title: '夜曲', artists: ['周杰伦'], album: '十一月的萧邦' });
    expect(files.find((f) => f.name === 'track01')!.duration).toBeGreaterThan(2800);
    expect(files.find((f) => f.name === 'broken')).not.toHaveProperty('title');
    expect((await scanLocalMusic([tagged], { readTags: false }))[0]).not.toHaveProperty('title');
  });
});
