/** Types of scripts/postgres-cluster.mjs for the TypeScript that imports it (the server's tests). */

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication) */
  url: string;
  /** the temporary directory holding the data, the socket and the server log */
  dir: string;
  /** stops the server and deletes the directory (also done when the process exits) */
  stop(): Promise<void>;
}

export function findPostgresBin(): string | null;
export function startPostgresCluster(options?: { log?: (line: string) => void }): Promise<PostgresCluster>;
export function setup(): Promise<(() => Promise<void>) | undefined>;
