import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** ffmpeg from PATH, else the binary the server itself uses (@ffmpeg-installer). */
export function ffmpegPath(): string {
  if (spawnSync('ffmpeg', ['-version']).status === 0) return 'ffmpeg';
  const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
  return installer.path;
}

function run(ffmpeg: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${args.join(' ')}: ${err}`))));
  });
}

/**
 * A music folder of `count` short tagged MP3s (`Artist NN/Album NN/NN Title.mp3`), each a sine of
 * its own pitch so no two files share content (the importer recognises moved files by md5).
 */
export async function makeMusicFolder(dir: string, count: number): Promise<string[]> {
  const ffmpeg = ffmpegPath();
  const files = Array.from({ length: count }, (_, i) => {
    const artist = `Crash Artist ${String(i % 20).padStart(2, '0')}`;
    const album = `Crash Album ${String(i % 40).padStart(2, '0')}`;
    return { i, artist, album, path: join(dir, artist, album, `${String(i).padStart(3, '0')} Track ${i}.mp3`) };
  });
  const todo = files.filter((f) => !existsSync(f.path));
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const f = todo[next++]!;
      mkdirSync(join(dir, f.artist, f.album), { recursive: true });
      await run(ffmpeg, [
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${200 + f.i * 7}:duration=${2 + (f.i % 3)}`,
        '-c:a',
        'libmp3lame',
        '-b:a',
        '64k',
        '-metadata',
        `title=Track ${f.i}`,
        '-metadata',
        `artist=${f.artist}`,
        '-metadata',
        `album=${f.album}`,
        '-metadata',
        `track=${(f.i % 12) + 1}`,
        f.path,
      ]);
    }
  };
  await Promise.all([worker(), worker()]);
  return files.map((f) => f.path);
}
