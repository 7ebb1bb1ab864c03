#!/usr/bin/env node
/**
 * A guard nobody has seen fail is not a guard: plants one violation of each
 * architecture rule, runs ESLint on it, checks that the expected rule fires, and removes the
 * plants again (also when interrupted). Rules the compiler keeps (the contract binding client and
 * server) are planted likewise and checked with tsc. Part of `npm run lint`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PLANT_DIR = 'lint-guard-planted';

/** Each plant: files to write (path → source) and the rule that must reject the first one. */
const plants = [
  {
    name: 'an import cycle',
    rule: 'import-x/no-cycle',
    files: {
      [`apps/server/src/text/${PLANT_DIR}/cycle-a.ts`]: "import { b } from './cycle-b.ts';\nexport const a = (): number => b() + 1;\n",
      [`apps/server/src/text/${PLANT_DIR}/cycle-b.ts`]: "import { a } from './cycle-a.ts';\nexport const b = (): number => a() - 1;\n",
    },
  },
  {
    name: 'a route importing a repo',
    rule: 'import-x/no-restricted-paths',
    files: {
      [`apps/server/src/routes/${PLANT_DIR}/route.ts`]:
        "import { createRepos } from '../../repos/index.ts';\nexport const planted = createRepos;\n",
    },
  },
  {
    name: 'a service importing a route',
    rule: 'import-x/no-restricted-paths',
    files: {
      [`apps/server/src/services/${PLANT_DIR}/service.ts`]:
        "import { apiRoutes } from '../../routes/index.ts';\nexport const planted = apiRoutes;\n",
    },
  },
  {
    name: 'a repo importing a service',
    rule: 'import-x/no-restricted-paths',
    files: {
      [`apps/server/src/repos/${PLANT_DIR}/repo.ts`]:
        "import { createServices } from '../../services/index.ts';\nexport const planted = createServices;\n",
    },
  },
  {
    name: 'a database call not awaited',
    rule: '@typescript-eslint/no-floating-promises',
    files: {
      [`apps/server/src/services/${PLANT_DIR}/unawaited.ts`]:
        "import type { Repos } from '../../repos/index.ts';\nexport function planted(repos: Repos): void {\n  repos.meta.set('planted', '1');\n}\n",
    },
  },
  {
    name: 'a leaf (media/) importing the database',
    rule: 'import-x/no-restricted-paths',
    files: {
      [`apps/server/src/media/${PLANT_DIR}/leaf.ts`]:
        "import { openDatabase } from '../../db/connection.ts';\nexport const planted = openDatabase;\n",
    },
  },
  {
    name: 'a feature importing app/',
    rule: 'import-x/no-restricted-paths',
    files: {
      [`apps/web/src/features/player/${PLANT_DIR}/feature.ts`]:
        "import { routeTable } from '../../../app/route-table.ts';\nexport const planted = routeTable;\n",
    },
  },
  {
    name: 'a feature importing another feature',
    rule: 'import-x/no-restricted-paths',
    files: {
      [`apps/web/src/features/player/${PLANT_DIR}/other.ts`]:
        "import * as playlist from '../../playlist/index.ts';\nexport const planted = playlist;\n",
    },
  },
  {
    name: 'lib/ importing a component',
    rule: 'import-x/no-restricted-paths',
    files: {
      [`apps/web/src/lib/${PLANT_DIR}/lib.ts`]:
        "import * as table from '../../components/song-table.tsx';\nexport const planted = table;\n",
    },
  },
  {
    name: 'a workspace package imported past its public entry',
    rule: 'no-restricted-imports',
    files: {
      [`apps/server/src/services/${PLANT_DIR}/deep.ts`]:
        "import { endpoints } from '@cloudtune/contract/src/endpoints.ts';\nexport const planted = endpoints;\n",
    },
  },
  {
    name: 'the desktop shell importing the server past its package',
    rule: 'import-x/no-restricted-paths',
    files: {
      [`apps/desktop/src/services/${PLANT_DIR}/server.ts`]:
        "import { buildApp } from '../../../../server/src/app.ts';\nexport const planted = buildApp;\n",
    },
  },
  {
    name: 'a desktop service importing electron',
    rule: 'no-restricted-imports',
    files: {
      [`apps/desktop/src/services/${PLANT_DIR}/electron.ts`]: "import { app } from 'electron';\nexport const planted = app;\n",
    },
  },
];

/**
 * Each plant the compiler must reject: files to write, the tsconfig (its folder's) that typechecks
 * them as `npm run typecheck` would, and the error tsc must report for the first one.
 */
const typePlants = [
  {
    name: 'a server handler answering a field the contract does not name',
    error: /handler\.ts\(\d+,\d+\): error TS2322:[\s\S]*Property 'banners' is missing/,
    files: {
      [`apps/server/src/routes/${PLANT_DIR}/handler.ts`]: [
        "import type { FastifyInstance } from 'fastify';",
        "import { endpoint } from '../../http/endpoint.ts';",
        'export function plantedRoutes(app: FastifyInstance): void {',
        "  endpoint(app, '/api', '/banner', () => ({ code: 200 as const, bannerz: [] }));",
        '}',
        '',
      ].join('\n'),
      // The server's own compiler options over the planted file and http/ (whose Fastify
      // augmentations the endpoint's options need): nothing else is there to fail.
      [`apps/server/src/routes/${PLANT_DIR}/tsconfig.json`]:
        '{ "extends": "../../../tsconfig.json", "include": ["handler.ts", "../../http"] }\n',
    },
  },
  {
    name: 'the web client reading a field the contract does not declare',
    error: /reader\.ts\(\d+,\d+\): error TS(2339|2551): Property 'imageUrll' does not exist/,
    files: {
      // The response is loose at run time (an index signature in its type): only api()'s
      // Declared<> makes the misspelt field an error rather than an `unknown`.
      [`apps/web/src/app/${PLANT_DIR}/reader.ts`]: [
        "import { api } from '../../lib/api.ts';",
        'export async function plantedRead(): Promise<unknown> {',
        "  const { banners } = await api('/banner', { type: 0 });",
        '  return banners[0]?.imageUrll;',
        '}',
        '',
      ].join('\n'),
      // The web client's own compiler options over the planted file and what it imports.
      [`apps/web/src/app/${PLANT_DIR}/tsconfig.json`]: '{ "extends": "../../../tsconfig.json", "include": ["reader.ts"] }\n',
    },
  },
];

/**
 * Each plant a repository check must reject: files to write, the check's script, and what it must
 * say about the first file.
 */
const scriptPlants = [
  {
    name: 'a comment naming a file that does not exist',
    script: 'scripts/check-references.mjs',
    says: /comment\.ts:2: names services\/no-such-service\.ts, which does not exist/,
    files: {
      [`apps/server/src/text/${PLANT_DIR}/comment.ts`]:
        '/**\n * The rule lives in services/no-such-service.ts.\n */\nexport const planted = 1;\n',
    },
  },
  {
    name: 'a comment citing a document outside the repository',
    script: 'scripts/check-references.mjs',
    says: /citation\.ts:1: cites a document outside the repository/,
    files: {
      [`apps/web/src/lib/${PLANT_DIR}/citation.ts`]: '// As SPEC §9 says.\nexport const planted = 1;\n',
    },
  },
];

const written = new Set();
const cleanUp = () => {
  for (const file of written) rmSync(dirname(join(root, file)), { recursive: true, force: true });
  written.clear();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

let failed = 0;
try {
  for (const plant of [...plants, ...typePlants, ...scriptPlants]) {
    for (const [file, source] of Object.entries(plant.files)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), source);
      written.add(file);
    }
  }
  const eslint = new ESLint({ cwd: root });
  const results = await eslint.lintFiles(plants.map((p) => Object.keys(p.files)[0]));
  const byFile = new Map(results.map((r) => [relative(root, r.filePath), r.messages]));
  for (const plant of plants) {
    const first = Object.keys(plant.files)[0];
    const fired = (byFile.get(first) ?? []).some((m) => m.ruleId === plant.rule);
    console.log(`${fired ? 'ok  ' : 'MISS'} ${plant.name}: ${plant.rule} ${fired ? 'rejects it' : 'did not fire'}`);
    if (!fired) failed++;
  }
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  for (const plant of typePlants) {
    const project = join(root, dirname(Object.keys(plant.files)[0]), 'tsconfig.json');
    const run = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root, encoding: 'utf8' });
    // Rejected for the planted reason alone: the one error tsc reports is the expected one.
    const errors = run.stdout.match(/error TS\d+/g) ?? [];
    const rejected = run.status !== 0 && errors.length === 1 && plant.error.test(run.stdout);
    console.log(`${rejected ? 'ok  ' : 'MISS'} ${plant.name}: tsc ${rejected ? 'rejects it' : 'did not reject it as expected'}`);
    if (!rejected) {
      console.error(run.stdout || run.stderr);
      failed++;
    }
  }
  for (const plant of scriptPlants) {
    const run = spawnSync(process.execPath, [join(root, plant.script)], { cwd: root, encoding: 'utf8' });
    const rejected = run.status !== 0 && plant.says.test(run.stderr);
    console.log(`${rejected ? 'ok  ' : 'MISS'} ${plant.name}: ${plant.script} ${rejected ? 'rejects it' : 'did not reject it'}`);
    if (!rejected) {
      console.error(run.stdout || run.stderr);
      failed++;
    }
  }
} finally {
  cleanUp();
}
if (failed) {
  console.error(`${failed} architecture rule(s) did not reject their planted violation.`);
  process.exit(1);
}
