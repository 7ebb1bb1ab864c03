import type { AlbumRecord } from '../../repos/albums.ts';
import type { ArtistRecord } from '../../repos/artists.ts';
import type { PlaylistRecord } from '../../repos/playlists.ts';
import type { AlbumFacts } from '../../repos/albums.ts';
import type { ArtistCredit, SongRecord } from '../../repos/songs.ts';
import type { UserRecord } from '../../repos/users.ts';
import type { MediaUrls } from '../../media/urls.ts';
import { artistObject, avatarUrlOf } from '../shapes.ts';

/**
 * Search answers in NetEase's shapes: /search and /search/suggest still speak the "old" song
 * format (`artists`, `album`, `duration`; no cover — clients ask /song/detail), see the fixtures
 * search_type*.json and search_suggest.json. Unused fields carry NetEase's neutral values.
 */
function artistRef(a: Pick<ArtistCredit, 'id' | 'name' | 'aliases' | 'trans'>, urls: MediaUrls) {
  return {
    id: a.id,
    name: a.name,
    picUrl: null,
    alias: a.aliases,
    albumSize: 0,
    picId: 0,
    img1v1Url: urls.image('artist', a.id),
    img1v1: 0,
    trans: a.trans,
  };
}

/** The old format's album: also what /search/suggest lists as albums. */
export function searchAlbumRef(album: { id: number; name: string; aliases: string[] }, facts: AlbumFacts | undefined, urls: MediaUrls) {
  return {
    id: album.id,
    name: album.name,
    artist: artistRef({ id: facts?.artistId ?? 0, name: facts?.artistName ?? '', aliases: [], trans: null }, urls),
    publishTime: facts?.publishTime ?? 0,
    size: facts?.size ?? 0,
    copyrightId: 0,
    status: 1,
    picId: 0,
    mark: 0,
    transNames: album.aliases,
  };
}

export function searchSongObject(s: SongRecord, facts: AlbumFacts | undefined, urls: MediaUrls) {
  return {
    id: s.id,
    name: s.name,
    artists: s.artists.map((a) => artistRef(a, urls)),
    album: searchAlbumRef({ id: s.albumId, name: s.albumName, aliases: s.albumAliases }, facts, urls),
    duration: s.durationMs,
    copyrightId: 0,
    status: 0,
    alias: s.aliases,
    rtype: 0,
    ftype: 0,
    mvid: 0,
    fee: 0,
    rUrl: null,
    mark: 0,
  };
}

/** type 100, and the artists of /search/suggest. */
export function searchArtistObject(a: ArtistRecord, urls: MediaUrls) {
  return { ...artistObject(a, urls), img1v1: 0, mvSize: 0, alg: 'alg_artist_basic', alia: a.aliases };
}

/** type 10. */
export function searchAlbumObject(album: AlbumRecord, artist: ArtistRecord, urls: MediaUrls) {
  const picUrl = urls.image('album', album.id);
  return {
    name: album.name,
    id: album.id,
    type: album.type,
    size: album.songCount,
    picId: 0,
    blurPicUrl: picUrl,
    companyId: 0,
    pic: 0,
    picUrl,
    publishTime: album.publishTime,
    description: album.description ?? '',
    tags: '',
    company: album.company,
    briefDesc: '',
    artist: artistObject(artist, urls),
    songs: null,
    alias: album.aliases,
    status: 1,
    copyrightId: 0,
    commentThreadId: `R_AL_3_${album.id}`,
    artists: [artistObject(artist, urls)],
    paid: false,
    onSale: false,
    alg: 'alg_album_basic',
    mark: 0,
    containedSong: '',
  };
}

/** type 1000, and the playlists of /search/suggest. */
export function searchPlaylistObject(p: PlaylistRecord, creator: UserRecord | undefined, urls: MediaUrls) {
  return {
    id: p.id,
    name: p.name,
    coverImgUrl: urls.image('playlist', p.id),
    creator: {
      nickname: creator?.nickname ?? '',
      userId: p.creatorId,
      userType: creator?.userType ?? 0,
      avatarUrl: avatarUrlOf({ id: p.creatorId, avatarHash: creator?.avatarHash ?? null }, urls),
      authStatus: 0,
      expertTags: null,
      experts: null,
    },
    subscribed: false,
    trackCount: p.trackCount,
    userId: p.creatorId,
    playCount: p.playCount,
    bookCount: p.subscribedCount,
    description: p.description,
    highQuality: p.highQuality,
    alg: 'alg_playlist_basic',
  };
}
