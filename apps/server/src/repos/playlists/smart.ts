import type { SmartRules } from '@cloudtune/contract';
import type { Database } from '../../db/database.ts';
import { META_KEYS } from '../meta.ts';
import { compileSmartRules } from './smart-rules.ts';

type SongRow = { id: number; durationMs: number; createdAt: number };

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
      const { statements, limit } = compileSmartRules(rules, { ownerId, now: at ?? (await now()), dialect: db.dialect });
      const select = async () => {
        const rows: SongRow[] = [];
        for (const { sql, params } of statements) {
          if (rows.length >= limit) break;
          // Planned for its values at each call: a plan kept for any values (PostgreSQL's generic plan,
          // chosen after five calls) does not know the sets' sizes and took 15–25 s on 100,000 songs.
          rows.push(...(await db.prepare<unknown[], SongRow>(sql, { planEachCall: true }).all(...params, limit - rows.length)));
        }
        return rows;
      };
      // PostgreSQL prices the per-song probes of rules under OR far above what they cost, so its
      // JIT compiles the statement (about 1.5 s on 100,000 songs, decision 0048) to save
      // milliseconds: off for this statement alone (set_config's `true`: to the transaction's end).
      const rows =
        db.dialect === 'postgres'
          ? await db.tx(async () => {
              await db.get("SELECT set_config('jit', 'off', true)");
              return await select();
            })
          : await select();
      return rows.map((r) => ({ songId: Number(r.id), addedAt: Number(r.createdAt), durationMs: Number(r.durationMs) }));
    },
  };
}
