import type { Repos } from '../repos/index.ts';
import { withTx } from '../repos/tx.ts';
import { notFound } from '../errors.ts';
import type { MediaUrls } from '../media/urls.ts';
import { creatorObject, NO_PLAYLIST_ARTWORK, privilegeOf, songObject } from './shapes.ts';

/**
 * Like NetEase, `tracks` holds at most this many full songs while `trackIds` lists them all;
 * clients fetch the rest with /song/detail. Keeps a 10,000-track playlist's answer small.
 */
export const MAX_DETAILED_TRACKS = 1000;

export interface NewPlaylistInput {
  name: string;
  trackIds: readonly number[];
  /** defaults to the library's first user */
  creatorId?: number;
  description?: string | null;
  tags?: readonly number[];
}

export function createPlaylistService(repos: Repos) {
  return {
    /** `viewer`: what of the answer depends on the caller (services/my-playlists.ts viewOf). */
    async detail(id: number, urls: MediaUrls, viewer: { subscribed: boolean } = { subscribed: false }) {
      const p = await repos.playlists.findById(id);
      if (!p) throw notFound('playlist', id);
      const creator = await repos.users.findById(p.creatorId);
      if (!creator) throw new Error(`playlist ${id} has no creator ${p.creatorId}`);
      const trackRows = await repos.playlists.songsOf(p);
      const detailedIds = trackRows.slice(0, MAX_DETAILED_TRACKS).map((t) => t.songId);
      const songs = await repos.songs.findByIds(detailedIds);
      const records = detailedIds.flatMap((sid) => songs.get(sid) ?? []);
      const tracks = records.map((s) => songObject(s, urls));
      const playlist = {
        id: p.id,
        name: p.name,
        coverImgId: 0,
        coverImgUrl: urls.image('playlist', p.id),
        coverImgId_str: '0',
        adType: 0,
        userId: p.creatorId,
        createTime: p.createdAt,
        status: 0,
        opRecommend: false,
        highQuality: p.highQuality,
        newImported: false,
        updateTime: p.updatedAt,
        trackCount: p.trackCount,
        specialType: p.specialType,
        privacy: p.privacy,
        trackUpdateTime: p.updatedAt,
        commentThreadId: `A_PL_0_${p.id}`,
        playCount: p.playCount,
        trackNumberUpdateTime: p.updatedAt,
        subscribedCount: p.subscribedCount,
        cloudTrackCount: 0,
        ordered: true,
        description: p.description,
        tags: p.tags,
        updateFrequency: null,
        ...NO_PLAYLIST_ARTWORK,
        subscribers: [],
        subscribed: viewer.subscribed,
        creator: creatorObject(creator, urls),
        tracks,
        videoIds: null,
        videos: null,
        trackIds: trackRows.map((t) => ({ id: t.songId, v: 1, t: 0, at: t.addedAt, alg: null, uid: p.creatorId, rcmdReason: '' })),
        shareCount: p.shareCount,
        commentCount: p.commentCount,
        // Only a smart playlist has the field: an ordinary one's answer stays NetEase's.
        ...(p.smartRules ? { smartRules: p.smartRules } : {}),
      };
      return {
        code: 200 as const,
        relatedVideos: null,
        playlist,
        urls: null,
        privileges: records.map(privilegeOf),
      };
    },

    /** Creates a playlist with the given tracks in order (duplicates dropped); returns its id. */
    async create(input: NewPlaylistInput): Promise<number> {
      const created = await withTx(repos.db, async () => {
        const creatorId = input.creatorId ?? (await repos.users.firstId());
        if (creatorId === null) throw new Error('the library has no users to own a playlist');
        const now = Date.now();
        const id = await repos.playlists.insert({
          name: input.name,
          creatorId,
          description: input.description ?? null,
          createdAt: now,
          updatedAt: now,
        });
        await repos.playlists.setTags(id, input.tags ?? []);
        await repos.playlists.appendTracks(id, [...new Set(input.trackIds)], now);
        return id;
      });
      await repos.searchIndex.refresh();
      return created;
    },
  };
}
export type PlaylistService = Awaited<ReturnType<typeof createPlaylistService>>;
