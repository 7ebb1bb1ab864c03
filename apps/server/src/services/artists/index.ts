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
  function profileOf(id: number): ArtistProfile {
    const artist = repos.artists.findProfile(id);
    if (!artist) throw notFound('artist', id);
    return artist;
  }

  /** The artists of `ids` in that order (unknown ids left out). */
  function artists(ids: readonly number[], urls: MediaUrls) {
    const found = repos.artists.findByIds(ids);
    return ids.flatMap((id) => {
      const a = found.get(id);
      return a ? [artistObject(a, urls)] : [];
    });
  }

  return {
    profileOf,

    list(q: ArtistListQuery, urls: MediaUrls) {
      const filter: ArtistListFilter = { type: q.type ?? 1, area: q.area ?? -1, initial: q.initial ?? null };
      const limit = q.limit ?? DEFAULT_ARTIST_PAGE;
      // One extra row tells whether another page exists.
      const ids = repos.artists.listPage(filter, q.offset ?? 0, limit + 1);
      const records = repos.artists.findByIds(ids.slice(0, limit));
      const artists = ids.slice(0, limit).flatMap((id) => {
        const a = records.get(id);
        return a ? [artistObject(a, urls)] : [];
      });
      return { artists, more: ids.length > limit, code: 200 as const };
    },

    detail(id: number, urls: MediaUrls) {
      const artist = profileOf(id);
      return { code: 200 as const, message: 'ok', data: artistHeadObject(artist, repos.artists.rankInArea(artist), urls) };
    },

    albums(id: number, q: PageQuery, urls: MediaUrls) {
      const artist = profileOf(id);
      const offset = q.offset ?? 0;
      const albums = repos.albums.ofArtist(id, offset, q.limit ?? DEFAULT_ARTIST_PAGE);
      return {
        artist: artistObject(artist, urls),
        hotAlbums: albums.map((al) => discographyAlbumObject(al, artist, urls)),
        more: offset + albums.length < artist.albumSize,
        code: 200 as const,
      };
    },

    /** /artists: the artist and their most popular songs. */
    withHotSongs(id: number, urls: MediaUrls) {
      const artist = profileOf(id);
      const songIds = repos.songs.mostPopularOf(id, HOT_SONGS);
      const songs = repos.songs.findByIds(songIds);
      const latest = repos.albums.ofArtist(id, 0, 1)[0];
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
    top(limit: number, offset: number, urls: MediaUrls) {
      const list = artists(repos.artists.popular(limit, offset), urls);
      return { code: 200 as const, artists: list, more: offset + list.length < repos.artists.count() };
    },

    /** /artist/sub: follows (`on`) or unfollows the artist. */
    sub(userId: number, id: number, on: boolean) {
      if (!repos.artists.exists(id)) throw notFound('artist', id);
      stars.artist(userId, id, on);
      return { code: 200 as const };
    },

    /** /artist/sublist: the artists the user follows, newest first. */
    sublist(userId: number, limit: number, offset: number, urls: MediaUrls) {
      const subs = repos.subs.artists.list(userId, limit, offset);
      const data = artists(
        subs.map((s) => s.id),
        urls,
      ).map((a) => ({ ...a, info: '', mvSize: 0, followed: true }));
      const count = repos.subs.artists.count(userId);
      return { code: 200 as const, data, count, hasMore: offset + data.length < count };
    },
  };
}
export type ArtistService = ReturnType<typeof createArtistService>;
