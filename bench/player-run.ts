import { cpus } from 'node:os';
import { startServer } from '@cloudtune/e2e/server';
import { prepareBigLibrary } from './big-library.ts';
import { measurePlayer } from './player.ts';
import { preparePlayerMedia } from './player-media.ts';

/** `npm run bench:player` (after `npm run build`): the player's figures alone. */
const machine = () => `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}`;
const { dataDir, playerPlaylistId } = await prepareBigLibrary();
const media = await preparePlayerMedia(dataDir);
const server = await startServer({}, { dataDir });
try {
  console.log(`# Cloudtune player bench — ${new Date().toISOString()} — ${server.url} — ${machine()}`);
  await measurePlayer(server, playerPlaylistId, media);
} finally {
  await server.stop();
}
