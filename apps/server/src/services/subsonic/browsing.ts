import type { Repos } from '../../repos/index.ts';
import type { RatingOf } from '../../repos/ratings.ts';
import type { SongRecord } from '../../repos/songs.ts';
import type { AlbumListKind, AlbumSummary } from '../../repos/albums.ts';
import type { ArtistIndexEntry } from '../../repos/artists.ts';
import type { PlaylistSummary } from '../../repos/playlists.ts';
import type { AudioService } from '../audio.ts';
import { replayGain } from '../loudness-shapes.ts';
import { searchKeyword } from '../search/keywords.ts';
import { rankedPage } from '../search/ranking.ts';
import { notFoundError } from './errors.ts';
import { albumId, artistId, playlistCover, playlistId, songId } from './ids.ts';

/**
 * The catalog as Subsonic's ID3 browsing sees it (artists → albums → songs), its one music
 * folder, lists and search: plain objects named as the spec's elements (routes/subsonic/ writes
 * them as XML or JSON). Dates are ISO 8601; durations seconds; bit rates kbit/s.
 */
export const MUSIC_FOLDER = { id: 1, name: 'Cloudtune' } as const;
/** getAlbumList2 and search3 pages stop here (Subsonic's own cap is 500). */
export const MAX_PAGE = 500;

const iso = (ms: number): string => new Date(ms).toISOString();
const yearOf = (ms: number): number => new Date(ms).getUTCFullYear();
const MIME: Record<string, string> = {
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
};
/** Characters a path segment must not hold. */
const segment = (text: string): string => text.replace(/[/\\:*?"<>|]/g, '_');

/** What a song entry needs besides the song: the listener's star, plays, ratings and bookmarks, the songs' genres. */
interface ListenerState {
  starredSongs: Map<number, number>;
  plays: Map<number, { plays: number; lastPlayed: number }>;
  ratings: Map<number, RatingOf>;
  bookmarks: Map<number, number>;
  genres: Map<number, string[]>;
}

/** `userRating` (the listener's, 1–5) and `averageRating` (everyone's), as rated things carry them; nothing when unrated. */
const ratingFields = (rating: RatingOf | undefined, withAverage = true) => ({
  ...(rating?.mine !== undefined ? { userRating: rating.mine } : {}),
  ...(rating && withAverage ? { averageRating: Math.round(rating.average * 100) / 100 } : {}),
});

/** `genre` (the main one) and OpenSubsonic's `genres` of an entry; nothing when it has none. */
const genreFields = (names: readonly string[] | undefined) =>
  names?.length ? { genre: names[0]!, genres: names.map((name) => ({ name })) } : {};

export function createSubsonicBrowsing(repos: Repos, audio: AudioService) {
  async function listener(userId: number, songIds: readonly number[]): Promise<ListenerState> {
    const starredSongs = new Map((await repos.playlists.likedTracks(userId)).map((l) => [l.songId, l.addedAt]));
    return {
      starredSongs,
      plays: await repos.plays.ofListener(songIds, userId),
      ratings: await repos.ratings.songs.of(userId, songIds),
      bookmarks: await repos.bookmarks.positionsOf(userId, songIds),
      genres: await repos.genres.ofSongs(songIds),
    };
  }

  /** A song as Subsonic's `Child` (with OpenSubsonic's artists and mediaType). */
  async function child(song: SongRecord, state: ListenerState, albumArtist?: number) {
    const quality = await audio.qualityOf(song);
    const artistNames = song.artists.map((a) => a.name);
    const planned = audio.plannedSizeOf({ ...song, artistNames });
    const size = song.original?.size ?? planned ?? Math.round((song.durationMs * quality.bitrate) / 8000);
    const artist = artistNames.join(' / ');
    const main = song.artists[0];
    const starred = state.starredSongs.get(song.id);
    const played = state.plays.get(song.id);
    const bookmark = state.bookmarks.get(song.id);
    return {
      id: songId(song.id),
      parent: albumId(song.albumId),
      isDir: false,
      title: song.name,
      album: song.albumName,
      artist,
      track: song.trackNo,
      discNumber: song.discNo,
      year: yearOf(song.publishTime),
      ...genreFields(state.genres.get(song.id)),
      coverArt: albumId(song.albumId),
      size,
      contentType: MIME[quality.type] ?? `audio/${quality.type}`,
      suffix: quality.type,
      duration: Math.round(song.durationMs / 1000),
      bitRate: Math.round(quality.bitrate / 1000),
      path: `${segment(main?.name ?? 'Unknown')}/${segment(song.albumName)}/${String(song.trackNo).padStart(2, '0')} ${segment(song.name)}.${quality.type}`,
      ...(played ? { playCount: played.plays, played: iso(played.lastPlayed) } : { playCount: 0 }),
      ...(starred !== undefined ? { starred: iso(starred) } : {}),
      ...ratingFields(state.ratings.get(song.id)),
      ...(bookmark !== undefined ? { bookmarkPosition: bookmark } : {}),
      created: iso(song.publishTime),
      albumId: albumId(song.albumId),
      ...(main ? { artistId: artistId(albumArtist ?? main.id) } : {}),
      type: 'music',
      mediaType: 'song',
      isVideo: false,
      artists: song.artists.map((a) => ({ id: artistId(a.id), name: a.name })),
      displayArtist: artist,
      // OpenSubsonic's: the song's and its album's gain and peak, as far as they are known.
      replayGain: replayGain(song.loudness, song.albumLoudness),
    };
  }

  async function songs(ids: readonly number[], userId: number) {
    const found = await repos.songs.findByIds(ids);
    const state = await listener(userId, ids);
    return (
      await Promise.all(
        ids.map(async (id) => {
          const song = found.get(id);
          return song ? [await child(song, state)] : [];
        }),
      )
    ).flat();
  }

  async function albumEntry(album: AlbumSummary, userId: number, genres: readonly string[] | undefined, rating?: RatingOf) {
    const starred = await repos.subs.albums.since(userId, album.id);
    return {
      id: albumId(album.id),
      name: album.name,
      title: album.name,
      album: album.name,
      artist: album.artistName,
      artistId: artistId(album.artistId),
      coverArt: albumId(album.id),
      songCount: album.songCount,
      duration: Math.round(album.durationMs / 1000),
      created: iso(album.createdAt),
      year: yearOf(album.publishTime),
      ...genreFields(genres),
      isDir: true,
      ...(starred !== undefined ? { starred: iso(starred) } : {}),
      // AlbumID3 has the listener's rating only.
      ...ratingFields(rating, false),
      artists: [{ id: artistId(album.artistId), name: album.artistName }],
      displayArtist: album.artistName,
      releaseDate: {
        year: yearOf(album.publishTime),
        month: new Date(album.publishTime).getUTCMonth() + 1,
        day: new Date(album.publishTime).getUTCDate(),
      },
    };
  }

  async function albums(ids: readonly number[], userId: number) {
    const found = await repos.albums.summaries(ids);
    const ratings = await repos.ratings.albums.of(userId, ids);
    const genres = await repos.genres.ofAlbums(ids);
    return (
      await Promise.all(
        ids.map(async (id) => {
          const album = found.get(id);
          return album ? [await albumEntry(album, userId, genres.get(id), ratings.get(id))] : [];
        }),
      )
    ).flat();
  }

  async function artistEntry(artist: ArtistIndexEntry, userId: number, rating?: RatingOf) {
    const starred = await repos.subs.artists.since(userId, artist.id);
    return {
      id: artistId(artist.id),
      name: artist.name,
      coverArt: artistId(artist.id),
      albumCount: artist.albumCount,
      ...(starred !== undefined ? { starred: iso(starred) } : {}),
      ...ratingFields(rating),
    };
  }

  async function artists(ids: readonly number[], userId: number) {
    const found = await repos.artists.indexEntries(ids);
    const ratings = await repos.ratings.artists.of(userId, ids);
    return (
      await Promise.all(
        ids.map(async (id) => {
          const artist = found.get(id);
          return artist ? [await artistEntry(artist, userId, ratings.get(id))] : [];
        }),
      )
    ).flat();
  }

  /** The A–Z index (getArtists / getIndexes), '#' last. */
  async function index(userId: number) {
    const groups = new Map<string, Awaited<ReturnType<typeof artistEntry>>[]>();
    const all = await repos.artists.index();
    const ids = all.map((a) => a.id);
    const ratings = await repos.ratings.artists.of(userId, ids);
    for (const artist of all) {
      const name = artist.initial || '#';
      groups.set(name, [...(groups.get(name) ?? []), await artistEntry(artist, userId, ratings.get(artist.id))]);
    }
    return [...groups].map(([name, list]) => ({ name, artist: list }));
  }

  function playlistEntry(p: PlaylistSummary) {
    return {
      id: playlistId(p.id),
      name: p.name,
      comment: p.description ?? '',
      owner: p.creatorName,
      public: p.privacy === 0,
      songCount: p.songCount,
      duration: Math.round(p.durationMs / 1000),
      created: iso(p.createdAt),
      changed: iso(p.updatedAt),
      coverArt: playlistCover(p.id),
    };
  }

  return {
    songs,
    albums,
    artists,

    async song(id: number, userId: number) {
      const [entry] = await songs([id], userId);
      if (!entry) throw notFoundError('Song');
      return entry;
    },

    /** getArtists: the index, ignoring articles (Cloudtune's names have none to ignore). */
    artistIndex: async (userId: number) => ({ ignoredArticles: '', index: await index(userId) }),

    /** getIndexes: the same index, folder style. */
    folderIndex: async (userId: number) => ({
      lastModified: await repos.songs.lastAddedAt(),
      ignoredArticles: '',
      index: await index(userId),
    }),

    async artist(id: number, userId: number) {
      const [entry] = await artists([id], userId);
      if (!entry) throw notFoundError('Artist');
      return { ...entry, album: await albums(await repos.albums.idsOfArtist(id), userId) };
    },

    async album(id: number, userId: number) {
      const [entry] = await albums([id], userId);
      if (!entry) throw notFoundError('Album');
      return { ...entry, song: await songs(await repos.songs.idsOnAlbum(id), userId) };
    },

    /** getMusicDirectory: an artist's folder holds their albums; an album's its songs. */
    async directory(kind: 'artist' | 'album', id: number, userId: number) {
      if (kind === 'artist') {
        const [artist] = await artists([id], userId);
        if (!artist) throw notFoundError('Directory');
        const child = (await albums(await repos.albums.idsOfArtist(id), userId)).map((a) => ({
          id: a.id,
          parent: artist.id,
          isDir: true,
          title: a.name,
          album: a.name,
          artist: a.artist,
          year: a.year,
          coverArt: a.coverArt,
          ...(a.starred ? { starred: a.starred } : {}),
          ...(a.userRating ? { userRating: a.userRating } : {}),
        }));
        return {
          id: artist.id,
          name: artist.name,
          ...(artist.starred ? { starred: artist.starred } : {}),
          ...(artist.userRating ? { userRating: artist.userRating } : {}),
          ...(artist.averageRating ? { averageRating: artist.averageRating } : {}),
          child,
        };
      }
      const [album] = await albums([id], userId);
      if (!album) throw notFoundError('Directory');
      return {
        id: album.id,
        parent: album.artistId,
        name: album.name,
        ...(album.starred ? { starred: album.starred } : {}),
        ...(album.userRating ? { userRating: album.userRating } : {}),
        child: await songs(await repos.songs.idsOnAlbum(id), userId),
      };
    },

    /** byGenre lists the genre's albums in a stable order (id); an unknown genre has none. */
    async albumList(
      kind: AlbumListKind | 'byGenre',
      size: number,
      offset: number,
      userId: number,
      filter: { fromYear?: number; toYear?: number; genre?: string } = {},
    ) {
      const limit = Math.min(size, MAX_PAGE);
      if (kind === 'byGenre') {
        const genreId = filter.genre === undefined ? undefined : await repos.genres.find(filter.genre);
        return genreId === undefined ? [] : await albums(await repos.genres.albumIds(genreId, limit, offset), userId);
      }
      return await albums(
        await repos.albums.list({ kind, limit, offset, userId, fromYear: filter.fromYear, toYear: filter.toYear }),
        userId,
      );
    },

    /**
     * search3 over the NetEase search index (the same ranking as /search); an empty query pages
     * through everything, as clients syncing a library ask.
     */
    async search(
      query: string,
      pages: { artistCount: number; artistOffset: number; albumCount: number; albumOffset: number; songCount: number; songOffset: number },
      userId: number,
    ) {
      const keyword = searchKeyword(query.replace(/^"|"$/g, '').replace(/\*/g, ' ')).trim();
      const page = async (
        kind: 1 | 10 | 100,
        count: number,
        offset: number,
        every: (limit: number, offset: number) => Promise<number[]>,
      ) => {
        const limit = Math.min(Math.max(count, 0), MAX_PAGE);
        if (limit === 0) return [];
        return keyword ? (await rankedPage(repos.search, kind, keyword, offset, limit)).ids : await every(limit, offset);
      };
      return {
        artist: await artists(await page(100, pages.artistCount, pages.artistOffset, repos.artists.pageWithAlbums), userId),
        album: await albums(await page(10, pages.albumCount, pages.albumOffset, repos.albums.page), userId),
        song: await songs(await page(1, pages.songCount, pages.songOffset, repos.songs.page), userId),
      };
    },

    /** getStarred2: the listener's 我喜欢的音乐 songs and collected albums and artists. */
    async starred(userId: number) {
      return {
        artist: await artists(
          (await repos.subs.artists.list(userId, MAX_PAGE)).map((s) => s.id),
          userId,
        ),
        album: await albums(
          (await repos.subs.albums.list(userId, MAX_PAGE)).map((s) => s.id),
          userId,
        ),
        song: await songs(
          (await repos.playlists.likedTracks(userId)).map((l) => l.songId),
          userId,
        ),
      };
    },

    playlists: async (userId: number) => (await repos.playlists.summariesOf(userId)).map(playlistEntry),

    /** A playlist with its songs; someone else's private playlist is not found. */
    async playlist(id: number, userId: number) {
      const p = await repos.playlists.summary(id);
      if (!p || (p.creatorId !== userId && p.privacy !== 0)) throw notFoundError('Playlist');
      const ids = (await repos.playlists.tracksOf(id)).map((t) => t.songId);
      return { ...playlistEntry(p), entry: await songs(ids, userId) };
    },

    /** The song's record, or Subsonic's 70. */
    async record(id: number): Promise<SongRecord> {
      const song = await repos.songs.findById(id);
      if (!song) throw notFoundError('Song');
      return song;
    },
  };
}
export type SubsonicBrowsing = Awaited<ReturnType<typeof createSubsonicBrowsing>>;
