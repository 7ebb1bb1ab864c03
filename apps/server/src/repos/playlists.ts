import type { Db } from '../db/connection.ts';
import { idsParam } from './json.ts';

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
  trackCount: number;
  tags: string[];
}

/** A playlist as written: the stored fields less those the database derives or defaults. */
export type NewPlaylist = Omit<PlaylistRecord, 'id' | 'specialType' | 'privacy' | 'trackCount' | 'tags'> & {
  recommendRank: number | null;
  /** 5 = a user's liked songs (我喜欢的音乐); default 0, an ordinary playlist */
  specialType?: number;
  /** 10 = private (only its creator sees it); default 0, public */
  privacy?: number;
};

/** NetEase's specialType of the liked-songs playlist every account has. */
export const LIKED_SONGS_SPECIAL_TYPE = 5;
/** NetEase names a liked-songs playlist after its owner; the client shows 我喜欢的音乐 on one's own profile. */
export const likedSongsName = (nickname: string): string => `${nickname}喜欢的音乐`;

export interface PlaylistAccess {
  creatorId: number;
  privacy: number;
}

export interface PlaylistTrack {
  songId: number;
  addedAt: number;
}

type PlaylistRow = Omit<PlaylistRecord, 'tags' | 'highQuality'> & { highQuality: number };

/** The playlist square's slice: curated, public, ordinary (not a chart or liked-songs list). */
export interface HighQualityFilter {
  /** only playlists with this tag; null = every tag */
  tagId: number | null;
}

const COLUMNS = `p.id, p.name, p.creator_id AS creatorId, p.description, p.copywriter, p.play_count AS playCount,
  p.subscribed_count AS subscribedCount, p.share_count AS shareCount, p.comment_count AS commentCount,
  p.high_quality AS highQuality, p.special_type AS specialType, p.privacy, p.created_at AS createdAt,
  p.updated_at AS updatedAt, (SELECT COUNT(*) FROM playlist_tracks t WHERE t.playlist_id = p.id) AS trackCount`;

export function createPlaylistRepo(db: Db) {
  const byId = db.prepare<[number], PlaylistRow>(`SELECT ${COLUMNS} FROM playlists p WHERE p.id = ?`);
  const recommended = db.prepare<[number], PlaylistRow>(
    `SELECT ${COLUMNS} FROM playlists p WHERE p.recommend_rank IS NOT NULL ORDER BY p.recommend_rank LIMIT ?`,
  );
  const tagsOf = db.prepare<[string], { playlistId: number; name: string }>(`
    SELECT pt.playlist_id AS playlistId, t.name FROM playlist_tags pt JOIN tags t ON t.id = pt.tag_id
    WHERE pt.playlist_id IN (SELECT value FROM json_each(?)) ORDER BY pt.playlist_id, pt.position`);
  const tracks = db.prepare<[number], PlaylistTrack>(
    'SELECT song_id AS songId, added_at AS addedAt FROM playlist_tracks WHERE playlist_id = ? ORDER BY position',
  );
  const insertStmt = db.prepare(`
    INSERT INTO playlists (name, creator_id, description, copywriter, play_count, subscribed_count, share_count,
      comment_count, high_quality, recommend_rank, special_type, privacy, created_at, updated_at)
    VALUES (@name, @creatorId, @description, @copywriter, @playCount, @subscribedCount, @shareCount,
      @commentCount, @highQuality, @recommendRank, @specialType, @privacy, @createdAt, @updatedAt)`);
  const likedOf = db
    .prepare<[number], number>(
      `SELECT id FROM playlists WHERE creator_id = ? AND special_type = ${LIKED_SONGS_SPECIAL_TYPE} ORDER BY id LIMIT 1`,
    )
    .pluck();
  const rename = db.prepare('UPDATE playlists SET name = ? WHERE id = ?');
  const createdCount = db
    .prepare<[number], number>('SELECT COUNT(*) FROM playlists WHERE creator_id = ? AND special_type IN (0, 5)')
    .pluck();
  const insertTrack = db.prepare('INSERT INTO playlist_tracks (playlist_id, song_id, position, added_at) VALUES (?, ?, ?, ?)');
  const lastPosition = db
    .prepare<[number], number>('SELECT COALESCE(MAX(position), -1) FROM playlist_tracks WHERE playlist_id = ?')
    .pluck();
  const insertTag = db.prepare('INSERT INTO playlist_tags (playlist_id, tag_id, position) VALUES (?, ?, ?)');
  const existsStmt = db.prepare<[number], number>('SELECT 1 FROM playlists WHERE id = ?').pluck();
  const accessStmt = db.prepare<[number], PlaylistAccess>('SELECT creator_id AS creatorId, privacy FROM playlists WHERE id = ?');
  const byIds = db.prepare<[string], PlaylistRow>(`SELECT ${COLUMNS} FROM playlists p WHERE p.id IN (SELECT value FROM json_each(?))`);
  const removeStmt = db.prepare('DELETE FROM playlists WHERE id = ?');
  const describe = db.prepare('UPDATE playlists SET description = ? WHERE id = ?');
  const touch = db.prepare('UPDATE playlists SET updated_at = MAX(updated_at, ?) WHERE id = ?');
  const clearTags = db.prepare('DELETE FROM playlist_tags WHERE playlist_id = ?');
  const firstPosition = db
    .prepare<[number], number>('SELECT COALESCE(MIN(position), 0) FROM playlist_tracks WHERE playlist_id = ?')
    .pluck();
  const presentSongs = db
    .prepare<[number, string], number>(
      'SELECT song_id FROM playlist_tracks WHERE playlist_id = ? AND song_id IN (SELECT value FROM json_each(?))',
    )
    .pluck();
  const deleteTracks = db.prepare('DELETE FROM playlist_tracks WHERE playlist_id = ? AND song_id IN (SELECT value FROM json_each(?))');
  const countTracks = db.prepare<[number], number>('SELECT COUNT(*) FROM playlist_tracks WHERE playlist_id = ?').pluck();
  const addSubscribed = db.prepare('UPDATE playlists SET subscribed_count = MAX(0, subscribed_count + ?) WHERE id = ?');
  const SQUARE = `p.high_quality = 1 AND p.special_type = 0 AND p.privacy = 0
    AND (@tagId IS NULL OR EXISTS (SELECT 1 FROM playlist_tags pt WHERE pt.playlist_id = p.id AND pt.tag_id = @tagId))`;
  const squarePage = db.prepare<HighQualityFilter & { before: number; limit: number; offset: number }, PlaylistRow>(
    `SELECT ${COLUMNS} FROM playlists p WHERE ${SQUARE} AND p.updated_at < @before
     ORDER BY p.updated_at DESC, p.id DESC LIMIT @limit OFFSET @offset`,
  );
  const squareAt = db.prepare<HighQualityFilter & { at: number }, PlaylistRow>(
    `SELECT ${COLUMNS} FROM playlists p WHERE ${SQUARE} AND p.updated_at = @at ORDER BY p.id DESC`,
  );
  const squareCount = db.prepare<HighQualityFilter, number>(`SELECT COUNT(*) FROM playlists p WHERE ${SQUARE}`).pluck();
  const PUBLIC = `p.special_type = 0 AND p.privacy = 0 AND (@tag IS NULL OR EXISTS (
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

  function withTags(rows: PlaylistRow[]): PlaylistRecord[] {
    const tags = new Map<number, string[]>();
    if (rows.length) {
      for (const t of tagsOf.all(idsParam(rows.map((r) => r.id)))) {
        tags.set(t.playlistId, [...(tags.get(t.playlistId) ?? []), t.name]);
      }
    }
    return rows.map((r) => ({ ...r, highQuality: r.highQuality === 1, tags: tags.get(r.id) ?? [] }));
  }

  function insert(playlist: NewPlaylist): number {
    return Number(
      insertStmt.run({
        ...playlist,
        specialType: playlist.specialType ?? 0,
        privacy: playlist.privacy ?? 0,
        highQuality: playlist.highQuality ? 1 : 0,
      }).lastInsertRowid,
    );
  }

  return {
    findById(id: number): PlaylistRecord | undefined {
      const row = byId.get(id);
      return row && withTags([row])[0];
    },
    /** Playlists marked for the home page, in their recommended order. */
    recommended: (limit: number): PlaylistRecord[] => withTags(recommended.all(limit)),
    tracksOf: (playlistId: number): PlaylistTrack[] => tracks.all(playlistId),
    exists: (id: number): boolean => existsStmt.get(id) !== undefined,
    /** Who made the playlist and who may see it (one row read: no track count, no tags). */
    accessOf: (id: number): PlaylistAccess | undefined => accessStmt.get(id),
    /** Curated playlists updated before `before`, newest first (ties: higher id first). */
    highQualityPage(filter: HighQualityFilter, before: number, offset: number, limit: number): PlaylistRecord[] {
      return withTags(squarePage.all({ ...filter, before, offset, limit }));
    },
    /** Every curated playlist updated exactly at `at` (a page must not split such a tie). */
    highQualityAt: (filter: HighQualityFilter, at: number): PlaylistRecord[] => withTags(squareAt.all({ ...filter, at })),
    highQualityCount: (filter: HighQualityFilter): number => squareCount.get(filter) ?? 0,
    /** Ids of a page of public, ordinary playlists with the tag named `tag` (null: any), the most played or the newest first. */
    publicPage: (tag: string | null, order: 'hot' | 'new', limit: number, offset: number): number[] =>
      (order === 'new' ? publicNew : publicHot).all({ tag, limit, offset }),
    /** Public, ordinary playlists with the tag named `tag`; null: all of them (the 全部歌单 count). */
    publicCount: (tag: string | null = null): number => publicCount.get({ tag }) ?? 0,
    curateEveryTag: (): void => {
      curateEveryTag.run();
    },
    insert,
    /** The user's liked-songs playlist (specialType 5), if they have one. */
    likedOf: (userId: number): number | undefined => likedOf.get(userId),
    /** A new, empty 我喜欢的音乐 for a user (made at registration, or on their first like). */
    insertLikedSongs(user: { id: number; nickname: string; createdAt: number }, now: number): number {
      return insert({
        name: likedSongsName(user.nickname),
        creatorId: user.id,
        description: null,
        copywriter: null,
        playCount: 0,
        subscribedCount: 0,
        shareCount: 0,
        commentCount: 0,
        highQuality: false,
        recommendRank: null,
        specialType: LIKED_SONGS_SPECIAL_TYPE,
        createdAt: user.createdAt,
        updatedAt: now,
      });
    },
    rename(id: number, name: string): void {
      rename.run(name, id);
    },
    /** Playlists the user made (their liked songs included), as /user/subcount counts them. */
    createdCount: (userId: number): number => createdCount.get(userId) ?? 0,
    /** Appends songs after the current last track (callers skip songs already present). */
    appendTracks(playlistId: number, songIds: readonly number[], addedAt: number): void {
      let position = lastPosition.get(playlistId) ?? -1;
      for (const songId of songIds) insertTrack.run(playlistId, songId, ++position, addedAt);
    },
    setTags(playlistId: number, tagIds: readonly number[]): void {
      tagIds.forEach((tagId, i) => insertTag.run(playlistId, tagId, i));
    },
    findByIds(ids: readonly number[]): Map<number, PlaylistRecord> {
      return new Map((ids.length ? withTags(byIds.all(idsParam(ids))) : []).map((p) => [p.id, p]));
    },
    /** Deletes a playlist; its tracks, tags and subscribers go with it (foreign keys). */
    remove(id: number): void {
      removeStmt.run(id);
    },
    describe(id: number, description: string | null): void {
      describe.run(description, id);
    },
    /** Marks a change at `at` (never moves the time back). */
    touch(id: number, at: number): void {
      touch.run(at, id);
    },
    replaceTags(playlistId: number, tagIds: readonly number[]): void {
      clearTags.run(playlistId);
      tagIds.forEach((tagId, i) => insertTag.run(playlistId, tagId, i));
    },
    /** Of `songIds`, those already in the playlist. */
    songsPresent: (playlistId: number, songIds: readonly number[]): Set<number> =>
      new Set(songIds.length ? presentSongs.all(playlistId, idsParam(songIds)) : []),
    /** Puts songs before the current first track, in the given order (callers skip songs already present). */
    prependTracks(playlistId: number, songIds: readonly number[], addedAt: number): void {
      const first = (firstPosition.get(playlistId) ?? 0) - songIds.length;
      songIds.forEach((songId, i) => insertTrack.run(playlistId, songId, first + i, addedAt));
    },
    /** Removes songs from the playlist; returns how many were there. */
    removeTracks: (playlistId: number, songIds: readonly number[]): number =>
      songIds.length ? deleteTracks.run(playlistId, idsParam(songIds)).changes : 0,
    trackCount: (playlistId: number): number => countTracks.get(playlistId) ?? 0,
    /** Moves subscribed_count by `delta` (never below 0). */
    addSubscribed(id: number, delta: number): void {
      addSubscribed.run(delta, id);
    },
  };
}
export type PlaylistRepo = ReturnType<typeof createPlaylistRepo>;
