import type { PlaylistRecord } from '../../repos/playlists.ts';
import type { TagUsage } from '../../repos/tags.ts';
import type { UserRecord } from '../../repos/users.ts';
import type { MediaUrls } from '../../media/urls.ts';
import { creatorObject } from '../shapes.ts';

/** The playlist square's records in NetEase's shapes. */

/** A curated playlist as /top/playlist/highquality lists it (`tracks: null`, like NetEase). */
export function squarePlaylistObject(p: PlaylistRecord, creator: UserRecord, cat: string | null, urls: MediaUrls) {
  return {
    name: p.name,
    id: p.id,
    trackNumberUpdateTime: p.updatedAt,
    status: 0,
    userId: p.creatorId,
    createTime: p.createdAt,
    updateTime: p.updatedAt,
    subscribedCount: p.subscribedCount,
    trackCount: p.trackCount,
    cloudTrackCount: 0,
    coverImgUrl: urls.image('playlist', p.id),
    coverImgId: 0,
    description: p.description,
    tags: p.tags,
    playCount: p.playCount,
    trackUpdateTime: p.updatedAt,
    specialType: p.specialType,
    totalDuration: 0,
    creator: creatorObject(creator, urls),
    tracks: null,
    subscribers: [],
    subscribed: false,
    commentThreadId: `A_PL_0_${p.id}`,
    newImported: false,
    adType: 0,
    highQuality: p.highQuality,
    privacy: p.privacy,
    ordered: true,
    anonimous: false,
    coverStatus: 3,
    shareCount: p.shareCount,
    coverImgId_str: '0',
    commentCount: p.commentCount,
    copywriter: p.copywriter,
    // NetEase names the category the playlist was found under; under 全部, its first tag.
    tag: cat ?? p.tags[0] ?? '',
  };
}

/** A tag as /playlist/hot lists it: the tag itself, again under `playlistTag`, with usage. */
export function hotTagObject(t: TagUsage, position: number, highQualityPos: number | null) {
  const createTime = t.firstUsedAt ?? 0;
  return {
    playlistTag: {
      id: t.id,
      name: t.name,
      category: t.category,
      usedCount: t.playlistCount,
      type: 0,
      position,
      createTime,
      highQuality: t.highQualityCount > 0 ? 1 : 0,
      highQualityPos: highQualityPos ?? 0,
      officialPos: position,
    },
    activity: false,
    hot: t.hot,
    position,
    category: t.category,
    createTime,
    usedCount: t.playlistCount,
    name: t.name,
    id: t.id,
    type: 1,
  };
}

/** A /playlist/catlist entry. */
export const categoryObject = (name: string, category: number, hot: boolean, resourceCount: number) => ({
  name,
  resourceCount,
  imgId: 0,
  imgUrl: null,
  type: 0,
  category,
  resourceType: 0,
  hot,
  activity: false,
});
