import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDataDir } from './helpers.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const waitFor = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = re.exec(stdout);
        if (m) return resolve(m);
      };
      child.stdout.on('data', check);
      child.on('close', () => reject(new Error(`exited before printing ${re}: ${stdout}${stderr}`)));
      check();
    });
  return { child, exited, waitFor, output: () => ({ stdout, stderr }) };
}

describe('cloudtune CLI', () => {
  it('serve prints exactly one line once listening (and, on stderr, how to log in as the demo), then serves until SIGTERM', async () => {
    const dataDir = freshDataDir();
    dirs.push(dataDir);
    const server = run(['serve'], { PORT: '0', HOST: '127.0.0.1', CLOUDTUNE_DATA: dataDir, CLOUDTUNE_WEB_DIST: dataDir });
    const [, url] = await server.waitFor(/^Cloudtune is serving at (http:\/\/localhost:\d+\/)\n/);
    const res = await fetch(`${url!.replace('localhost', '127.0.0.1')}api/personalized?limit=2`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: unknown[] }).result).toHaveLength(2);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output().stdout.trim().split('\n')).toHaveLength(1);
    expect(server.output().stderr).toContain('Demo mode: log in as 13800000000 / cloudtune (Subsonic: subsonic).');
  });

  it('serve on every interface says the demo account is disabled', async () => {
    const dataDir = freshDataDir();
    dirs.push(dataDir);
    const server = run(['serve'], { PORT: '0', HOST: '0.0.0.0', CLOUDTUNE_DATA: dataDir, CLOUDTUNE_WEB_DIST: dataDir });
    const [, url] = await server.waitFor(/^Cloudtune is serving at (http:\/\/localhost:\d+\/)\n/);
    const res = await fetch(`${url!.replace('localhost', '127.0.0.1')}api/login/cellphone?phone=13800000000&password=cloudtune`);
    expect(((await res.json()) as { code: number }).code).toBe(502);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output().stderr).toContain('The demo account is disabled (CLOUDTUNE_DEMO=1 enables it).');
    expect(server.output().stderr).not.toContain('cloudtune (Subsonic');
  });

  it('seed builds the library once and is a no-op afterwards', async () => {
    const dataDir = freshDataDir();
    dirs.push(dataDir);
    const first = run(['seed'], { CLOUDTUNE_DATA: dataDir });
    expect(await first.exited).toBe(0);
    expect(first.output().stdout).toMatch(/Seeded the demo library .*480 songs/);
    const second = run(['seed'], { CLOUDTUNE_DATA: dataDir });
    expect(await second.exited).toBe(0);
    expect(second.output().stdout).toMatch(/not empty/);
  });

  it('import of a missing folder fails with a readable message before touching the data dir', async () => {
    const parent = freshDataDir();
    dirs.push(parent);
    const dataDir = join(parent, 'data');
    const bad = run(['import', join(parent, 'no-such-music')], { CLOUDTUNE_DATA: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.output().stderr).toMatch(/no-such-music: no such folder/);
    expect(existsSync(dataDir)).toBe(false);
    const none = run(['import'], { CLOUDTUNE_DATA: dataDir });
    expect(await none.exited).toBe(1);
    expect(none.output().stderr).toMatch(/usage: cloudtune import <music folder>/);
    expect(existsSync(dataDir)).toBe(false);
  });

  it.each([['0'], ['abc'], ['1.5'], ['1000001'], ['-3']])('seed --songs %s is refused before the data dir is created', async (songs) => {
    const parent = freshDataDir();
    dirs.push(parent);
    const dataDir = join(parent, 'data');
    const bad = run(['seed', `--songs=${songs}`], { CLOUDTUNE_DATA: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.output().stderr).toContain(`--songs must be an integer from 1 to 1,000,000, got "${songs}"`);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('an unknown command prints usage and fails', async () => {
    const bad = run(['dance'], {});
    expect(await bad.exited).toBe(1);
    expect(bad.output().stdout).toMatch(/usage: cloudtune/);
  });
});
