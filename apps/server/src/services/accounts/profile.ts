import { ApiError, badRequest, notFound } from '../../errors.ts';
import type { MediaUrls } from '../../media/urls.ts';
import type { Repos } from '../../repos/index.ts';
import { likedSongsName } from '../../repos/playlists.ts';
import type { ProfileChanges, UserRecord } from '../../repos/users.ts';
import { withTx } from '../../repos/tx.ts';
import { libraryClock } from '../charts/clock.ts';
import type { Clock } from '../rate-windows.ts';
import { songObject } from '../shapes.ts';
import { nicknameTaken } from './errors.ts';
import type { SessionUser } from './sessions.ts';
import { DAY_MS, accountObject, bindingsOf, daysSince, levelOf, profileObject } from './shapes.ts';

/** /daily_signin: 0 = mobile (+3), 1 = PC/web (+2), as the reference module documents. */
const SIGNIN_POINTS = { 0: 3, 1: 2 } as const;
/** NetEase's day turns at midnight in China (UTC+8). */
const CHINA_OFFSET_MS = 8 * 3_600_000;
/** /user/record lists at most this many songs, like NetEase. */
const RECORD_LIMIT = 100;

const chinaDay = (at: number): string => new Date(at + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** Profiles (/user/detail, /user/account, /user/subcount, /user/update), sign-in and play records. */
export async function createProfileService(repos: Repos, clock: Clock) {
  const libraryNow = await libraryClock(repos.meta);

  async function userOrNotFound(id: number): Promise<UserRecord> {
    const user = await repos.users.findById(id);
    if (!user) throw notFound('user', id);
    return user;
  }

  async function profileFor(u: UserRecord, viewerId: number | null, urls: MediaUrls) {
    const relation =
      viewerId === null || viewerId === u.id
        ? { followed: false, followMe: false }
        : { followed: await repos.social.follows(viewerId, u.id), followMe: await repos.social.follows(u.id, viewerId) };
    return profileObject(u, await repos.users.counts(u.id), relation, urls);
  }

  return {
    profileFor,

    /** /user/detail. Sign-in state and bindings are the owner's to see; others read them as none. */
    async detail(uid: number, viewer: SessionUser | null, urls: MediaUrls) {
      const user = await userOrNotFound(uid);
      const own = viewer?.id === uid;
      const now = clock();
      const profile = await profileFor(user, viewer?.id ?? null, urls);
      const listenSongs = (await repos.users.counts(uid)).listenSongs;
      const createDays = daysSince(user.createdAt, now);
      const signed = own ? await repos.signins.kindsOn(uid, chinaDay(now)) : [];
      const credentials = own ? await repos.users.credentials(uid) : undefined;
      return {
        code: 200 as const,
        level: levelOf(listenSongs, createDays),
        listenSongs,
        userPoint: { userId: uid, balance: 0, blockBalance: 0, status: 0, updateTime: now, version: 0 },
        mobileSign: signed.includes(0),
        pcSign: signed.includes(1),
        profile,
        peopleCanSeeMyPlayRecord: user.playRecordPublic,
        bindings: credentials ? bindingsOf(user, credentials) : [],
        adValid: false,
        newUser: createDays < 1,
        recallUser: false,
        createTime: user.createdAt,
        createDays,
      };
    },

    /** /user/account: the logged-in account and its profile. */
    async account(viewer: SessionUser, urls: MediaUrls) {
      const user = await userOrNotFound(viewer.id);
      return {
        code: 200 as const,
        account: accountObject(user, (await repos.users.credentials(viewer.id))!),
        profile: await profileFor(user, viewer.id, urls),
      };
    },

    /** /user/subcount: what the account made and collected (subPlaylistCount: public playlists it collected). */
    async subcount(viewer: SessionUser) {
      return {
        programCount: 0,
        djRadioCount: 0,
        mvCount: 0,
        artistCount: 0,
        newProgramCount: 0,
        createDjRadioCount: 0,
        createdPlaylistCount: await repos.playlists.createdCount(viewer.id),
        subPlaylistCount: await repos.playlists.subscribedCount(viewer.id),
        code: 200 as const,
      };
    },

    /** /user/update: the fields given change; a nickname must be free (505), a birthday in the past. */
    async update(viewer: SessionUser, changes: ProfileChanges) {
      const user = await userOrNotFound(viewer.id);
      if (Object.values(changes).every((v) => v === undefined)) throw badRequest('nothing to update');
      if (changes.birthday !== undefined && changes.birthday !== null && changes.birthday >= clock()) {
        throw badRequest('birthday must be in the past');
      }
      await withTx(repos.db, async () => {
        const renamed = changes.nickname !== undefined && changes.nickname !== user.nickname;
        if (renamed) {
          const owner = await repos.users.nicknameOwner(changes.nickname!);
          if (owner !== undefined && owner !== user.id) throw nicknameTaken();
        }
        await repos.users.updateProfile(user.id, changes);
        const liked = renamed ? await repos.playlists.likedOf(user.id) : undefined;
        if (liked !== undefined) await repos.playlists.rename(liked, likedSongsName(changes.nickname!));
      });
      return { code: 200 as const };
    },

    /** /daily_signin: once a day per kind; again the same day → -2 重复签到. */
    async signin(viewer: SessionUser, type: 0 | 1) {
      const now = clock();
      const day = chinaDay(now);
      const point = SIGNIN_POINTS[type];
      const added = await withTx(repos.db, async () => {
        await repos.signins.pruneBefore(viewer.id, chinaDay(now - 7 * DAY_MS));
        return await repos.signins.add({ userId: viewer.id, type, day, signedAt: now, point });
      });
      if (!added) throw new ApiError(-2, '重复签到');
      return { point, code: 200 as const };
    },

    /**
     * /user/record: type 1 the last week's most played songs (weekData), 0 all time (allData), with
     * play counts and a score (the top song 100). Someone who hides their record shows it only to
     * themselves; others get -2 无权限访问.
     */
    async record(uid: number, type: 0 | 1, viewer: SessionUser, urls: MediaUrls) {
      const user = await userOrNotFound(uid);
      if (!user.playRecordPublic && viewer.id !== uid) throw new ApiError(-2, '无权限访问');
      const from = type === 1 ? libraryNow() - 7 * DAY_MS : 0;
      const listened = await repos.plays.listenedBy(uid, from, RECORD_LIMIT);
      const songs = await repos.songs.findByIds(listened.map((l) => l.songId));
      const top = listened[0]?.plays ?? 1;
      const data = listened.flatMap((l) => {
        const song = songs.get(l.songId);
        return song ? [{ playCount: l.plays, score: Math.max(1, Math.round((l.plays / top) * 100)), song: songObject(song, urls) }] : [];
      });
      return type === 1 ? { code: 200 as const, weekData: data } : { code: 200 as const, allData: data };
    },
  };
}
export type ProfileService = Awaited<ReturnType<typeof createProfileService>>;
