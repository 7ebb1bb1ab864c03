#!/usr/bin/env node
/**
 * Builds the desktop shell into dist/ (docs/decisions/0013-desktop-shell.md):
 * - main.js: the Electron main process (ESM), with its services bundled in (music-metadata external);
 * - preload.cjs: the sandboxed preload script (CommonJS: sandboxed preloads cannot load ES
 *   modules or other files, so its capability modules are bundled into one file);
 * - server-entry.js: the music server's process, @cloudtune/server and the other workspace
 *   packages (TypeScript sources) bundled in, npm packages left external (native ones are
 *   rebuilt for Electron when packaging), with the server's SQL migrations beside it;
 * - icon.png and tray-icon.png, drawn from the web app's icon.
 */
import { cp, mkdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import sharp from 'sharp';

const desktopDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// `--outdir <dir>` builds elsewhere (the bundle test); default dist/.
const outdirFlag = process.argv.indexOf('--outdir');
const dist = outdirFlag > 0 ? resolve(process.argv[outdirFlag + 1]) : join(desktopDir, 'dist');

/** npm packages stay external; our own workspace packages (TypeScript sources) are bundled. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@cloudtune/') ? undefined : { path: args.path, external: true }));
  },
};

const common = { bundle: true, platform: 'node', sourcemap: true, logLevel: 'warning', external: ['electron'] };

await rm(dist, { recursive: true, force: true });
await Promise.all([
  // music-metadata (local-music tags) stays a package: its CommonJS dependencies require Node
  // built-ins at run time, which an ES-module bundle cannot; it ships in the package's node_modules.
  build({
    ...common,
    external: [...common.external, 'music-metadata'],
    entryPoints: { main: join(desktopDir, 'src/main/main.ts') },
    outdir: dist,
    format: 'esm',
    target: 'node22',
  }),
  build({
    ...common,
    entryPoints: [join(desktopDir, 'src/preload/preload.ts')],
    outfile: join(dist, 'preload.cjs'),
    format: 'cjs',
    target: 'chrome130',
  }),
  build({
    ...common,
    entryPoints: { 'server-entry': join(desktopDir, 'src/services/server-entry.ts') },
    outdir: dist,
    format: 'esm',
    target: 'node20',
    plugins: [externalDependencies],
  }),
]);

// The server's migrate step reads its SQL files next to the code: next to server-entry.js here.
const serverSrc = dirname(fileURLToPath(import.meta.resolve('@cloudtune/server')));
await cp(join(serverSrc, 'db/migrations'), join(dist, 'migrations'), { recursive: true });

// The web app's icon (a note on a #3dc095 disc), for the window, the tray and the packages.
const icon = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#3dc095"/><path d="M13 9v10.3a3.5 3.5 0 1 0 2 3.2V13h6V9z" fill="white"/></svg>`,
);
await mkdir(dist, { recursive: true });
await Promise.all([
  sharp(icon, { density: 1200 }).resize(512, 512).png().toFile(join(dist, 'icon.png')),
  sharp(icon, { density: 300 }).resize(32, 32).png().toFile(join(dist, 'tray-icon.png')),
]);
console.log(`Built the desktop shell into ${dist}`);
