import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveDownload } from '../src/services/downloads.ts';

const temp = mkdtempSync(join(tmpdir(), 'cloudtune-downloads-'));
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/song.mp3') response.end(Buffer.alloc(70_000, 7));
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
});
