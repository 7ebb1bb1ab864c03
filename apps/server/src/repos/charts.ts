import type { Database } from '../db/database.ts';

export interface ChartRecord {
  playlistId: number;
  kind: string;
  computedAt: number;
  lastPlayId: number;
}

/**
 * Charts are playlists (so /playlist/detail shows them; the playlists repository writes them)
 * plus a row here naming the chart kind and what its last ranking saw.
 */
export function createChartRepo(db: Database) {
  const all = db.prepare<[], ChartRecord>(
    'SELECT playlist_id AS playlistId, kind, computed_at AS computedAt, last_play_id AS lastPlayId FROM charts',
  );
  const insert = db.prepare('INSERT INTO charts (playlist_id, kind) VALUES (?, ?)');
  const mark = db.prepare('UPDATE charts SET computed_at = ?, last_play_id = ? WHERE playlist_id = ?');

  return {
    all: async (): Promise<ChartRecord[]> => await all.all(),
    /** Names the playlist as the chart of `kind`. */
    async insert(playlistId: number, kind: string): Promise<void> {
      await insert.run(playlistId, kind);
    },
    /** Records when the chart was ranked and the newest play it saw. */
    async markRanked(playlistId: number, at: number, lastPlayId: number): Promise<void> {
      await mark.run(at, lastPlayId, playlistId);
    },
  };
}
export type ChartRepo = Awaited<ReturnType<typeof createChartRepo>>;
