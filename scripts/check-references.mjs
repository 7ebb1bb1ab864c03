#!/usr/bin/env node
// Every file a comment or a doc points to exists, and no comment cites a document the repository
// does not hold: a comment states the rule it follows, so the next reader needs nothing beside it.
//
// Checked: comments in code (// and /* */ lines) and Markdown (links and `code` paths). A path is
// looked up from the repository root, from the file's folder, and from its package and package
// `src/` (code comments name files the way the package's own folders do). Decision records may
// recount what the product specification asked (their context), but name no file outside.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** Documents that live outside the repository: citing them tells a reader nothing they can open. */
const OUTSIDE_DOCUMENTS = [/\bARCHITECTURE\.md\b/, /\bSPEC\.md\b/, /\bSPEC ?§/];
/** Decision records keep their history of what the specification asked, but cite no file. */
const OUTSIDE_FILES = [/\bARCHITECTURE\.md\b/, /\bSPEC\.md\b/];

/** Files whose text is data, not prose a reader follows. */
const SKIPPED = [/^packages\/ncm-fixtures\//, /package-lock\.json$/, /\.(png|jpe?g|webp|svg|ico|mp3|flac|wav|woff2?)$/];
const CODE = /\.(ts|tsx|mjs|js|cjs|css)$/;

/** Top-level folders a repository path starts with. */
const ROOTS = 'apps|packages|docs|scripts|e2e|bench|\\.ci';
/** A path in prose: rooted at a top-level folder, or a relative file path with an extension. */
const PATH = new RegExp(
  String.raw`(?<![\w./@-])((?:\.{1,2}/)?(?:(?:${ROOTS})/[\w@.-]+(?:/[\w@.-]+)*|[\w@-]+(?:/[\w@.-]+)+\.(?:ts|tsx|mjs|js|css|md|json|sh)))(?![\w/-])`,
  'g',
);

/** Folders that are built, downloaded or generated, never written by hand (as .gitignore lists them). */
const GENERATED = new Set(['node_modules', 'dist', 'data', 'coverage', 'artifacts', '.git', '.vite', '.scratch', '.data']);

/** Every file below the root but generated ones, as repository paths; no git needed (a tarball works). */
function listFiles(dir = '') {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (GENERATED.has(entry.name)) return [];
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}
const allFiles = listFiles();

const files = allFiles.filter((f) => !SKIPPED.some((re) => re.test(f)) && (CODE.test(f) || f.endsWith('.md')));

/** The comment text of a code file, line by line (other lines blank so numbers stay true). */
function commentLines(text) {
  let inBlock = false;
  return text.split('\n').map((line) => {
    const t = line.trim();
    if (inBlock) {
      if (t.includes('*/')) inBlock = false;
      return line;
    }
    if (t.startsWith('/*')) {
      inBlock = !t.includes('*/');
      return line;
    }
    const slashes = line.search(/(^|[\s;,{}()])\/\/(?!\/)/);
    return slashes >= 0 && !/https?:$/.test(line.slice(0, slashes + 1)) ? line.slice(slashes) : '';
  });
}

/** The prose of a Markdown file: links' targets and `code` spans, outside fenced blocks. */
function markdownLines(text) {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (line.trimStart().startsWith('```')) {
      fenced = !fenced;
      return '';
    }
    if (fenced) return '';
    const links = [...line.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)].map((m) => `](${m[1]})`);
    const spans = [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    return [...links, ...spans, line].join(' ');
  });
}

function packageRootOf(file) {
  const parts = file.split('/');
  return ['apps', 'packages'].includes(parts[0]) && parts.length > 2 ? parts.slice(0, 2).join('/') : '';
}

/** Every file and folder, to find a path named from inside some package (`services/<concept>.ts`). */
const known = new Set();
for (const f of allFiles) {
  const parts = f.split('/');
  for (let i = 1; i <= parts.length; i++) known.add(parts.slice(0, i).join('/'));
}
const knownList = [...known];

/** A build product (dist/, generated service worker) exists only after a build. */
const BUILT = /(^|\/)(dist|public\/sw\.js)(\/|$)/;

/** True when the path names something in the repository (a decision may be named by its number). */
function exists(path, file) {
  const bare = path.replace(/^(\.{1,2}\/)+/, '').replace(/[.:,;]+$/, '');
  if (BUILT.test(bare) || known.has(bare) || knownList.some((k) => k.endsWith(`/${bare}`))) return true;
  const bases = [root, join(root, dirname(file))];
  const pkg = packageRootOf(file);
  if (pkg) bases.push(join(root, pkg), join(root, pkg, 'src'));
  return bases.some((base) => {
    const full = resolve(base, path.replace(/[.:,;]+$/, ''));
    if (existsSync(full)) return true;
    const dir = dirname(full);
    const name = full.slice(dir.length + 1);
    return /^\d{4}$/.test(name) && existsSync(dir) && readdirSync(dir).some((n) => n.startsWith(`${name}-`));
  });
}

const problems = [];
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8');
  const isDecision = file.startsWith('docs/decisions/');
  const lines = file.endsWith('.md') ? markdownLines(text) : commentLines(text);
  lines.forEach((line, i) => {
    if (!line) return;
    const at = `${file}:${i + 1}`;
    for (const re of isDecision ? OUTSIDE_FILES : OUTSIDE_DOCUMENTS) {
      if (re.test(line)) problems.push(`${at}: cites a document outside the repository (${line.match(re)[0]})`);
    }
    const linkTargets = file.endsWith('.md') ? [...line.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]) : [];
    for (const target of linkTargets) {
      if (/^(https?:|mailto:|#)/.test(target)) continue;
      if (!existsSync(resolve(root, dirname(file), target))) problems.push(`${at}: links to ${target}, which does not exist`);
    }
    for (const m of line.matchAll(PATH)) {
      const path = m[1];
      if (/[*{}<>$]/.test(path) || linkTargets.includes(path)) continue;
      if (!exists(path, file)) problems.push(`${at}: names ${path}, which does not exist`);
    }
  });
}

if (problems.length) {
  console.error(`References to nothing (${problems.length}):\n  ${[...new Set(problems)].join('\n  ')}`);
  console.error('A comment states the rule it follows; a path it names must exist in the repository.');
  process.exit(1);
}
console.log(`references: ${files.length} files, every named path exists, no outside document cited`);
