import type { Repos } from '../../repos/index.ts';
import { foldText } from '../../text/normalize.ts';
import { nameInitial, pinyinForms } from '../../text/pinyin.ts';
import type { FoundFile } from './walk.ts';
import type { TrackInfo } from './read-track.ts';
import { guessArea, guessArtistType } from './artist-guess.ts';

/** A read file, ready to be written into the catalog. */
export interface PreparedTrack {
  file: FoundFile;
  info: TrackInfo;
  md5: string;
  coverHash: string | null;
  lrc: string | null;
}

/**
 * Writes imported tracks into the catalog (callers wrap calls in a transaction). Artists are
 * matched by folded name against every artist in the catalog (demo ones too), albums by
 * (album artist, folded album name). Albums and artists a change leaves without songs are
 * deleted in `settle()`, which also picks their covers.
 */
export function createCatalogWriter(repos: Repos, now = Date.now()) {
  const artistIds = new Map<string, number>();
  for (const a of repos.artists.names()) if (!artistIds.has(foldText(a.name))) artistIds.set(foldText(a.name), a.id);
  const albumKey = (artistId: number, name: string) => `${artistId}\u0000${foldText(name)}`;
  const albumIds = new Map<string, number>();
  for (const a of repos.albums.names()) if (!albumIds.has(albumKey(a.artistId, a.name))) albumIds.set(albumKey(a.artistId, a.name), a.id);
  const touchedAlbums = new Set<number>();
  const touchedArtists = new Set<number>();

  function artistId(name: string): number {
    const key = foldText(name);
    let id = artistIds.get(key);
    if (id === undefined) {
      id = repos.artists.insert({
        name,
        nameLatin: pinyinForms(name).full,
        initial: nameInitial(name),
        trans: null,
        aliases: [],
        area: guessArea(name),
        type: guessArtistType(name),
        briefDesc: '',
        popularity: 50,
        createdAt: now,
      });
      artistIds.set(key, id);
    }
    return id;
  }

  function albumId(info: TrackInfo, ownerId: number): number {
    const key = albumKey(ownerId, info.album);
    let id = albumIds.get(key);
    if (id === undefined) {
      id = repos.albums.insert({
        name: info.album,
        nameLatin: pinyinForms(info.album).full,
        artistId: ownerId,
        type: '专辑',
        subType: '录音室版',
        company: info.company,
        description: null,
        aliases: [],
        publishTime: info.releaseTime ?? now,
        createdAt: now,
      });
      albumIds.set(key, id);
    }
    return id;
  }

  function touch(songId: number): void {
    const placement = repos.songs.placementOf(songId);
    if (!placement) return;
    touchedAlbums.add(placement.albumId);
    placement.artistIds.forEach((id) => touchedArtists.add(id));
  }

  return {
    /** Adds the track as a new song, or rewrites song `songId` in place (same id); returns the id. */
    write(track: PreparedTrack, songId?: number): number {
      const { info, file } = track;
      if (songId !== undefined) touch(songId);
      const owner = artistId(info.albumArtist);
      const song = {
        name: info.title,
        nameLatin: pinyinForms(info.title).full,
        albumId: albumId(info, owner),
        discNo: info.discNo,
        trackNo: info.trackNo,
        durationMs: info.durationMs,
        publishTime: info.releaseTime ?? now,
        filePath: file.path,
        artistIds: [...new Set(info.artists.map(artistId))],
      };
      const id = songId ?? repos.songs.insertImported(song);
      if (songId !== undefined) repos.songs.updateImported(songId, song);
      repos.importFiles.save({
        path: file.path,
        songId: id,
        size: file.size,
        mtimeMs: file.mtimeMs,
        md5: track.md5,
        mimeType: info.mimeType,
        type: info.type,
        bitrate: info.bitrate,
        lossless: info.lossless,
        sampleRate: info.sampleRate,
        channels: info.channels,
        bitDepth: info.bitDepth,
        lyricStamp: file.lyricStamp,
        coverHash: track.coverHash,
      });
      repos.lyrics.set(id, track.lrc);
      repos.genres.setSongGenres(id, info.genres);
      touch(id);
      touchedArtists.add(owner);
      return id;
    },

    /** A file read again but unchanged: only its genres are written (they may not have been read before). */
    retag(songId: number, info: TrackInfo): void {
      repos.genres.setSongGenres(songId, info.genres);
    },

    remove(songId: number): void {
      touch(songId);
      repos.songs.remove(songId);
    },

    /** Deletes albums and artists left empty; the others get their covers (re)chosen. */
    settle(): void {
      for (const id of touchedAlbums) {
        if (!repos.albums.removeIfEmpty(id)) repos.storedCovers.set('album', id, repos.importFiles.albumCover(id));
      }
      for (const id of touchedArtists) {
        if (!repos.artists.removeIfUnused(id)) repos.storedCovers.set('artist', id, repos.storedCovers.latestAlbumCoverOf(id));
      }
      for (const [key, id] of albumIds) if (touchedAlbums.has(id) && !repos.albums.exists(id)) albumIds.delete(key);
      for (const [key, id] of artistIds) if (touchedArtists.has(id) && !repos.artists.exists(id)) artistIds.delete(key);
      touchedAlbums.clear();
      touchedArtists.clear();
    },
  };
}
export type CatalogWriter = ReturnType<typeof createCatalogWriter>;
