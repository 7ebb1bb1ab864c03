import type { Db } from '../db/connection.ts';
import { idsParam } from './json.ts';

export interface ChartRecord {
  playlistId: number;
  kind: string;
  computedAt: number;
  lastPlayId: number;
}

export interface NewChartPlaylist {
  /** the playlist id to take (NetEase's id of the chart) when it is free; else the next one */
  id?: number;
  kind: string;
  name: string;
  description: string;
  creatorId: number;
  createdAt: number;
}

/** NetEase's `specialType` of a toplist playlist. */
export const CHART_SPECIAL_TYPE = 10;

/** Charts are playlists (so /playlist/detail shows them) plus a row naming the chart kind. */
export function createChartRepo(db: Db) {
  const all = db.prepare<[], ChartRecord>(
    'SELECT playlist_id AS playlistId, kind, computed_at AS computedAt, last_play_id AS lastPlayId FROM charts',
  );
  const insertPlaylist = db.prepare(`
    INSERT INTO playlists (id, name, creator_id, description, special_type, created_at, updated_at)
    VALUES (@id, @name, @creatorId, @description, ${CHART_SPECIAL_TYPE}, @createdAt, @createdAt)`);
  const playlistExists = db.prepare<[number], number>('SELECT 1 FROM playlists WHERE id = ?').pluck();
  const insertChart = db.prepare('INSERT INTO charts (playlist_id, kind) VALUES (?, ?)');
  const clearTracks = db.prepare('DELETE FROM playlist_tracks WHERE playlist_id = ?');
  const insertTrack = db.prepare('INSERT INTO playlist_tracks (playlist_id, song_id, position, added_at) VALUES (?, ?, ?, ?)');
  const markChart = db.prepare('UPDATE charts SET computed_at = ?, last_play_id = ? WHERE playlist_id = ?');
  const markPlaylist = db.prepare('UPDATE playlists SET updated_at = ?, play_count = ? WHERE id = ?');
  const leaders = db.prepare<[string, number], { playlistId: number; songId: number }>(`
    SELECT playlist_id AS playlistId, song_id AS songId FROM playlist_tracks
    WHERE playlist_id IN (SELECT value FROM json_each(?)) AND position < ? ORDER BY playlist_id, position`);

  return {
    all: (): ChartRecord[] => all.all(),
    /** Creates the chart's playlist and its row; returns the playlist id. */
    create(chart: NewChartPlaylist): number {
      const wanted = chart.id !== undefined && playlistExists.get(chart.id) === undefined ? chart.id : null;
      const id = Number(insertPlaylist.run({ ...chart, id: wanted }).lastInsertRowid);
      insertChart.run(id, chart.kind);
      return id;
    },
    /** Replaces the chart's tracks with `songIds` in rank order and records when and what it saw. */
    rank(playlistId: number, songIds: readonly number[], at: number, lastPlayId: number, playCount: number): void {
      clearTracks.run(playlistId);
      songIds.forEach((songId, position) => insertTrack.run(playlistId, songId, position, at));
      markChart.run(at, lastPlayId, playlistId);
      markPlaylist.run(at, playCount, playlistId);
    },
    /** The first `count` song ids of each chart, in rank order. */
    leaders(playlistIds: readonly number[], count: number): Map<number, number[]> {
      const out = new Map<number, number[]>(playlistIds.map((id) => [id, []]));
      for (const row of leaders.all(idsParam(playlistIds), count)) out.get(row.playlistId)?.push(row.songId);
      return out;
    },
  };
}
export type ChartRepo = ReturnType<typeof createChartRepo>;
