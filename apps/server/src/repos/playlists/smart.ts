import type { SmartRules } from '@cloudtune/contract';
import type { Database } from '../../db/database.ts';
import { META_KEYS } from '../meta.ts';
import { compileSmartRules } from './smart-rules.ts';

/** A song of a smart playlist: `addedAt` is when it joined the library (it was never added by hand). */
export interface SmartTrack {
  songId: number;
  addedAt: number;
  durationMs: number;
}

/**
 * The playlists repository's smart playlists (repos/playlists.ts spreads them in): their songs,
 * evaluated from the rules each time they are read, so they are never stale — a play, a like, a
 * rating or a song imported by any process on the database shows at the next read, and a cached
 * answer is kept only for the database version it was read at.
 */
export function createSmartPlaylists(db: Database) {
  const clockOffset = db.prepare<[string], string>('SELECT value FROM app_meta WHERE key = ?').pluck();
  let offset: number | undefined;

  /**
   * The library clock's now, which stamps plays (services/charts/clock.ts): read from the offset
   * the first server stored, kept once read; real time until one is stored.
   */
  async function now(): Promise<number> {
    if (offset === undefined) {
      const text = await clockOffset.get(META_KEYS.clockOffset);
      if (text !== undefined && Number.isFinite(Number(text))) offset = Number(text);
    }
    return Date.now() + (offset ?? 0);
  }

  return {
    /** The songs `rules` select for `ownerId`, in the playlist's order. `at`: the moment to evaluate at (default: now). */
    async smartTracks(rules: SmartRules, ownerId: number, at?: number): Promise<SmartTrack[]> {
      const { sql, params } = compileSmartRules(rules, { ownerId, now: at ?? (await now()), dialect: db.dialect });
      const rows = await db.all<{ id: number; durationMs: number; createdAt: number }>(sql, ...params);
      return rows.map((r) => ({ songId: Number(r.id), addedAt: Number(r.createdAt), durationMs: Number(r.durationMs) }));
    },
  };
}
