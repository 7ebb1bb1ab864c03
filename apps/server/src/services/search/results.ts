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
  return {
    /** Old-format songs (/search type 1, suggestions). */
    async songs(ids: readonly number[], urls: MediaUrls) {
      const songs = await repos.songs.findByIds(ids);
      const facts = await repos.albums.facts([...new Set([...songs.values()].map((s) => s.albumId))]);
      return inOrder(ids, songs, (s) => searchSongObject(s, facts.get(s.albumId), urls));
    },

    /** Full songs with their privilege and the lyric lines around the keyword (type 1006). */
    async lyricSongs(ids: readonly number[], keyword: string, urls: MediaUrls) {
      const songs = await repos.songs.findByIds(ids);
      const lyrics = new Map(
        await Promise.all([...songs.keys()].map(async (id) => [id, (await repos.lyrics.find(id))?.lrc ?? ''] as const)),
      );
      return inOrder(ids, songs, (s) => ({
        ...songObject(s, urls),
        privilege: privilegeOf(s),
        lyrics: matchedLyrics(lyrics.get(s.id) ?? '', keyword),
      }));
    },

    /** type 10 albums. */
    async albums(ids: readonly number[], urls: MediaUrls) {
      const albums = await repos.albums.findByIds(ids);
      const artists = await repos.artists.findByIds([...new Set([...albums.values()].map((a) => a.artistId))]);
      return inOrder(ids, albums, (a) => a).flatMap((a) => {
        const artist = artists.get(a.artistId);
        return artist ? [searchAlbumObject(a, artist, urls)] : [];
      });
    },

    /** Old-format albums, as /search/suggest lists them. */
    async albumRefs(ids: readonly number[], urls: MediaUrls) {
      const facts = await repos.albums.facts(ids);
      return inOrder(ids, await repos.albums.findByIds(ids), (a) => searchAlbumRef(a, facts.get(a.id), urls));
    },

    async artists(ids: readonly number[], urls: MediaUrls) {
      return inOrder(ids, await repos.artists.findByIds(ids), (a) => searchArtistObject(a, urls));
    },

    async playlists(ids: readonly number[], urls: MediaUrls) {
      const playlists = await repos.playlists.findByIds(ids);
      const creators = await repos.users.findByIds([...new Set([...playlists.values()].map((p) => p.creatorId))]);
      return inOrder(ids, playlists, (p) => searchPlaylistObject(p, creators.get(p.creatorId), urls));
    },
  };
}
export type ResultLoader = Awaited<ReturnType<typeof createResultLoader>>;
