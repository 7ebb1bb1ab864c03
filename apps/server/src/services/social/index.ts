import { badRequest, notFound } from '../../errors.ts';
import type { MediaUrls } from '../../media/urls.ts';
import type { Repos } from '../../repos/index.ts';
import type { FollowRow } from '../../repos/social.ts';
import { withTx } from '../../repos/tx.ts';
import type { UserRecord } from '../../repos/users.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { Clock } from '../rate-windows.ts';
import { avatarUrlOf } from '../shapes.ts';
import { eventObject, recordEvent } from './events.ts';

export { EVENT_TYPES, recordEvent, type EventKind } from './events.ts';

/** "From the newest": a time after every stored one. */
const NEWEST = Number.MAX_SAFE_INTEGER;

/** Follows, fans, events and shares (NetEase's shapes: user_follows, user_followeds, user_event). */
export async function createSocialService(repos: Repos, clock: Clock) {
  async function userOrNotFound(id: number): Promise<UserRecord> {
    const user = await repos.users.findById(id);
    if (!user) throw notFound('user', id);
    return user;
  }

  /** Users of a follow list in the recorded item shape, as the viewer stands to each. */
  async function socialUsers(rows: FollowRow[], viewerId: number | null, urls: MediaUrls) {
    const ids = rows.map((r) => r.userId);
    const users = await repos.users.findByIds(ids);
    const followed = viewerId === null ? new Set<number>() : await repos.social.followedBy(viewerId, ids);
    const followMe = viewerId === null ? new Set<number>() : await repos.social.followersAmong(viewerId, ids);
    return (
      await Promise.all(
        rows.map(async (r) => {
          const u = users.get(r.userId);
          if (!u) return [];
          const counts = await repos.users.counts(u.id);
          return [
            {
              py: '',
              time: r.time,
              userId: u.id,
              nickname: u.nickname,
              avatarUrl: avatarUrlOf(u, urls),
              signature: u.signature,
              gender: u.gender,
              vipType: u.vipType,
              userType: u.userType,
              authStatus: 0,
              accountStatus: 0,
              followed: followed.has(u.id),
              mutual: followed.has(u.id) && followMe.has(u.id),
              follows: counts.follows,
              followeds: counts.followeds,
              eventCount: counts.eventCount,
              playlistCount: counts.playlistCount,
              remarkName: null,
              expertTags: null,
              experts: null,
              avatarDetail: null,
              vipRights: null,
              blacklist: false,
            },
          ];
        }),
      )
    ).flat();
  }

  return {
    /** /follow: t 1 follows, 0 unfollows; yourself → 400; an unknown user → 404. Repeating either is harmless. */
    async follow(viewer: SessionUser, id: number, t: 0 | 1) {
      if (id === viewer.id) throw badRequest(t === 1 ? '不能关注自己' : '不能取消关注自己');
      await userOrNotFound(id);
      if (t === 1) await repos.social.follow(viewer.id, id, clock());
      else await repos.social.unfollow(viewer.id, id);
      return { code: 200 as const, followed: t === 1 };
    },

    /** /user/follows: whom `uid` follows, newest first. */
    async follows(uid: number, offset: number, limit: number, viewer: SessionUser | null, urls: MediaUrls) {
      await userOrNotFound(uid);
      // One more than asked says whether there is more.
      const rows = await repos.social.followees(uid, offset, limit + 1);
      return {
        code: 200 as const,
        follow: await socialUsers(rows.slice(0, limit), viewer?.id ?? null, urls),
        touchCount: 0,
        more: rows.length > limit,
      };
    },

    /** /user/followeds: `uid`'s fans, newest first, paged by the last fan's `time` (lasttime). */
    async followeds(uid: number, lasttime: number | null, limit: number, viewer: SessionUser | null, urls: MediaUrls) {
      await userOrNotFound(uid);
      const rows = await repos.social.followers(uid, lasttime ?? NEWEST, limit);
      const last = rows[rows.length - 1];
      const more = last !== undefined && (await repos.social.followers(uid, last.time, 1)).length > 0;
      return {
        code: 200 as const,
        more,
        followeds: await socialUsers(rows, viewer?.id ?? null, urls),
        size: await repos.social.followerCount(uid),
      };
    },

    /**
     * /user/event: `uid`'s events, newest first; `lasttime` (the last event's time) asks for the
     * next page. An event whose song or playlist is gone is left out (the triggers of migration
     * 023 delete such events anyway).
     */
    async events(uid: number, lasttime: number | null, limit: number, urls: MediaUrls) {
      const user = await userOrNotFound(uid);
      const rows = await repos.social.events(uid, lasttime ?? NEWEST, limit);
      const last = rows[rows.length - 1];
      const followeds = (await repos.users.counts(uid)).followeds;
      const events = (await Promise.all(rows.map(async (e) => (await eventObject(repos, e, user, followeds, urls)) ?? []))).flat();
      const more = last !== undefined && (await repos.social.events(uid, last.createdAt, 1)).length > 0;
      return { lasttime: last?.createdAt ?? -1, more, size: await repos.social.eventCount(uid), events, code: 200 as const };
    },

    /** /share/resource: shares a song or playlist to the user's events with a message. */
    async share(viewer: SessionUser, type: 'song' | 'playlist', id: number, msg: string, urls: MediaUrls) {
      const playlist = type === 'playlist' ? await repos.playlists.findById(id) : undefined;
      // Someone else's private playlist is not there for the viewer; one's own cannot be shared.
      const exists =
        type === 'song'
          ? (await repos.songs.findById(id)) !== undefined
          : playlist && (playlist.privacy === 0 || playlist.creatorId === viewer.id);
      if (!exists) throw notFound(type, id);
      if (playlist && playlist.privacy !== 0) throw badRequest('隐私歌单不能分享');
      const eventId = await withTx(
        repos.db,
        async () =>
          await recordEvent(repos, viewer.id, type === 'song' ? 'share-song' : 'share-playlist', { resourceId: id, msg }, clock()),
      );
      const user = await userOrNotFound(viewer.id);
      const event = await eventObject(
        repos,
        (await repos.social.eventById(eventId))!,
        user,
        (await repos.users.counts(user.id)).followeds,
        urls,
      );
      if (!event) throw notFound(type, id);
      return { code: 200 as const, event };
    },

    /** /user/audio: a user's radios. Cloudtune has no radios, so the list is empty. */
    async audio(uid: number) {
      await userOrNotFound(uid);
      return { djRadios: [], hasMore: false, count: 0, code: 200 as const };
    },
  };
}
export type SocialService = Awaited<ReturnType<typeof createSocialService>>;
