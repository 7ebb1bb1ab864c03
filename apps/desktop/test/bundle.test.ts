import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What Electron would load: scripts/build.mjs's bundles, run under Node with `electron` resolved
 * to a fake (test/fixtures/electron-stub.ts). Catches what the source-level tests cannot: a
 * preload that needs more than `electron` (sandboxed preloads cannot), a server entry without
 * its migrations, paths that do not exist next to the bundles.
 */
const desktopDir = fileURLToPath(new URL('..', import.meta.url));
// Inside the repository, so the bundles' external packages resolve from its node_modules.
const cache = join(desktopDir, '../../node_modules/.cache');
mkdirSync(cache, { recursive: true });
const temp = mkdtempSync(join(cache, 'cloudtune-desktop-bundle-'));
const out = join(temp, 'dist');
const web = join(temp, 'web');
let lines: Record<string, unknown>[] = [];
let exitCode: number | null = null;

beforeAll(async () => {
  execFileSync(process.execPath, [join(desktopDir, 'scripts/build.mjs'), '--outdir', out], { stdio: 'ignore' });
  await build({
    entryPoints: [join(desktopDir, 'test/fixtures/electron-stub.ts')],
    outfile: join(temp, 'electron.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    logLevel: 'warning',
  });
  const hook = `export async function resolve(s, c, next) { return s === 'electron' ? { url: ${JSON.stringify(pathToFileURL(join(temp, 'electron.mjs')).href)}, shortCircuit: true } : next(s, c); }`;
  writeFileSync(
    join(temp, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});\n`,
  );
  mkdirSync(web);
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Cloudtune</title>');

  const child = spawn(process.execPath, ['--import', pathToFileURL(join(temp, 'register.mjs')).href, join(out, 'main.js')], {
    env: { ...process.env, STUB_USER_DATA: join(temp, 'user-data'), CLOUDTUNE_DESKTOP_WEB: web },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  exitCode = await new Promise((resolve) => child.once('exit', resolve));
  lines = stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
});
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const answer = (key: string) => lines.find((line) => key in line)?.[key];

describe('the built shell', () => {
  it('lays out main.js, preload.cjs, server-entry.js with its migrations, and icons', () => {
    expect(readdirSync(out).sort()).toEqual(
      expect.arrayContaining(['icon.png', 'main.js', 'migrations', 'preload.cjs', 'server-entry.js', 'tray-icon.png']),
    );
    expect(readdirSync(join(out, 'migrations')).length).toBeGreaterThan(0);
  });

  it('has a preload script that needs nothing but electron (sandboxed preloads can load nothing else)', () => {
    expect(answer('preload')).toEqual({ exists: true, requires: ['electron'] });
    expect(answer('icons')).toBe(true);
  });

  it('starts the bundled server, serves the page with its CSP, and quits cleanly', () => {
    expect(answer('error')).toBeUndefined();
    const port = answer('port') as number;
    expect(port).toBeGreaterThan(0);
    expect(answer('page')).toMatchObject({ status: 200, body: '<!doctype html><title>Cloudtune</title>' });
    expect((answer('page') as { csp: string }).csp).toContain(`connect-src 'self' http://127.0.0.1:${port}`);
    expect(answer('api')).toEqual({ status: 200, allowOrigin: 'app://cloudtune' });
    expect(exitCode).toBe(0);
  });
});
