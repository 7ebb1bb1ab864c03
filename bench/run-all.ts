import { startServer } from '@cloudtune/e2e/server';
import { measureApi } from './api-latency.ts';
import { measureBigList } from './big-list.ts';
import { measureCluster } from './cluster.ts';
import { measureDataLayer } from './data-layer.ts';
import { prepareBigLibrary } from './big-library.ts';
import { measureFirstScreen } from './first-screen.ts';
import { measureImages } from './images.ts';
import { measureLoudnessWork } from './loudness.ts';
import { measureMemory } from './memory.ts';
import { measurePlayer } from './player.ts';
import { preparePlayerMedia } from './player-media.ts';
import { measureSearch } from './search.ts';
import { measureStreaming } from './streaming.ts';
import { measureSubsonic } from './subsonic.ts';

/** `npm run bench`: prints figures; never passes or fails on a time. */
const { dataDir, bigPlaylistId, hugePlaylistId, playerPlaylistId } = await prepareBigLibrary();
const media = await preparePlayerMedia(dataDir);
const server = await startServer({}, { dataDir });
try {
  console.log(`# Cloudtune benchmarks — ${new Date().toISOString()} — ${server.url}`);
  await measureFirstScreen(server);
  await measureApi(server, bigPlaylistId);
  await measureBigList(server, hugePlaylistId);
  await measurePlayer(server, playerPlaylistId, media);
  await measureStreaming(server);
  await measureImages(server);
} finally {
  await server.stop();
}
await measureMemory();
// Makes its own music folder (BENCH_LOUDNESS_FILES songs, 0 skips) and servers in this process.
await measureLoudnessWork();
// Builds its own catalog (1M songs, about a minute; BENCH_SEARCH_SONGS sets the size, 0 skips).
await measureSearch();
// Builds its own catalogs (100,000 and 1,000,000 songs; BENCH_SUBSONIC_*_SONGS set them).
await measureSubsonic();
// This build's SQLite data layer, beside an earlier build's when BENCH_BEFORE names one.
await measureDataLayer();
// Starts PostgreSQL, an S3 server, nginx and one, then two server processes.
await measureCluster();
