import autocannon from 'autocannon';
import { bump, fmtInt, fmtMb, fmtMs, goal, line, section, tally } from './report.ts';
import { readMemory, sampleMemory } from './rss.ts';
import { aliveFigure, type ServerUnderTest } from './server-process.ts';

/** Songs and pictures the load run reads; rendered once beforehand so the run measures serving. */
export const LOAD_SONGS = [1, 2, 3, 4];
const IMAGE_SIZES = ['40y40', '140y140', '200y200'];
const SLOW_MS = 5000;

interface Stream {
  label: string;
  connections: number;
  requests: autocannon.Request[];
}

interface StreamResult {
  label: string;
  result: autocannon.Result;
  statuses: Map<string, number>;
  errors: Map<string, number>;
  overSlow: number;
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} → ${res.status}`);
  return (await res.json()) as T;
}

/** The mix: ids taken from the library itself (home playlists and a playlist's tracks). */
async function buildStreams(base: string, connections: number): Promise<Stream[]> {
  const home = await json<{ result: { id: number }[] }>(`${base}/api/personalized?limit=6`);
  const playlists = home.result.map((p) => p.id);
  const detail = await json<{ playlist: { trackIds: { id: number }[] } }>(`${base}/api/playlist/detail?id=${playlists[0]}`);
  const songs = detail.playlist.trackIds.slice(0, 20).map((t) => t.id);
  const get = (path: string, headers?: Record<string, string>): autocannon.Request => ({
    method: 'GET',
    path,
    ...(headers ? { headers } : {}),
  });
  const api = [
    get('/api/banner'),
    get('/api/personalized'),
    ...playlists.slice(0, 3).map((id) => get(`/api/playlist/detail?id=${id}`)),
    get(`/api/song/detail?ids=${songs.join(',')}`),
    ...['夜', 'Dreams', 'zjl'].map((k) => get(`/api/search?keywords=${encodeURIComponent(k)}`)),
    get('/api/toplist/detail'),
  ];
  const audio = LOAD_SONGS.map((id) => get(`/api/media/audio/${id}.mp3`, { range: 'bytes=0-65535' }));
  const images = [1, 2, 3, 4, 5].flatMap((id) => IMAGE_SIZES.map((size) => get(`/api/media/image/album/${id}.jpg?param=${size}`)));
  const side = Math.max(1, Math.round(connections * 0.1));
  return [
    { label: 'API mix', connections: connections - 2 * side, requests: api },
    { label: 'audio Range 0-65535', connections: side, requests: audio },
    { label: 'images', connections: side, requests: images },
  ];
}

/** Reads a whole answer; a failure shows in the run that follows, so it is not an error here. */
export const fetchAll = (url: string): Promise<unknown> =>
  fetch(url)
    .then((r) => r.arrayBuffer())
    .catch(() => undefined);

/** Renders the songs and pictures once, so the run measures serving rather than first renders. */
async function warm(base: string): Promise<number> {
  const start = performance.now();
  await Promise.all(LOAD_SONGS.map((id) => fetchAll(`${base}/api/media/audio/${id}.mp3`)));
  for (const id of [1, 2, 3, 4, 5])
    await Promise.all(IMAGE_SIZES.map((s) => fetchAll(`${base}/api/media/image/album/${id}.jpg?param=${s}`)));
  return performance.now() - start;
}

function run(base: string, stream: Stream, seconds: number): Promise<StreamResult> {
  const statuses = new Map<string, number>();
  const errors = new Map<string, number>();
  let overSlow = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections: stream.connections, duration: seconds, requests: stream.requests, timeout: 10 },
      (err, result) => (err ? reject(err) : resolve({ label: stream.label, result, statuses, errors, overSlow })),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      bump(statuses, String(status));
      if (responseTime > SLOW_MS) overSlow++;
    });
    instance.on('reqError', (err: NodeJS.ErrnoException) => bump(errors, err.code ?? err.message));
  });
}

/** Section 2: 200 connections on the mix at once for `seconds`; errors, latency tail and RSS. */
export async function runLoad(server: ServerUnderTest, opts: { seconds: number; connections: number }): Promise<void> {
  section('2. Load', `${opts.connections} connections for ${opts.seconds} s: API mix, audio Range requests, images`);
  const warmMs = await warm(server.base);
  const streams = await buildStreams(server.base, opts.connections);
  line(`warm-up (render ${LOAD_SONGS.length} songs and ${5 * IMAGE_SIZES.length} images once): ${fmtMs(warmMs)}`);
  const before = readMemory(server.pid);
  const sampler = sampleMemory(server.pid);
  const results = await Promise.all(streams.map((s) => run(server.base, s, opts.seconds)));
  const peak = sampler.stop();
  const after = readMemory(server.pid);

  let requests = 0;
  let failures = 0;
  let overSlow = 0;
  let maxLatency = 0;
  let worstP99 = 0;
  for (const { label, result, statuses, errors, overSlow: slow } of results) {
    const connections = streams.find((s) => s.label === label)!.connections;
    requests += result.requests.total;
    failures += result.errors + result.non2xx;
    overSlow += slow;
    maxLatency = Math.max(maxLatency, result.latency.max);
    worstP99 = Math.max(worstP99, result.latency.p99);
    line(
      `${label.padEnd(20)} ${String(connections).padStart(3)} conns  ${fmtInt(result.requests.total).padStart(9)} req  ${result.requests.average.toFixed(0).padStart(6)} req/s  ` +
        `p50 ${fmtMs(result.latency.p50)}  p99 ${fmtMs(result.latency.p99)}  max ${fmtMs(result.latency.max)}  ` +
        `errors ${result.errors} (timeouts ${result.timeouts})  non-2xx ${result.non2xx}`,
    );
    line(`${''.padEnd(20)} statuses: ${tally(statuses) || 'none'}${errors.size ? `; errors: ${tally(errors)}` : ''}`);
  }
  line(`total ${fmtInt(requests)} requests, ${(requests / opts.seconds).toFixed(0)} req/s`);
  line(`server RSS before ${fmtMb(before?.rssKb)}, peak during ${fmtMb(peak)}, after ${fmtMb(after?.rssKb)}`);
  goal('0 errors and 0 non-2xx', failures === 0, `${fmtInt(failures)} errors + non-2xx of ${fmtInt(requests)}`);
  goal(
    `0 requests over ${SLOW_MS / 1000} s`,
    overSlow === 0,
    `${fmtInt(overSlow)} over ${SLOW_MS / 1000} s; max ${fmtMs(maxLatency)}, worst p99 ${fmtMs(worstP99)}`,
  );
  goal('server alive after the load', server.alive(), aliveFigure(server));
}
