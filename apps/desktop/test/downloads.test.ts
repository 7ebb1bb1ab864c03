import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFile } from 'music-metadata';
import sharp from 'sharp';
import { isDirectlyInside, removeDownload, saveDownload } from '../src/services/downloads.ts';

const temp = mkdtempSync(join(tmpdir(), 'cloudtune-downloads-'));
let server: Server;
let origin: string;
/** a real MP3 (2 s of a tone, with the tag ffmpeg writes) and a real PNG cover */
let mp3: Buffer;
let cover: Buffer;

beforeAll(async () => {
  const source = join(temp, 'source.mp3');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
    '-metadata',
    'title=Old',
    '-b:a',
    '64k',
    source,
  ]);
  mp3 = readFileSync(source);
  cover = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3dc095' } })
    .png()
    .toBuffer();
  server = createServer((request, response) => {
    if (request.url === '/song.mp3') response.end(Buffer.alloc(70_000, 7));
    else if (request.url === '/real.mp3') response.end(mp3);
    else if (request.url === '/cover.png') response.end(cover);
    else if (request.url === '/broken') {
      response.writeHead(200, { 'content-length': '1000' });
      response.write('partial');
      response.destroy();
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('saving a download', () => {
  it('writes the song from the local server into the download folder', async () => {
    const directory = join(temp, '下载');
    const saved = await saveDownload({ url: `${origin}/song.mp3`, fileName: '歌手 - 歌名.mp3' }, { directory, serverOrigin: origin });
    expect(saved).toEqual({ path: join(directory, '歌手 - 歌名.mp3'), size: 70_000 });
    expect(readFileSync(saved.path)).toEqual(Buffer.alloc(70_000, 7));
  });

  it('refuses any other origin', async () => {
    await expect(
      saveDownload({ url: 'http://example.com/song.mp3', fileName: 'a.mp3' }, { directory: temp, serverOrigin: origin }),
    ).rejects.toThrow(/local server only/);
  });

  it('fails on an error answer and leaves no partial file behind', async () => {
    const directory = join(temp, 'failed');
    mkdirSync(directory);
    await expect(saveDownload({ url: `${origin}/missing`, fileName: 'a.mp3' }, { directory, serverOrigin: origin })).rejects.toThrow(/404/);
    await expect(saveDownload({ url: `${origin}/broken`, fileName: 'b.mp3' }, { directory, serverOrigin: origin })).rejects.toThrow();
    expect(readdirSync(directory)).toEqual([]);
  });

  it('writes title, artists, album, lyrics and the cover into an MP3, read back by music-metadata, and an .lrc beside it', async () => {
    const directory = join(temp, 'tagged');
    const lyrics = '[00:00.00]第一句\n[00:01.00]第二句';
    const saved = await saveDownload(
      {
        url: `${origin}/real.mp3`,
        fileName: '歌手甲,歌手乙 - 晴天.mp3',
        tags: { title: '晴天', artists: ['歌手甲', '歌手乙'], album: '叶惠美', lyrics, coverUrl: `${origin}/cover.png` },
      },
      { directory, serverOrigin: origin },
    );
    expect(saved.lyricPath).toBe(join(directory, '歌手甲,歌手乙 - 晴天.lrc'));
    expect(readFileSync(saved.lyricPath!, 'utf8')).toBe(lyrics);
    const { common, format } = await parseFile(saved.path);
    expect(common.title).toBe('晴天');
    expect(common.artists).toEqual(['歌手甲', '歌手乙']);
    expect(common.album).toBe('叶惠美');
    expect(common.lyrics?.[0]?.text ?? common.lyrics?.[0]).toBe(lyrics);
    expect(common.picture?.[0]?.format).toBe('image/png');
    expect(Buffer.from(common.picture![0]!.data)).toEqual(cover);
    // still the same audio: the old tag was replaced, not stacked in front of it
    expect(format.duration).toBeGreaterThan(1.8);
    expect(format.tagTypes).toContain('ID3v2.3');
    expect(readdirSync(directory).sort()).toEqual(['歌手甲,歌手乙 - 晴天.lrc', '歌手甲,歌手乙 - 晴天.mp3']);
  });

  it('saves the song without a cover that is not the server’s or not an image', async () => {
    const directory = join(temp, 'no-cover');
    const saved = await saveDownload(
      { url: `${origin}/real.mp3`, fileName: 'a.mp3', tags: { title: 'A', artists: [], album: '', coverUrl: 'http://example.com/c.png' } },
      { directory, serverOrigin: origin },
    );
    const { common } = await parseFile(saved.path);
    expect(common.title).toBe('A');
    expect(common.picture).toBeUndefined();
    const noImage = await saveDownload(
      { url: `${origin}/real.mp3`, fileName: 'b.mp3', tags: { title: 'B', artists: ['x'], album: '', coverUrl: `${origin}/song.mp3` } },
      { directory, serverOrigin: origin },
    );
    expect((await parseFile(noImage.path)).common.title).toBe('B');
  });

  it('deletes a download and its .lrc, and only files directly in the download folder', async () => {
    const directory = join(temp, 'remove');
    const saved = await saveDownload(
      { url: `${origin}/real.mp3`, fileName: 'x - y.mp3', tags: { title: 'y', artists: ['x'], album: '', lyrics: '[00:00.00]a' } },
      { directory, serverOrigin: origin },
    );
    const outside = join(temp, 'keep.mp3');
    writeFileSync(outside, 'keep');
    await expect(removeDownload(outside, directory)).rejects.toThrow(/download folder/);
    await expect(removeDownload(join(directory, '..', 'keep.mp3'), directory)).rejects.toThrow(/download folder/);
    expect(existsSync(outside)).toBe(true);
    await removeDownload(saved.path, directory);
    expect(readdirSync(directory)).toEqual([]);
  });

  it('path rule: directly inside, no sub-folder, no dot-file, no way out', () => {
    expect(isDirectlyInside('/music/Cloudtune/a.mp3', '/music/Cloudtune')).toBe(true);
    expect(isDirectlyInside('/music/Cloudtune/sub/a.mp3', '/music/Cloudtune')).toBe(false);
    expect(isDirectlyInside('/music/Cloudtune/../a.mp3', '/music/Cloudtune')).toBe(false);
    expect(isDirectlyInside('/music/Cloudtune/.a.mp3.part', '/music/Cloudtune')).toBe(false);
    expect(isDirectlyInside('/music/Cloudtune', '/music/Cloudtune')).toBe(false);
  });
});
