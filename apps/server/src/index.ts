/**
 * Public entry of @cloudtune/server: the desktop shell starts the server through it, the
 * benchmarks build large libraries through it (and the reliability suite fuzzes every Subsonic method it lists).
 */
import type { Db } from './db/connection.ts';
import { createRepos } from './repos/index.ts';
import { createPlaylistService, type NewPlaylistInput } from './services/playlists.ts';
import { createSearchService, type SearchService } from './services/search/index.ts';

export { buildApp, type BuildAppOptions } from './app.ts';
export { loadConfig, type Config } from './config.ts';
export { startServer, servingLine, type RunningServer } from './server.ts';
export { openDatabase, openSqliteDatabase, databaseFile, type Db } from './db/connection.ts';
export { PostgresDatabase } from './db/postgres.ts';
export { migrateLibrary } from './migrate/index.ts';
/** The folder importer (the loudness bench times it with the background measurement off and on). */
export { importFolder } from './content/import/import-folder.ts';
export { seedDemoLibrary, needsDemoLibrary, DEFAULT_SEED, type DemoLibraryOptions, type DemoLibrarySummary } from './content/demo/index.ts';
export type { NewPlaylistInput } from './services/playlists.ts';
export { mediaUrls, type MediaUrls } from './media/urls.ts';
/** The login and SMS-code limits (docs/decisions/0026-login-limits-and-captcha.md): the reliability suite's attacks check against them. */
export { ADDRESS_FAILURE_LIMIT, MAX_DELAY_MS, PHONE_CAPTCHA_FAILURE_LIMIT, PHONE_WINDOW_MS } from './services/login-limits.ts';
export { CAPTCHA_DAILY_SENDS, CAPTCHA_DIGITS, CAPTCHA_RESEND_MS } from './services/accounts/captcha.ts';
export { SUBSONIC_METHODS } from './routes/subsonic/index.ts';
export type { SearchQuery, SearchService } from './services/search/index.ts';

/** Adds a playlist (e.g. a 1,000-track one for benchmarks) to an opened library; returns its id. */
export async function createPlaylist(db: Db, input: NewPlaylistInput): Promise<number> {
  return await createPlaylistService(createRepos(db)).create(input);
}

/** Search over an opened library; creating it indexes what is queued (benchmarks time that). */
export async function createSearch(db: Db): Promise<SearchService> {
  return await createSearchService(createRepos(db));
}
