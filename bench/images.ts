import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { RunningServer } from '@cloudtune/e2e/server';
import { cpuSeconds, fmt } from './process-stats.ts';

const SIZES = 1000;
const CONCURRENCY = 8;

/** Bytes of every file under `dir` (recursively); 0 when it does not exist. */
function diskBytes(dir: string): number {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .reduce((sum, e) => sum + statSync(join(e.parentPath, e.name)).size, 0);
  } catch {
    return 0;
  }
}

/** A deterministic spread of `n` sizes from 16 to 2048 per side. */
function randomSizes(n: number): [number, number][] {
  let x = 20_240_601;
  const next = () => ((x = (x * 1_103_515_245 + 12_345) % 2 ** 31), 16 + (x % 2033));
  return Array.from({ length: n }, () => [next(), next()]);
}

/** Median latency of a Range request on a rendered song, over `seconds`. */
async function audioRangeP50(url: string, seconds: number): Promise<number> {
  const r = await autocannon({ url, connections: 2, duration: seconds, headers: { range: 'bytes=0-65535' } });
  return r.latency.p50;
}

/**
 * Image work is bounded: 1,000 random `?param=WxH` sizes of one cover cost the server's CPU
 * and disk only for the few buckets they snap to, and such a flood does not hold up audio.
 */
export async function measureImages(server: RunningServer, albumId = 7, songId = 1): Promise<void> {
  console.log(`\n## Image renders for ${fmt(SIZES)} random sizes of one cover (${CONCURRENCY} at a time)`);
  const imageDir = join(server.dataDir, 'media', 'image');
  const audioUrl = `${server.url}/api/media/audio/${songId}.mp3`;
  await fetch(audioUrl).then((r) => r.arrayBuffer());
  const quietP50 = await audioRangeP50(audioUrl, 3);

  const sizes = randomSizes(SIZES);
  const [cpuBefore, diskBefore, started] = [cpuSeconds(server.pid), diskBytes(imageDir), performance.now()];
  const statuses = new Map<number, number>();
  const flood = (async () => {
    for (let i = 0; i < sizes.length; i += CONCURRENCY) {
      await Promise.all(
        sizes.slice(i, i + CONCURRENCY).map(async ([w, h]) => {
          const res = await fetch(`${server.url}/api/media/image/album/${albumId}.jpg?param=${w}y${h}`);
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }),
      );
    }
  })();
  const floodP50 = await audioRangeP50(audioUrl, 3);
  await flood;
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  const disk = diskBytes(imageDir) - diskBefore;
  const variants = readdirSync(join(imageDir, 'album')).filter((f) => f.startsWith(`${albumId}`)).length;
  console.log(
    `  server CPU: ${cpu.toFixed(2)} s for ${fmt(SIZES)} requests (${seconds.toFixed(1)} s wall); files cut: ${variants}; disk: ${fmt(disk / 1024)} KB`,
  );
  console.log(`  answers: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}`);
  console.log(`  audio Range p50: ${quietP50} ms quiet, ${floodP50} ms during the image flood`);
  console.log(`  (before bucketing: 200 sizes of one cover cost 44.6 s of CPU and 16 MB of disk)`);
}
