import type { Repos } from '../../repos/index.ts';
import type { MediaUrls } from '../../media/urls.ts';
import { privilegeOf, songObject } from '../shapes.ts';
import { matchedLyrics } from './lyric-lines.ts';
import { searchAlbumObject, searchAlbumRef, searchArtistObject, searchPlaylistObject, searchSongObject } from './shapes.ts';

/**
 * Loads the records of a page of hits and shapes them, keeping the hits' order. A hit whose row
 * vanished since it was indexed is left out.
 */
export function createResultLoader(repos: Repos) {
  const inOrder = <R, T>(ids: readonly number[], found: Map<number, R>, shape: (record: R) => T): T[] =>
    ids.flatMap((id) => {
      const record = found.get(id);
      return record === undefined ? [] : [shape(record)];
    });
  const byId = <R>(ids: readonly number[], find: (id: number) => R | undefined): Map<number, R> =>
    new Map(
      ids.flatMap((id) => {
        const record = find(id);
        return record === undefined ? [] : [[id, record] as const];
      }),
    );

  return {
    /** Old-format songs (/search type 1, suggestions). */
    songs(ids: readonly number[], urls: MediaUrls) {
      const songs = repos.songs.findByIds(ids);
      const facts = repos.albums.facts([...new Set([...songs.values()].map((s) => s.albumId))]);
      return inOrder(ids, songs, (s) => searchSongObject(s, facts.get(s.albumId), urls));
    },

    /** Full songs with their privilege and the lyric lines around the keyword (type 1006). */
    lyricSongs(ids: readonly number[], keyword: string, urls: MediaUrls) {
      return inOrder(ids, repos.songs.findByIds(ids), (s) => ({
        ...songObject(s, urls),
        privilege: privilegeOf(s),
        lyrics: matchedLyrics(repos.lyrics.find(s.id)?.lrc ?? '', keyword),
      }));
    },

    /** type 10 albums. */
    albums(ids: readonly number[], urls: MediaUrls) {
      const albums = byId(ids, (id) => repos.albums.findById(id));
      const artists = repos.artists.findByIds([...new Set([...albums.values()].map((a) => a.artistId))]);
      return inOrder(ids, albums, (a) => a).flatMap((a) => {
        const artist = artists.get(a.artistId);
        return artist ? [searchAlbumObject(a, artist, urls)] : [];
      });
    },

    /** Old-format albums, as /search/suggest lists them. */
    albumRefs(ids: readonly number[], urls: MediaUrls) {
      const facts = repos.albums.facts(ids);
      return inOrder(
        ids,
        byId(ids, (id) => repos.albums.findById(id)),
        (a) => searchAlbumRef(a, facts.get(a.id), urls),
      );
    },

    artists(ids: readonly number[], urls: MediaUrls) {
      return inOrder(ids, repos.artists.findByIds(ids), (a) => searchArtistObject(a, urls));
    },

    playlists(ids: readonly number[], urls: MediaUrls) {
      const playlists = byId(ids, (id) => repos.playlists.findById(id));
      const creators = repos.users.findByIds([...new Set([...playlists.values()].map((p) => p.creatorId))]);
      return inOrder(ids, playlists, (p) => searchPlaylistObject(p, creators.get(p.creatorId), urls));
    },
  };
}
export type ResultLoader = ReturnType<typeof createResultLoader>;
