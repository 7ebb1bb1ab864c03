import type { SmartRules } from '@cloudtune/contract';
import type { Database } from '../db/database.ts';
import { idsParam } from './json.ts';
import { CHART_SPECIAL_TYPE, LIKED_SONGS_SPECIAL_TYPE, likedSongsName } from './playlists/kinds.ts';
import { createPlaylistSubscribers } from './playlists/subscribers.ts';
import { createPlaylistTaste } from './playlists/taste.ts';
import { createSmartPlaylists, type SmartTrack } from './playlists/smart.ts';
import { createPlaylistTracks, type PlaylistTrack } from './playlists/tracks.ts';

export type { UserPlaylistEntry, UserPlaylistQuery } from './playlists/subscribers.ts';
export type { PlaylistArtistCount, PlaylistCandidate, SongTag } from './playlists/taste.ts';
export type { PlaylistTrack } from './playlists/tracks.ts';
export type { SmartTrack } from './playlists/smart.ts';
export { CHART_SPECIAL_TYPE, LIKED_SONGS_SPECIAL_TYPE, likedSongsName } from './playlists/kinds.ts';

export interface PlaylistRecord {
  id: number;
  name: string;
  creatorId: number;
  description: string | null;
  copywriter: string | null;
  playCount: number;
  subscribedCount: number;
  shareCount: number;
  commentCount: number;
  highQuality: boolean;
  specialType: number;
  privacy: number;
  createdAt: number;
  updatedAt: number;
  /** a smart playlist's: the songs its rules select for its owner now */
  trackCount: number;
  tags: string[];
  /** a smart playlist's rules (智能歌单); null: an ordinary playlist, its tracks stored */
  smartRules: SmartRules | null;
}

/** A playlist's counters and marks a new one starts without: 0, null or false unless given. */
type PlaylistDefaults = 'description' | 'copywriter' | 'playCount' | 'subscribedCount' | 'shareCount' | 'commentCount' | 'highQuality';

/** A playlist as written: the stored fields less those the database derives; the rest as PlaylistDefaults says. */
export type NewPlaylist = Omit<PlaylistRecord, 'id' | 'specialType' | 'privacy' | 'trackCount' | 'tags' | 'smartRules' | PlaylistDefaults> &
  Partial<Pick<PlaylistRecord, PlaylistDefaults>> & {
    /** its place on the home page's recommended playlists; null or absent: not there */
    recommendRank?: number | null;
    /** 5 = a user's liked songs (我喜欢的音乐); default 0, an ordinary playlist */
    specialType?: number;
    /** 10 = private (only its creator sees it); default 0, public */
    privacy?: number;
    /** a smart playlist's rules; absent or null: an ordinary playlist */
    smartRules?: SmartRules | null;
  };

/** A chart's playlist as first written (NetEase's `specialType` 10). */
export interface NewChartPlaylist {
  /** the playlist id to take (NetEase's id of the chart) when it is free; else the next one */
  id?: number;
  name: string;
  description: string;
  creatorId: number;
  createdAt: number;
}

export interface PlaylistAccess {
  creatorId: number;
  privacy: number;
}

/** Who may see a playlist, and whether one viewer collected it. */
export interface PlaylistView extends PlaylistAccess {
  subscribed: boolean;
}

/** The playlist square's slice: curated, public, ordinary (not a chart or liked-songs list). */
export interface HighQualityFilter {
  /** only playlists with this tag; null = every tag */
  tagId: number | null;
}

/** A user's own playlist with its creator's name, song count and length (as Subsonic lists playlists). */
export interface PlaylistSummary {
  id: number;
  name: string;
  description: string | null;
  creatorId: number;
  creatorName: string;
  privacy: number;
  songCount: number;
  durationMs: number;
  createdAt: number;
  updatedAt: number;
  smartRules: SmartRules | null;
}

type PlaylistRow = Omit<PlaylistRecord, 'tags' | 'highQuality' | 'smartRules'> & { highQuality: number; smartRules: string | null };
type SummaryRow = Omit<PlaylistSummary, 'smartRules'> & { smartRules: string | null };

/** A smart playlist's stored rules: JSON written only after the contract checked it. */
const rulesOf = (text: string | null): SmartRules | null => (text === null ? null : (JSON.parse(text) as SmartRules));

const COLUMNS = `p.id, p.name, p.creator_id AS creatorId, p.description, p.copywriter, p.play_count AS playCount,
  p.subscribed_count AS subscribedCount, p.share_count AS shareCount, p.comment_count AS commentCount,
  p.high_quality AS highQuality, p.special_type AS specialType, p.privacy, p.created_at AS createdAt,
  p.updated_at AS updatedAt, (SELECT COUNT(*) FROM playlist_tracks t WHERE t.playlist_id = p.id) AS trackCount,
  p.smart_rules AS smartRules`;
const SUMMARY_COLUMNS = `p.id, p.name, p.description, p.creator_id AS creatorId, u.nickname AS creatorName, p.privacy,
  (SELECT COUNT(*) FROM playlist_tracks t WHERE t.playlist_id = p.id) AS songCount,
  (SELECT COALESCE(SUM(s.duration_ms), 0) FROM playlist_tracks t JOIN songs s ON s.id = t.song_id WHERE t.playlist_id = p.id) AS durationMs,
  p.created_at AS createdAt, p.updated_at AS updatedAt, p.smart_rules AS smartRules`;

/**
 * Playlists (playlists, playlist_tags, playlist_tracks, playlist_subscribers): every statement that
 * reads or writes them — ordinary playlists, liked songs, charts, the square — for the NetEase and
 * Subsonic APIs and the demo seeder alike. Tracks are in playlists/tracks.ts, a user's list and
 * collecting in playlists/subscribers.ts, what recommendations read in playlists/taste.ts.
 */
export function createPlaylistRepo(db: Database) {
  const byId = db.prepare<[number], PlaylistRow>(`SELECT ${COLUMNS} FROM playlists p WHERE p.id = ?`);
  const recommended = db.prepare<[number], PlaylistRow>(
    `SELECT ${COLUMNS} FROM playlists p WHERE p.recommend_rank IS NOT NULL ORDER BY p.recommend_rank LIMIT ?`,
  );
  const tagsOf = db.prepare<[string], { playlistId: number; name: string }>(`
    SELECT pt.playlist_id AS playlistId, t.name FROM playlist_tags pt JOIN tags t ON t.id = pt.tag_id
    WHERE pt.playlist_id IN (SELECT value FROM json_each(?)) ORDER BY pt.playlist_id, pt.position`);
  const insertStmt = db.prepare(`
    INSERT INTO playlists (name, creator_id, description, copywriter, play_count, subscribed_count, share_count,
      comment_count, high_quality, recommend_rank, special_type, privacy, created_at, updated_at, smart_rules)
    VALUES (@name, @creatorId, @description, @copywriter, @playCount, @subscribedCount, @shareCount,
      @commentCount, @highQuality, @recommendRank, @specialType, @privacy, @createdAt, @updatedAt, @smartRules)`);
  const insertChartStmt = db.prepare(`
    INSERT INTO playlists (id, name, creator_id, description, special_type, created_at, updated_at)
    VALUES (@id, @name, @creatorId, @description, ${CHART_SPECIAL_TYPE}, @createdAt, @createdAt)`);
  // Without an id the engine picks one: an explicit NULL would be refused by PostgreSQL's identity column.
  const insertChartAnyIdStmt = db.prepare(`
    INSERT INTO playlists (name, creator_id, description, special_type, created_at, updated_at)
    VALUES (@name, @creatorId, @description, ${CHART_SPECIAL_TYPE}, @createdAt, @createdAt)`);
  const likedOf = db
    .prepare<[number], number>(
      `SELECT id FROM playlists WHERE creator_id = ? AND special_type = ${LIKED_SONGS_SPECIAL_TYPE} ORDER BY id LIMIT 1`,
    )
    .pluck();
  const rename = db.prepare('UPDATE playlists SET name = ? WHERE id = ?');
  const createdCount = db
    .prepare<[number], number>('SELECT COUNT(*) FROM playlists WHERE creator_id = ? AND special_type IN (0, 5)')
    .pluck();
  const insertTag = db.prepare('INSERT INTO playlist_tags (playlist_id, tag_id, position) VALUES (?, ?, ?)');
  const existsStmt = db.prepare<[number], number>('SELECT 1 FROM playlists WHERE id = ?').pluck();
  const accessStmt = db.prepare<[number], PlaylistAccess>('SELECT creator_id AS creatorId, privacy FROM playlists WHERE id = ?');
  const viewStmt = db.prepare<[number | null, number], PlaylistAccess & { subscribed: number }>(`
    SELECT creator_id AS creatorId, privacy,
      EXISTS (SELECT 1 FROM playlist_subscribers s WHERE s.playlist_id = p.id AND s.user_id = ?) AS subscribed
    FROM playlists p WHERE p.id = ?`);
  const byIds = db.prepare<[string], PlaylistRow>(`SELECT ${COLUMNS} FROM playlists p WHERE p.id IN (SELECT value FROM json_each(?))`);
  const removeStmt = db.prepare('DELETE FROM playlists WHERE id = ?');
  const describe = db.prepare('UPDATE playlists SET description = ? WHERE id = ?');
  const touch = db.prepare('UPDATE playlists SET updated_at = MAX(updated_at, ?) WHERE id = ?');
  const markPlayed = db.prepare('UPDATE playlists SET updated_at = ?, play_count = ? WHERE id = ?');
  const clearTags = db.prepare('DELETE FROM playlist_tags WHERE playlist_id = ?');
  const addSubscribed = db.prepare('UPDATE playlists SET subscribed_count = MAX(0, subscribed_count + ?) WHERE id = ?');
  const SQUARE = `p.high_quality = 1 AND p.special_type = 0 AND p.privacy = 0
    AND (CAST(@tagId AS BIGINT) IS NULL OR EXISTS (SELECT 1 FROM playlist_tags pt WHERE pt.playlist_id = p.id AND pt.tag_id = @tagId))`;
  const squarePage = db.prepare<HighQualityFilter & { before: number; limit: number; offset: number }, PlaylistRow>(
    `SELECT ${COLUMNS} FROM playlists p WHERE ${SQUARE} AND p.updated_at < @before
     ORDER BY p.updated_at DESC, p.id DESC LIMIT @limit OFFSET @offset`,
  );
  const squareAt = db.prepare<HighQualityFilter & { at: number }, PlaylistRow>(
    `SELECT ${COLUMNS} FROM playlists p WHERE ${SQUARE} AND p.updated_at = @at ORDER BY p.id DESC`,
  );
  const squareCount = db.prepare<HighQualityFilter, number>(`SELECT COUNT(*) FROM playlists p WHERE ${SQUARE}`).pluck();
  const PUBLIC = `p.special_type = 0 AND p.privacy = 0 AND (CAST(@tag AS TEXT) IS NULL OR EXISTS (
      SELECT 1 FROM playlist_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.playlist_id = p.id AND t.name = @tag))`;
  const publicHot = db
    .prepare<{ tag: string | null; limit: number; offset: number }, number>(
      `SELECT p.id FROM playlists p WHERE ${PUBLIC} ORDER BY p.play_count DESC, p.id DESC LIMIT @limit OFFSET @offset`,
    )
    .pluck();
  const publicNew = db
    .prepare<{ tag: string | null; limit: number; offset: number }, number>(
      `SELECT p.id FROM playlists p WHERE ${PUBLIC} ORDER BY p.created_at DESC, p.id DESC LIMIT @limit OFFSET @offset`,
    )
    .pluck();
  const publicCount = db.prepare<{ tag: string | null }, number>(`SELECT COUNT(*) FROM playlists p WHERE ${PUBLIC}`).pluck();
  // Demo curation: a tag none of whose playlists is curated gets its most played one curated.
  const curateEveryTag = db.prepare(`
    UPDATE playlists SET high_quality = 1 WHERE id IN (
      SELECT (SELECT pt.playlist_id FROM playlist_tags pt JOIN playlists p ON p.id = pt.playlist_id
              WHERE pt.tag_id = t.id AND p.special_type = 0 AND p.privacy = 0
              ORDER BY p.play_count DESC, p.id LIMIT 1)
      FROM tags t
      WHERE NOT EXISTS (SELECT 1 FROM playlist_tags pt JOIN playlists p ON p.id = pt.playlist_id
                        WHERE pt.tag_id = t.id AND p.high_quality = 1))`);
  const setSmartRules = db.prepare('UPDATE playlists SET smart_rules = ? WHERE id = ? AND smart_rules IS NOT NULL');
  const summariesOf = db.prepare<[number], SummaryRow>(`
    SELECT ${SUMMARY_COLUMNS} FROM playlists p JOIN users u ON u.id = p.creator_id
    WHERE p.creator_id = ? AND p.special_type IN (0, ${LIKED_SONGS_SPECIAL_TYPE})
    ORDER BY p.special_type = ${LIKED_SONGS_SPECIAL_TYPE} DESC, p.created_at DESC, p.id DESC`);
  const summary = db.prepare<[number], SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM playlists p JOIN users u ON u.id = p.creator_id WHERE p.id = ?`,
  );

  const smart = createSmartPlaylists(db);

  /** A smart playlist's songs, evaluated once for each row that has rules. */
  async function smartTracksOf(rows: readonly { id: number; creatorId: number; smartRules: SmartRules | null }[]) {
    const out = new Map<number, SmartTrack[]>();
    for (const r of rows) if (r.smartRules) out.set(r.id, await smart.smartTracks(r.smartRules, r.creatorId));
    return out;
  }

  async function withTags(rows: PlaylistRow[]): Promise<PlaylistRecord[]> {
    const tags = new Map<number, string[]>();
    if (rows.length) {
      for (const t of await tagsOf.all(idsParam(rows.map((r) => r.id)))) {
        tags.set(t.playlistId, [...(tags.get(t.playlistId) ?? []), t.name]);
      }
    }
    const records = rows.map((r) => ({
      ...r,
      highQuality: r.highQuality === 1,
      tags: tags.get(r.id) ?? [],
      smartRules: rulesOf(r.smartRules),
    }));
    const smartTracks = await smartTracksOf(records);
    return records.map((r) => (r.smartRules ? { ...r, trackCount: smartTracks.get(r.id)!.length } : r));
  }

  async function summaries(rows: SummaryRow[]): Promise<PlaylistSummary[]> {
    const records = rows.map((r) => ({ ...r, smartRules: rulesOf(r.smartRules) }));
    const smartTracks = await smartTracksOf(records);
    return records.map((r) => {
      const tracks = smartTracks.get(r.id);
      return tracks ? { ...r, songCount: tracks.length, durationMs: tracks.reduce((sum, t) => sum + t.durationMs, 0) } : r;
    });
  }

  async function insert(playlist: NewPlaylist): Promise<number> {
    return Number(
      (
        await insertStmt.run({
          description: null,
          copywriter: null,
          playCount: 0,
          subscribedCount: 0,
          shareCount: 0,
          commentCount: 0,
          ...playlist,
          recommendRank: playlist.recommendRank ?? null,
          specialType: playlist.specialType ?? 0,
          privacy: playlist.privacy ?? 0,
          highQuality: playlist.highQuality ? 1 : 0,
          smartRules: playlist.smartRules ? JSON.stringify(playlist.smartRules) : null,
        })
      ).lastInsertId,
    );
  }

  const tracks = createPlaylistTracks(db);
  return {
    ...tracks,
    ...createPlaylistSubscribers(db),
    ...createPlaylistTaste(db),
    ...smart,

    /**
     * A playlist's songs in its order: a smart playlist's as its rules select them now, an
     * ordinary one's as stored.
     */
    async songsOf(p: { id: number; creatorId: number; smartRules: SmartRules | null }): Promise<PlaylistTrack[]> {
      if (!p.smartRules) return await tracks.tracksOf(p.id);
      return (await smart.smartTracks(p.smartRules, p.creatorId)).map(({ songId, addedAt }) => ({ songId, addedAt }));
    },

    async findById(id: number): Promise<PlaylistRecord | undefined> {
      const row = await byId.get(id);
      return row && (await withTags([row]))[0];
    },
    async findByIds(ids: readonly number[]): Promise<Map<number, PlaylistRecord>> {
      return new Map((ids.length ? await withTags(await byIds.all(idsParam(ids))) : []).map((p) => [p.id, p]));
    },
    exists: async (id: number): Promise<boolean> => (await existsStmt.get(id)) !== undefined,
    /** Who made the playlist and who may see it (one row read: no track count, no tags). */
    accessOf: async (id: number): Promise<PlaylistAccess | undefined> => await accessStmt.get(id),
    /** accessOf() and whether `viewerId` collected the playlist, in one query (every /playlist/detail asks). */
    async viewOf(id: number, viewerId: number | null): Promise<PlaylistView | undefined> {
      const row = await viewStmt.get(viewerId, id);
      return row && { creatorId: row.creatorId, privacy: row.privacy, subscribed: row.subscribed === 1 };
    },
    /** Playlists marked for the home page, in their recommended order. */
    recommended: async (limit: number): Promise<PlaylistRecord[]> => await withTags(await recommended.all(limit)),
    /** Curated playlists updated before `before`, newest first (ties: higher id first). */
    async highQualityPage(filter: HighQualityFilter, before: number, offset: number, limit: number): Promise<PlaylistRecord[]> {
      return await withTags(await squarePage.all({ ...filter, before, offset, limit }));
    },
    /** Every curated playlist updated exactly at `at` (a page must not split such a tie). */
    highQualityAt: async (filter: HighQualityFilter, at: number): Promise<PlaylistRecord[]> =>
      await withTags(await squareAt.all({ ...filter, at })),
    highQualityCount: async (filter: HighQualityFilter): Promise<number> => (await squareCount.get(filter)) ?? 0,
    /** Ids of a page of public, ordinary playlists with the tag named `tag` (null: any), the most played or the newest first. */
    publicPage: async (tag: string | null, order: 'hot' | 'new', limit: number, offset: number): Promise<number[]> =>
      await (order === 'new' ? publicNew : publicHot).all({ tag, limit, offset }),
    /** Public, ordinary playlists with the tag named `tag`; null: all of them (the 全部歌单 count). */
    publicCount: async (tag: string | null = null): Promise<number> => (await publicCount.get({ tag })) ?? 0,
    curateEveryTag: async (): Promise<void> => {
      await curateEveryTag.run();
    },
    /** The user's own playlists (liked songs first, then newest first), as Subsonic lists them. */
    summariesOf: async (userId: number): Promise<PlaylistSummary[]> => await summaries(await summariesOf.all(userId)),
    async summary(id: number): Promise<PlaylistSummary | undefined> {
      const row = await summary.get(id);
      return row && (await summaries([row]))[0];
    },
    insert,
    /** Creates a chart's playlist; returns its id (the one asked for when it is free). */
    async insertChart(chart: NewChartPlaylist): Promise<number> {
      const wanted = chart.id !== undefined && (await existsStmt.get(chart.id)) === undefined ? chart.id : null;
      const { name, creatorId, description, createdAt } = chart;
      const result =
        wanted === null
          ? await insertChartAnyIdStmt.run({ name, creatorId, description, createdAt })
          : await insertChartStmt.run({ name, creatorId, description, createdAt, id: wanted });
      return Number(result.lastInsertId);
    },
    /** The user's liked-songs playlist (specialType 5), if they have one. */
    likedOf: async (userId: number): Promise<number | undefined> => await likedOf.get(userId),
    /** A new, empty 我喜欢的音乐 for a user (made at registration, or on their first like). */
    async insertLikedSongs(user: { id: number; nickname: string; createdAt: number }, now: number): Promise<number> {
      return await insert({
        name: likedSongsName(user.nickname),
        creatorId: user.id,
        specialType: LIKED_SONGS_SPECIAL_TYPE,
        createdAt: user.createdAt,
        updatedAt: now,
      });
    },
    async rename(id: number, name: string): Promise<void> {
      await rename.run(name, id);
    },
    /** Playlists the user made (their liked songs included), as /user/subcount counts them. */
    createdCount: async (userId: number): Promise<number> => (await createdCount.get(userId)) ?? 0,
    async setTags(playlistId: number, tagIds: readonly number[]): Promise<void> {
      for (const [i, tagId] of tagIds.entries()) await insertTag.run(playlistId, tagId, i);
    },
    async replaceTags(playlistId: number, tagIds: readonly number[]): Promise<void> {
      await clearTags.run(playlistId);
      for (const [i, tagId] of tagIds.entries()) await insertTag.run(playlistId, tagId, i);
    },
    /** Deletes a playlist; its tracks, tags and subscribers go with it (foreign keys). */
    async remove(id: number): Promise<void> {
      await removeStmt.run(id);
    },
    /** Replaces a smart playlist's rules (an ordinary playlist is left as it is). */
    async setSmartRules(id: number, rules: SmartRules): Promise<void> {
      await setSmartRules.run(JSON.stringify(rules), id);
    },
    async describe(id: number, description: string | null): Promise<void> {
      await describe.run(description, id);
    },
    /** Marks a change at `at` (never moves the time back). */
    async touch(id: number, at: number): Promise<void> {
      await touch.run(at, id);
    },
    /** A chart re-ranked at `at`: its time and its play count (the charted songs' plays). */
    async markPlayed(id: number, at: number, playCount: number): Promise<void> {
      await markPlayed.run(at, playCount, id);
    },
    /** Moves subscribed_count by `delta` (never below 0). */
    async addSubscribed(id: number, delta: number): Promise<void> {
      await addSubscribed.run(delta, id);
    },
  };
}
export type PlaylistRepo = Awaited<ReturnType<typeof createPlaylistRepo>>;
