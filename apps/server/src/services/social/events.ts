import type { MediaUrls } from '../../media/urls.ts';
import type { Repos } from '../../repos/index.ts';
import type { EventRecord } from '../../repos/social.ts';
import type { UserRecord } from '../../repos/users.ts';
import { searchSongObject } from '../search/shapes.ts';
import { creatorObject } from '../shapes.ts';

/**
 * Events (动态) are made by real actions and carry NetEase's types, which clients render:
 * 18 a song shared, 35 a playlist shared. NetEase has no "made a playlist" event; its other
 * playlist type, 13, is rendered the same (分享歌单) and marks one here.
 */
export const EVENT_TYPES = { 'share-song': 18, 'share-playlist': 35, 'create-playlist': 13 } as const;
export type EventKind = keyof typeof EVENT_TYPES;
const PLAYLIST_TYPES: readonly number[] = [EVENT_TYPES['share-playlist'], EVENT_TYPES['create-playlist']];

/**
 * Records an event for `userId` (call inside the action's transaction, so the event and the
 * action stand or fall together): `recordEvent(repos, uid, 'create-playlist', {resourceId: pid}, now)`.
 * Returns the event's id.
 */
export async function recordEvent(
  repos: Repos,
  userId: number,
  kind: EventKind,
  payload: { resourceId: number; msg?: string },
  at: number,
): Promise<number> {
  return await repos.social.addEvent({
    userId,
    type: EVENT_TYPES[kind],
    msg: payload.msg ?? '',
    resourceId: payload.resourceId,
    createdAt: at,
  });
}

/** The shared song or playlist as the event's `json` holds it; null when it no longer exists. */
async function eventPayload(repos: Repos, e: EventRecord, urls: MediaUrls): Promise<Record<string, unknown> | null> {
  if (e.type === EVENT_TYPES['share-song']) {
    const song = await repos.songs.findById(e.resourceId);
    if (!song) return null;
    const facts = (await repos.albums.facts([song.albumId])).get(song.albumId);
    const old = searchSongObject(song, facts, urls);
    // The old song format, plus the cover clients show beside the event.
    const picUrl = urls.image('album', song.albumId);
    return { ...old, album: { ...old.album, picUrl, blurPicUrl: picUrl }, img80x80: `${picUrl}?param=80y80` };
  }
  if (PLAYLIST_TYPES.includes(e.type)) {
    const p = await repos.playlists.findById(e.resourceId);
    const creator = p && (await repos.users.findById(p.creatorId));
    if (!p || !creator) return null;
    return {
      id: p.id,
      name: p.name,
      coverImgUrl: urls.image('playlist', p.id),
      creator: { userId: creator.id, nickname: creator.nickname, avatarUrl: creatorObject(creator, urls).avatarUrl },
      trackCount: p.trackCount,
      playCount: p.playCount,
      subscribedCount: p.subscribedCount,
      bookCount: p.subscribedCount,
      description: p.description,
      tags: p.tags,
    };
  }
  return null;
}

/** An event in /user/event's shape (user_event.json); null when what it shared is gone. */
export async function eventObject(repos: Repos, e: EventRecord, user: UserRecord, followeds: number, urls: MediaUrls) {
  const payload = await eventPayload(repos, e, urls);
  if (payload === null) return null;
  const key = e.type === EVENT_TYPES['share-song'] ? 'song' : 'playlist';
  const threadId = `A_EV_2_${e.id}_${user.id}`;
  return {
    actName: null,
    forwardCount: 0,
    lotteryEventData: null,
    user: { ...creatorObject(user, urls), followeds, urlAnalyze: false },
    eventTime: e.createdAt,
    json: JSON.stringify({ msg: e.msg, [key]: payload }),
    expireTime: 0,
    uuid: null,
    rcmdInfo: null,
    actId: 0,
    pics: [],
    showTime: e.createdAt,
    tmplId: 0,
    id: e.id,
    type: e.type,
    topEvent: false,
    insiteForwardCount: 0,
    info: {
      commentThread: {
        id: threadId,
        resourceInfo: { id: e.id, userId: user.id, name: e.msg, imgUrl: null, creator: null, eventType: e.type },
        resourceType: 2,
        commentCount: 0,
        likedCount: 0,
        shareCount: 0,
        hotCount: 0,
        latestLikedUsers: [],
        resourceOwnerId: user.id,
        resourceTitle: e.msg,
        resourceId: e.id,
      },
      latestLikedUsers: null,
      liked: false,
      comments: null,
      resourceType: 2,
      resourceId: e.id,
      shareCount: 0,
      commentCount: 0,
      likedCount: 0,
      threadId,
    },
  };
}
