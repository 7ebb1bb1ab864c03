import { startServer } from '@cloudtune/e2e/server';
import { prepareBigLibrary } from './big-library.ts';
import { measurePlayer } from './player.ts';

/** `npm run bench:player` (after `npm run build`): the player's figures alone. */
const { dataDir, playerPlaylistId } = prepareBigLibrary();
const server = await startServer({}, { dataDir });
try {
  console.log(`# Cloudtune player bench — ${new Date().toISOString()} — ${server.url}`);
  await measurePlayer(server, playerPlaylistId);
} finally {
  await server.stop();
}
