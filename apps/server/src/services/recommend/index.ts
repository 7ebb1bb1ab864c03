import type { MediaUrls } from '../../media/urls.ts';
import type { Repos } from '../../repos/index.ts';
import type { DailyItem, DailyKind } from '../../repos/recommendations.ts';
import { withTx } from '../../repos/tx.ts';
import { rngFor } from '../../text/prng.ts';
import type { SessionUser } from '../accounts/index.ts';
import { libraryClock } from '../charts/clock.ts';
import type { Clock } from '../rate-windows.ts';
import { creatorObject, privilegeOf, songObject, songObjectWithOldFields } from '../shapes.ts';
import { pickWeighted, type Scored } from './pick.ts';
import { maxOf, REASON_POPULAR, scoreSongs, strongest } from './song-scores.ts';
import { tasteOf, type Taste } from './taste.ts';

/** NetEase recommends 30 songs a day… */
export const DAILY_SONGS = 30;
/** …and a handful of playlists. */
export const DAILY_PLAYLISTS = 6;
/** At most this many of one main artist's songs in a day's list. */
const SONGS_PER_ARTIST = 4;
const PLAYLIST_WEIGHTS = { artist: 1, tag: 0.6, popular: 0.3 };
/** Heard before (not recently), or recommended yesterday: still possible, less likely. */
const HEARD_FACTOR = 0.5;
const YESTERDAY_FACTOR = 0.5;
/** Similar artists and tag neighbours considered at most. */
const SIMILAR_ARTISTS = 10;
const TAG_SONGS = 300;
const POPULAR_SONGS = 200;
/** Kept recommendations older than this many days are pruned. */
const KEEP_DAYS = 7;
/** /top/song lists this many of the newest songs. */
const NEW_SONGS = 100;

const DAY_MS = 86_400_000;
/** NetEase makes the day's recommendations at 6:00 in China (UTC+8); the client says 每天6:00更新. */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const NEW_LIST_AT_MS = 6 * 3_600_000;
/** The recommendation day of `at`: before 6:00 China time it is still the previous day's. */
const chinaDay = (at: number): string => new Date(at + CHINA_OFFSET_MS - NEW_LIST_AT_MS).toISOString().slice(0, 10);

const REASON_POPULAR_PLAYLIST = '热门推荐';

/**
 * Daily recommendations (docs/decisions/0017-daily-recommendations.md): made from the user's
 * plays and likes by the first request of their day (from 6:00 China time, on the injected
 * clock), kept for that day, made anew the next. And the newest songs (新歌速递), for anyone.
 */
export async function createRecommendService(
  repos: Repos,
  clock: Clock,
  similarArtists: (id: number) => Promise<{ id: number; score: number }[]>,
) {
  const libraryNow = await libraryClock(repos.meta);

  const names = {
    artists: async (ids: Iterable<number>) => new Map([...(await repos.artists.findByIds([...ids])).values()].map((a) => [a.id, a.name])),
    tags: async () => new Map((await repos.tags.all()).map((t) => [t.id, t.name])),
  };

  /** Today's songs: scored candidates around the taste, drawn with the day's seed. */
  async function makeSongs(userId: number, day: string, taste: Taste, yesterday: Set<number>): Promise<DailyItem[]> {
    const similar = new Map([...taste.similar].sort((a, b) => b[1].weight - a[1].weight).slice(0, SIMILAR_ARTISTS));
    const popular = await repos.songs.mostPopular(POPULAR_SONGS);
    const candidates = new Set([
      ...(await repos.songs.idsByArtists([...taste.artists.keys(), ...similar.keys()])),
      ...(await repos.songs.mostPopularTagged([...taste.tags.keys()], TAG_SONGS)),
      ...popular,
    ]);
    for (const id of taste.known) candidates.delete(id);
    // A tiny library may hold fewer new songs than a day's list: known ones fill it.
    if (candidates.size < DAILY_SONGS) for (const id of taste.known) candidates.add(id);
    const ids = [...candidates];
    const scored = (await scoreSongs(repos, ids, taste, similar)).map(({ id, score, reason, group }): Scored => {
      const factor =
        (taste.heard.has(id) ? HEARD_FACTOR : 1) * (yesterday.has(id) ? YESTERDAY_FACTOR : 1) * (taste.known.has(id) ? 0.01 : 1);
      return { id, score: score * factor, reason, group };
    });
    return pickWeighted(rngFor('daily-songs', userId, day), scored, DAILY_SONGS, SONGS_PER_ARTIST).map(({ id, reason }) => ({
      id,
      reason,
    }));
  }

  /** Today's playlists: other people's public playlists holding the artists and tags the user plays. */
  async function makePlaylists(userId: number, day: string, taste: Taste, yesterday: Set<number>): Promise<DailyItem[]> {
    const candidates = await repos.playlists.candidatesFor(userId);
    const artistMax = maxOf(taste.artists);
    const tagMax = maxOf(taste.tags);
    const byArtist = new Map<number, { value: number; artistId: number; best: number }>();
    for (const row of await repos.playlists.artistCounts([...taste.artists.keys()])) {
      const w = (row.tracks * (taste.artists.get(row.artistId) ?? 0)) / artistMax;
      const cur = byArtist.get(row.playlistId) ?? { value: 0, artistId: row.artistId, best: 0 };
      cur.value += w;
      if (w > cur.best) Object.assign(cur, { best: w, artistId: row.artistId });
      byArtist.set(row.playlistId, cur);
    }
    const byTag = new Map<number, { value: number; tagId: number }>();
    for (const row of await repos.playlists.taggedWith([...taste.tags.keys()])) {
      const w = (taste.tags.get(row.tagId) ?? 0) / tagMax;
      const cur = byTag.get(row.playlistId) ?? { value: 0, tagId: row.tagId };
      if (w > (taste.tags.get(cur.tagId) ?? 0) / tagMax) cur.tagId = row.tagId;
      cur.value += w;
      byTag.set(row.playlistId, cur);
    }
    // Artist matches per track (a long playlist is not better for being long), as a share of the best.
    const artistValue = (p: { id: number; trackCount: number }) => (byArtist.get(p.id)?.value ?? 0) / Math.sqrt(Math.max(1, p.trackCount));
    const bestArtist = Math.max(Number.MIN_VALUE, ...candidates.map(artistValue));
    const bestTag = Math.max(Number.MIN_VALUE, ...[...byTag.values()].map((t) => t.value));
    const mostPlayed = Math.log1p(Math.max(0, ...candidates.map((p) => p.playCount)));
    const artistNames = await names.artists(taste.artists.keys());
    const tagNames = await names.tags();
    const scored = candidates.map((p): Scored => {
      const { score, reason } = strongest([
        {
          value: PLAYLIST_WEIGHTS.artist * (artistValue(p) / bestArtist),
          reason: () => `根据你常听的${artistNames.get(byArtist.get(p.id)!.artistId)}推荐`,
        },
        {
          value: PLAYLIST_WEIGHTS.tag * ((byTag.get(p.id)?.value ?? 0) / bestTag),
          reason: () => `你喜欢的${tagNames.get(byTag.get(p.id)!.tagId)}`,
        },
        {
          value: (taste.empty ? 1 : PLAYLIST_WEIGHTS.popular) * (mostPlayed > 0 ? Math.log1p(p.playCount) / mostPlayed : 0),
          reason: () => REASON_POPULAR_PLAYLIST,
        },
      ]);
      return {
        id: p.id,
        score: score * (yesterday.has(p.id) ? YESTERDAY_FACTOR : 1),
        reason: reason === REASON_POPULAR ? REASON_POPULAR_PLAYLIST : reason,
      };
    });
    return pickWeighted(rngFor('daily-playlists', userId, day), scored, DAILY_PLAYLISTS).map(({ id, reason }) => ({ id, reason }));
  }

  /** The kept list of the user's day, made now if it is the day's first request. */
  async function daily(
    userId: number,
    kind: DailyKind,
    make: (day: string, taste: Taste, yesterday: Set<number>) => Promise<DailyItem[]>,
  ): Promise<DailyItem[]> {
    const now = clock();
    const day = chinaDay(now);
    const kept = await repos.recommendations.daily(userId, kind, day);
    if (kept) return kept;
    const taste = await tasteOf(repos, userId, libraryNow(), similarArtists);
    const yesterday = new Set(((await repos.recommendations.daily(userId, kind, chinaDay(now - DAY_MS))) ?? []).map((i) => i.id));
    const items = await make(day, taste, yesterday);
    return await withTx(repos.db, async () => {
      await repos.recommendations.pruneBefore(userId, chinaDay(now - KEEP_DAYS * DAY_MS));
      return await repos.recommendations.keepDaily(userId, kind, day, items, now);
    });
  }

  return {
    /** /recommend/songs: today's 30 songs with their reasons (recommend_songs.json). */
    async songs(viewer: SessionUser, urls: MediaUrls) {
      const items = await daily(viewer.id, 'songs', async (day, taste, yesterday) => await makeSongs(viewer.id, day, taste, yesterday));
      const songs = await repos.songs.findByIds(items.map((i) => i.id));
      const present = items.filter((i) => songs.has(i.id));
      const dailySongs = present.map((i) => {
        const s = songs.get(i.id)!;
        return { ...songObject(s, urls), reason: i.reason, privilege: privilegeOf(s), alg: 'cloudtune_daily' };
      });
      return {
        code: 200 as const,
        data: { dailySongs, orderSongs: [], recommendReasons: present.map((i) => ({ songId: i.id, reason: i.reason })) },
      };
    },

    /** /recommend/resource: today's playlists (recommend_resource.json). */
    async playlists(viewer: SessionUser, urls: MediaUrls) {
      const items = await daily(
        viewer.id,
        'playlists',
        async (day, taste, yesterday) => await makePlaylists(viewer.id, day, taste, yesterday),
      );
      const recommend = (
        await Promise.all(
          items.map(async (i) => {
            const p = await repos.playlists.findById(i.id);
            const creator = p && (await repos.users.findById(p.creatorId));
            if (!p || !creator) return [];
            return [
              {
                id: p.id,
                type: 1,
                name: p.name,
                copywriter: i.reason,
                picUrl: urls.image('playlist', p.id),
                playcount: p.playCount,
                createTime: p.createdAt,
                creator: creatorObject(creator, urls),
                trackCount: p.trackCount,
                userId: p.creatorId,
                alg: 'cloudtune_daily',
              },
            ];
          }),
        )
      ).flat();
      return { code: 200 as const, featureFirst: true, haveRcmdSongs: true, recommend };
    },

    /** /top/song (新歌速递): the newest songs whose main artist is of the area `type` (0: any). */
    async newSongs(type: number, urls: MediaUrls) {
      const ids = await repos.songs.newest(type === 0 ? null : type, NEW_SONGS);
      const found = await repos.songs.findByIds(ids);
      return { code: 200 as const, data: ids.flatMap((id) => found.get(id) ?? []).map((s) => songObjectWithOldFields(s, urls)) };
    },
  };
}
export type RecommendService = Awaited<ReturnType<typeof createRecommendService>>;
