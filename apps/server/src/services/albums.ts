import type { Repos } from '../repos/index.ts';
import { notFound } from '../errors.ts';
import type { MediaUrls } from '../media/urls.ts';
import { discographyAlbumObject } from './artists/shapes.ts';
import { artistObject, privilegeOf, songObject } from './shapes.ts';
import type { SubsonicStars } from './subsonic/stars.ts';

// Read with a value the request named: a Map, so that no name ever finds a member of
// Object.prototype (`area=constructor`), whatever the validation in front of it.
/** /album/new's areas → artist areas (null = all). */
const ALBUM_AREAS = new Map<string, number | null>([
  ['ALL', null],
  ['ZH', 7],
  ['EA', 96],
  ['KR', 16],
  ['JP', 8],
]);
/** /album/newest lists this many. */
const NEWEST = 10;

/**
 * Albums: an album with its songs (/album), the newest by area, an album's counts, and collecting
 * albums (收藏) — the same rows as a Subsonic star of the album.
 */
export function createAlbumService(repos: Repos, stars: SubsonicStars) {
  /** Albums as /artist/album lists them, in the order of `ids`, with whether the user collected each. */
  async function albums(ids: readonly number[], urls: MediaUrls, userId: number | null = null) {
    const found = (await Promise.all(ids.map(async (id) => (await repos.albums.findById(id)) ?? []))).flat();
    const artists = await repos.artists.findByIds([...new Set(found.map((a) => a.artistId))]);
    return (
      await Promise.all(
        found.map(async (al) => {
          const artist = artists.get(al.artistId);
          if (!artist) return [];
          const { artistId: _artistId, ...record } = al;
          return [
            {
              ...discographyAlbumObject(record, artist, urls),
              isSub: userId !== null && (await repos.subs.albums.since(userId, al.id)) !== undefined,
            },
          ];
        }),
      )
    ).flat();
  }

  return {
    async detail(id: number, urls: MediaUrls) {
      const album = await repos.albums.findById(id);
      if (!album) throw notFound('album', id);
      const songIds = await repos.songs.idsOnAlbum(id);
      const songs = await repos.songs.findByIds(songIds);
      const main = (await repos.artists.findByIds([album.artistId])).get(album.artistId);
      if (!main) throw new Error(`album ${id} has no artist ${album.artistId}`);
      const picUrl = urls.image('album', id);
      return {
        resourceState: true,
        songs: songIds.flatMap((sid) => {
          const s = songs.get(sid);
          return s ? [{ ...songObject(s, urls), privilege: privilegeOf(s) }] : [];
        }),
        code: 200 as const,
        album: {
          songs: [],
          paid: false,
          onSale: false,
          mark: 0,
          blurPicUrl: picUrl,
          companyId: 0,
          pic: 0,
          picId: 0,
          picId_str: '0',
          artists: [artistObject(main, urls)],
          copyrightId: 0,
          artist: artistObject(main, urls),
          publishTime: album.publishTime,
          company: album.company,
          briefDesc: '',
          picUrl,
          commentThreadId: `R_AL_3_${id}`,
          description: album.description,
          tags: '',
          status: 1,
          subType: album.subType,
          alias: album.aliases,
          name: album.name,
          id: album.id,
          type: album.type,
          size: album.songCount,
          info: {
            commentThread: {
              id: `R_AL_3_${id}`,
              resourceType: 3,
              commentCount: 0,
              likedCount: 0,
              shareCount: 0,
              hotCount: 0,
              resourceId: id,
              resourceTitle: album.name,
            },
            liked: false,
            commentCount: 0,
            likedCount: 0,
            shareCount: 0,
            resourceType: 3,
            resourceId: id,
            threadId: `R_AL_3_${id}`,
          },
        },
      };
    },

    async newest(area: string, limit: number, offset: number, urls: MediaUrls, userId: number | null) {
      const areaId = ALBUM_AREAS.get(area) ?? null;
      return {
        code: 200 as const,
        total: await repos.albums.countInArea(areaId),
        albums: await albums(await repos.albums.newest(areaId, limit, offset), urls, userId),
      };
    },

    /** /album/newest: the newest albums of any area. */
    newestOfAll: async (urls: MediaUrls, userId: number | null) => ({
      code: 200 as const,
      albums: await albums(await repos.albums.newest(null, NEWEST, 0), urls, userId),
    }),

    /** /album/detail/dynamic: an album's counts, and whether the caller collected it. */
    async dynamic(id: number, userId: number | null) {
      if (!(await repos.albums.exists(id))) throw notFound('album', id);
      const subTime = userId === null ? undefined : await repos.subs.albums.since(userId, id);
      const subCount = await repos.subs.albums.subscribers(id);
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

    /** /album/sub: collects (`on`) or un-collects the album. */
    async sub(userId: number, id: number, on: boolean) {
      if (!(await repos.albums.exists(id))) throw notFound('album', id);
      await stars.album(userId, id, on);
      return { code: 200 as const };
    },

    /** /album/sublist: the albums the user collected, newest first. */
    async sublist(userId: number, limit: number, offset: number, urls: MediaUrls) {
      const subs = await repos.subs.albums.list(userId, limit, offset);
      const shaped = new Map(
        (
          await albums(
            subs.map((s) => s.id),
            urls,
            userId,
          )
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
      const count = await repos.subs.albums.count(userId);
      return { code: 200 as const, data, count, hasMore: offset + data.length < count, paidCount: 0 };
    },
  };
}
export type AlbumService = Awaited<ReturnType<typeof createAlbumService>>;
