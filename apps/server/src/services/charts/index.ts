import type { ChartRecord } from '../../repos/charts.ts';
import type { SongPlays } from '../../repos/plays.ts';
import type { Repos } from '../../repos/index.ts';
import { withTx, withWriteTx } from '../../repos/tx.ts';
import { ApiError, notFound } from '../../errors.ts';
import { CHARTS, CHART_CURATOR } from './catalog.ts';
import { libraryClock } from './clock.ts';
import { DAY_MS, WEEK_MS, newReleaseWindowDays, rankArtists, rankChart } from './ranking.ts';
import { artistToplistObject, toplistObject, type ArtistLeader } from './shapes.ts';
import type { MediaUrls } from '../../media/urls.ts';
import type { Leases } from '../leases.ts';
import { TokenBuckets, type Clock } from '../rate-windows.ts';
import { artistObject } from '../shapes.ts';

/** Charts are re-ranked by a timer once this old: their 7-day window has slid on. */
export const CHART_MAX_AGE_MS = 5 * 60_000;
/** …or by /scrobble once they have missed this many plays, so listening shows up promptly. */
export const CHART_REFRESH_PLAYS = 25;
/** 新歌榜 ranks at most this many of the newest releases. */
const MAX_NEW_RELEASES = 5000;
/** A listener (account or address) counts one song at most once per 20 s… */
export const SONG_REPLAY_INTERVAL_MS = 20_000;
/** …and an address without a login at most 200 plays an hour, so a script cannot make a hit. */
export const ANONYMOUS_PLAYS_PER_HOUR = 200;
// Read with a value the request named: a Map, so that no number ever finds a member of Object.prototype.
/** /toplist/artist's types (1 华语, 2 欧美, 3 韩国, 4 日本) → artist areas. */
const ARTIST_CHART_AREAS = new Map<number, number>([
  [1, 7],
  [2, 96],
  [3, 16],
  [4, 8],
]);
/** The artist chart ranks this window of plays (library clock)… */
const ARTIST_CHART_WINDOW_MS = 7 * 24 * 3600_000;
/** …and this many artists. */
const ARTIST_CHART_SIZE = 100;

export interface ScrobbleInput {
  id: number;
  sourceid?: number;
  /** seconds listened; the whole song when absent */
  time?: number;
  /** the logged-in listener; null = anonymous */
  userId?: number | null;
  /** the listener's address, which anonymous plays are limited by */
  ip?: string;
}

/**
 * Charts computed from play records. Each chart is a playlist (so /playlist/detail?id= shows it
 * in rank order). Reads never write: /toplist/detail reads the stored ranking (a handful of
 * indexed reads); the rankings are rewritten by `refresh()` — at start, by a timer, and by
 * /scrobble once enough plays are unseen — in one process at a time (the `charts` lease): the
 * others see the new rankings in the database. The artist leaders are derived from the plays of
 * the ranking's window and kept per process for as long as the ranking stands.
 */
export async function createChartService(repos: Repos, leases: Leases, clock: Clock = Date.now) {
  const now = await libraryClock(repos.meta);
  let leaders: { rankedAt: number; list: ArtistLeader[] } | undefined;
  const replays = new TokenBuckets(repos, 'song-replay', 1, SONG_REPLAY_INTERVAL_MS, clock);
  const anonymousPlays = new TokenBuckets(repos, 'anonymous-plays', ANONYMOUS_PLAYS_PER_HOUR, 3_600_000, clock);

  /**
   * Whether this play counts: a repeat of a song the listener played within 20 s does not (NetEase
   * clients report a play twice — YesPlayMusic when a song ends and again as the next one starts —
   * so it is answered as recorded, being so already); an address's plays past 200 an hour do not either,
   * and are refused.
   */
  async function verdict(songId: number, userId: number | null, ip: string): Promise<'counts' | 'repeat' | 'over budget'> {
    const listener = userId === null ? `ip:${ip}` : `user:${userId}`;
    if (!(await replays.take(`${listener}|${songId}`))) return 'repeat';
    return userId !== null || (await anonymousPlays.take(ip)) ? 'counts' : 'over budget';
  }

  /** The chart rows by kind, creating the chart playlists (and their curator) on first use. */
  async function ensureCharts(): Promise<Map<string, ChartRecord>> {
    let rows = await repos.charts.all();
    if (rows.length < CHARTS.length) {
      // Under the write lock: two processes starting together on a new library create them once.
      await withWriteTx(repos.db, async () => {
        const have = new Map((await repos.charts.all()).map((r) => [r.kind, r]));
        const existing = [...have.values()][0];
        const createdAt = now();
        const creatorId = existing
          ? (await repos.playlists.findById(existing.playlistId))!.creatorId
          : await repos.users.insert({ ...CHART_CURATOR, userType: 10, createdAt });
        for (const def of CHARTS.filter((d) => !have.has(d.kind))) {
          const { neteaseId: id, name, description } = def;
          await repos.charts.insert(await repos.playlists.insertChart({ id, name, description, creatorId, createdAt }), def.kind);
        }
      });
      rows = await repos.charts.all();
    }
    return new Map(rows.map((r) => [r.kind, r]));
  }

  function isStale(rows: Iterable<ChartRecord>, at: number, latestPlayId: number): boolean {
    for (const r of rows) {
      if (r.computedAt === 0 || at - r.computedAt >= CHART_MAX_AGE_MS || latestPlayId - r.lastPlayId >= CHART_REFRESH_PLAYS) return true;
    }
    return false;
  }

  /** The artists with the most plays this week (/toplist/detail's artistToplist). */
  async function rankLeaders(stats: SongPlays[]): Promise<ArtistLeader[]> {
    const leaders = rankArtists(stats, 3);
    const artists = await repos.artists.findByIds(leaders.map((l) => l.artistId));
    return leaders.flatMap((l) => {
      const a = artists.get(l.artistId);
      return a ? [{ id: a.id, name: a.name, plays: l.plays }] : [];
    });
  }

  const windowStats = async (at: number) => await repos.plays.windowStats(at - 2 * WEEK_MS, at - WEEK_MS, at + 1);

  /** The artist leaders of the charts' latest ranking (computed again once any process re-ranks). */
  async function artistLeaders(rows: Iterable<ChartRecord>): Promise<ArtistLeader[]> {
    const rankedAt = Math.max(0, ...[...rows].map((r) => r.computedAt));
    if (leaders?.rankedAt !== rankedAt) leaders = { rankedAt, list: await rankLeaders(await windowStats(rankedAt || now())) };
    return leaders.list;
  }

  /** Re-ranks every chart from the last two weeks of plays, in one transaction (unless another process is at it). */
  async function rerank(rows: Map<string, ChartRecord>): Promise<void> {
    await leases.runOnce('charts', async () => await rerankNow(rows));
  }

  async function rerankNow(rows: Map<string, ChartRecord>): Promise<void> {
    // Another process may have re-ranked since the caller looked.
    if (!isStale(await repos.charts.all(), now(), await repos.plays.latestId())) return;
    const at = now();
    const lastPlayId = await repos.plays.latestId();
    const stats = await windowStats(at);
    const days = await newReleaseWindowDays(async (d) => await repos.songs.countPublishedSince(at - d * DAY_MS));
    const releases = await repos.songs.publishedSince(at - days * DAY_MS, MAX_NEW_RELEASES);
    await withTx(repos.db, async () => {
      for (const def of CHARTS) {
        const chart = rows.get(def.kind);
        if (!chart) continue;
        const ranked = rankChart(def, stats, releases);
        await repos.playlists.replaceTracks(chart.playlistId, ranked.songIds, at);
        await repos.charts.markRanked(chart.playlistId, at, lastPlayId);
        await repos.playlists.markPlayed(chart.playlistId, at, ranked.plays);
      }
    });
    await repos.searchIndex.refresh();
    leaders = { rankedAt: at, list: await rankLeaders(stats) };
  }

  /** Creates missing charts and re-ranks them when stale. */
  async function refresh(): Promise<void> {
    const rows = await ensureCharts();
    if (isStale(rows.values(), now(), await repos.plays.latestId())) await rerank(rows);
  }

  return {
    refresh,

    /** Re-ranks stale charts every `everyMs` until the returned stop is called. */
    schedule(everyMs = CHART_MAX_AGE_MS): () => Promise<void> {
      const timer = setInterval(() => void refresh().catch((err: unknown) => console.error('charts:', err)), everyMs);
      timer.unref();
      return async () => clearInterval(timer);
    },

    async toplistDetail(urls: MediaUrls) {
      const rows = new Map((await repos.charts.all()).map((r) => [r.kind, r]));
      const artistToplist = artistToplistObject(await artistLeaders(rows.values()), urls);
      const official = CHARTS.filter((d) => d.toplistType).map((d) => rows.get(d.kind)!.playlistId);
      const leaders = await repos.playlists.leadingTracks(official, 3);
      const songs = await repos.songs.findByIds([...leaders.values()].flat());
      const list = await Promise.all(
        CHARTS.map(async (def) => {
          const id = rows.get(def.kind)!.playlistId;
          const playlist = (await repos.playlists.findById(id))!;
          const preview = (leaders.get(id) ?? []).flatMap((sid) => songs.get(sid) ?? []);
          return toplistObject(def, playlist, preview, urls);
        }),
      );
      return { code: 200 as const, list, artistToplist };
    },

    /** /toplist: the charts, as /toplist/detail lists them. */
    async toplist(urls: MediaUrls) {
      return await this.toplistDetail(urls);
    },

    /** /toplist/artist: the main artists of an area by their songs' plays of the last week before the latest play. */
    async toplistArtist(type: number, urls: MediaUrls) {
      const from = (await repos.plays.latestPlayedAt()) - ARTIST_CHART_WINDOW_MS;
      const ranked = await repos.plays.mostPlayedArtists(
        from,
        Number.MAX_SAFE_INTEGER,
        ARTIST_CHART_SIZE,
        ARTIST_CHART_AREAS.get(type) ?? 7,
      );
      const found = await repos.artists.findByIds(ranked.map((r) => r.id));
      const list = ranked.flatMap((r, i) => {
        const a = found.get(r.id);
        return a ? [{ ...artistObject(a, urls), score: r.plays, lastRank: i }] : [];
      });
      return { code: 200 as const, list: { artists: list, updateTime: clock(), type } };
    },

    /**
     * Records a play (for the logged-in listener, or anonymous); charts that have missed enough
     * plays are re-ranked right away. A repeat within 20 s is answered without counting again; an
     * anonymous play past the address's hourly budget is refused (429) uncounted.
     */
    async scrobble(input: ScrobbleInput) {
      const song = await repos.songs.findById(input.id);
      if (!song) throw notFound('song', input.id);
      const play = await verdict(song.id, input.userId ?? null, input.ip ?? '');
      if (play === 'over budget') throw new ApiError(429, '操作过于频繁，请稍后再试');
      if (play === 'repeat') return { code: 200 as const, data: 'success' };
      const seconds = input.time ?? Math.round(song.durationMs / 1000);
      await repos.plays.insert({ songId: song.id, userId: input.userId ?? null, sourceId: input.sourceid ?? 0, playedAt: now(), seconds });
      if (isStale(await repos.charts.all(), now(), await repos.plays.latestId())) await rerank(await ensureCharts());
      return { code: 200 as const, data: 'success' };
    },
  };
}
export type ChartService = Awaited<ReturnType<typeof createChartService>>;
