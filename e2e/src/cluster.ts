import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { startPostgresCluster, type PostgresCluster } from '../../scripts/postgres-cluster.mjs';
import { freePort, startServer, type RunningServer } from './server.ts';

/**
 * Cloudtune beyond one machine, on this one: a throwaway PostgreSQL cluster, a real S3-protocol
 * server (s3rver), any number of `cloudtune serve` processes — each with a data directory of its
 * own, sharing nothing but the database and the bucket — and nginx in front of them, configured
 * as the README's two-process setup. The e2e cluster journey and the throughput bench use it.
 */
export interface Cluster {
  /** nginx's address: what clients are given */
  origin: string;
  /** the server processes behind nginx, in upstream order */
  servers: ClusterServer[];
  /** every captcha SMS the processes sent, newest last (they POST them to a webhook here) */
  sms: { phone: string; code: string }[];
  databaseUrl: string;
  /** the PostgreSQL postmaster and nginx's master process (their workers are their children): where the cores go */
  pids: { postgres: number; nginx: number };
  stop(): Promise<void>;
}

export interface ClusterServer extends RunningServer {
  /** kill -9: no shutdown, no goodbye to the database or nginx */
  crash(): void;
}

const BUCKET = 'cloudtune';

export async function startCluster(options: { processes: number; env?: Record<string, string> }): Promise<Cluster> {
  const cleanup: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of cleanup.reverse()) await step().catch(() => {});
  };
  try {
    const postgres: PostgresCluster = await startPostgresCluster();
    cleanup.push(() => postgres.stop());
    const databaseUrl = postgres.url.replace(/\/postgres$/, '/cloudtune');
    await createDatabase(postgres.url, 'cloudtune');

    const s3dir = mkdtempSync(join(tmpdir(), 'cloudtune-cluster-s3-'));
    const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET }] });
    const { port: s3port } = await s3.run();
    cleanup.push(async () => {
      await s3.close();
      rmSync(s3dir, { recursive: true, force: true });
    });

    const sms: Cluster['sms'] = [];
    const webhook = await smsWebhook(sms);
    cleanup.push(() => new Promise((resolve) => webhook.close(() => resolve())));

    const env = {
      CLOUDTUNE_DATABASE_URL: databaseUrl,
      CLOUDTUNE_STORAGE_URL: `s3://${BUCKET}/library`,
      CLOUDTUNE_S3_ENDPOINT: `http://127.0.0.1:${s3port}`,
      CLOUDTUNE_S3_PATH_STYLE: '1',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      CLOUDTUNE_SMS_WEBHOOK: `http://127.0.0.1:${(webhook.address() as { port: number }).port}/sms`,
      // nginx on loopback is the proxy whose X-Forwarded-For is believed (per-address limits stay per client)
      CLOUDTUNE_TRUSTED_PROXIES: '127.0.0.1',
      ...options.env,
    };
    const servers: ClusterServer[] = [];
    // One after another: the first migrates and seeds, the others find the library ready.
    for (let i = 0; i < options.processes; i++) {
      const server = await startServer(env);
      cleanup.push(() => server.stop());
      servers.push({ ...server, crash: () => process.kill(server.pid, 'SIGKILL') });
    }

    const nginx = await startNginx(servers.map((s) => s.url));
    cleanup.push(() => nginx.stop());
    const postmaster = Number(readFileSync(join(postgres.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return { origin: nginx.origin, servers, sms, databaseUrl, pids: { postgres: postmaster, nginx: nginx.pid }, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function createDatabase(adminUrl: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/** Records the SMS the servers send (CLOUDTUNE_SMS_WEBHOOK: a JSON `{countrycode, phone, code, text}` POST). */
function smsWebhook(into: Cluster['sms']): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { phone, code } = JSON.parse(body) as { phone: string; code: string };
      into.push({ phone, code });
      res.end('ok');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * nginx as the README configures it: round robin over the processes, keep-alive to them, and a
 * request a dead process cannot take (connection refused or reset before any answer) tried on
 * the next one — also for POSTs, which Cloudtune's writes are safe to retry before an answer.
 */
export function nginxConfig(dir: string, port: number, upstreams: readonly string[]): string {
  const servers = upstreams.map((u) => `    server ${u.replace(/^https?:\/\//, '')} max_fails=1 fail_timeout=5s;`).join('\n');
  return `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  client_max_body_size 600m;
  upstream cloudtune {
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://cloudtune;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout non_idempotent;
      proxy_request_buffering off;
      proxy_buffering off;
      proxy_buffer_size 64k;
      proxy_buffers 4 64k;
    }
  }
}
`;
}

export interface Nginx {
  origin: string;
  /** the master process (its worker is its child) */
  pid: number;
  stop(): Promise<void>;
}

/**
 * nginx in front of `upstreams` as nginxConfig writes it — or, given `config`, with a config of
 * the caller's for the same folder and port (the bench's static-file baseline).
 */
export async function startNginx(upstreams: readonly string[], config?: (dir: string, port: number) => string): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'cloudtune-cluster-nginx-'));
  for (const sub of ['body', 'proxy', 'fcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), config ? config(dir, port) : nginxConfig(dir, port, upstreams));
  const child: ChildProcess = spawn('nginx', ['-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (c: Buffer) => (errors += c.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    // Through to the servers; a config of the caller's need only answer.
    const up = await fetch(`${origin}/api/banner`).then(
      (r) => r.ok || config !== undefined,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${errors}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    origin,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
