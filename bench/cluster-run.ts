import { measureCluster } from './cluster.ts';

/** `npx tsx bench/cluster-run.ts` (after `npm run build`; needs nginx and Debian's PostgreSQL): the cluster's figures alone. */
await measureCluster();
