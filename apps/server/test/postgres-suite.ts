import { startPostgresCluster } from '../../../scripts/postgres-cluster.mjs';

/**
 * The server-postgres project's globalSetup: the whole server suite with its libraries in
 * PostgreSQL. One throwaway cluster serves the run (or the one CLOUDTUNE_TEST_POSTGRES_URL names),
 * and CLOUDTUNE_DATABASE_URL's `{dataDir}` gives each data directory a database of its own there,
 * so the tests, which open libraries by data directory, need no change. Returns the teardown.
 */
export async function setup(): Promise<() => Promise<void>> {
  let cluster = process.env.CLOUDTUNE_TEST_POSTGRES_URL;
  let stop = async () => {};
  if (!cluster) {
    const started = await startPostgresCluster();
    cluster = process.env.CLOUDTUNE_TEST_POSTGRES_URL = started.url;
    stop = started.stop;
  }
  const url = new URL(cluster);
  url.pathname = '/';
  // Set in this process's environment, which the test workers inherit; the braces stay literal.
  process.env.CLOUDTUNE_DATABASE_URL = `${url.toString().replace(/\/$/, '')}/cloudtune_{dataDir}`;
  return stop;
}
