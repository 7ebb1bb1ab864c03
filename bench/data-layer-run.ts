import { measureDataLayer } from './data-layer.ts';

/** `npx tsx bench/data-layer-run.ts` (after `npm run build -w @cloudtune/server`): only the data layer's figures, beside the last synchronous build (or BENCH_BEFORE). */
await measureDataLayer();
