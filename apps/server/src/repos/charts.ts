import type { Db } from '../db/connection.ts';

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
export function createChartRepo(db: Db) {
  const all = db.prepare<[], ChartRecord>(
    'SELECT playlist_id AS playlistId, kind, computed_at AS computedAt, last_play_id AS lastPlayId FROM charts',
  );
  const insert = db.prepare('INSERT INTO charts (playlist_id, kind) VALUES (?, ?)');
  const mark = db.prepare('UPDATE charts SET computed_at = ?, last_play_id = ? WHERE playlist_id = ?');

  return {
    all: (): ChartRecord[] => all.all(),
    /** Names the playlist as the chart of `kind`. */
    insert(playlistId: number, kind: string): void {
      insert.run(playlistId, kind);
    },
    /** Records when the chart was ranked and the newest play it saw. */
    markRanked(playlistId: number, at: number, lastPlayId: number): void {
      mark.run(at, lastPlayId, playlistId);
    },
  };
}
export type ChartRepo = ReturnType<typeof createChartRepo>;
