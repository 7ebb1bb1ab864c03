import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startServer } from '@cloudtune/e2e/server';
import { createSearch, mediaUrls, openDatabase } from '@cloudtune/server';
import { prepareBigLibrary } from './big-library.ts';
import { cpuSeconds } from './process-stats.ts';

/**
 * The data layer's figures: what the server's SQLite access costs on the paths that lean on it —
 * seeding (many writes in transactions), in-process search calls, and requests under load that
 * read songs, playlists, albums and sessions or write a play. Each is printed beside the figure
 * recorded before the repositories became asynchronous (BASELINE), with the ratio; the goal is to
 * stay within 10 % of it. Wall-clock figures move with the machine's load (printed), so the goal is
 * judged on CPU time: per search call in this process, per request in the server's (CPU time per
 * request hardly moves when other work shares the cores; requests per second do).
 */

/** Measured on the synchronous repositories (commit 0876f1a), this machine (2 cores), by this file. */
const BASELINE = {
  commit: '0876f1a',
  seedSeconds: NaN,
  searchWarmMs: NaN,
  searchCpuMs: NaN,
  rps: {} as Record<string, number>,
  cpuMs: {} as Record<string, number>,
};

const CONNECTIONS = 16;
const SECONDS = 6;
const SEARCH_REPEATS = 60;
const SEARCH_KEYWORDS = ['月光', '夜', 'Dreams', 'ight', 'Midnight Dreams', '夜 光'];

const ratio = (now: number, before: number): string => (Number.isFinite(before) && before > 0 ? `${(now / before).toFixed(2)}×` : 'n/a');
const verdict = (now: number, before: number, higherIsBetter: boolean): string => {
  if (!(Number.isFinite(before) && before > 0)) return '';
  const ok = higherIsBetter ? now >= before * 0.9 : now <= before * 1.1;
  return ok ? 'within 10 %' : 'OUTSIDE 10 %';
};
/** Absolute media URLs as the API builds them (search answers carry cover URLs). */
const urls = mediaUrls('http://127.0.0.1/api');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

export async function measureDataLayer(): Promise<void> {
  console.log(`\n## Data layer (SQLite): now vs. before the asynchronous repositories (${BASELINE.commit}); goal: within 10 %`);
  console.log(`  load average ${loadavg()[0]!.toFixed(1)}`);
  let start = performance.now();
  const { dataDir, bigPlaylistId } = await prepareBigLibrary();
  const seedSeconds = (performance.now() - start) / 1000;
  console.log(
    `  seed 10,000 songs + 3 playlists       ${seedSeconds.toFixed(1).padStart(7)} s   before ${BASELINE.seedSeconds.toFixed(1)} s  ${ratio(seedSeconds, BASELINE.seedSeconds)}  ${verdict(seedSeconds, BASELINE.seedSeconds, false)}`,
  );
  try {
    const db = await openDatabase(dataDir);
    const search = await createSearch(db);
    const samples: number[] = [];
    for (const keywords of SEARCH_KEYWORDS) await search.search({ keywords }, urls);
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < SEARCH_REPEATS; i++)
      for (const keywords of SEARCH_KEYWORDS) {
        start = performance.now();
        await search.search({ keywords }, urls);
        samples.push(performance.now() - start);
      }
    const cpu = process.cpuUsage(cpuBefore);
    const searchCpuMs = (cpu.user + cpu.system) / 1000 / samples.length;
    await db.close();
    const warm = median(samples);
    console.log(
      `  search service, warm median          ${warm.toFixed(2).padStart(7)} ms  before ${BASELINE.searchWarmMs.toFixed(2)} ms  ${ratio(warm, BASELINE.searchWarmMs)}`,
    );
    console.log(
      `  search service, CPU per call         ${searchCpuMs.toFixed(2).padStart(7)} ms  before ${BASELINE.searchCpuMs.toFixed(2)} ms  ${ratio(searchCpuMs, BASELINE.searchCpuMs)}  ${verdict(searchCpuMs, BASELINE.searchCpuMs, false)}`,
    );

    const server = await startServer({}, { dataDir });
    try {
      const login = await fetch(`${server.url}/api/login/cellphone?phone=13800000000&password=cloudtune`, { method: 'POST' });
      const cookie = /MUSIC_U=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
      const uid = ((await login.json()) as { account?: { id: number } }).account?.id ?? 0;
      const detail = (await (await fetch(`${server.url}/api/playlist/detail?id=${bigPlaylistId}`)).json()) as {
        playlist: { trackIds: { id: number }[] };
      };
      const ids = detail.playlist.trackIds.map((t) => t.id);
      const album = (await (await fetch(`${server.url}/api/song/detail?ids=${ids[0]}`)).json()) as { songs: { al: { id: number } }[] };
      const sub = 'u=13800000000&p=subsonic&v=1.16.1&c=bench&f=json';
      const runs: [string, string, Record<string, string>?][] = [
        ['/api/song/detail (50 songs)', `/api/song/detail?ids=${ids.slice(100, 150).join(',')}`],
        ['/api/song/url', `/api/song/url?id=${ids[7]}`],
        ['/api/playlist/detail (1,000 tracks)', `/api/playlist/detail?id=${bigPlaylistId}`],
        ['/api/album', `/api/album?id=${album.songs[0]!.al.id}`],
        ['/api/search 月光 (type 1)', `/api/search?keywords=${encodeURIComponent('月光')}&type=1&limit=30`],
        ['/api/user/playlist (logged in)', `/api/user/playlist?uid=${uid}`, { cookie }],
        ['/api/scrobble (a play written)', `/api/scrobble?id=${ids[3]}&sourceid=${bigPlaylistId}&time=30`, { cookie }],
        ['/rest/getAlbumList2 (50, by name)', `/rest/getAlbumList2?${sub}&type=alphabeticalByName&size=50`],
        ['/rest/search3 (500 songs a page)', `/rest/search3?${sub}&query=&songCount=500&albumCount=0&artistCount=0`],
        ['/rest/getRandomSongs (10)', `/rest/getRandomSongs?${sub}&size=10`],
      ];
      console.log(
        `  requests under load (${CONNECTIONS} connections, ${SECONDS} s each, loopback): req/s and the server's CPU per request, now vs. before`,
      );
      for (const [label, path, headers] of runs) {
        const url = `${server.url}${path}`;
        await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
        const cpuAt = cpuSeconds(server.pid);
        const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
        const cpuMs = ((cpuSeconds(server.pid) - cpuAt) * 1000) / Math.max(1, r.requests.total);
        const rps = r.requests.average;
        const before = BASELINE.rps[label] ?? NaN;
        const cpuBefore = BASELINE.cpuMs[label] ?? NaN;
        const errors = r.errors + r.non2xx;
        console.log(
          `    ${label.padEnd(36)} ${rps.toFixed(0).padStart(5)} req/s (before ${Number.isFinite(before) ? before.toFixed(0) : 'n/a'}, ${ratio(rps, before)})  cpu ${cpuMs.toFixed(3)} ms/req (before ${Number.isFinite(cpuBefore) ? cpuBefore.toFixed(3) : 'n/a'}, ${ratio(cpuMs, cpuBefore)})  ${verdict(cpuMs, cpuBefore, false)}${errors ? `  errors ${errors}` : ''}`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
