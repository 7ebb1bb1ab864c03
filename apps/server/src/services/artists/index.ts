import type { ArtistListFilter } from '../../repos/artists.ts';
import type { ArtistProfile } from '../../repos/artists.ts';
import type { Repos } from '../../repos/index.ts';
import { notFound } from '../../errors.ts';
import { artistHeadObject, discographyAlbumObject } from './shapes.ts';
import type { MediaUrls } from '../../media/urls.ts';
import { artistObject, privilegeOf, songObject } from '../shapes.ts';
import type { SubsonicStars } from '../subsonic/stars.ts';

/** NetEase's defaults: /artist/list and /artist/album pages of 30; /artists shows 50 hot songs. */
export const DEFAULT_ARTIST_PAGE = 30;
export const HOT_SONGS = 50;

export interface ArtistListQuery {
  /** NetEase's default type is 1 (男歌手) */
  type?: number;
  area?: number;
  /** 'A'..'Z' or '#'; null/absent = 热门 */
  initial?: string | null;
  offset?: number;
  limit?: number;
}

export interface PageQuery {
  offset?: number;
  limit?: number;
}

/**
 * Artists: the filtered list (歌手), an artist's page head, albums and hot songs, the most
 * popular, and following artists (收藏) — the same rows as a Subsonic star of the artist.
 */
export function createArtistService(repos: Repos, stars: SubsonicStars) {
  async function profileOf(id: number): Promise<ArtistProfile> {
    const artist = await repos.artists.findProfile(id);
    if (!artist) throw notFound('artist', id);
    return artist;
  }

  /** The artists of `ids` in that order (unknown ids left out). */
  async function artists(ids: readonly number[], urls: MediaUrls) {
    const found = await repos.artists.findByIds(ids);
    return ids.flatMap((id) => {
      const a = found.get(id);
      return a ? [artistObject(a, urls)] : [];
    });
  }

  return {
    profileOf,

    async list(q: ArtistListQuery, urls: MediaUrls) {
      const filter: ArtistListFilter = { type: q.type ?? 1, area: q.area ?? -1, initial: q.initial ?? null };
      const limit = q.limit ?? DEFAULT_ARTIST_PAGE;
      // One extra row tells whether another page exists.
      const ids = await repos.artists.listPage(filter, q.offset ?? 0, limit + 1);
      const records = await repos.artists.findByIds(ids.slice(0, limit));
      const artists = ids.slice(0, limit).flatMap((id) => {
        const a = records.get(id);
        return a ? [artistObject(a, urls)] : [];
      });
      return { artists, more: ids.length > limit, code: 200 as const };
    },

    async detail(id: number, urls: MediaUrls) {
      const artist = await profileOf(id);
      return { code: 200 as const, message: 'ok', data: artistHeadObject(artist, await repos.artists.rankInArea(artist), urls) };
    },

    async albums(id: number, q: PageQuery, urls: MediaUrls) {
      const artist = await profileOf(id);
      const offset = q.offset ?? 0;
      const albums = await repos.albums.ofArtist(id, offset, q.limit ?? DEFAULT_ARTIST_PAGE);
      return {
        artist: artistObject(artist, urls),
        hotAlbums: albums.map((al) => discographyAlbumObject(al, artist, urls)),
        more: offset + albums.length < artist.albumSize,
        code: 200 as const,
      };
    },

    /** /artists: the artist and their most popular songs. */
    async withHotSongs(id: number, urls: MediaUrls) {
      const artist = await profileOf(id);
      const songIds = await repos.songs.mostPopularOf(id, HOT_SONGS);
      const songs = await repos.songs.findByIds(songIds);
      const latest = (await repos.albums.ofArtist(id, 0, 1))[0];
      return {
        artist: { ...artistObject(artist, urls), mvSize: 0, publishTime: latest?.publishTime ?? 0 },
        hotSongs: songIds.flatMap((sid) => {
          const s = songs.get(sid);
          return s ? [{ ...songObject(s, urls), privilege: privilegeOf(s) }] : [];
        }),
        more: artist.musicSize > songIds.length,
        code: 200 as const,
      };
    },

    /** /top/artists: every artist, the most popular first. */
    async top(limit: number, offset: number, urls: MediaUrls) {
      const list = await artists(await repos.artists.popular(limit, offset), urls);
      return { code: 200 as const, artists: list, more: offset + list.length < (await repos.artists.count()) };
    },

    /** /artist/sub: follows (`on`) or unfollows the artist. */
    async sub(userId: number, id: number, on: boolean) {
      if (!(await repos.artists.exists(id))) throw notFound('artist', id);
      await stars.artist(userId, id, on);
      return { code: 200 as const };
    },

    /** /artist/sublist: the artists the user follows, newest first. */
    async sublist(userId: number, limit: number, offset: number, urls: MediaUrls) {
      const subs = await repos.subs.artists.list(userId, limit, offset);
      const data = (
        await artists(
          subs.map((s) => s.id),
          urls,
        )
      ).map((a) => ({ ...a, info: '', mvSize: 0, followed: true }));
      const count = await repos.subs.artists.count(userId);
      return { code: 200 as const, data, count, hasMore: offset + data.length < count };
    },
  };
}
export type ArtistService = Awaited<ReturnType<typeof createArtistService>>;
