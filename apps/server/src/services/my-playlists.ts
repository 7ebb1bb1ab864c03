import { isSmartGroup, type SmartNode, type SmartRules } from '@cloudtune/contract';
import { ApiError, badRequest, notFound } from '../errors.ts';
import type { MediaUrls } from '../media/urls.ts';
import type { Repos } from '../repos/index.ts';
import { LIKED_SONGS_SPECIAL_TYPE, type PlaylistRecord, type PlaylistView } from '../repos/playlists.ts';
import { withTx } from '../repos/tx.ts';
import type { UserRecord } from '../repos/users.ts';
import type { Clock } from './rate-windows.ts';
import { recordEvent } from './social/index.ts';
import { creatorObject, NO_PLAYLIST_ARTWORK, privilegeOf, songObject } from './shapes.ts';
import { VersionedMemo } from './versioned-memo.ts';

/**
 * A user's own playlists and likes (docs/decisions/0015): /user/playlist, creating, editing and
 * deleting playlists, adding and removing tracks, collecting others' playlists, liking songs
 * into 我喜欢的音乐. Every change is checked against the playlist's creator and made in one
 * transaction, so a refused or failed call changes nothing. The Subsonic API calls the same
 * functions (likeSong, addTracks, …) with its own user.
 */

/** Playlist views (playlist and viewer) a process keeps read for the database's current version. */
const VIEWS_KEPT = 10_000;

/** 10 = private: only the creator sees the playlist (NetEase's privacy). */
export const PRIVATE_PLAYLIST = 10;

/** Someone else's playlist: NetEase's "no permission" code. */
export const notOwner = (): ApiError => new ApiError(401, '只有歌单的创建者可以修改它');
export const likedCannotBeDeleted = (): ApiError => new ApiError(403, '我喜欢的音乐不能删除');
export const likedCannotBeRenamed = (): ApiError => new ApiError(403, '我喜欢的音乐不能改名');
export const cannotCollectOwn = (): ApiError => new ApiError(403, '不能收藏自己的歌单');
export const smartTracksAreRuled = (): ApiError => new ApiError(403, '智能歌单的歌曲由规则决定，不能手动添加或删除');
const ordinaryHasNoRules = (): ApiError => badRequest('rules: 普通歌单没有规则，只有智能歌单可以修改规则');
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
  /** a smart playlist's new rules */
  rules?: SmartRules;
}

export interface NewUserPlaylist {
  name: string;
  /** 0 public, 10 private */
  privacy: number;
  /** present: a smart playlist (智能歌单) of these rules */
  rules?: SmartRules;
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
    // Only a smart playlist has the field: an ordinary one's answer stays NetEase's.
    ...(p.smartRules ? { smartRules: p.smartRules } : {}),
  };
}

/** The playlist ids a rule tree names (in playlist / not in playlist). */
function playlistsNamed(node: SmartNode): number[] {
  if (isSmartGroup(node)) return node.rules.flatMap(playlistsNamed);
  return node.field === 'playlist' ? [node.value] : [];
}

export function createMyPlaylistService(repos: Repos, clock: Clock) {
  const { playlists } = repos;
  // Asked by every /playlist/detail, before its cached answer: kept for the database's version.
  const views = new VersionedMemo<PlaylistView | undefined>(VIEWS_KEPT);

  /** The playlist as `viewerId` may see it: a private one of someone else is not there (404). */
  async function visible(id: number, viewerId: number | null): Promise<PlaylistRecord> {
    const p = await playlists.findById(id);
    if (!p || (p.privacy === PRIVATE_PLAYLIST && p.creatorId !== viewerId)) throw notFound('playlist', id);
    return p;
  }

  /** The playlist if `userId` made it; someone else's → 401, nothing changes. */
  async function owned(userId: number, id: number): Promise<PlaylistRecord> {
    const p = await visible(id, userId);
    if (p.creatorId !== userId) throw notOwner();
    return p;
  }

  /** The songs among `ids` that exist, or 404 naming those that do not. */
  async function checkSongs(ids: readonly number[]): Promise<void> {
    const found = await repos.songs.findByIds(ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw unknownSongs(missing);
  }

  async function tagIdsOf(names: readonly string[]): Promise<number[]> {
    const tags = await Promise.all(names.map(async (name) => ({ name, tag: await repos.tags.findByName(name) })));
    const missing = tags.filter((t) => !t.tag).map((t) => t.name);
    if (missing.length) throw unknownTags(missing);
    return tags.map((t) => t.tag!.id);
  }

  /**
   * Rules may name only ordinary playlists the owner can see: a smart one would make its songs
   * depend on other rules (and could name itself); someone else's private one is not there.
   */
  async function checkRules(userId: number, rules: SmartRules): Promise<void> {
    for (const id of new Set(playlistsNamed(rules))) {
      const p = await playlists.findById(id);
      if (!p || (p.privacy === PRIVATE_PLAYLIST && p.creatorId !== userId)) throw badRequest(`rules: 规则里的歌单 ${id} 不存在`);
      if (p.smartRules) throw badRequest('rules: 规则不能引用智能歌单');
    }
  }

  /** The playlist if `userId` made it and its tracks are stored: a smart playlist's are its rules' (403). */
  async function ownedTracks(userId: number, id: number): Promise<PlaylistRecord> {
    const p = await owned(userId, id);
    if (p.smartRules) throw smartTracksAreRuled();
    return p;
  }

  /** The user's 我喜欢的音乐, made (empty) when they have none yet (demo listeners). */
  async function likedPlaylistOf(userId: number): Promise<number> {
    const existing = await playlists.likedOf(userId);
    if (existing !== undefined) return existing;
    const user = await repos.users.findById(userId);
    if (!user) throw notFound('user', userId);
    return await playlists.insertLikedSongs(user, clock());
  }

  /** Adds songs at the top (newest first, as NetEase), skipping those already there. */
  async function addToPlaylist(playlistId: number, songIds: readonly number[]): Promise<void> {
    const present = await playlists.songsPresent(playlistId, songIds);
    const fresh = [...new Set(songIds)].filter((id) => !present.has(id));
    if (fresh.length === 0) return;
    const now = clock();
    await playlists.prependTracks(playlistId, fresh, now);
    await playlists.touch(playlistId, now);
  }

  async function removeFromPlaylist(playlistId: number, songIds: readonly number[]): Promise<void> {
    if ((await playlists.removeTracks(playlistId, songIds)) > 0) await playlists.touch(playlistId, clock());
  }

  /** Applies the changes after every check has passed (a refused call changes nothing). */
  async function applyChanges(userId: number, id: number, changes: PlaylistChanges): Promise<void> {
    await withTx(repos.db, async () => {
      const p = await owned(userId, id);
      const renamed = changes.name !== undefined && changes.name !== p.name;
      if (renamed && p.specialType === LIKED_SONGS_SPECIAL_TYPE) throw likedCannotBeRenamed();
      const tagIds = changes.tags && (await tagIdsOf(changes.tags));
      if (changes.rules) {
        if (!p.smartRules) throw ordinaryHasNoRules();
        await checkRules(userId, changes.rules);
        await playlists.setSmartRules(id, changes.rules);
      }
      if (renamed) await playlists.rename(id, changes.name!);
      if (changes.desc !== undefined) await playlists.describe(id, changes.desc === '' ? null : changes.desc);
      if (tagIds) await playlists.replaceTags(id, tagIds);
      await playlists.touch(id, clock());
    });
    await repos.searchIndex.refresh();
  }

  return {
    /** /user/playlist: made ones (我喜欢的音乐 first, then newest), then collected ones (newest first). */
    async userPlaylists(uid: number, viewerId: number | null, offset: number, limit: number, urls: MediaUrls) {
      if (!(await repos.users.exists(uid))) throw notFound('user', uid);
      const query = { userId: uid, withPrivate: viewerId === uid };
      const entries = await playlists.ofUser(query, offset, limit);
      const records = await playlists.findByIds(entries.map((e) => e.id));
      const creators = await repos.users.findByIds([...new Set([...records.values()].map((p) => p.creatorId))]);
      const list = entries.flatMap((e) => {
        const p = records.get(e.id);
        const creator = p && creators.get(p.creatorId);
        return p && creator ? [userPlaylistObject(p, creator, e.subscribed, urls)] : [];
      });
      const total = await playlists.countOfUser(query);
      const version = Math.max(0, ...list.map((p) => p.updateTime));
      return { version: String(version), more: offset + entries.length < total, playlist: list, code: 200 as const };
    },

    /** /playlist/create: an empty playlist of the user, or a smart one of rules; answers it as /user/playlist lists it. */
    async createPlaylist(userId: number, input: NewUserPlaylist, urls: MediaUrls) {
      const now = clock();
      const id = await withTx(repos.db, async () => {
        if (input.rules) await checkRules(userId, input.rules);
        const made = await playlists.insert({
          name: input.name,
          creatorId: userId,
          privacy: input.privacy,
          createdAt: now,
          updatedAt: now,
          smartRules: input.rules ?? null,
        });
        // A public playlist shows in its creator's events (动态); a private one is nobody's news.
        if (input.privacy !== PRIVATE_PLAYLIST) await recordEvent(repos, userId, 'create-playlist', { resourceId: made }, now);
        return made;
      });
      await repos.searchIndex.refresh();
      const p = (await playlists.findById(id))!;
      const creator = (await repos.users.findById(userId))!;
      return { code: 200 as const, id, playlist: userPlaylistObject(p, creator, false, urls) };
    },

    /** /playlist/delete: all of the ids or none (someone else's → 401, 我喜欢的音乐 → 403). */
    async deletePlaylists(userId: number, ids: readonly number[]) {
      const unique = [...new Set(ids)];
      await withTx(repos.db, async () => {
        for (const id of unique) {
          if ((await owned(userId, id)).specialType === LIKED_SONGS_SPECIAL_TYPE) throw likedCannotBeDeleted();
        }
        for (const id of unique) await playlists.remove(id);
      });
      await repos.searchIndex.refresh();
      return { code: 200 as const, id: unique[0]!, ids: unique };
    },

    /** /playlist/update and its single-field forms. */
    async updatePlaylist(userId: number, id: number, changes: PlaylistChanges): Promise<void> {
      await applyChanges(userId, id, changes);
    },

    /** /playlist/tracks op=add: songs not yet there go to the top; unknown songs → 404, nothing added. */
    async addTracks(userId: number, playlistId: number, songIds: readonly number[]): Promise<TracksChange> {
      return await withTx(repos.db, async () => {
        await ownedTracks(userId, playlistId);
        await checkSongs(songIds);
        await addToPlaylist(playlistId, songIds);
        return { trackIds: [...songIds], count: await playlists.trackCount(playlistId) };
      });
    },

    /** /playlist/tracks op=del: songs not in the playlist are ignored. */
    async removeTracks(userId: number, playlistId: number, songIds: readonly number[]): Promise<TracksChange> {
      return await withTx(repos.db, async () => {
        await ownedTracks(userId, playlistId);
        await removeFromPlaylist(playlistId, songIds);
        return { trackIds: [...songIds], count: await playlists.trackCount(playlistId) };
      });
    },

    /**
     * /playlist/subscribe: collect (or un-collect) someone else's playlist; subscribedCount moves
     * by one only when the user's relation changes (collecting twice counts once).
     */
    async setSubscribed(userId: number, playlistId: number, subscribe: boolean): Promise<void> {
      await withTx(repos.db, async () => {
        const p = await visible(playlistId, userId);
        if (subscribe) {
          if (p.creatorId === userId) throw cannotCollectOwn();
          if (await playlists.subscribe(userId, playlistId, clock())) await playlists.addSubscribed(playlistId, 1);
        } else if (await playlists.unsubscribe(userId, playlistId)) {
          await playlists.addSubscribed(playlistId, -1);
        }
      });
    },

    /** Whether the user collected the playlist (false for no user). */
    isSubscribed: async (userId: number | null, playlistId: number): Promise<boolean> =>
      userId !== null && (await playlists.isSubscribed(userId, playlistId)),

    /** /like: the song joins (at the top) or leaves the user's 我喜欢的音乐; returns that playlist's id. */
    async likeSong(userId: number, songId: number, like: boolean): Promise<number> {
      return await withTx(repos.db, async () => {
        if (like) await checkSongs([songId]);
        const liked = await likedPlaylistOf(userId);
        if (like) await addToPlaylist(liked, [songId]);
        else await removeFromPlaylist(liked, [songId]);
        return liked;
      });
    },

    /** /likelist: the user's liked songs, newest first (none when they have no liked list). */
    async likedSongIds(uid: number): Promise<number[]> {
      if (!(await repos.users.exists(uid))) throw notFound('user', uid);
      const liked = await playlists.likedOf(uid);
      return liked === undefined ? [] : (await playlists.tracksOf(liked)).map((t) => t.songId);
    },

    /**
     * What /playlist/detail's answer depends on about the caller: whether they collected it.
     * Throws 404 for a private playlist of someone else, before any cached answer is sent.
     * `version`: the request's database version, for a view read at it already.
     */
    async viewOf(playlistId: number, viewerId: number | null, version: string): Promise<{ subscribed: boolean }> {
      const p = await views.get(version, `${playlistId} ${viewerId}`, () => playlists.viewOf(playlistId, viewerId));
      if (!p) return { subscribed: false }; // the detail answers its own 404
      if (p.privacy === PRIVATE_PLAYLIST && p.creatorId !== viewerId) throw notFound('playlist', playlistId);
      return { subscribed: viewerId !== null && p.subscribed };
    },

    /** /playlist/track/all: the playlist's songs in its order, `limit` from `offset`, as /song/detail. */
    async trackAll(playlistId: number, viewerId: number | null, offset: number, limit: number | undefined, urls: MediaUrls) {
      const p = await visible(playlistId, viewerId);
      const ids = (await playlists.songsOf(p)).slice(offset, limit === undefined ? undefined : offset + limit).map((t) => t.songId);
      const found = await repos.songs.findByIds(ids);
      const records = ids.flatMap((id) => found.get(id) ?? []);
      return { songs: records.map((s) => songObject(s, urls)), privileges: records.map(privilegeOf), code: 200 as const };
    },

    /** Public playlists the user collected (/user/subcount). */
    subscribedCount: async (userId: number): Promise<number> => await playlists.subscribedCount(userId),
  };
}
export type MyPlaylistService = Awaited<ReturnType<typeof createMyPlaylistService>>;
