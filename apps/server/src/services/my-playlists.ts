import { ApiError, notFound } from '../errors.ts';
import type { MediaUrls } from '../media/urls.ts';
import type { Repos } from '../repos/index.ts';
import { LIKED_SONGS_SPECIAL_TYPE, type PlaylistRecord } from '../repos/playlists.ts';
import { withTx } from '../repos/tx.ts';
import type { UserRecord } from '../repos/users.ts';
import type { Clock } from './rate-windows.ts';
import { recordEvent } from './social/index.ts';
import { creatorObject, NO_PLAYLIST_ARTWORK, privilegeOf, songObject } from './shapes.ts';

/**
 * A user's own playlists and likes (docs/decisions/0015): /user/playlist, creating, editing and
 * deleting playlists, adding and removing tracks, collecting others' playlists, liking songs
 * into 我喜欢的音乐. Every change is checked against the playlist's creator and made in one
 * transaction, so a refused or failed call changes nothing. The Subsonic API calls the same
 * functions (likeSong, addTracks, …) with its own user.
 */

/** 10 = private: only the creator sees the playlist (NetEase's privacy). */
export const PRIVATE_PLAYLIST = 10;

/** Someone else's playlist: NetEase's "no permission" code. */
export const notOwner = (): ApiError => new ApiError(401, '只有歌单的创建者可以修改它');
export const likedCannotBeDeleted = (): ApiError => new ApiError(403, '我喜欢的音乐不能删除');
export const likedCannotBeRenamed = (): ApiError => new ApiError(403, '我喜欢的音乐不能改名');
export const cannotCollectOwn = (): ApiError => new ApiError(403, '不能收藏自己的歌单');
const unknownSongs = (ids: readonly number[]): ApiError =>
  new ApiError(404, ids.length === 1 ? `song ${ids[0]} not found` : `songs ${ids.join(',')} not found`);
const unknownTags = (names: readonly string[]): ApiError => new ApiError(400, `tags: no such tag ${names.map((n) => `「${n}」`).join('')}`);

/** What /playlist/update may change; an absent field stays as it is. */
export interface PlaylistChanges {
  name?: string;
  /** '' clears it */
  desc?: string;
  /** tag names (at most 3, as the contract checks); [] clears them */
  tags?: readonly string[];
}

export interface NewUserPlaylist {
  name: string;
  /** 0 public, 10 private */
  privacy: number;
}

/** /playlist/tracks' `body`: the ids of the call and the playlist's count after it. */
export interface TracksChange {
  trackIds: number[];
  count: number;
}

/** A playlist in /user/playlist's shape (`subscribed` is the list owner's relation to it). */
export function userPlaylistObject(p: PlaylistRecord, creator: UserRecord, subscribed: boolean, urls: MediaUrls) {
  return {
    subscribers: [],
    subscribed,
    creator: creatorObject(creator, urls),
    artists: null,
    tracks: null,
    updateFrequency: null,
    ...NO_PLAYLIST_ARTWORK,
    opRecommend: false,
    recommendInfo: null,
    adType: 0,
    trackNumberUpdateTime: p.updatedAt,
    cloudTrackCount: 0,
    subscribedCount: p.subscribedCount,
    userId: p.creatorId,
    createTime: p.createdAt,
    highQuality: p.highQuality,
    coverImgId: 0,
    updateTime: p.updatedAt,
    newImported: false,
    anonimous: false,
    specialType: p.specialType,
    coverImgUrl: urls.image('playlist', p.id),
    trackCount: p.trackCount,
    commentThreadId: `A_PL_0_${p.id}`,
    totalDuration: 0,
    privacy: p.privacy,
    trackUpdateTime: p.updatedAt,
    playCount: p.playCount,
    ordered: false,
    tags: p.tags,
    description: p.description,
    status: 0,
    name: p.name,
    id: p.id,
    coverImgId_str: '0',
  };
}

export function createMyPlaylistService(repos: Repos, clock: Clock) {
  const { playlists } = repos;

  /** The playlist as `viewerId` may see it: a private one of someone else is not there (404). */
  function visible(id: number, viewerId: number | null): PlaylistRecord {
    const p = playlists.findById(id);
    if (!p || (p.privacy === PRIVATE_PLAYLIST && p.creatorId !== viewerId)) throw notFound('playlist', id);
    return p;
  }

  /** The playlist if `userId` made it; someone else's → 401, nothing changes. */
  function owned(userId: number, id: number): PlaylistRecord {
    const p = visible(id, userId);
    if (p.creatorId !== userId) throw notOwner();
    return p;
  }

  /** The songs among `ids` that exist, or 404 naming those that do not. */
  function checkSongs(ids: readonly number[]): void {
    const found = repos.songs.findByIds(ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw unknownSongs(missing);
  }

  function tagIdsOf(names: readonly string[]): number[] {
    const tags = names.map((name) => ({ name, tag: repos.tags.findByName(name) }));
    const missing = tags.filter((t) => !t.tag).map((t) => t.name);
    if (missing.length) throw unknownTags(missing);
    return tags.map((t) => t.tag!.id);
  }

  /** The user's 我喜欢的音乐, made (empty) when they have none yet (demo listeners). */
  function likedPlaylistOf(userId: number): number {
    const existing = playlists.likedOf(userId);
    if (existing !== undefined) return existing;
    const user = repos.users.findById(userId);
    if (!user) throw notFound('user', userId);
    return playlists.insertLikedSongs(user, clock());
  }

  /** Adds songs at the top (newest first, as NetEase), skipping those already there. */
  function addToPlaylist(playlistId: number, songIds: readonly number[]): void {
    const present = playlists.songsPresent(playlistId, songIds);
    const fresh = [...new Set(songIds)].filter((id) => !present.has(id));
    if (fresh.length === 0) return;
    const now = clock();
    playlists.prependTracks(playlistId, fresh, now);
    playlists.touch(playlistId, now);
  }

  function removeFromPlaylist(playlistId: number, songIds: readonly number[]): void {
    if (playlists.removeTracks(playlistId, songIds) > 0) playlists.touch(playlistId, clock());
  }

  /** Applies the changes after every check has passed (a refused call changes nothing). */
  function applyChanges(userId: number, id: number, changes: PlaylistChanges): void {
    withTx(repos.db, () => {
      const p = owned(userId, id);
      const renamed = changes.name !== undefined && changes.name !== p.name;
      if (renamed && p.specialType === LIKED_SONGS_SPECIAL_TYPE) throw likedCannotBeRenamed();
      const tagIds = changes.tags && tagIdsOf(changes.tags);
      if (renamed) playlists.rename(id, changes.name!);
      if (changes.desc !== undefined) playlists.describe(id, changes.desc === '' ? null : changes.desc);
      if (tagIds) playlists.replaceTags(id, tagIds);
      playlists.touch(id, clock());
    });
    repos.searchIndex.refresh();
  }

  return {
    /** /user/playlist: made ones (我喜欢的音乐 first, then newest), then collected ones (newest first). */
    userPlaylists(uid: number, viewerId: number | null, offset: number, limit: number, urls: MediaUrls) {
      if (!repos.users.exists(uid)) throw notFound('user', uid);
      const query = { userId: uid, withPrivate: viewerId === uid };
      const entries = playlists.ofUser(query, offset, limit);
      const records = playlists.findByIds(entries.map((e) => e.id));
      const creators = repos.users.findByIds([...new Set([...records.values()].map((p) => p.creatorId))]);
      const list = entries.flatMap((e) => {
        const p = records.get(e.id);
        const creator = p && creators.get(p.creatorId);
        return p && creator ? [userPlaylistObject(p, creator, e.subscribed, urls)] : [];
      });
      const total = playlists.countOfUser(query);
      const version = Math.max(0, ...list.map((p) => p.updateTime));
      return { version: String(version), more: offset + entries.length < total, playlist: list, code: 200 as const };
    },

    /** /playlist/create: an empty playlist of the user; answers it as /user/playlist lists it. */
    createPlaylist(userId: number, input: NewUserPlaylist, urls: MediaUrls) {
      const now = clock();
      const id = withTx(repos.db, () => {
        const made = playlists.insert({
          name: input.name,
          creatorId: userId,
          privacy: input.privacy,
          createdAt: now,
          updatedAt: now,
        });
        // A public playlist shows in its creator's events (动态); a private one is nobody's news.
        if (input.privacy !== PRIVATE_PLAYLIST) recordEvent(repos, userId, 'create-playlist', { resourceId: made }, now);
        return made;
      });
      repos.searchIndex.refresh();
      const p = playlists.findById(id)!;
      const creator = repos.users.findById(userId)!;
      return { code: 200 as const, id, playlist: userPlaylistObject(p, creator, false, urls) };
    },

    /** /playlist/delete: all of the ids or none (someone else's → 401, 我喜欢的音乐 → 403). */
    deletePlaylists(userId: number, ids: readonly number[]) {
      const unique = [...new Set(ids)];
      withTx(repos.db, () => {
        for (const id of unique) {
          if (owned(userId, id).specialType === LIKED_SONGS_SPECIAL_TYPE) throw likedCannotBeDeleted();
        }
        for (const id of unique) playlists.remove(id);
      });
      repos.searchIndex.refresh();
      return { code: 200 as const, id: unique[0]!, ids: unique };
    },

    /** /playlist/update and its single-field forms. */
    updatePlaylist(userId: number, id: number, changes: PlaylistChanges): void {
      applyChanges(userId, id, changes);
    },

    /** /playlist/tracks op=add: songs not yet there go to the top; unknown songs → 404, nothing added. */
    addTracks(userId: number, playlistId: number, songIds: readonly number[]): TracksChange {
      return withTx(repos.db, () => {
        owned(userId, playlistId);
        checkSongs(songIds);
        addToPlaylist(playlistId, songIds);
        return { trackIds: [...songIds], count: playlists.trackCount(playlistId) };
      });
    },

    /** /playlist/tracks op=del: songs not in the playlist are ignored. */
    removeTracks(userId: number, playlistId: number, songIds: readonly number[]): TracksChange {
      return withTx(repos.db, () => {
        owned(userId, playlistId);
        removeFromPlaylist(playlistId, songIds);
        return { trackIds: [...songIds], count: playlists.trackCount(playlistId) };
      });
    },

    /**
     * /playlist/subscribe: collect (or un-collect) someone else's playlist; subscribedCount moves
     * by one only when the user's relation changes (collecting twice counts once).
     */
    setSubscribed(userId: number, playlistId: number, subscribe: boolean): void {
      withTx(repos.db, () => {
        const p = visible(playlistId, userId);
        if (subscribe) {
          if (p.creatorId === userId) throw cannotCollectOwn();
          if (playlists.subscribe(userId, playlistId, clock())) playlists.addSubscribed(playlistId, 1);
        } else if (playlists.unsubscribe(userId, playlistId)) {
          playlists.addSubscribed(playlistId, -1);
        }
      });
    },

    /** Whether the user collected the playlist (false for no user). */
    isSubscribed: (userId: number | null, playlistId: number): boolean => userId !== null && playlists.isSubscribed(userId, playlistId),

    /** /like: the song joins (at the top) or leaves the user's 我喜欢的音乐; returns that playlist's id. */
    likeSong(userId: number, songId: number, like: boolean): number {
      return withTx(repos.db, () => {
        if (like) checkSongs([songId]);
        const liked = likedPlaylistOf(userId);
        if (like) addToPlaylist(liked, [songId]);
        else removeFromPlaylist(liked, [songId]);
        return liked;
      });
    },

    /** /likelist: the user's liked songs, newest first (none when they have no liked list). */
    likedSongIds(uid: number): number[] {
      if (!repos.users.exists(uid)) throw notFound('user', uid);
      const liked = playlists.likedOf(uid);
      return liked === undefined ? [] : playlists.tracksOf(liked).map((t) => t.songId);
    },

    /**
     * What /playlist/detail's answer depends on about the caller: whether they collected it.
     * Throws 404 for a private playlist of someone else, before any cached answer is sent.
     */
    viewOf(playlistId: number, viewerId: number | null): { subscribed: boolean } {
      const p = playlists.accessOf(playlistId);
      if (!p) return { subscribed: false }; // the detail answers its own 404
      if (p.privacy === PRIVATE_PLAYLIST && p.creatorId !== viewerId) throw notFound('playlist', playlistId);
      return { subscribed: viewerId !== null && playlists.isSubscribed(viewerId, playlistId) };
    },

    /** /playlist/track/all: the playlist's songs in its order, `limit` from `offset`, as /song/detail. */
    trackAll(playlistId: number, viewerId: number | null, offset: number, limit: number | undefined, urls: MediaUrls) {
      visible(playlistId, viewerId);
      const ids = playlists
        .tracksOf(playlistId)
        .slice(offset, limit === undefined ? undefined : offset + limit)
        .map((t) => t.songId);
      const found = repos.songs.findByIds(ids);
      const records = ids.flatMap((id) => found.get(id) ?? []);
      return { songs: records.map((s) => songObject(s, urls)), privileges: records.map(privilegeOf), code: 200 as const };
    },

    /** Public playlists the user collected (/user/subcount). */
    subscribedCount: (userId: number): number => playlists.subscribedCount(userId),
  };
}
export type MyPlaylistService = ReturnType<typeof createMyPlaylistService>;
