#!/usr/bin/env node
/**
 * Builds the server for production: src/cli.ts and src/index.ts bundled into dist/ as plain
 * JavaScript (the workspace packages, which ship TypeScript, are bundled in; every npm
 * dependency stays external and is loaded from node_modules). `npm start` runs dist/cli.js:
 * no TypeScript loader in the process, which saves memory and start-up time. tsx stays for
 * development (`npm run dev`) and tests.
 */
import { cp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(serverDir, 'dist');

/** npm packages stay external; our own workspace packages (TypeScript sources) are bundled. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@cloudtune/') ? undefined : { path: args.path, external: true }));
  },
};

await rm(dist, { recursive: true, force: true });
await build({
  entryPoints: { cli: join(serverDir, 'src/cli.ts'), index: join(serverDir, 'src/index.ts') },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalDependencies],
});
// db/migrate.ts and db/migrate-postgres.ts read their SQL files next to themselves: next to the bundle in production.
await cp(join(serverDir, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });
await cp(join(serverDir, 'src/db/migrations-postgres'), join(dist, 'migrations-postgres'), { recursive: true });
console.log(`Built the server into ${dist}`);
