import { defineConfig } from 'vitest/config';

/**
 * One runner, six projects: `npm run test:unit` (contract, lrc, web, desktop), `npm run test:server`
 * and `npm run test:server:postgres`.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', root: 'packages/contract', include: ['test/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'lrc', root: 'packages/lrc', include: ['test/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build-tools/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // A render-heavy page test takes 1–2 s alone and several times that on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'desktop',
          root: 'apps/desktop',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          // The server-process tests start the real server (a child process seeding a demo library).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The same server tests with every library in PostgreSQL: a throwaway cluster for the run,
        // a database per data directory (CLOUDTUNE_DATABASE_URL=…/cloudtune_{dataDir}). The
        // engine's own tests, the move from SQLite to PostgreSQL and the comparison of both
        // engines' search (which name both engines themselves) run in `server` already.
        test: {
          name: 'server-postgres',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          exclude: ['test/postgres-engine.test.ts', 'test/migrate.test.ts', 'test/search-engines*.test.ts'],
          globalSetup: ['test/postgres-suite.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
