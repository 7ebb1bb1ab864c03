import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The architecture's guard. Each rule is proven by a planted violation that
 * must fail lint: see scripts/check-lint-guards.mjs (`npm run lint`).
 *
 * - Packages never import apps; no app imports another app; workspace packages are imported only
 *   through their public entry (`@cloudtune/contract`, never `@cloudtune/contract/src/...`).
 * - Server layers call only downward: routes → services → repos → db; content/ sits beside
 *   services (above repos); text/ and media/ are leaves that import none of the layers.
 * - Client: a feature never imports app/ or another feature; lib/ and components/ import neither.
 * - No import cycles (import-x parses .ts/.tsx through the TypeScript parser).
 */
// Paths from this file's folder (the repository root), wherever ESLint is run from.
const root = import.meta.dirname;
const dirsIn = (dir) =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

/** Subpath entries that workspace packages declare in their `exports` (e.g. @cloudtune/e2e/server). */
const declaredSubpaths = ['packages', 'apps']
  .flatMap((dir) => dirsIn(dir).map((name) => `${dir}/${name}`))
  .concat(['e2e', 'bench'])
  .filter((dir) => existsSync(join(root, dir, 'package.json')))
  .flatMap((dir) => {
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    return Object.keys(pkg.exports ?? {})
      .filter((key) => key !== '.')
      .map((key) => `${pkg.name}${key.slice(1)}`);
  });
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const internalImport = `^(?!(?:${declaredSubpaths.map(escape).join('|') || '$^'})$)@cloudtune/[^/]+/.+`;

const web = './apps/web/src';
const featureZones = dirsIn('apps/web/src/features').flatMap((name) => [
  {
    target: `${web}/features/${name}`,
    from: `${web}/features`,
    except: [`./${name}`],
    message: 'A feature must not import another feature; compose them in src/app.',
  },
]);

const server = './apps/server/src';
const serverLayers = ['cli', 'routes', 'http', 'services', 'content', 'repos', 'db', 'media', 'text'];
/** What each server folder may NOT import (everything not listed is below it or itself). */
const serverForbidden = {
  routes: ['cli', 'repos', 'db', 'content'],
  http: ['cli', 'routes', 'services', 'repos', 'db', 'content'],
  services: ['cli', 'routes', 'http', 'content'],
  content: ['cli', 'routes', 'http', 'services'],
  repos: ['cli', 'routes', 'http', 'services', 'content'],
  db: ['cli', 'routes', 'http', 'services', 'content', 'repos', 'media'],
  media: serverLayers.filter((l) => l !== 'media' && l !== 'text'),
  text: serverLayers.filter((l) => l !== 'text'),
};
const serverTopFiles = ['app.ts', 'server.ts', 'cli.ts', 'index.ts', 'config.ts'];
const serverZones = Object.entries(serverForbidden).map(([layer, forbidden]) => ({
  target: `${server}/${layer}`,
  from: [
    ...forbidden.map((l) => `${server}/${l}`),
    ...(layer === 'text' || layer === 'media' ? serverTopFiles.map((f) => `${server}/${f}`) : []),
  ],
  message: `Server layers call only downward: ${layer}/ must not import ${forbidden.join(', ')}.`,
}));

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'e2e/artifacts/**', '**/.data/**', '**/.lint-guard/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x parses no .ts file and no-cycle never fires.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // import-x 4.5 resolves through eslint-import-resolver-node; later versions pull in a
      // native resolver whose platform packages npm leaves out of the lock file, breaking `npm ci`.
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'import-x/internal-regex': '^@cloudtune/',
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 12, ignoreExternal: true }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: internalImport,
              message: 'Import a workspace package through its public entry (e.g. @cloudtune/contract).',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages', from: './apps', message: 'Packages never import apps.' },
            { target: './apps/web', from: ['./apps/server', './apps/desktop'], message: 'No app imports another app.' },
            { target: './apps/server', from: ['./apps/web', './apps/desktop'], message: 'No app imports another app.' },
            {
              target: './apps/desktop',
              from: ['./apps/web', './apps/server'],
              message: 'No app imports another app; use @cloudtune/server.',
            },
            {
              target: `${web}/lib`,
              from: [`${web}/features`, `${web}/app`, `${web}/components`],
              message: 'lib/ is pure and sits below features and components.',
            },
            {
              target: `${web}/components`,
              from: [`${web}/features`, `${web}/app`],
              message: 'Shared components sit below features.',
            },
            { target: `${web}/features`, from: `${web}/app`, message: 'A feature never imports app/; the app layer composes features.' },
            ...featureZones,
            ...serverZones,
          ],
        },
      ],
    },
  },
  {
    // The shell's services are plain Node modules with their own tests; only main/ and preload/ wire Electron.
    files: ['apps/desktop/src/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Desktop services never import electron: main/ and preload/ wire Electron to them.' }],
          patterns: [
            {
              regex: internalImport,
              message: 'Import a workspace package through its public entry (e.g. @cloudtune/contract).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Every database call is asynchronous (either engine): a call not awaited would let a request
    // answer before its write, or lose the error. Type information finds them.
    files: ['apps/server/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
