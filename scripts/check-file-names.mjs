#!/usr/bin/env node
/**
 * One file-naming convention (docs/decisions/0007-file-names-and-formatting.md): files and folders are
 * kebab-case (`song-table.tsx`, `player.store.ts`, `list.test.tsx`); React components keep
 * PascalCase *exports*, not file names. Exempt: well-known upper-case names (README.md …),
 * recorded NeteaseCloudMusicApi bodies (named after the API), numbered SQL migrations.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const UPPER_CASE_NAMES = new Set(['README.md', 'CONTRIBUTING.md', 'SOURCES.md', 'SHAPES.md', 'LICENSE']);
const EXEMPT_DIRS = ['packages/ncm-fixtures/recorded/', 'apps/server/src/db/migrations/', 'apps/server/src/db/migrations-postgres/'];
const CHECKED = /\.(?:ts|tsx|js|mjs|cjs|css|md|sql|sh)$/;

/** Folders that are built, downloaded or generated, never written by hand (as .gitignore lists them). */
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'coverage', 'artifacts']);
const root = join(import.meta.dirname, '..');

/** Every file below the repository root but generated ones and dot-folders; no git needed (a tarball works). */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || (entry.isDirectory() && SKIPPED.has(entry.name))) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : [relative(root, path)];
  });
}

const files = sourceFiles(root).filter((f) => !EXEMPT_DIRS.some((d) => f.startsWith(d)));

const bad = new Set();
for (const file of files) {
  const parts = file.split('/');
  const base = parts.pop();
  for (const dir of parts) if (!KEBAB.test(dir) && !dir.startsWith('__') && !dir.startsWith('.')) bad.add(`${dir}/ (in ${file})`);
  if (!CHECKED.test(base) || UPPER_CASE_NAMES.has(base)) continue;
  // Every dot-separated part before the extension is kebab-case: player.store.ts, list.test.tsx, a.module.css.
  const stem = base.slice(0, base.lastIndexOf('.'));
  if (!stem.split('.').every((part) => KEBAB.test(part))) bad.add(file);
}
if (bad.size) {
  console.error('File and folder names must be kebab-case (docs/decisions/0007-file-names-and-formatting.md):');
  for (const name of bad) console.error(`  ${name}`);
  process.exit(1);
}
