import { notFound } from '../errors.ts';
import type { MediaUrls } from '../media/urls.ts';
import type { Repos } from '../repos/index.ts';
import type { SongRecord } from '../repos/songs.ts';
import type { ChartService } from './charts/index.ts';
import type { Clock } from './rate-windows.ts';
import { artistObject, songObject } from './shapes.ts';
import { discographyAlbumObject } from './artists/shapes.ts';
import { squarePlaylistObject } from './square/shapes.ts';
import type { SubsonicStars } from './subsonic/stars.ts';

/**
 * The endpoints third-party NetEase clients (YesPlayMusic and the like) call that Cloudtune's own
 * client does not: /toplist, /toplist/artist, /album/new(est), /top/playlist, /top/song,
 * /top/artists, /artist/mv, /album/detail/dynamic, /personal_fm, /fm_trash, /album/sub(list),
 * /artist/sub(list), /mv/sublist — computed from the library in NeteaseCloudMusicApi's shapes.
 * There are no MVs: their lists are empty, never an error.
 */
// The tables below are read with a value the request named: Maps, so that no name ever finds a
// member of Object.prototype (`area=constructor`), whatever the validation in front of them.
/** /album/new's areas → artist areas (null = all). */
const ALBUM_AREAS = new Map<string, number | null>([
  ['ALL', null],
  ['ZH', 7],
  ['EA', 96],
  ['KR', 16],
  ['JP', 8],
]);
/** /toplist/artist's types: 1 华语, 2 欧美, 3 韩国, 4 日本. */
const ARTIST_CHART_AREAS = new Map<number, number>([
  [1, 7],
  [2, 96],
  [3, 16],
  [4, 8],
]);
/** /search of a type the library has nothing of (users, MVs, radios, videos, voice): NetEase's empty result of that type. */
const EMPTY_SEARCHES = new Map<number, Record<string, unknown>>([
  [1002, { userprofiles: [], userprofileCount: 0, hasMore: false }],
  [1004, { mvs: [], mvCount: 0, hasMore: false }],
  [1009, { djRadios: [], djRadiosCount: 0, hasMore: false }],
  [1014, { videos: [], videoCount: 0, hasMore: false }],
  [2000, { data: { resources: [], totalCount: 0 } }],
]);
/** The artist chart ranks this window of plays (library clock). */
const ARTIST_CHART_WINDOW_MS = 7 * 24 * 3600_000;
/** 私人FM skips what the listener played in the last day. */
const FM_FRESH_MS = 24 * 3600_000;
const FM_BATCH = 3;
/** Songs put in the FM's trash are kept out of it until the server restarts (per listener, at most this many). */
const FM_TRASH_KEPT = 500;

export function createClientBreadthService(repos: Repos, charts: ChartService, stars: SubsonicStars, clock: Clock) {
  const browse = repos.clientBrowse;
  const fmTrash = new Map<number, number[]>();

  function albums(ids: readonly number[], urls: MediaUrls, userId: number | null = null) {
    const found = ids.flatMap((id) => repos.albums.findById(id) ?? []);
    const artists = repos.artists.findByIds([...new Set(found.map((a) => a.artistId))]);
    return found.flatMap((al) => {
      const artist = artists.get(al.artistId);
      if (!artist) return [];
      const { artistId: _artistId, ...record } = al;
      return [
        { ...discographyAlbumObject(record, artist, urls), isSub: userId !== null && repos.subs.albums.since(userId, al.id) !== undefined },
      ];
    });
  }

  function artists(ids: readonly number[], urls: MediaUrls) {
    const found = repos.artists.findByIds(ids);
    return ids.flatMap((id) => {
      const a = found.get(id);
      return a ? [artistObject(a, urls)] : [];
    });
  }

  function songs(ids: readonly number[]): SongRecord[] {
    const found = repos.songs.findByIds(ids);
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** NetEase's older song shape (album, artists, duration) beside the current one (al, ar, dt): /personal_fm sends both. */
  function fmSong(s: SongRecord, urls: MediaUrls) {
    const song = songObject(s, urls);
    return {
      ...song,
      album: { id: s.albumId, name: s.albumName, picUrl: urls.image('album', s.albumId) },
      artists: s.artists.map((a) => ({ id: a.id, name: a.name })),
      duration: s.durationMs,
    };
  }

  return {
    toplist: (urls: MediaUrls) => charts.toplistDetail(urls),

    toplistArtist(type: number, urls: MediaUrls) {
      const from = browse.latestPlay() - ARTIST_CHART_WINDOW_MS;
      const ranked = browse.artistPlays(ARTIST_CHART_AREAS.get(type) ?? 7, from, 100);
      const shaped = new Map(
        artists(
          ranked.map((r) => r.id),
          urls,
        ).map((a) => [a.id, a]),
      );
      const list = ranked.flatMap((r, i) => {
        const a = shaped.get(r.id);
        return a ? [{ ...a, score: r.plays, lastRank: i }] : [];
      });
      return { code: 200 as const, list: { artists: list, updateTime: clock(), type } };
    },

    albumNew(area: string, limit: number, offset: number, urls: MediaUrls, userId: number | null) {
      const areaId = ALBUM_AREAS.get(area) ?? null;
      return {
        code: 200 as const,
        total: browse.newAlbumCount(areaId),
        albums: albums(browse.newAlbums(areaId, limit, offset), urls, userId),
      };
    },

    albumNewest: (urls: MediaUrls, userId: number | null) => ({
      code: 200 as const,
      albums: albums(browse.newAlbums(null, 10, 0), urls, userId),
    }),

    topPlaylist(cat: string, order: 'hot' | 'new', limit: number, offset: number, urls: MediaUrls) {
      const tag = cat === '全部' || cat === '' ? null : cat;
      const ids = browse.squarePlaylists(tag, order, limit, offset);
      const records = repos.playlists.findByIds(ids);
      const creators = repos.users.findByIds([...new Set([...records.values()].map((p) => p.creatorId))]);
      const playlists = ids.flatMap((id) => {
        const p = records.get(id);
        const creator = p && creators.get(p.creatorId);
        return p && creator ? [squarePlaylistObject(p, creator, tag, urls)] : [];
      });
      const total = browse.squareCount(tag);
      return { code: 200 as const, playlists, total, more: offset + playlists.length < total, cat: tag ?? '全部' };
    },

    topSong: (type: number, urls: MediaUrls) => ({
      code: 200 as const,
      data: songs(browse.newSongs(type === 0 ? null : type, 100)).map((s) => fmSong(s, urls)),
    }),

    topArtists(limit: number, offset: number, urls: MediaUrls) {
      const list = artists(browse.popularArtists(limit, offset), urls);
      return { code: 200 as const, artists: list, more: offset + list.length < browse.artistCount() };
    },

    artistMv(id: number) {
      if (!repos.artists.exists(id)) throw notFound('artist', id);
      return { code: 200 as const, mvs: [], time: 0, hasMore: false };
    },

    albumDynamic(id: number, userId: number | null) {
      if (!repos.albums.exists(id)) throw notFound('album', id);
      const subTime = userId === null ? undefined : repos.subs.albums.since(userId, id);
      const subCount = repos.subs.albums.subscribers(id);
      return {
        code: 200 as const,
        onSale: false,
        albumGameInfo: null,
        commentCount: 0,
        likedCount: subCount,
        shareCount: 0,
        isSub: subTime !== undefined,
        subTime: subTime ?? 0,
        subCount,
      };
    },

    personalFm(userId: number | null, urls: MediaUrls) {
      const since = browse.latestPlay() - FM_FRESH_MS;
      const ids = browse.fmSongs(userId, since, FM_BATCH, userId === null ? [] : (fmTrash.get(userId) ?? []));
      return { code: 200 as const, popAdjust: false, data: songs(ids).map((s) => fmSong(s, urls)) };
    },

    trashFm(userId: number, id: number) {
      if (!repos.songs.exists(id)) throw notFound('song', id);
      const kept = [...(fmTrash.get(userId) ?? []).filter((s) => s !== id), id].slice(-FM_TRASH_KEPT);
      fmTrash.set(userId, kept);
      return { code: 200 as const, count: kept.length };
    },

    subAlbum(userId: number, id: number, on: boolean) {
      if (!repos.albums.exists(id)) throw notFound('album', id);
      stars.album(userId, id, on);
      return { code: 200 as const };
    },

    albumSublist(userId: number, limit: number, offset: number, urls: MediaUrls) {
      const subs = repos.subs.albums.list(userId, limit, offset);
      const shaped = new Map(
        albums(
          subs.map((s) => s.id),
          urls,
          userId,
        ).map((a) => [a.id, a]),
      );
      const data = subs.flatMap((s) => {
        const a = shaped.get(s.id);
        return a
          ? [
              {
                subTime: s.createdAt,
                msg: [],
                alias: a.alias,
                artists: a.artists,
                picId: 0,
                picUrl: a.picUrl,
                name: a.name,
                id: a.id,
                size: a.size,
                transNames: [],
              },
            ]
          : [];
      });
      const count = repos.subs.albums.count(userId);
      return { code: 200 as const, data, count, hasMore: offset + data.length < count, paidCount: 0 };
    },

    subArtist(userId: number, id: number, on: boolean) {
      if (!repos.artists.exists(id)) throw notFound('artist', id);
      stars.artist(userId, id, on);
      return { code: 200 as const };
    },

    artistSublist(userId: number, limit: number, offset: number, urls: MediaUrls) {
      const subs = repos.subs.artists.list(userId, limit, offset);
      const data = artists(
        subs.map((s) => s.id),
        urls,
      ).map((a) => ({ ...a, info: '', mvSize: 0, followed: true }));
      const count = repos.subs.artists.count(userId);
      return { code: 200 as const, data, count, hasMore: offset + data.length < count };
    },

    mvSublist: () => ({ code: 200 as const, data: [], count: 0, hasMore: false }),

    /** /search of a type the library has nothing of: NetEase's empty result of that type. */
    emptySearch: (type: number) => ({ code: 200 as const, result: EMPTY_SEARCHES.get(type) ?? {} }),

    /** /search?type=1018 (综合): the first songs, albums, artists and playlists, as NetEase groups them. */
    combinedSearch(found: {
      songs: Record<string, unknown>;
      albums: Record<string, unknown>;
      artists: Record<string, unknown>;
      playlists: Record<string, unknown>;
    }) {
      const more = (list: unknown, count: unknown) => Array.isArray(list) && typeof count === 'number' && count > list.length;
      return {
        code: 200 as const,
        result: {
          song: { songs: found.songs.songs ?? [], more: more(found.songs.songs, found.songs.songCount) },
          album: { albums: found.albums.albums ?? [], more: more(found.albums.albums, found.albums.albumCount) },
          artist: { artists: found.artists.artists ?? [], more: more(found.artists.artists, found.artists.artistCount) },
          playList: { playLists: found.playlists.playlists ?? [], more: more(found.playlists.playlists, found.playlists.playlistCount) },
          order: ['song', 'album', 'artist', 'playList'],
        },
      };
    },
  };
}
export type ClientBreadthService = ReturnType<typeof createClientBreadthService>;
