import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, type RunningServer } from '@cloudtune/e2e/server';
import { fmt, pause } from './process-stats.ts';
import { hasCommand, wrk } from './wrk.ts';

/** The goal: Cloudtune streams a song at ≥ 80 % of nginx's throughput on the same file. */
const GOAL_RATIO = 0.8;
const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_STREAM_SECONDS ?? 8);
const ROUNDS = 2;

interface Throughput {
  rps: number;
  mbps: number;
}

/** wrk when present (it can saturate nginx); autocannon otherwise. */
async function measure(url: string): Promise<Throughput> {
  const fast = wrk(url, CONNECTIONS, SECONDS);
  if (fast) return fast;
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return { rps: r.requests.average, mbps: r.throughput.average / 1e6 };
}

/** nginx serving `file` on loopback as /song.mp3 (one worker, sendfile), for the baseline. */
async function startNginx(file: string): Promise<{ url: string; stop(): Promise<void> } | undefined> {
  if (!hasCommand('nginx')) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'cloudtune-nginx-'));
  copyFileSync(file, join(dir, 'song.mp3'));
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  types { audio/mpeg mp3; }
  server { listen 127.0.0.1:${port}; root ${dir}; } }`,
  );
  const child = spawn('nginx', ['-c', conf], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/song.mp3`;
  for (
    let i = 0;
    i < 50 &&
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await pause(100);
  return {
    url,
    async stop() {
      child.kill('SIGQUIT');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Audio streaming against a static-file server: the same MP3 fetched whole by 16 connections
 * from Cloudtune (/media/audio) and from nginx, alternating, same run.
 */
export async function measureStreaming(server: RunningServer, songId = 1): Promise<void> {
  console.log(
    `\n## Audio streaming vs nginx (${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds, ${hasCommand('wrk') ? 'wrk' : 'autocannon'})`,
  );
  const songUrl = `${server.url}/api/media/audio/${songId}.mp3`;
  const bytes = (await (await fetch(songUrl)).arrayBuffer()).byteLength;
  const nginx = await startNginx(join(server.dataDir, 'media', 'audio', `${songId}.mp3`));
  if (!nginx) console.log('  nginx is not installed (apt-get install nginx-light): Cloudtune alone');
  try {
    const ours: Throughput[] = [];
    const theirs: Throughput[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (nginx) theirs.push(await measure(nginx.url));
      ours.push(await measure(songUrl));
    }
    const avg = (xs: Throughput[]): Throughput => ({
      rps: xs.reduce((s, x) => s + x.rps, 0) / xs.length,
      mbps: xs.reduce((s, x) => s + x.mbps, 0) / xs.length,
    });
    const [a, b] = [avg(ours), theirs.length ? avg(theirs) : undefined];
    console.log(`  file: ${(bytes / 1e6).toFixed(2)} MB MP3`);
    console.log(
      `  Cloudtune  ${fmt(a.rps).padStart(6)} req/s  ${fmt(a.mbps).padStart(6)} MB/s   rounds: ${ours.map((x) => fmt(x.rps)).join(', ')}`,
    );
    if (b) {
      console.log(
        `  nginx      ${fmt(b.rps).padStart(6)} req/s  ${fmt(b.mbps).padStart(6)} MB/s   rounds: ${theirs.map((x) => fmt(x.rps)).join(', ')}`,
      );
      const ratio = a.rps / b.rps;
      console.log(
        `  ratio: ${(ratio * 100).toFixed(0)} % of nginx (goal ≥ ${GOAL_RATIO * 100} %: ${ratio >= GOAL_RATIO ? 'met' : 'MISSED'})`,
      );
    }
  } finally {
    await nginx?.stop();
  }
}
