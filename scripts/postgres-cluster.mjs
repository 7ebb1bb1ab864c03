#!/usr/bin/env node
// A throwaway PostgreSQL cluster for tests and CI: initdb into a temporary directory, start the
// server on a free local port (its socket in that directory too), hand back a postgres:// URL,
// and stop and delete everything when asked or when this process exits.
//
//   node scripts/postgres-cluster.mjs                  prints the URL, stops on Ctrl-C
//   node scripts/postgres-cluster.mjs -- <command…>    runs the command with
//                                                      CLOUDTUNE_TEST_POSTGRES_URL set, then stops
//
// Debian's server binaries live outside PATH (/usr/lib/postgresql/<version>/bin); the newest one
// there is used, or the directory named by CLOUDTUNE_POSTGRES_BIN. PostgreSQL refuses to run as
// root, so as root every server command runs as the `postgres` user (runuser, else su); any other
// user runs them directly. Nothing here needs git or the repository.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The directory holding initdb, pg_ctl and postgres, or null when PostgreSQL is not installed. */
export function findPostgresBin() {
  const named = process.env.CLOUDTUNE_POSTGRES_BIN;
  if (named) return existsSync(join(named, 'initdb')) ? named : null;
  if (!existsSync(DEBIAN_ROOT)) return null;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((v) => existsSync(join(DEBIAN_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a) || b.localeCompare(a));
  return versions.length ? join(DEBIAN_ROOT, versions[0], 'bin') : null;
}

const quote = (arg) => `'${String(arg).replaceAll("'", `'\\''`)}'`;

/** How to run a server binary: as `postgres` when we are root, as ourselves otherwise. */
function runner() {
  if (process.getuid?.() !== 0) return { wrap: (cmd, args) => [cmd, args], owner: null };
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((p) => existsSync(p));
  const wrap = runuser
    ? (cmd, args) => [runuser, ['-u', 'postgres', '--', cmd, ...args]]
    : (cmd, args) => ['su', ['postgres', '-s', '/bin/sh', '-c', [cmd, ...args].map(quote).join(' ')]];
  return { wrap, owner: { uid, gid } };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a server binary to completion; its output is kept for the error message. */
function run(wrap, bin, args) {
  const [cmd, argv] = wrap(bin, args);
  const result = spawnSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    throw new Error(`${bin} ${args.join(' ')} failed (${result.status ?? result.signal}): ${output || result.error?.message}`);
  }
}

/**
 * Creates and starts a cluster. Returns its URL (superuser `postgres`, trust authentication, the
 * `postgres` database), its directory, and stop(), which also runs when this process exits.
 * Settings favour speed over durability: the data is thrown away.
 */
export async function startPostgresCluster({ log = () => {} } = {}) {
  const bin = findPostgresBin();
  if (!bin) throw new Error(`PostgreSQL is not installed (no ${DEBIAN_ROOT}/*/bin/initdb): apt-get install postgresql`);
  const { wrap, owner } = runner();
  const dir = mkdtempSync(join(tmpdir(), 'cloudtune-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    if (existsSync(join(data, 'postmaster.pid'))) {
      try {
        run(wrap, join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already gone (killed with its parent): nothing left to stop but the files.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  try {
    // C collation: text sorts by its bytes, as SQLite's default BINARY collation does.
    run(wrap, join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const options = [
        `-p ${port}`,
        `-k ${dir}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c shared_buffers=16MB',
        '-c max_connections=200',
      ].join(' ');
      try {
        run(wrap, join(bin, 'pg_ctl'), ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
      } catch (err) {
        // Another process took the port between choosing it and binding it: choose again.
        if (attempt < 3 && /already in use|could not bind/i.test(readLog(logFile))) continue;
        throw new Error(`${err.message}\n${readLog(logFile)}`);
      }
      const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
      log(`PostgreSQL (${bin}) at ${url}, data in ${dir}`);
      return { url, dir, stop: async () => stop() };
    }
  } catch (err) {
    stop();
    throw err;
  }
}

function readLog(file) {
  try {
    return readFileSync(file, 'utf8').slice(-4000);
  } catch {
    return '';
  }
}

/** A vitest globalSetup: one cluster for the run, its URL in CLOUDTUNE_TEST_POSTGRES_URL, unless one is given. */
export async function setup() {
  if (process.env.CLOUDTUNE_TEST_POSTGRES_URL) return undefined;
  const cluster = await startPostgresCluster();
  process.env.CLOUDTUNE_TEST_POSTGRES_URL = cluster.url;
  return () => cluster.stop();
}

async function main(argv) {
  const split = argv.indexOf('--');
  const command = split === -1 ? [] : argv.slice(split + 1);
  const cluster = await startPostgresCluster({ log: (line) => console.error(line) });
  const stopAndExit = (code) => {
    void cluster.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => stopAndExit(130));
  process.on('SIGTERM', () => stopAndExit(143));
  if (command.length === 0) {
    console.log(cluster.url);
    // Held open until interrupted; the exit handler stops the server.
    setInterval(() => {}, 1 << 30);
    return;
  }
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, CLOUDTUNE_TEST_POSTGRES_URL: cluster.url },
  });
  child.on('exit', (code, signal) => stopAndExit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
