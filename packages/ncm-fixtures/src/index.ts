import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real recorded NeteaseCloudMusicApi responses (see ../SOURCES.md for each file's origin and
 * ../SHAPES.md for the fields clients read). The one copy inside the repository: the contract,
 * server and web tests all read them from here, so a clone passes its tests on its own.
 */
// Not `new URL('..', import.meta.url)`: Vite rewrites that form into an asset URL in jsdom tests.
const recordedDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'recorded');

/** Every recorded body's name, e.g. `banner`, `search_type1`, `banner.type2_iphone`. */
export const recordedNames: readonly string[] = readdirSync(recordedDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();

/** The recorded body of `name` (a fresh parse each call, so a test may mutate it). */
export function recorded<T = unknown>(name: string): T {
  if (!recordedNames.includes(name)) throw new Error(`no recorded NeteaseCloudMusicApi response named "${name}"`);
  return JSON.parse(readFileSync(join(recordedDir, `${name}.json`), 'utf8')) as T;
}
