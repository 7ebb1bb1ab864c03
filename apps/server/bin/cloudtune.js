#!/usr/bin/env node
// The `cloudtune` command: the production build (dist/, `npm run build`) when there is one,
// otherwise the TypeScript sources through tsx (development).
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli.js', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
