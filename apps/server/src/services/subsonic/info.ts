import { SIZE_BUCKETS } from '../../media/image-sizes.ts';
import type { ImageKind, MediaUrls } from '../../media/urls.ts';
import type { Repos } from '../../repos/index.ts';
import { rngFor } from '../../text/prng.ts';
import type { ArtistAboutService } from '../artists/about.ts';
import type { Clock } from '../rate-windows.ts';
import { similarSongs, type SimilarSeed } from '../recommend/similar-songs.ts';
import { invalidParam, notFoundError } from './errors.ts';
import type { IdKind } from './ids.ts';
import type { SubsonicBrowsing } from './browsing.ts';
import { artistIdsNamed } from './names.ts';

/** An id as parseAnyId reads it: `ar-5`, `al-12`, `pl-9` or a song's bare number. */
export interface AnyId {
  kind: IdKind;
  id: number;
}

/**
 * The image URLs an info answer gives: the server's own media URLs (absolute, no credentials,
 * as /artist/detail and /album give), small and medium cut at image buckets, large the picture itself.
 */
function imageUrls(urls: MediaUrls, kind: ImageKind, id: number) {
  const url = urls.image(kind, id);
  const cut = (side: number) => `${url}?param=${side}y${side}`;
  return { smallImageUrl: cut(SIZE_BUCKETS[0]), mediumImageUrl: cut(SIZE_BUCKETS[2]), largeImageUrl: url };
}

/**
 * Info and discovery for the Subsonic API, from what the library knows (no last.fm): an artist's
 * biography (the /artist/desc introduction) and similar artists (/simi/artist's scores), an
 * album's notes (its description), an artist's top songs by plays, and songs like a song, album
 * or artist (the daily recommendations' scoring). Nothing here is invented to fill a list
 * (docs/decisions/0031-subsonic-info-and-lyrics-from-the-library.md).
 */
export function createSubsonicInfo(repos: Repos, browsing: SubsonicBrowsing, about: ArtistAboutService, clock: Clock) {
  async function artistExists(id: number): Promise<number> {
    if (!(await repos.artists.exists(id))) throw notFoundError('Artist');
    return id;
  }

  /** The artist an artist, album or song id is about (a song's: its main artist). */
  async function artistOf({ kind, id }: AnyId): Promise<number> {
    if (kind === 'artist') return await artistExists(id);
    if (kind === 'album') {
      const album = await repos.albums.findById(id);
      if (!album) throw notFoundError('Album');
      return album.artistId;
    }
    if (kind === 'song') {
      const main = (await browsing.record(id)).artists[0];
      if (!main) throw notFoundError('Artist');
      return main.id;
    }
    throw invalidParam('id', 'must name an artist (ar-1), an album (al-1) or a song');
  }

  /** The album an album or song id is about. */
  async function albumOf({ kind, id }: AnyId): Promise<number> {
    if (kind === 'album') {
      if (!(await repos.albums.exists(id))) throw notFoundError('Album');
      return id;
    }
    if (kind === 'song') return (await browsing.record(id)).albumId;
    throw invalidParam('id', 'must name an album (al-1) or a song');
  }

  /** What "more like this" starts from: the song, the album's songs (neither answered), or the artist's songs. */
  async function seedOf({ kind, id }: AnyId): Promise<SimilarSeed> {
    if (kind === 'song') {
      await browsing.record(id);
      return { songs: [id], exclude: new Set([id]) };
    }
    if (kind === 'album') {
      if (!(await repos.albums.exists(id))) throw notFoundError('Album');
      const songs = await repos.songs.idsOnAlbum(id);
      return { songs, exclude: new Set(songs) };
    }
    if (kind === 'artist') return { songs: await repos.songs.idsByArtists([await artistExists(id)]), exclude: new Set() };
    throw invalidParam('id', 'must name an artist (ar-1), an album (al-1) or a song');
  }

  return {
    /**
     * getArtistInfo2 (`id3`: similar artists as ArtistID3) and getArtistInfo (as `artist`): the
     * biography is the artist's brief description and /artist/desc's titled sections, as text.
     * No musicBrainzId or lastFmUrl: the library has none. Every similar artist is in the library.
     */
    async artistInfo(ref: AnyId, count: number, userId: number, urls: MediaUrls, id3: boolean) {
      const artistId = await artistOf(ref);
      const desc = await about.desc(artistId);
      const biography = [desc.briefDesc, ...desc.introduction.map((s) => `${s.ti}\n${s.txt}`)].filter((p) => p !== '').join('\n\n');
      const similar = await browsing.artists(
        (await about.similarScores(artistId)).slice(0, count).map((s) => s.id),
        userId,
      );
      return {
        biography,
        ...imageUrls(urls, 'artist', artistId),
        similarArtist: id3 ? similar : similar.map(({ id, name, starred }) => ({ id, name, ...(starred ? { starred } : {}) })),
      };
    },

    /** getAlbumInfo / getAlbumInfo2: the album's description as notes (when it has one) and its image URLs. */
    async albumInfo(ref: AnyId, urls: MediaUrls) {
      const album = (await repos.albums.findById(await albumOf(ref)))!;
      return { ...(album.description ? { notes: album.description } : {}), ...imageUrls(urls, 'album', album.id) };
    },

    /**
     * getTopSongs: the artist's songs (any credit), the most played first — every play the server
     * recorded (play_records, what the charts count) — then by popularity. By artist id
     * (topSongsByArtistId), or by name: every artist of that exact name; a name of nobody has none.
     */
    async topSongs(artist: { id: number } | { name: string }, count: number, userId: number) {
      const ids = 'id' in artist ? [await artistExists(artist.id)] : await artistIdsNamed(repos, artist.name);
      return await browsing.songs(await repos.songs.mostPlayedOf(ids, count), userId);
    },

    /**
     * getSimilarSongs / getSimilarSongs2: songs like a song, an album or an artist, never the
     * seed song or album itself; drawn afresh at each call (the clock seeds the draw), as the spec's
     * "random collection" says; a seed with nothing near it answers none.
     */
    async similarSongs(ref: AnyId, count: number, userId: number) {
      const seed = await seedOf(ref);
      const ids = await similarSongs(repos, about.similarScores, seed, count, rngFor('similar-songs', ref.kind, ref.id, clock()));
      return await browsing.songs(ids, userId);
    },
  };
}
export type SubsonicInfo = Awaited<ReturnType<typeof createSubsonicInfo>>;
